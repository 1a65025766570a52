"""Pathfinder 2, playtest rules (seed 000, RULES.md §1): checks, four degrees of success, flat checks.

What a check's modifiers add up to (proficiency, typed bonuses and penalties stacking, AC) is in
``modifiers``; this module names it all again, so that a caller imports it from here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable

from gmdesk.engine import d20
from gmdesk.engine.core import (
    DEGREES,
    PASS_FAIL,
    Breakdown,
    Modifier,
    Odds,
    RollResult,
    RulesError,
    check_int,
)
from gmdesk.engine.prep.cache import DEGREES_SPAN, Family
from gmdesk.engine.words import Word
from gmdesk.systems.kit.rulings import DEFAULT as DEFAULT_RULINGS, Rulings

from . import fortune as pf2_fortune
from .fortune import RULINGS  # noqa: F401  (R-1: what a logged pf2 roll records)
from .modifiers import stack
from .modifiers import (ALWAYS_ADD, BONUS_RANGE, KINDS, PENALTY_RANGE, RANKS, TYPED,  # noqa: F401  (re-exported)
                        ability_line, armor_class, armor_class_rank, best_rank, proficiency, proficiency_line,
                        validate_modifier)

SYSTEM = "pf2"
TIERS = DEGREES  # critical failure, failure, success, critical success


def dc_from_opponent(modifier: int) -> int:
    """DC against a creature's ability = 10 + its modifier, all its bonuses and penalties included."""
    return 10 + modifier


def degree(natural: int, total: int, dc: int, cannot_succeed: bool = False) -> str:
    """The four degrees with the natural 20 / natural 1 rules, in the order RULES.md gives."""
    if natural == 20 and not cannot_succeed:
        return "critical_success" if total >= dc else "success"
    if natural == 1:
        return "critical_failure" if total < dc else "failure"
    if total >= dc + 10:
        return "critical_success"
    if total >= dc:
        return "success"
    if total <= dc - 10:
        return "critical_failure"
    return "failure"


def odds_for_difference(diff: int, mode: str = d20.NORMAL, cannot_succeed: bool = False) -> tuple[Fraction, ...]:
    """Tier odds (TIERS order) for a check whose ``dc - modifier`` is ``diff``; ``mode`` is a
    ``pf2_fortune`` mode (plain, roll twice, reroll a failure or a success)."""
    dist = pf2_fortune.distribution(TIERS, mode, lambda n: degree(n, n, diff, cannot_succeed))
    return tuple(dist[t] for t in TIERS)


def cannot_succeed_reach(diff: int) -> tuple[str, int, int] | None:
    """On a check marked "cannot succeed" (``dc - modifier`` = ``diff``), the best degree the d20 can
    still give and the faces that give it: ("critical_success", 2, 20) at +30 vs DC 10; None when no
    face reaches the DC. RULES.md's meaning takes only the natural 20's step up away."""
    for tier in ("critical_success", "success"):
        faces = [n for n in d20.FACES if degree(n, n, diff, True) == tier]
        if faces:
            return tier, faces[0], faces[-1]
    return None


def cannot_succeed_note(diff: int) -> Word:
    """Why a check marked "cannot succeed" may still succeed, even critically."""
    reach = cannot_succeed_reach(diff)
    if reach is None:
        return _CANNOT_SUCCEED["none"]
    tier, lo, hi = reach
    return _CANNOT_SUCCEED[tier].filled(faces=_faces([lo, hi] if lo != hi else [lo]))


_NO_LONGER = Word("cannot succeed: a natural 20 no longer raises the degree; the total alone decides it",
                  "réussite impossible\u202f: un 20 naturel n’améliore plus le degré\u202f; seul le total en décide")
_CANNOT_SUCCEED = {
    "none": Word(_NO_LONGER.en + ": no face of the d20 reaches the DC",
                 _NO_LONGER.fr + "\u202f: aucune face du d20 n’atteint le DD"),
    "critical_success": Word(_NO_LONGER.en + ", so a total of DC + 10 or more is still a critical success "
                             "({faces} on the d20)",
                             _NO_LONGER.fr + ", donc un total de DD + 10 ou plus reste une réussite critique "
                             "({faces} au d20)"),
    "success": Word(_NO_LONGER.en + ", so a total at or above the DC is still a success ({faces} on the d20)",
                    _NO_LONGER.fr + ", donc un total égal ou supérieur au DD reste une réussite ({faces} au d20)"),
}
FLAT_AUTOMATIC = Word("a flat check of DC 1 or less succeeds, of DC 21 or more fails, with no roll",
                      "un test nu de DD 1 ou moins réussit, de DD 21 ou plus échoue, sans jet")


def _faces(faces: list[int]) -> str:
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"


def odds_table(modifiers: Iterable[int], dcs: Iterable[int], *, fortune: bool = False,
               misfortune: bool = False, cannot_succeed: bool = False, reroll_failure: bool = False,
               reroll_success: bool = False, reroll_keeps_new: bool = True) -> list[list[tuple[Fraction, ...]]]:
    """Four-tier odds for every (modifier, DC): the DC-prep sweep."""
    mode = pf2_fortune.mode_of(fortune, misfortune, reroll_failure, reroll_success, reroll_keeps_new)
    return d20.tier_table(modifiers, dcs, lambda diff: odds_for_difference(diff, mode, cannot_succeed))


