"""Odds turned into chart series: pure data, no Qt, so the charts only copy numbers into items.

Three shapes cover every chart of the check panel:
- ``tier_bars``: one bar per tier of one check (worst tier first);
- ``hits_bars``: anarchy's distribution of hits, each bar tagged with the tier that count of hits gives
  against the threshold;
- ``dc_sweep``: for a range of DCs (or anarchy thresholds), the tiers stacked, best tier at the bottom,
  so the top edge of the success bands reads as "chance of success" from the axis.

Heights are floats (chart coordinates); the exact Fractions stay in ``Odds``. ``percent`` rounds exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from gmdesk.engine.core import SUCCESS_TIERS, Odds


@dataclass(frozen=True)
class Bars:
    """Bars at ``x`` with ``heights``; ``keys[i]`` is the tier that colours bar i."""

    x: tuple[float, ...]
    heights: tuple[float, ...]
    keys: tuple[str, ...]
    labels: tuple[str, ...] = ()  # axis labels (tier ids, or hit counts as text)


@dataclass(frozen=True)
class StackedSweep:
    """Tier probabilities for each target, stacked: ``bottoms[t][i] + heights[t][i]`` is the top of
    tier t at ``targets[i]``. ``tiers`` is the stacking order, bottom first (best tier first)."""

    targets: tuple[int, ...]
    tiers: tuple[str, ...]
    bottoms: dict[str, tuple[float, ...]]
    heights: dict[str, tuple[float, ...]]

    def top(self, tier: str) -> tuple[float, ...]:
        return tuple(b + h for b, h in zip(self.bottoms[tier], self.heights[tier]))


def tier_bars(odds: Odds) -> Bars:
    """One bar per tier, in the engine's order (worst first)."""
    tiers = tuple(odds.tiers)
    return Bars(
        x=tuple(float(i) for i in range(len(tiers))),
        heights=tuple(float(odds.tiers[t]) for t in tiers),
        keys=tiers,
        labels=tiers,
    )


def hits_distribution(odds: Odds) -> tuple[Fraction, ...]:
    """Anarchy's P(final hits = k) for k = 0.., from ``Odds.extra['hits']``."""
    hits = odds.extra.get("hits")
    if hits is None:
        raise ValueError(f"{odds.system} odds carry no distribution of hits")
    return tuple(Fraction(p) for p in hits)


def hits_bars(odds: Odds, threshold: int | None) -> Bars:
    """Bars over the number of hits; a count that meets the threshold is a success.

    With no threshold (an open test) there is no tier: the bars are tagged ``"open"``.
    """
    dist = hits_distribution(odds)
    if threshold is None:
        keys = tuple("open" for _ in dist)
    else:
        keys = tuple("success" if k >= threshold else "failure" for k in range(len(dist)))
    return Bars(
        x=tuple(float(k) for k in range(len(dist))),
        heights=tuple(float(p) for p in dist),
        keys=keys,
        labels=tuple(str(k) for k in range(len(dist))),
    )


def stacking_order(tiers: Iterable[str]) -> tuple[str, ...]:
    """Best tier at the bottom: reverse of the engine's worst-first order."""
    return tuple(reversed(tuple(tiers)))


def dc_sweep(odds_at: Callable[[int], Odds | Mapping[str, Fraction]], targets: Sequence[int]) -> StackedSweep:
    """Stack the tiers of ``odds_at(dc)`` (an ``Odds``, or its tier mapping) for every dc in ``targets``.

    Every target must give the same set of tiers (one check, only its DC moves).
    """
    if not targets:
        raise ValueError("a sweep needs at least one target")
    all_tiers = [_tiers(odds_at(dc)) for dc in targets]
    order = stacking_order(all_tiers[0])
    bottoms: dict[str, list[float]] = {t: [] for t in order}
    heights: dict[str, list[float]] = {t: [] for t in order}
    for tiers in all_tiers:
        if tiers.keys() != set(order):
            raise ValueError(f"tiers changed across the sweep: {tuple(tiers)} vs {order}")
        # Chart coordinates are floats; stacking floats is exact to ~1e-16, far below a pixel, and
        # several times faster than stacking Fractions (this runs on every keystroke).
        level = 0.0
        for tier in order:
            p = float(tiers[tier])
            bottoms[tier].append(level)
            heights[tier].append(p)
            level += p
    return StackedSweep(
        targets=tuple(targets),
        tiers=order,
        bottoms={t: tuple(v) for t, v in bottoms.items()},
        heights={t: tuple(v) for t, v in heights.items()},
    )


