"""The mathematics of the analytics, stdlib only.

**Successes of a group of rolls.** Each roll succeeds with its own exact probability (the sum of its
succeeding tiers), so a group's number of successes follows the Poisson-binomial distribution of
those probabilities. A group is given as ``{p: how many rolls had p}``: a campaign repeats the same
few hundred checks, and ``Binomial(n, p)`` pieces are what the computation works with.

**"A deviation at least that large"** is two-sided, the *doubled smaller tail*:

    p = min(1, 2 · min(P(X ≤ x), P(X ≥ x)))

for x observed successes. It splits the GM's level equally between "ran hot" and "ran cold" (so a
flag can say which), it is the test whose acceptance region is the central interval the charts draw
(Clopper–Pearson bands are built the same way), and it needs one tail only. With a discrete
distribution it is conservative: a fair group is flagged at most at the GM's level, a little less.
(The other usual definition, the sum of the probabilities of every outcome no likelier than x, is
sharper on lopsided distributions but has no interval to draw and needs the whole distribution.)

**Exactly.** Up to ``EXACT_LIMIT`` uncertain rolls the distribution is computed in exact rationals
(an integer polynomial ``∏ (d − a + a·z)^n`` over ``∏ dⁿ``), and the p-value is an exact ``Fraction``.
Beyond that, exact rationals would have millions of digits, so the tail is computed in floating point
— but not approximated: the distribution is exponentially tilted to put its centre on x (the
identity P(X = m) = M(θ)·e^(−θm)·P_θ(X = m) holds for every θ), and the tilted probabilities near x
come from the exact characteristic function ``∏ (q + p·e^(it))^n`` by a discrete Fourier sum over a
window of ±12 standard deviations plus 8 (what folds back into it from beyond weighs less than 1e-30
of what is kept; the sum stops once the terms left, which only shrink, cannot reach 1e-16 of it). The
result agrees with the exact rationals to about twelve significant digits, in the far tails too
(tests/analytics/test_exact.py compares both), and takes about a millisecond per group.

**Clopper–Pearson** bands invert the exact binomial tails (regularised incomplete beta), **Holm**'s
step-down correction keeps the chance of any false flag among m groups at most the GM's level, and
the dice faces get Pearson's χ² test against uniform (regularised incomplete gamma).
"""

from __future__ import annotations

import cmath
import math
from fractions import Fraction
from typing import Mapping, Sequence

EXACT_LIMIT = 300  # uncertain rolls; up to this many, p-values are exact rationals
_K = 12.0  # window half-width, in standard deviations of the tilted distribution
_MARGIN = 8  # and a few outcomes more, for groups with a tiny spread

Group = Mapping[Fraction, int]


# -- the Poisson-binomial distribution ---------------------------------------------------------

def split_sure(group: Group) -> tuple[dict[Fraction, int], int]:
    """The uncertain part of a group (0 < p < 1) and how many of its rolls were sure successes."""
    uncertain: dict[Fraction, int] = {}
    sure = 0
    for p, count in group.items():
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError(f"a probability is between 0 and 1, not {p}")
        if count < 0:
            raise ValueError("a count is never negative")
        if p == 1:
            sure += count
        elif p > 0 and count:
            uncertain[p] = uncertain.get(p, 0) + count
    return uncertain, sure


def _pmf_numerators(group: Mapping[Fraction, int]) -> tuple[list[int], int]:
    """Integers c_m and D with P(X = m) = c_m / D: the product of ``(d − a + a·z)^n`` for p = a/d."""
    poly, denominator = [1], 1
    for p, n in group.items():
        a, d = p.numerator, p.denominator
        b = d - a
        # (b + a z)^n, coefficient of z^m: C(n, m) a^m b^(n−m)
        factor, a_pow = [], 1
        b_pows = [1] * (n + 1)
        for m in range(1, n + 1):
            b_pows[m] = b_pows[m - 1] * b
        for m in range(n + 1):
            factor.append(math.comb(n, m) * a_pow * b_pows[n - m])
            a_pow *= a
        out = [0] * (len(poly) + n)
        for i, x in enumerate(poly):
            if x:
                for j, y in enumerate(factor):
                    out[i + j] += x * y
        poly = out
        denominator *= d ** n
    return poly, denominator


def pmf_exact(group: Group) -> list[Fraction]:
    """P(X = m) for m = 0 … n, exactly (sure successes shift it; sure failures add nothing)."""
    uncertain, sure = split_sure(group)
    numerators, denominator = _pmf_numerators(uncertain)
    pmf = [Fraction(0)] * sure + [Fraction(c, denominator) for c in numerators]
    return pmf + [Fraction(0)] * (sum(group.values()) + 1 - len(pmf))  # no count reached by sure failures


def p_value_exact(group: Group, observed: int) -> Fraction:
    """The doubled smaller tail at ``observed`` successes, as an exact rational."""
    uncertain, sure = split_sure(group)
    numerators, denominator = _pmf_numerators(uncertain)
    x = observed - sure
    if x < 0 or x >= len(numerators):
        return Fraction(0)  # impossible under these odds
    lower = sum(numerators[: x + 1])
    upper = sum(numerators[x:])
    return min(Fraction(1), Fraction(2 * min(lower, upper), denominator))


