"""DC prep (issue 6): the party × check matrix, DC sweeps, group odds and the DC solver.

Everything works on the engine's check objects (anything with ``.odds()``, ``.target`` and
``.with_target(n)``), whatever the system; the answers are exact ``Fraction``s.

- ``matrix(checks_by_member)``: every member's odds on every prepared check, sharing the work of
  checks that only differ by where the DC sits (``prep_fast``);
- ``dc_sweep(check, dcs)``: one check's odds at every DC (anarchy: every threshold), for the charts;
  ``pool_sweep(test, pools)`` the same over anarchy opposing pools;
- ``group_odds(checks)``: the party rolls one check each — P(at least one succeeds), P(all succeed),
  the expected number of successes, the whole distribution of the number of successes;
- the DC solver, from ``prep_solver``: ``solve_dc``, ``solve_threshold``, ``solve_opposing_pool``.

Group odds assume independent rolls (each member rolls their own dice). A dnd35 aid another or an
anarchy teamwork test is not a group roll: it is one check with helpers (``helpers=`` on the
engine's check), and its odds already count the helpers' dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from .core import Odds, RulesError
from .prep_fast import OddsCache
from .prep_solver import (DC_RANGE, GOAL_TEXT, GOALS, OPPOSING_POOLS, THRESHOLD_RANGE, Solution, as_chance,
                          as_variable, goal_value, solve_dc, solve_opposing_pool, solve_threshold)

__all__ = ["OddsCache", "matrix", "dc_sweep", "pool_sweep", "GroupOdds", "group_odds", "group_from_odds",
           "group_from_chances", "Solution", "GOALS", "GOAL_TEXT", "DC_RANGE", "THRESHOLD_RANGE",
           "OPPOSING_POOLS", "solve_dc", "solve_threshold", "solve_opposing_pool", "goal_value", "as_chance"]


def matrix(checks_by_member: Sequence[Sequence[object]]) -> list[list[Odds]]:
    """``out[m][c]`` = ``checks_by_member[m][c].odds()``, exactly, computed with shared work.

    Rows may differ in length (a member who may not roll a check simply has no check there).
    """
    cache = OddsCache()
    return [[cache.odds(check) for check in row] for row in checks_by_member]


def dc_sweep(check, dcs: Iterable[int]) -> list[Odds]:
    """``check.with_target(dc).odds()`` for every dc (an anarchy test: every threshold)."""
    cache = OddsCache()
    return [cache.odds_at(check, dc) for dc in dcs]


def pool_sweep(test, pools: Iterable[int] = OPPOSING_POOLS) -> list[Odds]:
    """An anarchy test as a variable test against each opposing pool (the difficulty table's by default)."""
    return [as_variable(test, pool).odds() for pool in pools]


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
