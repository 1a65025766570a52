"""Issue 17, item 8: the Poisson-binomial distribution exactly, against brute-force enumeration; the
floating computation for large groups against the exact rationals; Holm, Clopper–Pearson, the dice
bands and χ² against values computed another way."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction as F

import pytest

from gmdesk.analytics import exact


def brute_force(probabilities: list[F]) -> list[F]:
    """P(successes = m), by listing every one of the 2^n outcomes."""
    pmf = [F(0)] * (len(probabilities) + 1)
    for outcome in itertools.product((0, 1), repeat=len(probabilities)):
        weight = F(1)
        for won, p in zip(outcome, probabilities):
            weight *= p if won else 1 - p
        pmf[sum(outcome)] += weight
    return pmf


def as_group(probabilities: list[F]) -> dict[F, int]:
    group: dict[F, int] = {}
    for p in probabilities:
        group[p] = group.get(p, 0) + 1
    return group


def random_chances(rng: random.Random, n: int) -> list[F]:
    # What checks give: twentieths (a d20), 400ths (two d20), sixths powers (anarchy), and sure rolls.
    out = []
    for _ in range(n):
        kind = rng.randrange(4)
        if kind == 0:
            out.append(F(rng.randint(0, 20), 20))
        elif kind == 1:
            out.append(F(rng.randint(1, 399), 400))
        elif kind == 2:
            out.append(F(rng.randint(1, 215), 216))
        else:
            out.append(F(rng.choice((0, 1))))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_the_distribution_is_the_brute_force_one(seed):
    rng = random.Random(seed)
    chances = random_chances(rng, rng.randint(1, 11))
    pmf = exact.pmf_exact(as_group(chances))
    assert pmf == brute_force(chances)
    assert sum(pmf) == 1


@pytest.mark.parametrize("seed", range(12))
def test_the_p_value_is_the_doubled_smaller_tail_of_the_brute_force_distribution(seed):
    rng = random.Random(100 + seed)
    chances = random_chances(rng, rng.randint(1, 10))
    pmf = brute_force(chances)
    for observed in range(len(chances) + 1):
        lower, upper = sum(pmf[: observed + 1]), sum(pmf[observed:])
        want = min(F(1), 2 * min(lower, upper)) if pmf[observed] else F(0)
        assert exact.p_value_exact(as_group(chances), observed) == want
        assert exact.p_value(as_group(chances), observed) == pytest.approx(float(want), rel=1e-15, abs=0)


def test_an_outcome_the_odds_rule_out_has_p_value_zero():
    group = {F(1): 3, F(1, 2): 2}  # three sure successes and two coin flips: 3 to 5 successes
    assert exact.p_value(group, 2) == 0.0 and exact.p_value(group, 6) == 0.0
    assert exact.p_value(group, 4) == 1.0


def test_a_textbook_case():
    # Ten rolls at 1/2: P(X ≤ 1) = 11/1024, so one success or fewer has p = 22/1024.
    assert exact.p_value_exact({F(1, 2): 10}, 1) == F(22, 1024)
    assert exact.tail_at_least({F(1, 2): 10}, 9) == pytest.approx(11 / 1024, rel=1e-15)


@pytest.mark.parametrize("seed", range(8))
def test_the_floating_computation_agrees_with_the_exact_rationals(seed):
    """Groups of a few hundred rolls, every observation from one tail to the other, far tails too."""
    rng = random.Random(1000 + seed)
    group: dict[F, int] = {}
    for _ in range(rng.randint(1, 7)):
        p = F(rng.randint(1, 19), 20) if rng.random() < 0.6 else F(rng.randint(1, 215), 216)
        group[p] = group.get(p, 0) + rng.randint(20, 90)
    n = sum(group.values())
    numerators, denominator = exact._pmf_numerators(group)
    pairs = [(float(p), float(1 - p), c) for p, c in group.items()]
    mean = float(sum(p * c for p, c in group.items()))
    worst = 0.0
    for x in sorted({0, 1, 2, n - 2, n - 1, n, *range(max(0, int(mean) - 60), min(n, int(mean) + 60), 7)}):
        want = F(sum(numerators[x:]), denominator)
        got = exact._at_least(pairs, x)
        if want > F(1, 10**300):  # representable as a float
            worst = max(worst, abs(got - float(want)) / float(want))
        expected_p = exact.p_value_exact(group, x)
        if x >= mean:
            upper, point = exact._tail_and_point(pairs, x)
            assert point == pytest.approx(float(F(numerators[x], denominator)), rel=1e-9)
            lower = 1 - upper + point
        else:
            lower, point = exact._tail_and_point([(q, p, c) for p, q, c in pairs], n - x)
            upper = 1 - lower + point
        assert min(1.0, 2 * min(upper, lower)) == pytest.approx(float(expected_p), rel=1e-9)
    assert worst < 1e-9


def test_large_groups_go_through_the_floating_computation_and_stay_exact():
    group = {F(9, 20): 200, F(11, 20): 150, F(1, 400): 40}  # 390 uncertain rolls: beyond EXACT_LIMIT
    assert sum(group.values()) > exact.EXACT_LIMIT
    for observed in (120, 160, 175, 190, 230, 260):
        assert exact.p_value(group, observed) == pytest.approx(float(exact.p_value_exact(group, observed)), rel=1e-9)


def test_a_million_rolls_take_a_moment_not_an_age():
    group = {F(i, 20): 50_000 for i in range(1, 20)}
    mean = sum(p * c for p, c in group.items())
    p = exact.p_value(group, int(mean) + 900)
    # Normal approximation as a sanity check only (the computation itself is not one).
    sd = math.sqrt(sum(float(q * (1 - q)) * c for q, c in group.items()))
    z = (int(mean) + 900 - float(mean)) / sd
    assert p == pytest.approx(math.erfc(z / math.sqrt(2)), rel=0.05)


def test_holm_adjusts_step_down():
    adjusted = exact.holm([0.01, 0.04, 0.03, 0.005])
    # sorted: 0.005×4 = 0.02, 0.01×3 = 0.03, 0.03×2 = 0.06, 0.04×1 → max so far 0.06
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert exact.holm([0.9, 0.8]) == [1.0, 1.0]
    assert exact.holm([]) == []


def binomial_pmf(n: int, p: F) -> list[F]:
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


@pytest.mark.parametrize(("k", "n"), [(0, 10), (1, 10), (7, 10), (10, 10), (13, 40), (3, 200)])
def test_clopper_pearson_ends_are_where_the_exact_tails_reach_the_level(k, n):
    low, high = exact.clopper_pearson(k, n, 0.95)
    if k == 0:
        assert low == 0.0 and high == pytest.approx(1 - 0.025 ** (1 / n), rel=1e-9)
    if k > 0:  # P(X ≥ k | p = low) = 2.5 %
        assert sum(math.comb(n, j) * low**j * (1 - low) ** (n - j) for j in range(k, n + 1)) == pytest.approx(0.025, rel=1e-7)
    if k < n:  # P(X ≤ k | p = high) = 2.5 %
        assert sum(math.comb(n, j) * high**j * (1 - high) ** (n - j) for j in range(0, k + 1)) == pytest.approx(0.025, rel=1e-7)
    assert (exact.clopper_pearson(7, 10, 0.95)) == pytest.approx((0.34755, 0.93326), abs=1e-5)


@pytest.mark.parametrize(("n", "sides"), [(20, 20), (100, 20), (60, 6), (1000, 6)])
def test_a_face_band_leaves_at_most_its_share_of_chance_on_each_side(n, sides):
    coverage = 1 - 0.01 / sides
    low, high = exact.binomial_band(n, 1 / sides, coverage)
    pmf = binomial_pmf(n, F(1, sides))
    tail = (1 - coverage) / 2
    assert float(sum(pmf[:low])) <= tail < float(sum(pmf[: low + 1]))  # the band cannot start later
    assert float(sum(pmf[high + 1:])) <= tail < float(sum(pmf[high:]))  # nor end sooner


def test_chi_square_against_closed_forms():
    # Two degrees of freedom: P(χ² > x) = e^(−x/2); one: erfc(√(x/2)).
    for x in (0.5, 3.0, 9.2, 30.0):
        assert exact.gammaincc(1.0, x / 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
        assert exact.gammaincc(0.5, x / 2) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)
    statistic, df, p = exact.chi_square_uniform([10, 10, 10, 10, 10, 10])
    assert (statistic, df, p) == (0.0, 5, 1.0)
    statistic, df, p = exact.chi_square_uniform([20, 0, 10, 10, 10, 10])
    assert statistic == 20.0 and df == 5 and p == pytest.approx(0.0012497, rel=1e-4)


def test_incomplete_beta_is_the_binomial_tail():
    for n, k, p in ((10, 3, 0.3), (50, 20, 0.45), (200, 190, 0.97)):
        want = sum(math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k + 1))
        assert exact.binomial_cdf(k, n, p) == pytest.approx(want, rel=1e-10)
