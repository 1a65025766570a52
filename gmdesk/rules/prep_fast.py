"""Odds of many checks at once, sharing the work between checks that only differ in where the DC sits.

A d20 check's odds depend on its modifier and its DC only through ``dc - modifier`` (see ``d20``),
plus a few mode flags (fortune, advantage, the kind of dnd5e test…). ``OddsCache`` files every check
it knows under a *family* (the flags) and an *offset* (what turns the check's target into that
difference), computes each (family, difference) once, and hands out the same ``Odds`` to every cell
that needs it. A party × check matrix or a DC sweep then costs a few dozen real computations instead
of hundreds.

Checks it does not know (anarchy tests, dnd35 opposed checks, pf2 flat checks…) fall back to their
own ``.odds()``, cached by the check itself (checks are frozen, hashable dataclasses).

The cache lives as long as the ``OddsCache`` object: make one per recompute, so that a sheet or a
condition that changed between two recomputes is never answered from stale figures. The ``Odds``
it returns are shared between cells: treat them as read-only.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Hashable

from . import cof, d20, dnd5e, dnd35, pf2
from .core import ATTACK_TIERS, PASS_FAIL, PF2_TIERS, Odds, check_int

# (family key, offset, builder, (lo, hi)): the check's odds at target T are builder(d) with
# d = T + offset clamped to lo..hi; the builder depends only on the family key, so any two checks of
# one family share their results. Outside lo..hi the odds no longer move (every comparison of a
# d20 face 1..20 with the difference is decided), so a family never costs more than hi − lo + 1
# computations however far the DCs range. The bounds keep a safety margin; the tests check them.
Family = tuple[Hashable, int, Callable[[int], Odds], tuple[int, int]]
PF2_SPAN = (-20, 41)  # faces compared with diff − 10, diff and diff + 10
D20_SPAN = (-5, 26)  # faces compared with diff only


def _pf2(check: pf2.Pf2Check) -> Family:
    mode, impossible = check.mode, check.cannot_succeed

    def build(diff: int) -> Odds:
        return Odds(pf2.SYSTEM, dict(zip(PF2_TIERS, pf2.odds_for_difference(diff, mode, impossible))))

    # diff = effective DC − modifier, and the conditions on the DC move with the DC.
    return ("pf2", mode, impossible), check.dc_breakdown.total - check.modifier, build, PF2_SPAN


def inspired_odds(diff: int, kind: str, mode: str) -> tuple[Fraction, ...]:
    """``dnd5e.odds_for_difference(diff, kind, mode, inspiration=True)``, in 20² steps instead of 20³.

    The same policy (ruling R-2: reroll on a failure, the lower d20 when two were rolled, keep the
    new face): what a reroll gives depends only on the die that stays, so it is tallied once per
    staying face instead of once per first roll. Tested equal to the engine's enumeration.
    """
    tiers = ATTACK_TIERS if kind == "attack" else PASS_FAIL
    tier_of = [dnd5e._tier(kind, n, n, diff) for n in range(21)]  # index = natural face
    failed = {t: dnd5e._failed(t) for t in tiers}
    counts = dict.fromkeys(tiers, 0)
    if mode == d20.NORMAL:
        reroll = dict.fromkeys(tiers, 0)
        for c in d20.FACES:
            reroll[tier_of[c]] += 1
        for a in d20.FACES:
            if failed[tier_of[a]]:
                for t, w in reroll.items():
                    counts[t] += w
            else:
                counts[tier_of[a]] += 20
        return tuple(Fraction(counts[t], 400) for t in tiers)
    keep = max if mode == d20.HIGH else min
    after = {}  # the die that stays -> tier counts over the 20 faces of the rerolled die
    for stays in d20.FACES:
        row = dict.fromkeys(tiers, 0)
        for c in d20.FACES:
            row[tier_of[keep(stays, c)]] += 1
        after[stays] = row
    for a in d20.FACES:
        for b in d20.FACES:
            tier = tier_of[keep(a, b)]
            if failed[tier]:
                for t, w in after[max(a, b)].items():  # the lower die is rerolled, the higher stays
                    counts[t] += w
            else:
                counts[tier] += 20
    return tuple(Fraction(counts[t], 8000) for t in tiers)


def _dnd5e(check: dnd5e.Dnd5eTest) -> Family:
    kind, mode, inspiration = check.kind, check.mode, check.inspiration
    tiers = ATTACK_TIERS if kind == "attack" else PASS_FAIL
    if check.fail_voluntarily:  # no roll: a failure at any DC
        return ("dnd5e", "fail_voluntarily"), 0, lambda diff: check.odds(), (0, 0)

    def build(diff: int) -> Odds:
        if inspiration:
            probs = inspired_odds(diff, kind, mode)
        else:
            probs = dnd5e.odds_for_difference(diff, kind, mode)
        return Odds(dnd5e.SYSTEM, dict(zip(tiers, probs)))

    return ("dnd5e", kind, mode, inspiration), -check.modifier, build, D20_SPAN


def _cof(check: cof.CofTest) -> Family:
    def build(diff: int) -> Odds:
        return Odds(cof.SYSTEM, dict(zip(PASS_FAIL, cof.odds_for_difference(diff))))

    return ("cof",), -check.modifier, build, D20_SPAN


def _dnd35(check) -> Family:
    """dnd35 has no per-difference table: the first check of a family computes for all of them.

    The odds of a ``_D20`` check are a function of ``effective_dc − modifier``, whether naturals
    count (attacks, saves), the taken 10/20 and the helpers' modifiers (aid another) — nothing else.
    """
    take = getattr(check, "take", None)
    helpers = tuple((h.modifier, h.take) for h in getattr(check, "helpers", ()))
    offset = check.dc_breakdown.total - check.modifier
    representative = check

    def build(diff: int) -> Odds:
        return representative.with_target(diff - offset).odds()

    # The aid bonus adds up to +2 per helper on top of the face (or the taken value).
    span = (D20_SPAN[0], D20_SPAN[1] + 2 * len(helpers))
    return ("dnd35", type(check).NATURAL, take, helpers), offset, build, span


def _plain_d20(cls: type) -> bool:
    """A dnd35 check type whose odds are the shared d20 machinery's, untouched."""
    base = dnd35.D20Check
    return issubclass(cls, base) and all(getattr(cls, n) is getattr(base, n)
                                         for n in ("odds", "_total_dist", "aid_bonus", "effective_dc"))


