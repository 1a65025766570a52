"""The DC solver: from a target the GM states about the party to the DC that comes closest.

Goals (``GOALS``), each about the party's checks at one DC:

- ``best``: the best member's chance of success (the highest chance at that DC);
- ``average``: the mean of the members' chances of success;
- ``worst``: the weakest member's chance of success;
- ``at_least_one``: P(at least one member succeeds), independent rolls;
- ``all``: P(every member succeeds);
- ``crit_fail_best`` / ``crit_fail_average`` / ``crit_fail_worst`` (four degrees only): the chance of a
  critical failure of the best member (the lowest chance), of an average member (the mean), of the
  worst member (the highest chance: "nobody critically fails more than 10 %").

Success goals answer the DC whose value is **closest** to the wanted chance. Critical-failure goals
are limits ("at most 10 %"): they answer the DC whose value comes closest to the limit **without
going over** it (the hardest DC that keeps the chance within the limit, with the same tie rule);
when no DC in the range keeps it, the one that comes nearest, with ``satisfied`` False.

Ties (several DCs equally close): every goal's value moves one way as the DC rises, so the tied DCs
are neighbours. When they all give the same value and that plateau runs into an end of the range
(the certain success of very low DCs, the natural-20 floor of very high ones), the DC at the
plateau's inner edge is answered — the one where the odds start to move, not DC −10 or DC 60.
Otherwise the **harder** DC is answered: between "a bit too easy" and "a bit too hard", gmdesk
leans towards the challenge.

A system without DCs answers other targets with ``solve`` (``gmdesk.systems.anarchy.prep``: a
threshold, or an opposing pool from the difficulty table).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from ..core import Odds, RulesError
from .cache import OddsCache

GOALS = ("best", "average", "worst", "at_least_one", "all", "crit_fail_best", "crit_fail_average",
         "crit_fail_worst")
GOAL_TEXT = {
    "best": ("the best in the party succeeds", "le meilleur du groupe réussit"),
    "average": ("an average member succeeds", "un membre moyen réussit"),
    "worst": ("the weakest member succeeds", "le plus faible réussit"),
    "at_least_one": ("at least one of them succeeds", "au moins un d'entre eux réussit"),
    "all": ("all of them succeed", "tous réussissent"),
    "crit_fail_best": ("the best member critically fails at most", "le meilleur échoue critiquement au plus"),
    "crit_fail_average": ("an average member critically fails at most",
                          "un membre moyen échoue critiquement au plus"),
    "crit_fail_worst": ("nobody critically fails more than", "personne n'échoue critiquement plus de"),
}
SUCCESS_GOALS = GOALS[:5]
LIMIT_GOALS = GOALS[5:]  # for checks with a critical failure (four degrees of success)
DC_RANGE = range(-10, 61)


@dataclass(frozen=True)
class Solution:
    """The answer of the solver.

    ``target``: the DC, threshold or opposing pool; ``achieved``: the goal's value there;
    ``curve``: (candidate, value) for every candidate, easiest first, for the sweep chart;
    ``member_odds``: each member's odds at the answer; ``difficulty``: the difficulty id of an
    opposing pool (anarchy); ``satisfied``: False only for a limit no candidate keeps.
    """

    goal: str
    wanted: Fraction
    target: int
    achieved: Fraction
    satisfied: bool
    curve: tuple[tuple[int, Fraction], ...]
    member_odds: tuple[Odds, ...]
    difficulty: str | None = None

    @property
    def distance(self) -> Fraction:
        return abs(self.achieved - self.wanted)


def as_chance(value: object, field: str = "chance") -> Fraction:
    """A chance typed by the GM (0.6, "0.6", "60%", Fraction(3, 5)) as an exact Fraction in 0..1.

    A float is read as the decimal it prints as (0.6, not 0.59999…).
    """
    try:
        if isinstance(value, str):
            text = value.strip().replace(",", ".")
            p = Fraction(text[:-1].strip()) / 100 if text.endswith("%") else Fraction(text)
        elif isinstance(value, bool):
            raise TypeError
        elif isinstance(value, float):
            p = Fraction(repr(value))
        else:
            p = Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise RulesError(field, f"a chance between 0 and 1 (or a percentage), got {value!r}") from None
    if not 0 <= p <= 1:
        raise RulesError(field, f"a chance is between 0 and 1 (0 % and 100 %), got {value!r}")
    return p


def _crit_fail(odds: Odds) -> Fraction:
    if "critical_failure" not in odds.tiers:
        raise RulesError("goal", f"{odds.system} has no critical failure tier: that goal is for checks "
                         "with four degrees of success")
    return odds.tiers["critical_failure"]


def _product(values) -> Fraction:
    out = Fraction(1)
    for v in values:
        out *= v
    return out


_MEASURES: dict[str, Callable[[Sequence[Odds]], Fraction]] = {
    "best": lambda os: max(o.success for o in os),
    "average": lambda os: sum((o.success for o in os), Fraction(0)) / len(os),
    "worst": lambda os: min(o.success for o in os),
    "at_least_one": lambda os: 1 - _product(1 - o.success for o in os),
    "all": lambda os: _product(o.success for o in os),
    "crit_fail_best": lambda os: min(_crit_fail(o) for o in os),
    "crit_fail_average": lambda os: sum((_crit_fail(o) for o in os), Fraction(0)) / len(os),
    "crit_fail_worst": lambda os: max(_crit_fail(o) for o in os),
}


def goal_value(goal: str, member_odds: Sequence[Odds]) -> Fraction:
    """The value of ``goal`` for the members' odds at one DC."""
    if goal not in _MEASURES:
        raise RulesError("goal", f"unknown goal {goal!r}; one of {', '.join(GOALS)}")
    if not member_odds:
        raise RulesError("checks", "the party is empty: no one to set a DC for")
    return _MEASURES[goal](member_odds)


