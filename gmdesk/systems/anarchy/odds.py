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
from operator import mul
from typing import TYPE_CHECKING

from gmdesk.engine.core import Odds, RulesError

from .dice import (NO_COMPLICATION, Joint, hits_ones, joint_counts, marginal, tie_break_counts,
                           tie_break_win_count, win_count)

if TYPE_CHECKING:
    from .rules import AnarchyTest

# Work units (≈ big-integer products) allowed for an extended test's exact odds: about a second.
# Realistic tests (pool 20, threshold 30, 12 intervals) use a tenth of it.
EXTENDED_BUDGET = 2_500_000


def helpers_counts(test: "AnarchyTest") -> tuple[dict[tuple[int, int], int], int]:
    """Weights of (the helpers' total hits, their worst complication degree)."""
    acc = {(0, NO_COMPLICATION): 1}
    den = 1
    for h in test.helpers:
        j, d = joint_counts(h.rolled_dice(), h.luck_before, h.luck_after, h.rerolls, test.rulings)
        own = marginal(j, lambda k: (k[0], k[2]))
        nxt: dict[tuple[int, int], int] = {}
        for (b, hd), w in acc.items():
            for (x, xd), w2 in own.items():
                key = (b + x, max(hd, xd))
                nxt[key] = nxt.get(key, 0) + w * w2
        acc, den = nxt, den * d
    return acc, den


def check_counts(test: "AnarchyTest") -> tuple[Joint, int]:
    """Weights of (leader's final hits, leader's ones, worst degree of leader and helpers)."""
    helpers, hden = helpers_counts(test)
    leaders = {}
    for b, _ in helpers:
        n = test.rolled_dice(b)
        if n not in leaders:
            leaders[n] = joint_counts(n, test.luck_before, test.luck_after, test.rerolls, test.rulings)
    lden = max(d for _, d in leaders.values())  # all powers of 6: each divides the largest
    out: Joint = {}
    for (b, hd), wh in helpers.items():
        j, d = leaders[test.rolled_dice(b)]
        f = wh * (lden // d)
        for (h, o, ld), w in j.items():
            key = (h, o, max(ld, hd))
            out[key] = out.get(key, 0) + w * f
    return out, hden * lden


def leader_tie_break_counts(test: "AnarchyTest", joint: Joint, den: int) -> tuple[dict, int]:
    """Weights of (leader's final hits, leader's 1s on the initial roll), for the 1s tie-break.

    Without Luck after the roll the joint's 1s are already the initial roll's; after a Luck
    reroll they are not (R-5), so the leader's pools are counted again, mixed over the helpers'
    hits exactly as in ``check_counts``.
    """
    if not test.luck_after:
        return marginal(joint, hits_ones), den
    helpers, hden = helpers_counts(test)
    bonus = marginal(helpers, lambda k: k[0])
    leaders = {}
    for b in bonus:
        n = test.rolled_dice(b)
        if n not in leaders:
            leaders[n] = tie_break_counts(n, test.luck_before, test.luck_after, test.rerolls, test.rulings)
    lden = max(d for _, d in leaders.values())  # all powers of 6: each divides the largest
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

    acc = {(0, 0): 1}  # (helpers' hits so far, complications so far)
    den = 1
    for h in test.helpers:
        j, d = joint_counts(h.rolled_dice(), h.luck_before, h.luck_after, h.rerolls, test.rulings)
        own = marginal(j, lambda k: (k[0], has(k)))
        nxt: dict[tuple[int, int], int] = {}
        for (b, c), w in acc.items():
            for (x, xc), w2 in own.items():
                nxt[(b + x, c + xc)] = nxt.get((b + x, c + xc), 0) + w * w2
        acc, den = nxt, den * d
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
            actor_tb, tden = leader_tie_break_counts(test, joint, den)
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