def hits_sweep(odds: Odds, thresholds: Sequence[int]) -> StackedSweep:
    """Anarchy's sweep against the threshold, read off one distribution of hits: a simple test with
    threshold t succeeds exactly when hits >= t, so P(success) = sum of P(hits = k) for k >= t (the
    engine's ``with_target(t).odds()``, without recomputing the dice for every t)."""
    dist = hits_distribution(odds)

    def at(t: int) -> Odds:
        success = sum(dist[max(t, 0):], Fraction(0))
        return Odds(odds.system, {"failure": 1 - success, "success": success})

    return dc_sweep(at, thresholds)


def _tiers(odds: Odds | Mapping[str, Fraction]) -> Mapping[str, Fraction]:
    return odds.tiers if isinstance(odds, Odds) else odds


def success_chance(odds: Odds) -> Fraction:
    return sum((p for t, p in odds.tiers.items() if t in SUCCESS_TIERS), Fraction(0))


def d20_sweep_range(modifier: int, dc: int | None, *, degrees_of_ten: bool = False,
                    ladder: Sequence[int] = ()) -> range:
    """The DCs worth drawing for a d20 check with this total modifier.

    Outside [modifier + 1, modifier + 20] the odds stop moving (pf2's ±10 degrees widen that by 10 on
    each side). The range always includes the current DC and the system's DC ladder, so the marker
    and the ladder's steps are on the chart.
    """
    margin = 10 if degrees_of_ten else 0
    lo = modifier + 1 - margin - 1
    hi = modifier + 20 + margin + 1
    points = [lo, hi, *ladder] + ([dc] if dc is not None else [])
    return range(min(points), max(points) + 1)


def threshold_sweep_range(max_hits: int, threshold: int | None) -> range:
    """Anarchy thresholds from 0 (automatic) to one past the most hits possible."""
    top = max(max_hits + 1, threshold or 0)
    return range(0, top + 1)


def percent(p: Fraction | float, decimals: int = 1) -> Fraction:
    """p as a percentage rounded half-up to ``decimals`` places, exactly (no float drift)."""
    scale = 10**decimals
    # A float is read as the decimal it prints as (0.7975, not 0.79749999…): what the GM typed.
    value = (Fraction(repr(p)) if isinstance(p, float) else Fraction(p)) * 100 * scale
    return Fraction(math.floor(value + Fraction(1, 2)), scale)


def percent_text(p: Fraction | float, decimal_point: str = ".", decimals: int = 1) -> str:
    """``"35.0 %"``; a chance that is possible but rounds to 0 reads ``"<0.1 %"`` (and the mirror
    case ``">99.9 %"``) so a GM never reads "impossible" for something that can happen."""
    p = Fraction(p)
    step = Fraction(1, 10**decimals)
    shown = percent(p, decimals)
    if p > 0 and shown == 0:
        text, prefix = _fixed(step, decimals), "<"
    elif p < 1 and shown == 100:
        text, prefix = _fixed(100 - step, decimals), ">"
    else:
        text, prefix = _fixed(shown, decimals), ""
    return f"{prefix}{text.replace('.', decimal_point)} %"


def _fixed(value: Fraction, decimals: int) -> str:
    scaled = int(value * 10**decimals)
    whole, frac = divmod(scaled, 10**decimals)
    return f"{whole}.{frac:0{decimals}d}" if decimals else str(whole)