def is_limit(goal: str) -> bool:
    return goal.startswith("crit_fail")


def pick(values: Sequence[Fraction], wanted: Fraction, limit: bool) -> tuple[int, bool]:
    """Index of the candidate (easiest first) to answer, and whether it keeps a limit (see module)."""
    allowed = [i for i, v in enumerate(values) if not limit or v <= wanted]
    satisfied = bool(allowed)
    if not allowed:  # no candidate keeps the limit: the one that comes nearest
        allowed = list(range(len(values)))
    best = min(abs(values[i] - wanted) for i in allowed)
    tied = [i for i in allowed if abs(values[i] - wanted) == best]
    plateau = len({values[i] for i in tied}) == 1
    if plateau and len(tied) > 1:
        touches_low, touches_high = tied[0] == 0, tied[-1] == len(values) - 1
        if touches_high and not touches_low:
            return tied[0], satisfied
    return tied[-1], satisfied


def solve(checks: Sequence, goal: str, chance: object, candidates: Sequence[int],
          odds_at: Callable[[object, int], Odds]) -> Solution:
    """The candidate target (easiest first) that comes closest to ``goal`` = ``chance``, where
    ``odds_at(check, candidate)`` gives one member's odds there: a DC, a threshold, a pool…"""
    wanted = as_chance(chance)
    checks = list(checks)
    if goal not in _MEASURES:
        raise RulesError("goal", f"unknown goal {goal!r}; one of {', '.join(GOALS)}")
    if not checks:
        raise RulesError("checks", "the party is empty: no one to set a DC for")
    candidates = list(candidates)
    if not candidates:
        raise RulesError("range", "no DC to choose from")
    per_candidate = [[odds_at(c, t) for c in checks] for t in candidates]
    values = [goal_value(goal, os) for os in per_candidate]
    i, satisfied = pick(values, wanted, is_limit(goal))
    return Solution(goal, wanted, candidates[i], values[i], satisfied, tuple(zip(candidates, values)),
                    tuple(per_candidate[i]))


def solve_dc(checks: Sequence, goal: str, chance: object, dcs: Sequence[int] = DC_RANGE) -> Solution:
    """The DC in ``dcs`` (ascending) that comes closest to ``goal`` = ``chance`` for the party's
    ``checks`` (one per member, any system; each keeps its own modifiers, only the DC moves)."""
    if list(dcs) != sorted(dcs):
        raise RulesError("range", "give the DCs in ascending order")
    cache = OddsCache()
    return solve(checks, goal, chance, dcs, cache.odds_at)