def p_value(group: Group, observed: int) -> float:
    """The doubled smaller tail at ``observed`` successes: exact rationals for small groups, the
    tilted Fourier sum beyond ``EXACT_LIMIT`` uncertain rolls (module docstring)."""
    uncertain, sure = split_sure(group)
    n = sum(uncertain.values())
    x = observed - sure
    if x < 0 or x > n:
        return 0.0
    if n <= EXACT_LIMIT:
        return float(p_value_exact(group, observed))
    pairs = [(float(p), float(1 - p), c) for p, c in uncertain.items()]
    if x >= sum(p * c for p, _, c in pairs):
        upper, point = _tail_and_point(pairs, x)
        lower = 1.0 - upper + point  # P(X ≤ x) = 1 − P(X ≥ x) + P(X = x)
    else:  # the failures' upper tail is the successes' lower tail
        lower, point = _tail_and_point([(q, p, c) for p, q, c in pairs], n - x)
        upper = 1.0 - lower + point
    return max(0.0, min(1.0, 2.0 * min(upper, lower)))


def tail_at_least(group: Group, observed: int) -> float:
    """P(X ≥ observed) in floating point (exact rationals below ``EXACT_LIMIT``)."""
    uncertain, sure = split_sure(group)
    n = sum(uncertain.values())
    x = observed - sure
    if x <= 0:
        return 1.0
    if x > n:
        return 0.0
    if n <= EXACT_LIMIT:
        numerators, denominator = _pmf_numerators(uncertain)
        return float(Fraction(sum(numerators[x:]), denominator))
    return _at_least([(float(p), float(1 - p), c) for p, c in uncertain.items()], x)


def _at_least(pairs: list[tuple[float, float, int]], x: int) -> float:
    """P(Y ≥ x), Y the sum of Binomial(c, p) over ``pairs`` of (p, q = 1 − p, c), 0 < p < 1."""
    n = sum(c for _, _, c in pairs)
    if x <= 0:
        return 1.0
    if x > n:
        return 0.0
    if x <= sum(p * c for p, _, c in pairs):
        # The upper tail holds half the mass or more: one minus the lower tail, computed as an
        # upper tail of the failures (whose mean it then exceeds).
        return max(0.0, 1.0 - _at_least([(q, p, c) for p, q, c in pairs], n - x + 1))
    return _tail_and_point(pairs, x)[0]


def _tail_and_point(pairs: list[tuple[float, float, int]], x: int) -> tuple[float, float]:
    """(P(Y ≥ x), P(Y = x)) for x at or above the mean of Y (0 < p < 1 in every pair)."""
    n = sum(c for _, _, c in pairs)
    if x == n:
        every = math.exp(sum(c * math.log(p) for p, _, c in pairs))
        return every, every
    theta = _saddle(pairs, x)
    shrink = math.exp(-theta)
    tilted, log_m, variance = [], 0.0, 0.0
    for p, q, c in pairs:
        den = p + q * shrink  # q + p·e^θ = e^θ · den
        s = p / den
        tilted.append((s, c))
        log_m += c * (theta + math.log(den))
        variance += c * s * (q * shrink / den)
    spread = math.ceil(_K * math.sqrt(variance)) + _MARGIN
    up, down = min(n - x, spread), min(x, spread)
    size = up + down + 1  # offsets −down … up from x: every alias lies beyond the window
    tail, point = _tilted_sums(tilted, x, up, size, theta)
    scale = math.exp(log_m - theta * x)
    return max(0.0, min(1.0, scale * tail)), max(0.0, min(1.0, scale * point))


def _saddle(pairs: list[tuple[float, float, int]], x: int) -> float:
    """θ ≥ 0 putting the tilted mean on x (any θ is exact; this one keeps the sum well-conditioned)."""

    def mean(theta: float) -> float:
        shrink = math.exp(-theta)
        return sum(c * p / (p + q * shrink) for p, q, c in pairs)

    lo, hi = 0.0, 1.0
    while mean(hi) < x and hi < 700:
        lo, hi = hi, hi * 2
    for _ in range(60):
        mid = (lo + hi) / 2
        if mean(mid) < x:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-9:
            break
    return (lo + hi) / 2