# Exact types only: a subclass might change how its odds are computed.
_FAMILIES: dict[type, Callable[[object], Family]] = {
    pf2.Pf2Check: _pf2,
    dnd5e.Dnd5eTest: _dnd5e,
    cof.CofTest: _cof,
    **{cls: _dnd35 for cls in dnd35.CHECK_TYPES.values() if _plain_d20(cls)},
}


class OddsCache:
    """Exact odds for many checks within one computation (one matrix, one sweep, one DC solve)."""

    def __init__(self) -> None:
        self._by_difference: dict[tuple, Odds] = {}
        self._by_check: dict[tuple, Odds] = {}
        self.computed = 0  # real computations done, for tests and benchmarks

    def odds(self, check) -> Odds:
        """The check's odds against its own target; equal to ``check.odds()``."""
        return self._odds(check, check.target, moved=False)

    def odds_at(self, check, target: int) -> Odds:
        """The check's odds against ``target``; equal to ``check.with_target(target).odds()``.

        For the checks with a fast path, the engine's bounds on a DC (typo guards such as
        −50..100) are not applied: any whole number is answered by the rules' arithmetic.
        """
        check_int("dc", target)
        return self._odds(check, target, moved=True)

    def _odds(self, check, target: int | None, moved: bool) -> Odds:
        family = _FAMILIES.get(type(check))
        if family is not None and target is not None:
            key, offset, build, (lo, hi) = family(check)
            diff = min(max(target + offset, lo), hi)
            found = self._by_difference.get((key, diff))
            if found is None:
                found = self._by_difference[(key, diff)] = build(diff)
                self.computed += 1
            return found
        if moved:
            check = check.with_target(target)
        try:
            found = self._by_check.get((check,))
        except TypeError:  # an unhashable check: no sharing, still exact
            self.computed += 1
            return check.odds()
        if found is None:
            found = self._by_check[(check,)] = check.odds()
            self.computed += 1
        return found
