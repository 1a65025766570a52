"""Exact outcome counts of one Shadowrun Anarchy dice pool (RULES.md §5), as integers.

Every die falls in one of three classes: a *hit* (5-6, or 4-6 with Luck before the roll), a *one*
(counts towards complications) or a *blank*. A pool's outcome is therefore a trinomial, counted with
multinomial coefficients and integer face weights over a power of 6; probabilities become
``Fraction``s only at the end. Nothing here is cached between calls: the benchmark measures real
work, and a GM's table needs only a few pools at a time anyway.

The reroll policy is RULES.md's "odds policy": Luck after the roll and Edge/Trait rerolls reroll
non-hit dice (all of them for Luck; up to the allowed count, 1s first, for Edges).

- **Luck after the roll** rerolls every non-hit die and forgets its first face (R-5), so each die
  ends, independently, as a hit, a one or a blank with weights over 36: still a trinomial.
- **Edge/Trait rerolls** never change the complication (it is judged on the initial roll, and the
  rerolled 1s still count), so the final hits are the initial hits plus a binomial over
  ``min(rerolls, non-hit dice)`` dice.

The house rules (``Rulings``; RULES.md's rulings are the defaults) change three things here: R-3
off lets Luck after the roll and Edge/Trait rerolls combine (Luck first, then the Edge rerolls on
the dice that still miss); R-4 off makes "no hit and no 1" a minor complication; R-5 off judges
the complication on the initial roll, before the Luck reroll (``_judged_before_luck``).

The optional opposed-test tie-break ("fewer 1s on the initial roll wins", seed 004: "au test
initial (avant relances éventuelles)") always counts the 1s of the initial roll, before any reroll,
Luck after the roll included: R-5 forgets the first faces for complications only. With Edge rerolls
those are the complication's 1s anyway; after a Luck reroll they differ, so ``tie_break_counts``
carries them on their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Iterable

from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.pool import at_least, binomial_row, marginal, tie_break_win_count, to_fractions, win_count
from gmdesk.systems.kit.rulings import DEFAULT as DEFAULT_RULINGS, Rulings

__all__ = ["MAX_DICE", "MAX_REROLLS", "NO_COMPLICATION", "Joint", "hit_faces", "degree", "die_weights",
           "check_options", "hit_counts", "complication_count", "joint_counts", "tie_break_counts", "hits_table",
           "PoolTable", "pool_table", "opposed_win", "anarchy_tables", "at_least", "to_fractions", "win_count",
           "marginal", "hits_ones", "tie_break_win_count"]

MAX_DICE = 100  # far beyond any character; bounds the cost of an exact answer
MAX_REROLLS = 3
NO_COMPLICATION = -1  # the degree key used when a test carries no complication

# (final hits, ones, complication degree or NO_COMPLICATION) -> integer weight
Joint = dict[tuple[int, int, int], int]


def hit_faces(luck_before: bool) -> int:
    """How many faces of a d6 are hits: 5-6, or 4-6 after spending Luck before the roll."""
    return 3 if luck_before else 2


def degree(hits: int, ones: int, needs_a_one: bool = True) -> int:
    """At least as many 1s as hits; R-4 (``needs_a_one``): and at least one 1. Degree = ones − hits."""
    return ones - hits if ones >= hits and (ones >= 1 or not needs_a_one) else NO_COMPLICATION


def die_weights(luck_before: bool, luck_after: bool) -> tuple[int, int, int, int]:
    """(hit, one, blank, total) weights of one die as it finally stands, for complications (R-5)."""
    hw = hit_faces(luck_before)
    blank = 5 - hw  # faces 2..(first hit face - 1)
    if not luck_after:
        return hw, 1, blank, 6
    miss = 6 - hw  # a first non-hit is rerolled and forgotten
    return 6 * hw + miss * hw, miss, miss * blank, 36


def check_options(pool: int, luck_after: bool, rerolls: int, field: str = "pool",
                  rulings: Rulings = DEFAULT_RULINGS) -> None:
    check_int(field, pool, 0, MAX_DICE)
    check_int("rerolls", rerolls, 0, MAX_REROLLS)
    if luck_after and rerolls and rulings.one_reroll_per_test:
        raise RulesError(
            "luck_after",
            "cannot be combined with rerolls: only one reroll per test, and Luck after the roll "
            "is a reroll (R-3)",
        )


def hit_counts(pool: int, luck_before: bool = False, luck_after: bool = False, rerolls: int = 0) -> tuple[list[int], int]:
    """Integer weights of the final hits 0..pool, and their denominator."""
    hw = hit_faces(luck_before)
    if not rerolls:
        wh, _, _, total = die_weights(luck_before, luck_after)
        return binomial_row(pool, wh, total - wh), total**pool
    initial = binomial_row(pool, hw, 6 - hw)
    counts = [0] * (pool + 1)
    for h, w in enumerate(initial):
        r = min(rerolls, pool - h)
        scale = w * 6 ** (rerolls - r)  # unused rerolls: bring every branch over 6^(pool+rerolls)
        for h2, w2 in enumerate(binomial_row(r, hw, 6 - hw)):
            counts[h + h2] += scale * w2
    return counts, 6 ** (pool + rerolls)


def complication_count(pool: int, luck_before: bool = False, luck_after: bool = False) -> tuple[int, int]:
    """Weight of "the test carries a complication", and its denominator.

    Edge/Trait rerolls do not change it (initial roll), so they are not a parameter.
    """
    wh, wo, wb, total = die_weights(luck_before, luck_after)
    pow_o = [1] * (pool + 1)
    pow_b = [1] * (pool + 1)
    for i in range(1, pool + 1):
        pow_o[i] = pow_o[i - 1] * wo
        pow_b[i] = pow_b[i - 1] * wb
    count = 0
    c_h = 1  # C(pool, h)
    wh_h = 1
    for h in range(pool // 2 + 1):  # ones >= hits and ones + hits <= pool
        m = pool - h
        lo = max(1, h)
        c_o = comb(m, lo)  # C(m, o), walked upwards from the first o that complicates
        inner = 0
        for o in range(lo, m + 1):
            inner += c_o * pow_o[o] * pow_b[m - o]
            c_o = c_o * (m - o) // (o + 1)
        count += c_h * wh_h * inner
        c_h = c_h * (pool - h) // (h + 1)
        wh_h *= wh
    return count, total**pool


def joint_counts(pool: int, luck_before: bool = False, luck_after: bool = False, rerolls: int = 0,
                 rulings: Rulings = DEFAULT_RULINGS) -> tuple[Joint, int]:
    """Weights of (final hits, ones, complication degree) and their denominator.

    ``ones`` are the 1s that count for complications: those of the initial roll with Edge
    rerolls, those standing after a Luck reroll (R-5). Not the tie-break's 1s after a Luck reroll:
    see ``tie_break_counts``. With R-3 off, Luck's reroll comes first and the Edge rerolls take
    the dice that still miss.
    """
    check_options(pool, luck_after, rerolls, rulings=rulings)
    if luck_after and not rulings.complication_after_luck:
        return _judged_before_luck(pool, luck_before, rerolls, rulings.complication_needs_a_one)
    needs_one = rulings.complication_needs_a_one
    hw = hit_faces(luck_before)
    wh, wo, wb, total = die_weights(luck_before, luck_after)
    out: Joint = {}
    row_h = binomial_row(pool, wh, 1)  # C(n,h) wh^h; ones/blanks weighted below
    for h in range(pool + 1):
        m = pool - h  # the dice that miss (after the Luck reroll, if any): the Edge rerolls take them
        ones_row = binomial_row(m, wo, wb)
        if rerolls:
            r = min(rerolls, m)
            scale = 6 ** (rerolls - r)
            reroll_row = binomial_row(r, hw, 6 - hw)
        for o in range(m + 1):
            w = row_h[h] * ones_row[o]
            d = degree(h, o, needs_one)
            if not rerolls:
                out[(h, o, d)] = out.get((h, o, d), 0) + w
                continue
            for h2, w2 in enumerate(reroll_row):
                key = (h + h2, o, d)
                out[key] = out.get(key, 0) + w * w2 * scale
    return out, total**pool * 6**rerolls


def _judged_before_luck(pool: int, luck_before: bool, rerolls: int, needs_one: bool) -> tuple[Joint, int]:
    """R-5 off: the complication is judged on the initial roll (h0 hits, o0 ones), then Luck rerolls
    the pool − h0 dice that missed (h1 new hits), then, with R-3 off, the Edge rerolls take up to
    ``rerolls`` of the dice that still miss (h2). Given h0, the initial 1s and the Luck reroll's hits
    are independent, so each is a row of its own. Over 36^pool · 6^rerolls."""
    hw = hit_faces(luck_before)
    out: Joint = {}
    row_h = binomial_row(pool, hw, 1)
    for h0 in range(pool + 1):
        m = pool - h0
        first = row_h[h0] * 6**h0  # the kept hits roll no second face: over 6^(2 pool) like the rest
        ones_row = binomial_row(m, 1, 5 - hw)
        luck_row = binomial_row(m, hw, 6 - hw)
        for h1, w1 in enumerate(luck_row):
            r = min(rerolls, pool - h0 - h1)
            edge_row = binomial_row(r, hw, 6 - hw)
            scale = first * w1 * 6 ** (rerolls - r)
            for o0, wo in enumerate(ones_row):
                d = degree(h0, o0, needs_one)
                for h2, w2 in enumerate(edge_row):
                    key = (h0 + h1 + h2, o0, d)
                    out[key] = out.get(key, 0) + scale * wo * w2
    return out, 36**pool * 6**rerolls


def tie_break_counts(pool: int, luck_before: bool = False, luck_after: bool = False,
                     rerolls: int = 0, rulings: Rulings = DEFAULT_RULINGS) -> tuple[dict[tuple[int, int], int], int]:
    """Weights of (final hits, 1s of the initial roll) and their denominator: what the opposed-test
    tie-break compares. The 1s are counted before any reroll, Luck after the roll included.

    Without a Luck reroll these are the complication's 1s, so the (cheaper) joint is reused.
    After one, every non-hit die is rerolled: the initial roll is a trinomial (hits, 1s, blanks)
    and the final hits add a binomial over the ``pool − initial hits`` rerolled dice (and, with
    R-3 off, the Edge rerolls over the dice that still miss).
    """
    check_options(pool, luck_after, rerolls, rulings=rulings)
    if not luck_after:
        joint, den = joint_counts(pool, luck_before, luck_after, rerolls, rulings)
        return marginal(joint, hits_ones), den
    joint, den = _judged_before_luck(pool, luck_before, rerolls, True)  # its ones are the initial roll's
    return marginal(joint, hits_ones), den


def hits_table(pool: int, luck_before: bool = False, luck_after: bool = False, rerolls: int = 0) -> tuple[tuple[Fraction, ...], Fraction]:
    """Exact (P(final hits = i) for i = 0..pool, P(complication)) of one pool."""
    check_options(pool, luck_after, rerolls)
    counts, den = hit_counts(pool, luck_before, luck_after, rerolls)
    comp, comp_den = complication_count(pool, luck_before, luck_after)
    return to_fractions(counts, den), Fraction(comp, comp_den)


@dataclass(frozen=True)
class PoolTable:
    pool: int
    hits: tuple[Fraction, ...]  # P(final hits = i)
    at_least: tuple[Fraction, ...]  # P(final hits >= t) for each requested t, in order
    complication: Fraction


def pool_table(pool: int, thresholds: Iterable[int] = range(9), luck_before: bool = False,
               luck_after: bool = False, rerolls: int = 0) -> PoolTable:
    """Hits distribution, P(hits >= t) for each threshold, and the complication chance of a pool."""
    check_options(pool, luck_after, rerolls)
    counts, den = hit_counts(pool, luck_before, luck_after, rerolls)
    tail = [0] * (pool + 2)  # tail[t] = weight of hits >= t, summed in integers
    for i in range(pool, -1, -1):
        tail[i] = tail[i + 1] + counts[i]
    comp, comp_den = complication_count(pool, luck_before, luck_after)
    return PoolTable(
        pool,
        to_fractions(counts, den),
        tuple(Fraction(tail[min(max(t, 0), pool + 1)], den) for t in thresholds),
        Fraction(comp, comp_den),
    )


def opposed_win(actor_pool: int, opposing_pool: int, luck_before: bool = False, luck_after: bool = False,
                rerolls: int = 0, tie_break_ones: bool = False) -> Fraction:
    """P(the actor wins an opposed test): more hits than a plain opposing pool, ties to the actor.

    With ``tie_break_ones`` a tie goes to the side with fewer 1s on its initial roll, before any
    reroll (still to the actor when the 1s are equal too).
    """
    check_options(actor_pool, luck_after, rerolls, "actor_pool")
    check_int("opposing_pool", opposing_pool, 0, MAX_DICE)
    if not tie_break_ones:
        actor, den_a = hit_counts(actor_pool, luck_before, luck_after, rerolls)
        opposing, den_o = hit_counts(opposing_pool)
        return Fraction(win_count(actor, opposing), den_a * den_o)
    actor_tb, den_a = tie_break_counts(actor_pool, luck_before, luck_after, rerolls)
    opp_tb, den_o = tie_break_counts(opposing_pool)
    return Fraction(tie_break_win_count(actor_tb, opp_tb), den_a * den_o)


def hits_ones(key: tuple[int, int, int]) -> tuple[int, int]:
    return key[0], key[1]


def anarchy_tables(pools: Iterable[int] = range(1, 31), thresholds: Iterable[int] = range(9),
                   actor_pools: Iterable[int] = range(1, 21), opposing_pools: Iterable[int] = range(4, 13),
                   ) -> tuple[dict[int, PoolTable], dict[tuple[int, int], Fraction]]:
    """The benchmark workload: plain pools' tables and opposed win chances, computed afresh."""
    thresholds = tuple(thresholds)
    tables = {n: pool_table(n, thresholds) for n in pools}
    opp_rows = {k: hit_counts(k) for k in opposing_pools}
    opposed = {}
    for a in actor_pools:
        actor, den_a = hit_counts(a)
        for k, (opposing, den_o) in opp_rows.items():
            opposed[(a, k)] = Fraction(win_count(actor, opposing), den_a * den_o)
    return tables, opposed
