"""D&D 3.5 d20 machinery shared by every dnd35 check: a d20 (or a taken 10/20) + fixed
modifiers + aid another against an effective DC, with exact odds over every face (helpers'
dice included), seeded rolls, and the validation the check types share.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from gmdesk.engine.core import (Breakdown, BreakdownLine, Die, Modifier, Odds, RollResult, RulesError,
                   ability_modifier, check_int)
from gmdesk.engine.dist import Dist
from gmdesk.engine.prep.cache import D20_SPAN, Family

from .data import ABILITIES, ABILITY_FR, base_skill
from .ranks import check_skill_key, rank_value
from .serial import describe_check

SYSTEM = "dnd35"
SYNERGY_RANKS = 5  # 5 or more ranks in a skill …
SYNERGY_BONUS = 2  # … give +2 to the related checks (the seed's synergy table)
AID_DC = 10  # a helper's check succeeds on 10 or more …
AID_BONUS = 2  # … and gives +2 to the aided character
MOD_LIMIT = 200  # bound on any single number; catches typos, not rules


@dataclass(frozen=True)
class Aid:
    """One helper's aid another: the same check against DC 10, +2 on a success.

    The seed forbids taking 10 on an aid check. Taking 20 is allowed only when the aided
    character takes 20 too (everyone retries together; the seed says nothing against it).
    """

    modifier: int
    name: str = ""
    take: int | None = None

    def __post_init__(self) -> None:
        check_int("modifier", self.modifier, -MOD_LIMIT, MOD_LIMIT)
        if self.take == 10:
            raise RulesError("take", "a helper cannot take 10 on an aid check (seed: « Il est "
                             "impossible de faire 10 sur un test destiné à aider quelqu’un »)")
        if self.take not in (None, 20):
            raise RulesError("take", f"a helper may only take 20, got {self.take!r}")

    def success_weights(self) -> Dist:
        """Bonus 0 or +2, weighted over the helper's 20 faces (or the one taken)."""
        faces = [20] if self.take else range(1, 21)
        return Dist.from_weights((AID_BONUS if f + self.modifier >= AID_DC else 0, 1) for f in faces)


