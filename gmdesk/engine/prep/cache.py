"""Odds of many checks at once, sharing the work between checks that only differ in where the DC sits.

A d20 check's odds depend on its modifier and its DC only through ``dc - modifier`` (see ``d20``),
plus a few mode flags (fortune, advantage, the kind of test…). ``OddsCache`` files every check that
says so under a *family* (the flags) and an *offset* (what turns the check's target into that
difference), computes each (family, difference) once, and hands out the same ``Odds`` to every cell
that needs it. A party × check matrix or a DC sweep then costs a few dozen real computations instead
of hundreds.

A check takes part by having an ``odds_family()`` method that returns a ``Family`` (or None when
this particular check has no shortcut): the game systems know which of their checks qualify. Every
other check falls back to its own ``.odds()``, cached by the check itself (checks are frozen,
hashable dataclasses).

The cache lives as long as the ``OddsCache`` object: make one per recompute, so that a sheet or a
condition that changed between two recomputes is never answered from stale figures. The ``Odds``
it returns are shared between cells: treat them as read-only.
"""

from __future__ import annotations

from typing import Callable, Hashable

from ..core import Odds, check_int

# (family key, offset, builder, (lo, hi)): the check's odds at target T are builder(d) with
# d = T + offset clamped to lo..hi; the builder depends only on the family key, so any two checks of
# one family share their results. Outside lo..hi the odds no longer move (every comparison of a
# d20 face 1..20 with the difference is decided), so a family never costs more than hi − lo + 1
# computations however far the DCs range. The bounds keep a safety margin; the tests check them.
# The key starts with the system's id, so that two systems never share a family.
Family = tuple[Hashable, int, Callable[[int], Odds], tuple[int, int]]
DEGREES_SPAN = (-20, 41)  # four degrees: faces compared with diff − 10, diff and diff + 10
D20_SPAN = (-5, 26)  # faces compared with diff only


def family_of(check) -> Family | None:
    """The check's family, or None when it has no shortcut."""
    method = getattr(check, "odds_family", None)
    return method() if method is not None else None


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
        family = family_of(check) if target is not None else None
        if family is not None:
            key, offset, build, (lo, hi) = family
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
