"""What the prep panel computes about one prepared check, without Qt: the DC solver's answer with the
curves to draw it, the group odds, one roll with helpers (aid another, teamwork). All of it is the
rules' (``gmdesk.engine.prep``) and the system's (``GameSystem.prep``: what its solver answers);
this module only picks the rollers' checks out of the grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from gmdesk.engine import prep
from gmdesk.engine.core import Odds, RulesError
from gmdesk import systems
from gmdesk.ui.panels.prep.grid import Grid, PrepContext, build

def goals_for(system: str) -> tuple[str, ...]:
    """The success goals, and the critical-failure limits where checks have four degrees ("": no
    campaign open, the success goals)."""
    game = systems.find(system)
    return prep.SUCCESS_GOALS + (prep.LIMIT_GOALS if game is not None and game.prep.limit_goals else ())


def modes_for(system: str) -> tuple[str, ...]:
    """What the system's solver answers: a DC, or a threshold and an opposing pool…"""
    game = systems.find(system)
    return tuple(m.id for m in game.prep.modes) if game is not None else ()


@dataclass(frozen=True)
class Solved:
    """The solver's answer for one prepared check, with what the chart draws."""

    solution: prep.Solution
    mode: str
    members: tuple[str, ...]  # the rollers' names, in the grid's order
    member_curves: tuple[tuple[tuple[int, Fraction], ...], ...]  # each roller's chance per candidate

    @property
    def target(self) -> int:
        return self.solution.target


def solve(ctx: PrepContext, grid: Grid, column: int, goal: str, chance: object, mode: str | None = None) -> Solved:
    """The DC (threshold, opposing pool) of check ``column`` that comes closest to ``goal`` = ``chance``
    for the members who may roll it. RulesError when nobody can, or the goal does not fit."""
    rollers = grid.rollers(column)
    if not rollers:
        raise RulesError("rollers", "nobody in the party can roll this check")
    checks = [cell.check for _, cell in rollers]
    modes = ctx.game.prep.modes
    solver = modes[0] if mode is None else ctx.game.prep.mode(mode)
    if solver is None:
        raise RulesError("mode", f"the solver answers one of {', '.join(modes_for(ctx.system))}, not {mode!r}")
    cache = prep.OddsCache()
    solution = solver.solve(checks, goal, chance)
    curves = [[(t, solver.odds(cache, c, t).success) for t in solver.candidates] for c in checks]
    return Solved(solution, solver.id, tuple(m.name for m, _ in rollers), tuple(tuple(c) for c in curves))


def group(grid: Grid, column: int) -> prep.GroupOdds:
    """Everyone who may roll check ``column`` rolls it once: the group odds (empty group: nobody)."""
    return prep.group_from_odds(cell.odds for _, cell in grid.rollers(column))


def member_curves(grid: Grid, column: int, targets: Sequence[int]) -> list[tuple[str, list[tuple[int, Fraction]]]]:
    """Each roller's chance of success at every target (DC or threshold), for the members chart."""
    cache = prep.OddsCache()
    return [(m.name, [(t, cache.odds_at(cell.check, t).success) for t in targets]) for m, cell in grid.rollers(column)]


def moving_targets(grid: Grid, column: int, ctx: PrepContext, margin: int = 2) -> list[int]:
    """The DCs (thresholds) where some roller's chance moves, with a margin, and the check's own."""
    by_threshold = ctx.by_threshold
    candidates = list(ctx.game.prep.candidates)
    curves = member_curves(grid, column, candidates)
    if not curves:
        return candidates
    moving = [i for i in range(1, len(candidates))
              if any(points[i][1] != points[i - 1][1] for _, points in curves)]
    lo = max(min(moving, default=0) - 1 - margin, 0)
    hi = min(max(moving, default=len(candidates) - 1) + margin, len(candidates) - 1)
    out = candidates[lo:hi + 1]
    own = grid.checks[column].threshold if by_threshold else grid.checks[column].dc
    if own is not None and own not in out:
        out = sorted(set(out) | {own})
        out = list(range(out[0], out[-1] + 1))
    return out


@dataclass(frozen=True)
class Helped:
    """One leader's roll, alone and with the chosen helpers (aid another, teamwork)."""

    alone: Odds
    helped: Odds
    helpers: tuple[str, ...]

    @property
    def gain(self) -> Fraction:
        return self.helped.success - self.alone.success


def helped(ctx: PrepContext, grid: Grid, column: int, leader_id: int, helper_ids: Sequence[int]) -> Helped:
    """Aid another (dnd35) or teamwork (anarchy): the leader rolls check ``column`` with the helpers' aid."""
    if ctx.game.options.helpers is None:
        raise RulesError("helpers", f"{ctx.system} has no aid another or teamwork")
    leader = ctx.characters.get(leader_id)
    if leader is None:
        raise RulesError("leader", "choose who rolls")
    helpers = [ctx.characters[i] for i in helper_ids if i in ctx.characters and i != leader_id]
    prepared = grid.checks[column]
    alone = build(ctx, leader, prepared).odds()
    with_help = build(ctx, leader, prepared, helpers).odds()
    return Helped(alone, with_help, tuple(h.name for h in helpers))


def cell_targets(check, own: int | None, ctx: PrepContext, margin: int = 2) -> list[int]:
    """The DCs (thresholds) worth drawing for one member's check: where its odds move, and its own."""
    by_threshold = ctx.by_threshold
    candidates = list(ctx.game.prep.candidates)
    if by_threshold and own is not None and own > candidates[-1]:
        candidates = list(range(candidates[0], own + 2))
    cache = prep.OddsCache()
    values = [cache.odds_at(check, t).success for t in candidates]
    moving = [i for i in range(1, len(values)) if values[i] != values[i - 1]]
    lo = max(min(moving, default=0) - 1 - margin, 0)
    hi = min(max(moving, default=len(values) - 1) + margin, len(values) - 1)
    out = candidates[lo:hi + 1]
    if own is not None and not out[0] <= own <= out[-1]:
        out = list(range(min(out[0], own), max(out[-1], own) + 1))
    return out