class D20Check:
    """Shared machinery: d20 (or a taken 10/20) + fixed modifiers + aid vs an effective DC.

    Subclasses are frozen dataclasses with ``dc``, ``dc_modifiers`` and ``_lines()``; they may
    have ``take`` and ``helpers``; ``NATURAL`` is True where a natural 20 always succeeds and
    a natural 1 always fails (attack rolls and saves, never skill checks).
    """

    NATURAL = False
    TYPE = ""

    # -- modifiers ------------------------------------------------------------------------------
    @property
    def breakdown(self) -> Breakdown:
        """The modifiers of the check itself; conditions on the DC are in ``dc_breakdown``."""
        return Breakdown(tuple(self._lines()))

    @property
    def modifier(self) -> int:
        """The check's fixed modifier (skill modifier for a skill check; aid not included)."""
        return self.breakdown.total

    @property
    def dc_breakdown(self) -> Breakdown:
        return Breakdown.of(self.dc_modifiers)

    @property
    def target(self) -> int | None:
        return self.dc

    @property
    def effective_dc(self) -> int | None:
        return None if self.dc is None else self.dc + self.dc_breakdown.total

    def with_target(self, dc: int) -> "D20Check":
        """A copy against another base DC (conditions on the DC are kept)."""
        return replace(self, dc=dc)

    # -- odds -----------------------------------------------------------------------------------
    def _take(self) -> int | None:
        return getattr(self, "take", None)

    def _helpers(self) -> tuple[Aid, ...]:
        return getattr(self, "helpers", ())

    def aid_bonus(self) -> Dist:
        """Distribution of the aid bonus: +2 per helper who reaches DC 10."""
        bonus = Dist.point(0)
        for helper in self._helpers():
            bonus = bonus + helper.success_weights()
        return bonus

    def totals(self) -> dict[int, Fraction]:
        """Exact distribution of the check's total (d20 or the taken value, modifier, aid)."""
        return self._total_dist().probabilities()

    def _total_dist(self) -> Dist:
        take = self._take()
        die = Dist.point(take) if take else Dist.uniform(20)
        return die + self.aid_bonus() + self.modifier

    def _require_dc(self) -> int:
        if self.dc is None:
            raise RulesError("dc", "this check needs a DC")
        return self.effective_dc

    def odds(self) -> Odds:
        dc = self._require_dc()
        if self.NATURAL:
            # Natural 20 always succeeds, natural 1 always fails, 2..19 compare normally.
            wins = sum(1 for face in range(1, 21)
                       if face == 20 or (face != 1 and face + self.modifier >= dc))
            p = Fraction(wins, 20)
        else:
            p = self._total_dist().at_least(dc)
        return Odds(SYSTEM, {"failure": 1 - p, "success": p})

    # -- rolling --------------------------------------------------------------------------------
    def _roll_parts(self, rng: random.Random, allow_take: bool = True):
        """Roll the main die then each helper's, in that order: (face, dice, aid lines, notes)."""
        take = self._take() if allow_take else None
        dice: list[Die] = []
        notes: list[str] = []
        if take:
            face = take
            notes.append(f"took {take}: the d20 counts as {take} (no roll)")
        else:
            face = rng.randint(1, 20)
            dice.append(Die(20, face))
        lines = []
        for i, helper in enumerate(self._helpers()):
            h_take = helper.take if allow_take else None
            h_face = h_take or rng.randint(1, 20)
            if not h_take:
                dice.append(Die(20, h_face))
            h_total = h_face + helper.modifier
            who = helper.name or f"helper {i + 1}"
            ok = h_total >= AID_DC
            lines.append(BreakdownLine(
                Modifier(AID_BONUS, f"aid another: {who} ({h_face}{helper.modifier:+d} = {h_total} "
                                    f"vs DC {AID_DC})", "circumstance"),
                suppressed=not ok, reason="" if ok else f"aid failed: {h_total} < {AID_DC}"))
        return face, dice, lines, notes

    def roll(self, rng: random.Random) -> RollResult:
        dc = self._require_dc()
        face, dice, aid_lines, notes = self._roll_parts(rng)
        breakdown = self.breakdown + Breakdown(tuple(aid_lines))
        total = face + breakdown.total
        success = total >= dc
        if self.NATURAL and face in (1, 20) and not self._take():
            success = face == 20
            notes.append(f"natural {face}: automatic {'success' if success else 'failure'}")
        if self.dc_modifiers:
            notes.append(f"DC {self.dc} {self.dc_breakdown.text()} = {dc}")
        return RollResult(SYSTEM, "success" if success else "failure", tuple(dice), breakdown,
                          total=total, dc=dc, natural=None if self._take() else face,
                          notes=tuple(notes))

    def odds_family(self) -> Family | None:
        """The prep cache's shortcut (``gmdesk.engine.prep.cache``). dnd35 has no per-difference
        table: the first check of a family computes for all of them. The odds of a check built on
        the shared machinery untouched are a function of ``effective_dc − modifier``, whether
        naturals count (attacks, saves), the taken 10/20 and the helpers' modifiers (aid another)
        — nothing else."""
        if not _plain_d20(type(self)):
            return None
        take = self._take()
        helpers = tuple((h.modifier, h.take) for h in self._helpers())
        offset = self.dc_breakdown.total - self.modifier
        representative = self

        def build(diff: int) -> Odds:
            return representative.with_target(diff - offset).odds()

        # The aid bonus adds up to +2 per helper on top of the face (or the taken value).
        span = (D20_SPAN[0], D20_SPAN[1] + 2 * len(helpers))
        return (SYSTEM, type(self).NATURAL, take, helpers), offset, build, span

    # -- description ----------------------------------------------------------------------------
    def describe(self) -> dict:
        return describe_check(self)


def _plain_d20(cls: type) -> bool:
    """A check type whose odds are the shared d20 machinery's, untouched (a subclass that computes
    its odds otherwise gets no shortcut)."""
    return issubclass(cls, D20Check) and all(getattr(cls, n) is getattr(D20Check, n)
                                             for n in ("odds", "_total_dist", "aid_bonus", "effective_dc"))


# --------------------------------------------------------------------------------------------
# Validation helpers


def _modifiers(name: str, mods) -> tuple[Modifier, ...]:
    mods = tuple(mods)
    for i, m in enumerate(mods):
        if not isinstance(m, Modifier):
            raise RulesError(f"{name}[{i}]", f"must be a Modifier, got {m!r}")
        check_int(f"{name}[{i}]", m.value, -MOD_LIMIT, MOD_LIMIT)
    return mods


