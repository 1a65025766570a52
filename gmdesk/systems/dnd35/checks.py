"""D&D 3.5 checks (RULES.md §3, seed 002): skill and ability checks with take 10 / take 20 and
aid another, caster level and level checks, attack rolls and saving throws.

Every check is a frozen dataclass validated on creation, built on ``base.D20Check`` (exact
odds over all d20 faces, helpers' dice included). Opposed checks are in ``opposed``, ranks
in ``ranks``, the seed's tables in ``data``; ``rules`` gathers them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from gmdesk.engine.core import BreakdownLine, Modifier, RulesError, ability_modifier, check_int
from .base import (AID_BONUS, AID_DC, MOD_LIMIT, SYSTEM, Aid, D20Check, ability_line,
                         check_ability, check_synergy_inputs, synergy_lines, validate_common)
from .data import SKILLS, base_skill, failure_costly, synergies_for
from .features import FeatureCheck
from .ranks import check_skill_key, format_ranks, rank_value

__all__ = ["SYSTEM", "AID_DC", "AID_BONUS", "Aid", "D20Check", "SkillCheck", "AbilityCheck",
           "CasterLevelCheck", "LevelCheck", "AttackRoll", "SavingThrow", "FeatureCheck", "CHECK_TYPES"]

# --------------------------------------------------------------------------------------------
# Checks


@dataclass(frozen=True)
class SkillCheck(D20Check):
    """d20 + floor(ranks) + ability modifier + misc vs DC. No natural 20/1 for skills.

    ``failure_has_consequences`` refuses take 20; left None it is the skill's own (``data``: the
    seed names Escalade), and False is the GM saying this failure costs nothing.

    ``skill`` is a SKILLS key (``hide``, ``craft:forge``) or None for a bare modifier (the CLI's
    ``--mod``). ``armor_check_penalty`` is the armor's penalty (≤ 0): applied (twice for
    Natation) when the skill takes it, else kept in the breakdown as suppressed.
    ``other_ranks`` are the character's ranks in other skills, for synergy (5+ ranks: +2);
    situational synergies apply only when their id is in ``synergy_toggles``.
    """

    TYPE = "skill"

    dc: int | None = None
    skill: str | None = None
    ranks: Fraction | int | float = 0  # whole or half ranks; kept as a Fraction
    ability_score: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    armor_check_penalty: int = 0
    other_ranks: tuple[tuple[str, Fraction], ...] = ()  # a {skill: ranks} dict is accepted too
    synergy_toggles: frozenset[str] = frozenset()
    dc_modifiers: tuple[Modifier, ...] = ()
    take: int | None = None
    helpers: tuple[Aid, ...] = ()
    max_helpers: int | None = None
    threatened: bool = False
    failure_has_consequences: bool | None = None  # None: as the skill's data says (Escalade: yes)
    label: str = ""  # what a bare modifier is a check of (``gmdesk roll --label Stealth``)

    def __post_init__(self) -> None:
        if self.failure_has_consequences is None:
            object.__setattr__(self, "failure_has_consequences", failure_costly(self.skill))
        validate_common(self, has_take=True)
        object.__setattr__(self, "ranks", rank_value("ranks", self.ranks))
        check_int("armor_check_penalty", self.armor_check_penalty, -MOD_LIMIT, 0)
        if self.skill is not None:
            check_skill_key("skill", self.skill)
            info = SKILLS[base_skill(self.skill)]
            if info.ability is None:
                raise RulesError("skill", f"{info.fr} never needs a check")
            if info.trained_only and self.ranks < 1:
                raise RulesError("ranks", f"{info.fr} is a trained-only skill (« formation "
                                 f"nécessaire »): it needs at least 1 rank, has "
                                 f"{format_ranks(self.ranks)}",
                                 f"{info.fr} demande une formation («\u202fformation nécessaire\u202f»)\u202f: il "
                                 f"faut au moins 1 degré de maîtrise, il y en a {format_ranks(self.ranks)}")
        check_synergy_inputs(self, self._synergy_rows())

    @property
    def info(self):
        return SKILLS[base_skill(self.skill)] if self.skill else None

    def _synergy_rows(self):
        return synergies_for(self.skill) if self.skill else ()

    def _lines(self):
        info = self.info
        lines = []
        if info is not None:
            untrained = " (untrained)" if self.ranks == 0 else ""
            half = f" ({format_ranks(self.ranks)}: the half rank does not count)" if self.ranks % 1 else ""
            lines.append(BreakdownLine(Modifier(floor(self.ranks), f"{info.fr}{untrained}{half}", "ranks")))
            lines += ability_line(info.ability, self.ability_score)
        else:
            if self.ranks:
                lines.append(BreakdownLine(Modifier(floor(self.ranks), "ranks", "ranks")))
            lines += ability_line(None, self.ability_score)
        if self.armor_check_penalty:
            factor = 1 if info is None else info.armor_check
            if factor:
                source = "armor check penalty" + (" ×2" if factor == 2 else "")
                lines.append(BreakdownLine(Modifier(self.armor_check_penalty * factor, source)))
            else:
                lines.append(BreakdownLine(Modifier(self.armor_check_penalty, "armor check penalty"),
                                           True, f"{info.fr} takes no armor check penalty"))
        lines += self._synergy_lines()
        lines += [BreakdownLine(m) for m in self.modifiers]
        return lines

    def _synergy_lines(self):
        return synergy_lines(self._synergy_rows(), self.other_ranks, self.synergy_toggles)


@dataclass(frozen=True)
class AbilityCheck(D20Check):
    """d20 + ability modifier + misc, when no skill fits. Take 10/20 and aid apply (seed)."""

    TYPE = "ability"

    dc: int | None = None
    ability: str | None = None
    ability_score: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    dc_modifiers: tuple[Modifier, ...] = ()
    take: int | None = None
    helpers: tuple[Aid, ...] = ()
    max_helpers: int | None = None
    threatened: bool = False
    failure_has_consequences: bool = False

    def __post_init__(self) -> None:
        check_ability(self.ability)
        validate_common(self, has_take=True)

    def _lines(self):
        return ability_line(self.ability, self.ability_score) + [BreakdownLine(m) for m in self.modifiers]


@dataclass(frozen=True)
class CasterLevelCheck(D20Check):
    """d20 + caster level + misc (dissipation de la magie…). Neither take 10 nor take 20."""

    TYPE = "caster_level"

    dc: int | None = None
    caster_level: int = 1
    modifiers: tuple[Modifier, ...] = ()
    dc_modifiers: tuple[Modifier, ...] = ()
    take: int | None = None

    def __post_init__(self) -> None:
        validate_common(self)
        check_int("caster_level", self.caster_level, 1, MOD_LIMIT)
        if self.take is not None:
            raise RulesError("take", "neither take 10 nor take 20 applies to a caster level check")

    def _lines(self):
        return [BreakdownLine(Modifier(self.caster_level, "caster level", "level"))] + \
            [BreakdownLine(m) for m in self.modifiers]


@dataclass(frozen=True)
class LevelCheck(D20Check):
    """The target's level check that opposes Intimidation (seed footnote).

    Per the SRD Intimidate text: d20 + character level (or Hit Dice) + Wisdom *bonus* (a
    penalty does not apply) + the target's modifiers on saves against fear (``modifiers``).
    """

    TYPE = "level"

    dc: int | None = None
    level: int = 1
    wisdom_score: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    dc_modifiers: tuple[Modifier, ...] = ()

    def __post_init__(self) -> None:
        validate_common(self)
        check_int("level", self.level, 0, MOD_LIMIT)
        if self.wisdom_score is not None:
            check_int("wisdom_score", self.wisdom_score, 0, MOD_LIMIT)

    def _lines(self):
        lines = [BreakdownLine(Modifier(self.level, "level", "level"))]
        if self.wisdom_score is not None:
            wis = ability_modifier(self.wisdom_score)
            m = Modifier(wis, f"Sag {self.wisdom_score}", "ability")
            lines.append(BreakdownLine(m, wis < 0, "only a Wisdom bonus counts" if wis < 0 else ""))
        return lines + [BreakdownLine(m) for m in self.modifiers]


@dataclass(frozen=True)
class AttackRoll(D20Check):
    """d20 + base attack bonus + ability + misc vs AC; natural 20 hits, natural 1 misses."""

    TYPE = "attack"
    NATURAL = True

    dc: int | None = None  # the target's AC
    base_attack_bonus: int = 0
    ability: str | None = "str"
    ability_score: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    dc_modifiers: tuple[Modifier, ...] = ()

    def __post_init__(self) -> None:
        check_ability(self.ability)
        validate_common(self)
        check_int("base_attack_bonus", self.base_attack_bonus, -MOD_LIMIT, MOD_LIMIT)

    def _lines(self):
        return [BreakdownLine(Modifier(self.base_attack_bonus, "base attack bonus", "base"))] + \
            ability_line(self.ability, self.ability_score) + [BreakdownLine(m) for m in self.modifiers]


@dataclass(frozen=True)
class SavingThrow(D20Check):
    """d20 + base save + ability + misc vs DC; natural 20 succeeds, natural 1 fails."""

    TYPE = "save"
    NATURAL = True
    SAVES = {"fortitude": "con", "reflex": "dex", "will": "wis"}

    dc: int | None = None
    save: str = "fortitude"
    base_save: int = 0
    ability_score: int | None = None
    modifiers: tuple[Modifier, ...] = ()
    dc_modifiers: tuple[Modifier, ...] = ()

    def __post_init__(self) -> None:
        if self.save not in self.SAVES:
            raise RulesError("save", f"one of {', '.join(self.SAVES)}, got {self.save!r}")
        validate_common(self)
        check_int("base_save", self.base_save, -MOD_LIMIT, MOD_LIMIT)

    def _lines(self):
        return [BreakdownLine(Modifier(self.base_save, f"base {self.save} save", "base"))] + \
            ability_line(self.SAVES[self.save], self.ability_score) + \
            [BreakdownLine(m) for m in self.modifiers]


CHECK_TYPES = {c.TYPE: c for c in (SkillCheck, AbilityCheck, CasterLevelCheck, LevelCheck,
                                    AttackRoll, SavingThrow, FeatureCheck)}
