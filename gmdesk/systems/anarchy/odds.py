"""Exact odds of a whole Shadowrun Anarchy test: helpers, the leader's pool, the kind of test.

Weights stay integers over a power of 6 until the end (see ``dice``).

What the figures mean:

- ``hits``: the leader's final hits (after any reroll); in an extended test, the hits accumulated
  when the test stops (threshold reached, or intervals used up).
- ``complication``: P(the test carries a complication), where the test is the leader's roll and,
  in teamwork, every helper's roll (the seed adds the helpers' complications to the leader's
  test): P(leader or any helper has one). In an extended test: in any interval actually rolled.
- ``complication_degrees``: {degree: P(the worst complication of the test has that degree)}; its
  values sum to ``complication``.
- ``complication_count`` (all but extended tests): {k: P(the test carries k complications)}. The
  seed adds the helpers' complications to the leader's test: each roll with a complication counts
  one. ``expected_complications``: the mean number (extended tests too: the mean per interval
  times the mean number of intervals rolled, by Wald's identity, since whether an interval is
  rolled depends only on the intervals before it).
- ``net_hits`` (tests with a threshold or an opposing pool): {hits − threshold: P}, negative when
  the test fails; for opposed and variable tests the threshold is the opposing hits.
- tiers: an *open* test has no threshold, so ``success`` is "at least one hit" there. With the
  optional 1s tie-break, a tie in an opposed or variable test goes to the side with fewer 1s on
  its initial roll, before any reroll (Luck after the roll included; R-5 is for complications).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from operator import add, mul
from typing import TYPE_CHECKING

from gmdesk.engine.core import Odds, RulesError

from .dice import (NO_COMPLICATION, Joint, hits_ones, joint_counts, marginal, tie_break_counts,
                           tie_break_win_count, win_count)

if TYPE_CHECKING:
    from .rules import AnarchyTest

# Work units (≈ big-integer products) allowed for an extended test's exact odds: about a second.
# Realistic tests (pool 20, threshold 30, 12 intervals) use a tenth of it.
EXTENDED_BUDGET = 2_500_000


def hits_that_count(test: "AnarchyTest") -> int:
    """The helpers' hits past which the ±5 cap adds no die: more count as this many. The odds use
    only the dice the leader rolls, so the weights keep a few keys per degree however many helpers
    of however many dice roll (20 helpers of 60 dice with a pool of 60: well under a second)."""
    return max(0, test.net_dice_modifier(1 << 30) - sum(m.value for m in test.modifiers))


def _helpers_rows(test: "AnarchyTest", most: int) -> list[tuple[dict[int, dict[int, int]], int]]:
    """Each helper's weights by hits (up to ``most``) then complication degree, and its denominator;
    helpers rolling alike are counted once."""
    seen: dict[tuple, tuple[dict[int, dict[int, int]], int]] = {}
    out = []
    for h in test.helpers:
        how = (h.rolled_dice(), h.luck_before, h.luck_after, h.rerolls)
        if how not in seen:
            j, d = joint_counts(*how, test.rulings)
            rows: dict[int, dict[int, int]] = {}
            for (x, _, xd), w in j.items():
                row = rows.setdefault(min(x, most), {})
                row[xd] = row.get(xd, 0) + w
            seen[how] = rows, d
        out.append(seen[how])
    return out


def helpers_counts(test: "AnarchyTest") -> tuple[dict[tuple[int, int], int], int]:
    """Weights of (the helpers' total hits, up to ``hits_that_count``; their worst complication degree).

    Carried as cumulative weights over the degrees (hits b, worst degree at most D): the worst of
    two independent rolls is at most D when both are, a product, so adding a helper is one
    element-wise product per pair of hits instead of one per pair of degrees."""
    most = hits_that_count(test)
    helpers = _helpers_rows(test, most)
    degrees = sorted({NO_COMPLICATION} | {deg for rows, _ in helpers for row in rows.values() for deg in row})

    def cumulative(row: dict[int, int]) -> list[int]:
        run, out = 0, []
        for deg in degrees:
            run += row.get(deg, 0)
            out.append(run)
        return out

    acc: dict[int, list[int]] = {0: [1] * len(degrees)}  # no hits yet, no complication
    den = 1
    for rows, d in helpers:
        own = {x: cumulative(row) for x, row in rows.items()}
        nxt: dict[int, list[int]] = {}
        for b, fa in acc.items():
            for x, fo in own.items():
                both = list(map(mul, fa, fo))
                t = min(b + x, most)
                nxt[t] = list(map(add, nxt[t], both)) if t in nxt else both
        acc, den = nxt, den * d
    out: dict[tuple[int, int], int] = {}
    for b, f in acc.items():
        before = 0
        for deg, c in zip(degrees, f):
            if c != before:
                out[(b, deg)] = c - before
            before = c
    return out, den


def worst_of(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """Weights of max(x, y) for independent x and y weighted by ``a`` and ``b``: the worst degree of
    two rolls' complications, in one pass over the degrees instead of every pair of them."""
    out: dict[int, int] = {}
    below_a = below_b = 0  # the weights of the degrees already passed
    for v in sorted(a.keys() | b.keys()):
        wa, wb = a.get(v, 0), b.get(v, 0)
        w = wa * (below_b + wb) + wb * below_a  # x is v and y at most v, or y is v and x below it
        if w:
            out[v] = w
        below_a, below_b = below_a + wa, below_b + wb
    return out


def _leader_pools(test: "AnarchyTest", bonuses, count) -> tuple[dict[int, tuple[dict, int]], int]:
    """``count(n)`` for every pool the leader may roll given the helpers' hits, and the largest
    denominator (all powers of 6: each divides the largest)."""
    leaders: dict[int, tuple[dict, int]] = {}
    for b in bonuses:
        n = test.rolled_dice(b)
        if n not in leaders:
            leaders[n] = count(n)
    return leaders, max(d for _, d in leaders.values())


def check_counts(test: "AnarchyTest") -> tuple[Joint, int]:
    """Weights of (leader's final hits, 0, worst degree of leader and helpers).

    The leader's 1s are summed out (the 0 keeps the ``Joint``'s shape): only the 1s tie-break reads
    them, and ``leader_tie_break_counts`` counts them itself. Carrying them here, against every
    degree the helpers may reach, took seconds for a pool of 60 with one helper of 60."""
    helpers, hden = helpers_counts(test)
    by_bonus: dict[int, dict[int, int]] = {}
    for (b, hd), w in helpers.items():
        by_bonus.setdefault(b, {})[hd] = w

    def hits_and_degree(n: int) -> tuple[dict, int]:
        j, d = joint_counts(n, test.luck_before, test.luck_after, test.rerolls, test.rulings)
        by_hits: dict[int, dict[int, int]] = {}
        for (h, _, ld), w in j.items():
            row = by_hits.setdefault(h, {})
            row[ld] = row.get(ld, 0) + w
        return by_hits, d

    leaders, lden = _leader_pools(test, by_bonus, hits_and_degree)
    out: Joint = {}
    for b, helper_degrees in by_bonus.items():
        by_hits, d = leaders[test.rolled_dice(b)]
        f = lden // d
        for h, degrees in by_hits.items():
            for deg, w in worst_of(degrees, helper_degrees).items():
                out[(h, 0, deg)] = out.get((h, 0, deg), 0) + w * f
    return out, hden * lden


def leader_tie_break_counts(test: "AnarchyTest") -> tuple[dict, int]:
    """Weights of (leader's final hits, leader's 1s on the initial roll), for the 1s tie-break,
    mixed over the helpers' hits as in ``check_counts``. After a Luck reroll the 1s that count
    for complications are no longer the initial roll's (R-5): ``tie_break_counts`` counts those."""
    helpers, hden = helpers_counts(test)
    bonus = marginal(helpers, lambda k: k[0])

    def initial_ones(n: int) -> tuple[dict, int]:
        if test.luck_after:
            return tie_break_counts(n, test.luck_before, test.luck_after, test.rerolls, test.rulings)
        j, d = joint_counts(n, test.luck_before, test.luck_after, test.rerolls, test.rulings)
        return marginal(j, hits_ones), d

    leaders, lden = _leader_pools(test, bonus, initial_ones)
    out: dict = {}
    for b, wb in bonus.items():
        tb, d = leaders[test.rolled_dice(b)]
        f = wb * (lden // d)
        for key, w in tb.items():
            out[key] = out.get(key, 0) + w * f
    return out, hden * lden


def count_counts(test: "AnarchyTest") -> tuple[dict[int, int], int]:
    """Weights of how many complications one roll of the test carries (helpers' and leader's)."""
    def has(k) -> int:
        return int(k[2] != NO_COMPLICATION)

    most = hits_that_count(test)
    acc: dict[int, list[int]] = {0: [1]}  # helpers' hits so far (up to most) → weights by complications so far
    den = 1
    for rows, d in _helpers_rows(test, most):
        # by hits: the weight of a roll without a complication, and with one
        own = {x: (row.get(NO_COMPLICATION, 0), sum(row.values()) - row.get(NO_COMPLICATION, 0))
               for x, row in rows.items()}
        nxt: dict[int, list[int]] = {}
        for b, counts in acc.items():
            for x, (clean, spoilt) in own.items():
                # one roll more: as many complications with ``clean``, one more with ``spoilt``
                more = list(map(add, [c * clean for c in counts] + [0], [0] + [c * spoilt for c in counts]))
                t = min(b + x, most)
                nxt[t] = list(map(add, nxt[t], more)) if t in nxt else more
        acc, den = nxt, den * d
    acc = {(b, c): w for b, counts in acc.items() for c, w in enumerate(counts) if w}
    leaders = {}
    for b, _ in acc:
        n = test.rolled_dice(b)
        if n not in leaders:
            j, d = joint_counts(n, test.luck_before, test.luck_after, test.rerolls, test.rulings)
            leaders[n] = (marginal(j, has), d)
    lden = max(d for _, d in leaders.values())  # all powers of 6: each divides the largest
    out: dict[int, int] = {}
    for (b, c), w in acc.items():
        own, d = leaders[test.rolled_dice(b)]
        for lc, w2 in own.items():
            out[c + lc] = out.get(c + lc, 0) + w * w2 * (lden // d)
    return out, den * lden


def _count_extra(test: "AnarchyTest") -> dict:
    counts, den = count_counts(test)
    dist = _fractions(counts, den)
    return {"complication_count": dist, "expected_complications": sum((k * p for k, p in dist.items()), Fraction(0))}


def _hits_list(weights: dict) -> list[int]:
    out = [0] * (max(weights) + 1)
    for h, w in weights.items():
        out[h] += w
    return out


def _fractions(weights: dict, den: int) -> dict:
    return {k: Fraction(w, den) for k, w in sorted(weights.items()) if w}


def _complication_extra(degrees: dict[int, int], den: int) -> dict:
    comp = {d: w for d, w in degrees.items() if d != NO_COMPLICATION}
    return {
        "complication": Fraction(sum(comp.values()), den),
        "complication_degrees": _fractions(comp, den),
    }


def odds(test: "AnarchyTest") -> Odds:
    joint, den = check_counts(test)
    if test.kind == "extended":
        return _extended(test, joint, den)
    hits = _hits_list(marginal(joint, lambda k: k[0]))
    extra: dict = {"hits": tuple(Fraction(w, den) for w in hits)}
    extra.update(_complication_extra(marginal(joint, lambda k: k[2]), den))
    extra.update(_count_extra(test))
    if test.kind == "open":
        success = Fraction(den - hits[0], den)
    elif test.kind == "simple":
        t = test.threshold
        success = Fraction(sum(hits[t:]), den)
        extra["net_hits"] = _fractions({h - t: w for h, w in enumerate(hits)}, den)
    else:  # opposed, variable: the opposing pool's hits are the threshold
        opp_tb, oden = tie_break_counts(test.opposing_pool)  # a plain pool: (hits, initial 1s)
        opp_hits = _hits_list(marginal(opp_tb, lambda k: k[0]))
        if test.tie_break_ones:
            actor_tb, tden = leader_tie_break_counts(test)
            success = Fraction(tie_break_win_count(actor_tb, opp_tb), tden * oden)
        else:
            success = Fraction(win_count(hits, opp_hits), den * oden)
        net: dict[int, int] = {}
        for a, wa in enumerate(hits):
            for o, wo in enumerate(opp_hits):
                net[a - o] = net.get(a - o, 0) + wa * wo
        extra["net_hits"] = _fractions(net, den * oden)
        extra["opposing_hits"] = tuple(Fraction(w, oden) for w in opp_hits)
    return Odds("anarchy", {"failure": 1 - success, "success": success}, extra)


def _accumulate(per_interval: list[int], den: int, threshold: int, intervals: int):
    """Interval after interval until the hits reach the threshold or the intervals run out.

    ``per_interval[h]`` weighs one interval's hits; it may sum to less than ``den`` (intervals
    excluded by a condition: their branches are dropped). Returns (still short: [weight by hits],
    reached: {hits: weight}, [weight reached within i + 1 intervals]); the first two over
    den^intervals, the i-th entry of the last over den^(i + 1).
    """
    n = len(per_interval) - 1
    rev = per_interval[::-1]
    active = [1] + [0] * (threshold - 1)  # accumulated hits 0..threshold-1, still rolling
    done: dict[int, int] = {}
    by_interval = []
    for _ in range(intervals):
        done = {k: w * den for k, w in done.items()}  # the intervals not rolled: any outcome
        # one convolution step, each coefficient a C-level sum of products (hot loop)
        conv = []
        for j in range(threshold + n):
            lo, hi = max(0, j - n), min(j, threshold - 1)
            conv.append(sum(map(mul, active[lo:hi + 1], rev[n - j + lo:n - j + hi + 1])) if lo <= hi else 0)
        active = conv[:threshold]
        for j in range(threshold, threshold + n):
            if conv[j]:
                done[j] = done.get(j, 0) + conv[j]
        by_interval.append(sum(done.values()))
    return active, done, by_interval


def _extended(test: "AnarchyTest", joint: Joint, den: int) -> Odds:
    """Roll interval after interval until the hits reach the threshold or the intervals run out.

    ``success_by_interval[i]`` = P(threshold reached within i + 1 intervals). A complication
    counts only in an interval actually rolled. The worst degree is found by cut-offs: P(worst
    degree <= c) is the chance that no rolled interval has a degree above c, one small
    accumulation each (far cheaper than carrying the degree in every state).
    """
    t, n = test.threshold, test.intervals
    most = max(k[0] for k in joint)
    if (most + 2) * n * (t + most) * (most + 1) > EXTENDED_BUDGET:
        raise RulesError("intervals", f"exact odds of {n} intervals of up to {most} dice towards {t} hits "
                         "would take too long; shorten the test (fewer intervals, a smaller threshold)")
    g = gcd(den, *joint.values())  # smaller integers: every step multiplies by den
    joint, den = {k: w // g for k, w in joint.items()}, den // g
    total_den = den**n
    per_interval = _hits_list(marginal(joint, lambda k: k[0]))
    active, done, by_interval = _accumulate(per_interval, den, t, n)
    hits = active + [done.get(h, 0) for h in range(t, max(done, default=0) + 1)]
    while len(hits) > 1 and not hits[-1]:  # a small pool cannot reach the threshold's neighbourhood
        hits.pop()
    by_degree = marginal(joint, lambda k: (k[0], k[2]))
    degrees = {}
    below = 0  # weight of "no rolled interval has a complication of this degree or worse"
    for c in sorted({d for _, d in by_degree}):  # NO_COMPLICATION (-1) first
        allowed = [0] * len(per_interval)
        for (h, d), w in by_degree.items():
            if d <= c:
                allowed[h] += w
        short, reached, _ = _accumulate(allowed, den, t, n)
        at_most = sum(short) + sum(reached.values())
        degrees[c], below = at_most - below, at_most
    extra: dict = {"hits": tuple(Fraction(w, total_den) for w in hits)}
    extra.update(_complication_extra(degrees, total_den))
    extra["net_hits"] = _fractions({h - t: w for h, w in enumerate(hits)}, total_den)
    extra["success_by_interval"] = tuple(Fraction(w, den ** (i + 1)) for i, w in enumerate(by_interval))
    success = extra["success_by_interval"][-1]
    # Wald: E[complications] = E[per interval] · E[intervals rolled]; interval i + 1 is rolled when
    # the threshold was not reached within i.
    intervals_rolled = 1 + sum((1 - p for p in extra["success_by_interval"][:-1]), Fraction(0))
    extra["expected_complications"] = _count_extra(test)["expected_complications"] * intervals_rolled
    return Odds("anarchy", {"failure": 1 - success, "success": success}, extra)
