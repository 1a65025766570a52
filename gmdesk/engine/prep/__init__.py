"""DC prep (issue 6): the party × check matrix, DC sweeps, group odds and the DC solver.

Everything works on the engine's check objects (anything with ``.odds()``, ``.target`` and
``.with_target(n)``), whatever the system; the answers are exact ``Fraction``s.

- ``matrix(checks_by_member)``: every member's odds on every prepared check, sharing the work of
  checks that only differ by where the DC sits (``cache``);
- ``dc_sweep(check, dcs)``: one check's odds at every DC (a pool test: every threshold), for the charts;
- ``group_odds(checks)``: the party rolls one check each — P(at least one succeeds), P(all succeed),
  the expected number of successes, the whole distribution of the number of successes;
- the DC solver, from ``solver``: ``solve_dc`` (and ``solve`` for any other kind of target, such as
  the thresholds and opposing pools of ``gmdesk.systems.anarchy.prep``).

Group odds assume independent rolls (each member rolls their own dice). An aid another (dnd35) or a
teamwork test (anarchy) is not a group roll: it is one check with helpers (``helpers=`` on the
engine's check), and its odds already count the helpers' dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from ..core import Odds, RulesError
from .cache import OddsCache
from .solver import (DC_RANGE, GOAL_TEXT, GOALS, LIMIT_GOALS, SUCCESS_GOALS, Solution, as_chance, goal_value, solve,
                     solve_dc)

__all__ = ["OddsCache", "matrix", "dc_sweep", "GroupOdds", "group_odds", "group_from_odds",
           "group_from_chances", "Solution", "GOALS", "SUCCESS_GOALS", "LIMIT_GOALS", "GOAL_TEXT", "DC_RANGE",
           "solve", "solve_dc", "goal_value", "as_chance"]


def matrix(checks_by_member: Sequence[Sequence[object]]) -> list[list[Odds]]:
    """``out[m][c]`` = ``checks_by_member[m][c].odds()``, exactly, computed with shared work.

    Rows may differ in length (a member who may not roll a check simply has no check there).
    """
    cache = OddsCache()
    return [[cache.odds(check) for check in row] for row in checks_by_member]


def dc_sweep(check, dcs: Iterable[int]) -> list[Odds]:
    """``check.with_target(dc).odds()`` for every dc (a pool test: every threshold)."""
    cache = OddsCache()
    return [cache.odds_at(check, dc) for dc in dcs]


@dataclass(frozen=True)
class GroupOdds:
    """The party rolls one check each. ``chances[i]``: member i's chance of success;
    ``distribution[k]``: P(exactly k members succeed), k = 0..n."""

    chances: tuple[Fraction, ...]
    distribution: tuple[Fraction, ...]

    @property
    def at_least_one(self) -> Fraction:
        return 1 - self.distribution[0]

    @property
    def all(self) -> Fraction:
        """P(every member succeeds); 1 for an empty party (nobody failed)."""
        return self.distribution[-1]

    @property
    def none(self) -> Fraction:
        return self.distribution[0]

    @property
    def expected(self) -> Fraction:
        """The expected number of successes (the sum of the chances)."""
        return sum(self.chances, Fraction(0))

    def at_least(self, k: int) -> Fraction:
        """P(k or more members succeed) — "at least two of them find the trap"."""
        if k <= 0:
            return Fraction(1)
        return sum(self.distribution[k:], Fraction(0))


def group_from_chances(chances: Iterable[object]) -> GroupOdds:
    """Group odds from each member's chance of success (exact; floats are read as they print)."""
    ps = tuple(as_chance(p, f"chances[{i}]") for i, p in enumerate(chances))
    # The number of successes of independent members, one member at a time (Poisson binomial).
    dist = [Fraction(1)]
    for p in ps:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, w in enumerate(dist):
            nxt[k] += w * (1 - p)
            nxt[k + 1] += w * p
        dist = nxt
    return GroupOdds(ps, tuple(dist))


def group_from_odds(odds: Iterable[Odds]) -> GroupOdds:
    return group_from_chances(o.success for o in odds)


def group_odds(checks: Iterable[object]) -> GroupOdds:
    """Group odds of the party's checks (one per member), each at its own DC."""
    cache = OddsCache()
    checks = list(checks)
    for i, c in enumerate(checks):
        if not hasattr(c, "odds"):
            raise RulesError(f"checks[{i}]", f"not a check: {c!r}")
    return group_from_odds(cache.odds(c) for c in checks)
