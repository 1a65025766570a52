"""The d20 itself: which natural face is kept, exactly, and rolling it with every die recorded.

Every d20 system resolves a check from two numbers only: the natural face ``n`` and the total
``n + modifier``. So the odds of a check depend on the modifier and the DC only through
``dc - modifier``; ``tier_table`` uses that to compute a whole party × DC sweep from a handful of
distinct differences instead of thousands of enumerations.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Callable, Iterable

from .core import Die

FACES = range(1, 21)

# How many d20 are rolled and which one is kept.
NORMAL = "normal"
HIGH = "high"  # advantage, fortune: roll two, keep the higher
LOW = "low"  # disadvantage, misfortune: roll two, keep the lower


def keep_mode(favour: bool, disfavour: bool) -> str:
    """Any favour and any disfavour cancel out: one plain d20 (dnd5e advantage, pf2 fortune)."""
    if favour and not disfavour:
        return HIGH
    if disfavour and not favour:
        return LOW
    return NORMAL


def natural_weights(mode: str) -> list[int]:
    """Integer weights of each kept face 1..20 (index 0 = face 1); they sum to 20 or 400."""
    if mode == NORMAL:
        return [1] * 20
    if mode == HIGH:  # P(max = f) ∝ f² − (f−1)²
        return [2 * f - 1 for f in FACES]
    if mode == LOW:  # P(min = f) ∝ (21−f)² − (20−f)²
        return [41 - 2 * f for f in FACES]
    raise ValueError(f"unknown d20 mode {mode!r}")


def tier_distribution(
    tiers: tuple[str, ...], mode: str, tier_of: Callable[[int], str]
) -> dict[str, Fraction]:
    """Exact tier probabilities when ``tier_of(natural face)`` decides the outcome."""
    weights = natural_weights(mode)
    denominator = sum(weights)
    counts = dict.fromkeys(tiers, 0)
    for face, weight in zip(FACES, weights):
        counts[tier_of(face)] += weight
    return {t: Fraction(c, denominator) for t, c in counts.items()}


def tier_table(
    modifiers: Iterable[int],
    dcs: Iterable[int],
    odds_for_difference: Callable[[int], tuple[Fraction, ...]],
) -> list[list[tuple[Fraction, ...]]]:
    """Odds of every (modifier, DC) pair, computing each distinct ``dc - modifier`` once.

    The cache lives for this call only: a sweep does real work every time it is asked.
    """
    dcs = list(dcs)
    seen: dict[int, tuple[Fraction, ...]] = {}
    table = []
    for mod in modifiers:
        row = []
        for dc in dcs:
            diff = dc - mod
            odds = seen.get(diff)
            if odds is None:
                odds = seen[diff] = odds_for_difference(diff)
            row.append(odds)
        table.append(row)
    return table


def roll_d20(rng: random.Random, mode: str) -> tuple[int, tuple[Die, ...]]:
    """Roll the d20(s) for ``mode``; return the kept face and every die, the loser marked dropped."""
    if mode == NORMAL:
        face = rng.randint(1, 20)
        return face, (Die(20, face),)
    a, b = rng.randint(1, 20), rng.randint(1, 20)
    keep_first = (a >= b) if mode == HIGH else (a <= b)
    kept = a if keep_first else b
    dice = (Die(20, a, "kept" if keep_first else "dropped"), Die(20, b, "dropped" if keep_first else "kept"))
    return kept, dice
