"""DC prep for Shadowrun Anarchy, which has no DC: the solver answers a threshold (0..8 by default)
or an opposing pool from the difficulty table (4/6/8/10/12 dice, with its difficulty); the charts
sweep thresholds or opposing pools. The goals and the tie rules are the generic solver's
(``gmdesk.engine.prep.solver``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

from gmdesk.engine.core import Odds, RulesError
from gmdesk.engine.prep.cache import OddsCache
from gmdesk.engine.prep.solver import Solution, is_limit, solve
from gmdesk.engine.words import Word
from gmdesk.systems.kit.prep import Prep, SolverMode
from gmdesk.systems.kit.refs import CheckRef

from . import data
from .rules import AnarchyTest

THRESHOLD_RANGE = range(0, 9)
OPPOSING_POOLS = tuple(d.opposing_pool for d in data.DIFFICULTIES)


def _anarchy(tests: Sequence) -> list[AnarchyTest]:
    tests = list(tests)
    for i, t in enumerate(tests):
        if not isinstance(t, AnarchyTest):
            raise RulesError(f"checks[{i}]", "thresholds and opposing pools are for anarchy tests")
    return tests


def solve_threshold(tests: Sequence, goal: str, chance: object,
                    thresholds: Sequence[int] = THRESHOLD_RANGE) -> Solution:
    """Anarchy: the threshold (simple test; an extended test keeps accumulating) closest to the goal."""
    if is_limit(goal):
        raise RulesError("goal", "anarchy has no critical failure")
    cache = OddsCache()
    return solve(_anarchy(tests), goal, chance, sorted(thresholds), cache.odds_at)


def as_variable(test: AnarchyTest, pool: int) -> AnarchyTest:
    """``test`` as a variable test against an opposing pool of ``pool`` dice (the table's
    difficulty when the pool is one of its rows, else "average" quietly raised or lowered)."""
    if test.kind == "extended":
        raise RulesError("kind", "an extended test accumulates to a threshold, not against a pool")
    row = next((d for d in data.DIFFICULTIES if d.opposing_pool == pool), None)
    keep_ones = test.tie_break_ones if test.kind in ("opposed", "variable") else False
    return replace(test, kind="variable", difficulty=(row.id if row else "average"), opposing_pool=pool,
                   threshold=None, intervals=None, tie_break_ones=keep_ones)


def solve_opposing_pool(tests: Sequence, goal: str, chance: object,
                        pools: Sequence[int] = OPPOSING_POOLS) -> Solution:
    """Anarchy: the opposing pool (by default the difficulty table's 4/6/8/10/12) closest to the goal."""
    if is_limit(goal):
        raise RulesError("goal", "anarchy has no critical failure")
    cache = OddsCache()
    tests = _anarchy(tests)
    out = solve(tests, goal, chance, sorted(pools), lambda t, pool: cache.odds(as_variable(t, pool)))
    row = next((d for d in data.DIFFICULTIES if d.opposing_pool == out.target), None)
    return replace(out, difficulty=row.id if row else None)


def pool_sweep(test, pools: Iterable[int] = OPPOSING_POOLS) -> list[Odds]:
    """A test as a variable test against each opposing pool (the difficulty table's by default)."""
    return [as_variable(test, pool).odds() for pool in pools]


def _names(pool: int) -> Word | None:
    row = next((d for d in data.DIFFICULTIES if d.opposing_pool == pool), None)
    return None if row is None else Word(row.en, row.fr)


THRESHOLD_MODE = SolverMode("threshold", Word("a threshold", "un seuil"), THRESHOLD_RANGE,
                            lambda cache, test, n: cache.odds_at(test, n), solve_threshold)
POOL_MODE = SolverMode("pool", Word("an opposing pool (difficulty table)", "une réserve d’opposition (table des difficultés)"),
                       OPPOSING_POOLS, lambda cache, test, pool: cache.odds(as_variable(test, pool)),
                       solve_opposing_pool, writes=False, axis=Word("opposing pool", "réserve d’opposition"),
                       answer=Word("opposing pool {n} ({name})", "réserve d’opposition {n} ({name})"), names=_names)
PREP = Prep(CheckRef("preset", "perception"), (THRESHOLD_MODE, POOL_MODE))