def _tilted_sums(tilted: list[tuple[float, int]], x: int, up: int, size: int,
                 theta: float) -> tuple[float, float]:
    """Σ_{d=0..up} e^(−θd) P_θ(Y = x + d) and P_θ(Y = x), from the tilted characteristic function at
    ``size`` points.

    P_θ(Y = x + d) = (1/N) Σ_l φ(t_l) e^(−i t_l d) with φ(t) = E_θ[e^(it(Y − x))]; summing the
    geometric weights first leaves one sum over l, and φ(−t) = conj φ(t) halves it.
    """
    r0 = math.exp(-theta)
    tail = up + 1.0 if theta == 0 else (1 - r0 ** (up + 1)) / (1 - r0)  # l = 0: φ(0) = 1
    point = 1.0
    step = 2 * math.pi / size
    log, exp, sin = cmath.log, cmath.exp, math.sin
    half = size // 2
    for l in range(1, half + 1):
        t = step * l
        h = sin(t / 2)
        turn = complex(-2.0 * h * h, sin(t))  # e^(it) − 1, without the cancellation of cos t − 1
        # log φ(t) = Σ c·log(1 + s(e^(it) − 1)) − i·t·x
        phi = exp(sum([c * log(1 + s * turn) for s, c in tilted]) - 1j * (t * x))
        r = r0 * (1 + turn).conjugate()
        geometric = (1 - r ** (up + 1)) / (1 - r)
        # l and size − l are conjugates: counted twice, except the Nyquist point of an even size.
        twice = 1.0 if 2 * l == size else 2.0
        tail += twice * (phi * geometric).real
        point += twice * phi.real
        # |φ(t)| only decreases on (0, π] (each |1 − s + s·e^(it)| does), and so does the bound
        # 2/|1 − r| on the geometric sum: once what is left cannot reach 1e-16 of the sums (each
        # ≥ 1 here), it is left. Most groups stop after a few dozen points.
        if abs(phi) * (2 / abs(1 - r) + 1) * (half - l) < 1e-16:
            break
    return tail / size, point / size


# -- corrections, bands, dice ------------------------------------------------------------------

def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: a group is flagged when its adjusted p-value is
    at most the level (Holm's step-down procedure; the chance of any false flag stays ≤ the level)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    m = len(p_values)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return min(1.0, front * _betacf(a, b, x) / a)
    return max(0.0, 1.0 - front * _betacf(b, a, 1 - x) / b)


def _betacf(a: float, b: float, x: float) -> float:
    """Lentz's continued fraction for the incomplete beta function."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X ≤ k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if p <= 0:
        return 1.0
    if p >= 1:
        return 0.0
    return betainc(n - k, k + 1, 1 - p)


def clopper_pearson(successes: int, n: int, confidence: float) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval for a success rate seen as ``successes`` of ``n``."""
    if n <= 0:
        return 0.0, 1.0
    alpha = 1 - confidence
    k = successes
    lower = 0.0 if k == 0 else _beta_quantile(k, n - k + 1, alpha / 2)
    upper = 1.0 if k == n else _beta_quantile(k + 1, n - k, 1 - alpha / 2)
    return lower, upper


def _beta_quantile(a: float, b: float, target: float) -> float:
    """The p with I_p(a, b) = target: Newton's steps (the density is the derivative) kept inside a
    bracket that bisection shrinks whenever a step would leave it; to 1e-13 of the value."""
    log_norm = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    lo, hi = 0.0, 1.0
    mean = a / (a + b)
    sd = math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
    z = math.sqrt(2) * _erfinv(2 * target - 1)
    p = min(max(mean + z * sd, 1e-300), 1 - 1e-16)
    for _ in range(200):
        value = betainc(a, b, p) - target
        if value < 0:
            lo = p
        else:
            hi = p
        density = math.exp(log_norm + (a - 1) * math.log(p) + (b - 1) * math.log1p(-p))
        step = value / density if density > 0 else math.inf
        nxt = p - step
        if not lo < nxt < hi:
            nxt = (lo + hi) / 2
        if abs(nxt - p) <= 1e-13 * max(p, 1e-300) or hi - lo <= 1e-13 * hi:
            return nxt
        p = nxt
    return p


def _erfinv(y: float) -> float:
    """Inverse error function (a starting point only: Newton's steps on the exact function follow)."""
    y = min(max(y, -1 + 1e-16), 1 - 1e-16)
    w = -math.log((1 - y) * (1 + y))
    x = math.copysign(math.sqrt(max(0.0, math.sqrt((2 / (math.pi * 0.147) + w / 2) ** 2 - w / 0.147)
                                    - (2 / (math.pi * 0.147) + w / 2))), y)
    return x


def binomial_band(n: int, p: float, coverage: float) -> tuple[int, int]:
    """The central band [lo, hi] of Binomial(n, p): P(X < lo) ≤ (1 − coverage)/2 and likewise above."""
    tail = (1 - coverage) / 2

    def smallest(above) -> int:  # the smallest count k whose P(X ≤ k) passes ``above``
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi) // 2
            if above(binomial_cdf(mid, n, p)):
                hi = mid
            else:
                lo = mid + 1
        return lo

    return smallest(lambda cdf: cdf > tail), smallest(lambda cdf: cdf >= 1 - tail)


def gammaincc(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 − P
        term = total = 1.0 / a
        ap = a
        for _ in range(100_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = d if abs(d) > tiny else tiny
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square_uniform(counts: Sequence[int]) -> tuple[float, int, float]:
    """Pearson's χ² of face counts against a fair die: (statistic, degrees of freedom, p-value)."""
    n = sum(counts)
    k = len(counts)
    if n == 0 or k < 2:
        return 0.0, max(k - 1, 0), 1.0
    expected = n / k
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    return statistic, k - 1, gammaincc((k - 1) / 2, statistic / 2)
