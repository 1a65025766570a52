"""Exact counts over pools of dice, as integers: the arithmetic of dice pools that count hits.

A pool's outcome is counted with binomial (or multinomial) coefficients and integer face weights
over a power of the die's sides; probabilities become ``Fraction``s only at the end (``to_fractions``).
Opposed pools compare two distributions of hits (``win_count``), or of (hits, ones) when fewer ones
break a tie (``tie_break_win_count``). What a hit is, which faces count as ones and what they do is
the game system's (Shadowrun Anarchy: ``gmdesk.systems.anarchy.dice``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable


def binomial_row(n: int, a: int, b: int) -> list[int]:
    """``C(n, i) a^i b^(n-i)`` for i = 0..n, by running ratios (no factorials)."""
    row = []
    c = 1
    pa = 1
    pb = [1] * (n + 1)
    for i in range(1, n + 1):
        pb[i] = pb[i - 1] * b
    for i in range(n + 1):
        row.append(c * pa * pb[n - i])
        c = c * (n - i) // (i + 1)
        pa *= a
    return row


def to_fractions(counts: Iterable[int], denominator: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(c, denominator) for c in counts)


def at_least(hits: Iterable[Fraction], threshold: int) -> Fraction:
    """P(hits >= threshold) from a hits distribution."""
    return sum((p for i, p in enumerate(hits) if i >= threshold), Fraction(0))


def win_count(actor: list[int], opposing: list[int]) -> int:
    """Weight of actor hits >= opposing hits (ties go to the actor)."""
    total = 0
    cum = 0  # weight of opposing hits <= a
    for a, w in enumerate(actor):
        if a < len(opposing):
            cum += opposing[a]
        total += w * cum
    return total


def marginal(joint: dict, key) -> dict:
    out: dict = {}
    for k, w in joint.items():
        nk = key(k)
        out[nk] = out.get(nk, 0) + w
    return out


def tie_break_win_count(actor: dict[tuple[int, int], int], opposing: dict[tuple[int, int], int]) -> int:
    """Weight of: actor hits > opposing hits, or equal hits and actor ones <= opposing ones.

    Both sides keyed by (final hits, 1s of the initial roll), as ``tie_break_counts`` gives them.
    """
    if not actor or not opposing:
        return 0
    top_h = max(h for h, _ in opposing)
    top_o = max(max(o for _, o in opposing), max(o for _, o in actor))
    grid = [[0] * (top_o + 2) for _ in range(top_h + 1)]
    for (h, o), w in opposing.items():
        grid[h][o] += w
    # cumulative sums, so each actor outcome costs O(1) (big pools have thousands of outcomes):
    # at_least[h][o] = weight of (opposing hits h, ones >= o); below[a] = weight of opposing hits < a
    at_least = []
    below = [0]
    for row in grid:
        for o in range(top_o, -1, -1):
            row[o] += row[o + 1]
        at_least.append(row)
        below.append(below[-1] + row[0])
    total = 0
    for (a, ones), w in actor.items():
        tied = at_least[a][ones] if a <= top_h else 0
        total += w * (below[min(a, top_h + 1)] + tied)
    return total