@dataclass(frozen=True)
class Pf2Check(pf2_fortune.FortuneEffects):
    """One pf2 check: d20 + the stacked modifiers against a DC (or AC/TAC).

    ``dc_modifiers`` are typed entries on the DC itself (a sickened target's −2 status to its DCs,
    flat-footed's −2 circumstance to AC); they stack among themselves like check modifiers.
    Fortune effects: ``fortune`` (roll twice, keep the higher) or ``reroll_failure``; misfortune
    effects: ``misfortune`` (roll twice, keep the lower) or ``reroll_success`` (``pf2_fortune``).
    ``player_knows``: on a secret check, the player knows a check is happening, so fortune
    abilities may be used (the seed).
    """

    dc: int
    modifiers: tuple[Modifier, ...] = ()
    dc_modifiers: tuple[Modifier, ...] = ()
    fortune: bool = False
    misfortune: bool = False
    cannot_succeed: bool = False
    secret: bool = False
    label: str = ""
    reroll_failure: bool = False
    reroll_success: bool = False
    player_knows: bool = False
    rulings: Rulings = DEFAULT_RULINGS
    breakdown: Breakdown = field(init=False, compare=False, repr=False)
    dc_breakdown: Breakdown = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_int("dc", self.dc, -50, 100)
        object.__setattr__(self, "modifiers", tuple(self.modifiers))
        object.__setattr__(self, "dc_modifiers", tuple(self.dc_modifiers))
        object.__setattr__(self, "breakdown", stack(self.modifiers))
        object.__setattr__(self, "dc_breakdown", stack(self.dc_modifiers, "dc_modifiers"))
        self._check_fortune()

    @property
    def modifier(self) -> int:
        return self.breakdown.total

    @property
    def effective_dc(self) -> int:
        return self.dc + self.dc_breakdown.total

    @property
    def target(self) -> int:
        return self.dc

    def with_target(self, dc: int) -> "Pf2Check":
        return replace(self, dc=dc)

    def _tier_of(self, natural: int) -> str:
        return degree(natural, natural + self.modifier, self.effective_dc, self.cannot_succeed)

    def odds(self) -> Odds:
        probs = odds_for_difference(self.effective_dc - self.modifier, self.mode, self.cannot_succeed)
        return Odds(SYSTEM, dict(zip(TIERS, probs)))

    def odds_family(self) -> Family | None:
        """The prep cache's shortcut (``gmdesk.engine.prep.cache``): the odds depend on the effective
        DC − modifier, the fortune mode and "cannot succeed" only. Exact type only: a subclass
        might compute its odds otherwise."""
        if type(self) is not Pf2Check:
            return None
        mode, impossible = self.mode, self.cannot_succeed

        def build(diff: int) -> Odds:
            return Odds(SYSTEM, dict(zip(TIERS, odds_for_difference(diff, mode, impossible))))

        # diff = effective DC − modifier, and the conditions on the DC move with the DC.
        return (SYSTEM, mode, impossible), self.dc_breakdown.total - self.modifier, build, DEGREES_SPAN

    def explain(self) -> tuple[str, ...]:
        """What the odds assume that the breakdown alone does not say, in plain words."""
        return tuple(note.en for note in self.notes())

    def notes(self) -> tuple[Word, ...]:
        """``explain`` in both languages (the command line says them in the GM's)."""
        notes = self._fortune_notes()
        if self.cannot_succeed:
            notes += (cannot_succeed_note(self.effective_dc - self.modifier),)
        return notes

    def roll(self, rng: random.Random) -> RollResult:
        natural, dice, rolled_notes = pf2_fortune.roll(rng, self.mode, self._tier_of)
        return self._result(natural, dice, rolled_notes, rerolled=len(rolled_notes) > 0)

    def _result(self, natural: int, dice, extra_notes=(), rerolled: bool = False) -> RollResult:
        total = natural + self.modifier
        notes = ("secret",) if self.secret else ()
        if self.dc_modifiers:
            notes += (f"DC {self.dc} → {self.effective_dc}: {self.dc_breakdown.text()}",)
        # The DC's own modifiers stay out of the roll's breakdown (they do not add to the total).
        return RollResult(SYSTEM, self._tier_of(natural), tuple(dice), self.breakdown, total, self.effective_dc,
                          natural=natural, notes=notes + tuple(extra_notes), dc_breakdown=self.dc_breakdown,
                          rerolled=rerolled)

    def reroll(self, previous: RollResult, rng: random.Random) -> RollResult:
        """A fortune ability used after the roll: reroll the failed check; the new result stands (R-1),
        or the better one with the house rule. Refusals in ``pf2_fortune.fortune_reroll``."""
        natural, dice, notes = pf2_fortune.fortune_reroll(self, previous, rng, self.rulings.reroll_keeps_new,
                                                          self._tier_of)
        return self._result(natural, dice, notes, rerolled=True)

    def describe(self) -> dict:
        return {
            "system": SYSTEM, "type": "check", "dc": self.dc, "label": self.label,
            "modifiers": [_mod_dict(m) for m in self.modifiers],
            "dc_modifiers": [_mod_dict(m) for m in self.dc_modifiers],
            "cannot_succeed": self.cannot_succeed, **self._describe_fortune(),
        }


