"""The DC sweep of a check, fast enough to redraw on every keystroke.

The plain way asks the engine for ``check.with_target(dc).odds()`` at each of ~40 DCs. That is
exact for every check type and is what this module falls back to, but a dnd5e test with Heroic
Inspiration and advantage enumerates 8,000 cases per DC. The engine's public per-system helpers say
more: a pf2 or dnd5e d20 check's odds depend only on ``dc - modifier`` (``odds_for_difference``),
and a dnd35 skill or ability check has an exact distribution of totals (``totals()``). So:

- pf2 / dnd5e: odds per difference, memoised for the session (a modifier edit shifts the sweep by
  one DC: one new difference to compute);
- dnd35 checks without natural 20/1: one distribution of totals read at every DC;
- anything else: the plain way, memoised by the check without its DC (moving the DC is free).

``tests/ui/test_check_sweep.py`` checks every fast path against the plain way.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Callable

from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import DEGREES
from gmdesk.engine.series import StackedSweep, dc_sweep


@lru_cache(maxsize=4096)
def _pf2_odds(diff: int, mode: str, cannot_succeed: bool) -> tuple[Fraction, ...]:
    return pf2.odds_for_difference(diff, mode, cannot_succeed)


@lru_cache(maxsize=4096)
def _dnd5e_odds(diff: int, kind: str, mode: str, inspiration: bool) -> tuple[Fraction, ...]:
    return dnd5e.odds_for_difference(diff, kind, mode, inspiration)


def fast_odds(check) -> Callable[[int], dict[str, Fraction]] | None:
    """``dc -> {tier: probability}`` for this check at another DC, without rebuilding the check
    (the engine's exact figures, in its tier order); None for a check type without a fast path."""
    if type(check) is pf2.Pf2Check:
        shift, mod, mode, cannot = check.dc_breakdown.total, check.modifier, check.mode, check.cannot_succeed
        return lambda dc: dict(zip(DEGREES, _pf2_odds(dc + shift - mod, mode, cannot)))
    if type(check) is dnd5e.Dnd5eTest and not check.fail_voluntarily:
        mod, kind, mode, inspiration, tiers = check.modifier, check.kind, check.mode, check.inspiration, check.tiers
        return lambda dc: dict(zip(tiers, _dnd5e_odds(dc - mod, kind, mode, inspiration)))
    if check.__class__.__module__ == "gmdesk.systems.dnd35.checks" and hasattr(check, "totals") \
            and not getattr(check, "NATURAL", True) and getattr(check, "dc", None) is not None:
        shift = check.dc_breakdown.total
        totals = sorted(check.totals().items())
        at_least: dict[int, Fraction] = {}
        running = Fraction(0)
        for value, p in reversed(totals):
            running += p
            at_least[value] = running
        lo, hi = totals[0][0], totals[-1][0]

        def odds(dc: int) -> dict[str, Fraction]:
            target = dc + shift
            p = Fraction(1) if target <= lo else Fraction(0) if target > hi else _ceiling(at_least, target)
            return {"failure": 1 - p, "success": p}

        return odds
    return None


def _ceiling(at_least: dict[int, Fraction], target: int) -> Fraction:
    # Totals may skip values (take 10 with helpers: 10, 12, 14…): the first total at or above.
    while target not in at_least:
        target += 1
    return at_least[target]


_PLAIN: dict[tuple, StackedSweep] = {}
_PLAIN_SIZE = 32


def sweep(check, targets: range) -> StackedSweep:
    fast = fast_odds(check)
    if fast is not None:
        return dc_sweep(fast, targets)
    try:
        key = (check.with_target(0), targets.start, targets.stop)  # the same check at any DC
        cached = _PLAIN.get(key)
    except TypeError:  # an unhashable check: compute every time
        return plain_sweep(check, targets)
    if cached is None:
        cached = plain_sweep(check, targets)
        if len(_PLAIN) >= _PLAIN_SIZE:
            _PLAIN.pop(next(iter(_PLAIN)))
        _PLAIN[key] = cached
    return cached


def plain_sweep(check, targets: range) -> StackedSweep:
    return dc_sweep(lambda dc: check.with_target(dc).odds(), targets)