def validate_common(check, *, has_take: bool = False) -> None:
    """Validate dc and dc_modifiers (and take / helpers when the check type has them)."""
    if check.dc is not None:
        check_int("dc", check.dc, -MOD_LIMIT, MOD_LIMIT)
    object.__setattr__(check, "dc_modifiers", _modifiers("dc_modifiers", check.dc_modifiers))
    object.__setattr__(check, "modifiers", _modifiers("modifiers", check.modifiers))
    if getattr(check, "ability_score", None) is not None:
        check_int("ability_score", check.ability_score, 0, MOD_LIMIT)
    if not has_take:
        return
    if check.take not in (None, 10, 20):
        raise RulesError("take", f"take 10 or take 20 only, got {check.take!r}")
    if check.take and check.threatened:
        raise RulesError("take", f"cannot take {check.take} while threatened or distracted "
                         "(in combat, for instance)",
                         f"impossible de faire {check.take} sous la menace ou en étant distrait (en combat, par exemple)")
    if check.take == 20 and check.failure_has_consequences:
        raise RulesError("take", "cannot take 20 when failure has consequences: taking 20 means "
                         "failing many times first (a trap would go off, a climber would fall); "
                         "say the failure costs nothing here to take 20",
                         "impossible de faire 20 quand l’échec a des conséquences\u202f: faire 20, c’est d’abord échouer "
                         "bien des fois (un piège se déclencherait, un grimpeur tomberait)\u202f; dites que l’échec ne "
                         "coûte rien ici pour faire 20")
    helpers = []
    for i, h in enumerate(check.helpers):
        try:
            if isinstance(h, dict):  # as describe() writes it
                h = Aid(h.get("modifier"), h.get("name", ""), h.get("take"))
            helpers.append(h if isinstance(h, Aid) else Aid(h))
        except RulesError as err:
            raise RulesError(f"helpers[{i}].{err.field}", err.rule) from None
        if helpers[-1].take == 20 and check.take != 20:
            raise RulesError(f"helpers[{i}].take", "a helper can take 20 only when the aided "
                             "character takes 20 too")
    object.__setattr__(check, "helpers", tuple(helpers))
    if check.max_helpers is not None:
        check_int("max_helpers", check.max_helpers, 0)
        if len(helpers) > check.max_helpers:
            raise RulesError("helpers", f"{len(helpers)} helpers, but the GM allows at most "
                             f"{check.max_helpers} for this task")


def ability_line(ability: str | None, score: int | None) -> list[BreakdownLine]:
    if score is None:
        return []
    label = ABILITY_FR.get(ability, "ability") if ability else "ability"
    return [BreakdownLine(Modifier(ability_modifier(score), f"{label} {score}", "ability"))]


def check_ability(ability: str | None) -> None:
    if ability is not None and ability not in ABILITIES:
        raise RulesError("ability", f"one of {', '.join(ABILITIES)}, got {ability!r}")


def check_synergy_inputs(check, rows) -> None:
    """Normalise ``other_ranks`` (a {skill: ranks} dict is accepted too) and refuse a toggle that
    is not a situational synergy of this check."""
    others = dict(check.other_ranks.items() if hasattr(check.other_ranks, "items") else check.other_ranks)
    checked = {}
    for key, value in sorted(others.items()):
        check_skill_key(f"other_ranks[{key!r}]", key)
        checked[key] = rank_value(f"other_ranks[{key!r}]", value)
    object.__setattr__(check, "other_ranks", tuple(checked.items()))
    toggles = frozenset(check.synergy_toggles)
    allowed = {s.id for s in rows if s.situational}
    for t in sorted(toggles - allowed):
        raise RulesError("synergy_toggles", f"{t!r} is not a situational synergy for this check")
    object.__setattr__(check, "synergy_toggles", toggles)


def synergy_lines(rows, other_ranks, toggles) -> list[BreakdownLine]:
    """+2 per synergy row whose source skill has 5+ ranks; situational rows suppressed unless toggled."""
    ranks: dict[str, Fraction] = {}
    for key, r in other_ranks:  # a specialty's ranks count for its base skill
        ranks[base_skill(key)] = max(r, ranks.get(base_skill(key), Fraction(0)))
    lines = []
    for syn in rows:
        if ranks.get(syn.source, 0) < SYNERGY_RANKS:
            continue
        when = f" ({syn.condition})" if syn.situational else ""
        mod = Modifier(SYNERGY_BONUS, f"{syn.seed_source} {SYNERGY_RANKS}+ ranks{when}", "synergy")
        off = syn.situational and syn.id not in toggles
        lines.append(BreakdownLine(mod, off, "situational: not toggled on" if off else ""))
    return lines
