"""The DC sweep of a check, fast enough to redraw on every keystroke.

The plain way asks the engine for ``check.with_target(dc).odds()`` at each of ~40 DCs. That is
exact for every check type and is what this module falls back to, but a dnd5e test with Heroic
Inspiration and advantage enumerates 8,000 cases per DC. A system knows more about its own checks
(``CheckOptions.sweep``): a pf2 or dnd5e d20 check's odds depend only on ``dc - modifier``
(memoised for the session: a modifier edit shifts the sweep by one DC, one new difference to
compute); a dnd35 skill or ability check has an exact distribution of totals, read at every DC.
Anything else goes the plain way, memoised by the check without its DC (moving the DC is free).

``tests/ui/test_check_sweep.py`` checks every fast path against the plain way.
"""

from __future__ import annotations


from typing import Callable

from gmdesk import systems
from gmdesk.engine.series import StackedSweep, dc_sweep

_PLAIN: dict[tuple, StackedSweep] = {}
_PLAIN_SIZE = 32


def fast_odds(check) -> Callable[[int], dict] | None:
    """``dc -> {tier: probability}`` for this check at another DC without rebuilding it (the
    engine's exact figures, in its tier order), from its system (``CheckOptions.sweep``); None
    when no system has a shortcut for it."""
    for system in systems.loaded():  # a check was built by its system: that one is loaded
        fast = system.options.sweep(check)
        if fast is not None:
            return fast
    return None


def sweep(check, targets: range) -> StackedSweep:
    """The check's odds at every target: its system's shortcut, else the plain way, memoised by the
    check without its DC."""
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
