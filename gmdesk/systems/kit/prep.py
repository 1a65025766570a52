"""A system's DC prep (``GameSystem.prep``): what its DC solver answers and where a new prepared
check starts.

Most systems answer a DC (``DC_MODE``); a dice-pool system answers a threshold, or an opposing
pool from its difficulty table (``gmdesk.systems.anarchy.prep``). The critical-failure goals are
offered where checks have four degrees of success (``limit_goals``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from gmdesk.engine.core import Odds
from gmdesk.engine.prep import DC_RANGE, OddsCache, Solution, solve_dc
from gmdesk.engine.words import Word

from .refs import CheckRef


def _odds_at(cache: OddsCache, check, target: int) -> Odds:
    return cache.odds_at(check, target)


def _unnamed(candidate: int) -> Word | None:
    return None


@dataclass(frozen=True)
class SolverMode:
    """One kind of answer of the DC solver:

    - ``id``, ``name``: its key and its name in the "answer with" list ("a DC");
    - ``candidates``: what it chooses from, easiest first;
    - ``odds(cache, check, candidate)``: one member's odds there; ``solve(checks, goal, chance)``;
    - ``writes``: the answer becomes the prepared check's DC (or threshold); else it is advice;
    - ``axis``: the chart's axis (None: the target's own word); ``answer``: how an answer reads,
      ``{n}`` and ``{name}`` (None: "<target word> {n}"); ``names(candidate)``: a candidate's
      name (a difficulty), or None."""

    id: str
    name: Word
    candidates: Sequence[int]
    odds: Callable[[OddsCache, Any, int], Odds]
    solve: Callable[[Sequence, str, object], Solution]
    writes: bool = True
    axis: Word | None = None
    answer: Word | None = None
    names: Callable[[int], Word | None] = _unnamed


DC_MODE = SolverMode("dc", Word("a DC", "un DD"), DC_RANGE, _odds_at, solve_dc)


@dataclass(frozen=True)
class Prep:
    """- ``default_check``: the roll a new prepared check starts with when a character offers none;
    - ``modes``: what the solver answers, the first the target prepared checks keep;
    - ``limit_goals``: offer the critical-failure limits (four degrees of success)."""

    default_check: CheckRef
    modes: tuple[SolverMode, ...] = (DC_MODE,)
    limit_goals: bool = False

    @property
    def candidates(self) -> Sequence[int]:
        """The targets a prepared check of this system may keep (DCs, thresholds)."""
        return self.modes[0].candidates

    def mode(self, key: str) -> SolverMode | None:
        return next((m for m in self.modes if m.id == key), None)