@dataclass(frozen=True)
class FlatCheck(pf2_fortune.FortuneEffects):
    """A bare d20 against a DC, no modifier at all. Several flat checks about the same thing are one
    roll against the highest DC; DC ≤ 1 succeeds and DC ≥ 21 fails with no roll. Fortune and
    misfortune effects apply to it as to any roll (and cancel each other)."""

    dcs: tuple[int, ...]
    secret: bool = False
    label: str = ""
    fortune: bool = False
    misfortune: bool = False
    reroll_failure: bool = False
    reroll_success: bool = False
    player_knows: bool = False
    rulings: Rulings = DEFAULT_RULINGS

    def __post_init__(self) -> None:
        object.__setattr__(self, "dcs", tuple(self.dcs))
        if not self.dcs:
            raise RulesError("dc", "a flat check needs a DC")
        for i, dc in enumerate(self.dcs):
            check_int(f"dc[{i}]" if len(self.dcs) > 1 else "dc", dc, -50, 100)
        self._check_fortune()

    @property
    def dc(self) -> int:
        return max(self.dcs)

    target = dc
    breakdown = Breakdown()
    cannot_succeed = False

    @property
    def automatic(self) -> bool:
        return self.dc <= 1 or self.dc >= 21

    def with_target(self, dc: int) -> "FlatCheck":
        return replace(self, dcs=(dc,))

    def _tier_of(self, face: int) -> str:
        return PASS_FAIL[face >= self.dc]

    def odds(self) -> Odds:
        if self.automatic:
            success = Fraction(int(self.dc <= 1))
            return Odds(SYSTEM, {"failure": 1 - success, "success": success})
        return Odds(SYSTEM, pf2_fortune.distribution(PASS_FAIL, self.mode, self._tier_of))

    def explain(self) -> tuple[str, ...]:
        return tuple(note.en for note in self.notes())

    def notes(self) -> tuple[Word, ...]:
        return (FLAT_AUTOMATIC,) if self.automatic else self._fortune_notes()

    def roll(self, rng: random.Random) -> RollResult:
        dc = self.dc
        if self.automatic:
            tier = "success" if dc <= 1 else "failure"
            return RollResult(SYSTEM, tier, (), Breakdown(), None, dc, notes=("automatic: no roll",))
        face, dice, notes = pf2_fortune.roll(rng, self.mode, self._tier_of)
        return self._result(face, dice, notes, rerolled=bool(notes))

    def _result(self, face: int, dice, notes=(), rerolled: bool = False) -> RollResult:
        return RollResult(SYSTEM, self._tier_of(face), tuple(dice), Breakdown(), face, self.dc, natural=face,
                          notes=(("secret",) if self.secret else ()) + tuple(notes), rerolled=rerolled)

    def reroll(self, previous: RollResult, rng: random.Random) -> RollResult:
        """A fortune ability used after the roll, as for ``Pf2Check.reroll``."""
        if self.automatic:
            raise RulesError("fortune", "an automatic flat check has no roll to reroll")
        face, dice, notes = pf2_fortune.fortune_reroll(self, previous, rng, self.rulings.reroll_keeps_new,
                                                       self._tier_of)
        return self._result(face, dice, notes, rerolled=True)

    def describe(self) -> dict:
        return {"system": SYSTEM, "type": "flat", "dcs": list(self.dcs), "label": self.label,
                **self._describe_fortune()}


def _mod_dict(m: Modifier) -> dict:
    return {"value": m.value, "source": m.source, "kind": m.kind}


def _mods(items: Iterable[dict]) -> tuple[Modifier, ...]:
    return tuple(Modifier(int(d["value"]), str(d["source"]), str(d.get("kind", "untyped"))) for d in items)


def check_from_dict(d: dict) -> Pf2Check | FlatCheck:
    """Rebuild a check from ``describe()``; descriptions written before an option existed read as
    its default (no reroll effect, the default rulings)."""
    extra = {name: bool(d.get(name)) for name in ("reroll_failure", "reroll_success", "player_knows")}
    extra["rulings"] = Rulings.from_dict(d.get("rulings"))
    if d.get("type") == "flat":
        return FlatCheck(tuple(d["dcs"]), bool(d.get("secret", False)), d.get("label", ""),
                         bool(d.get("fortune")), bool(d.get("misfortune")), **extra)
    return Pf2Check(
        int(d["dc"]), _mods(d.get("modifiers", ())), _mods(d.get("dc_modifiers", ())),
        bool(d.get("fortune")), bool(d.get("misfortune")), bool(d.get("cannot_succeed")),
        bool(d.get("secret")), d.get("label", ""), **extra,
    )
