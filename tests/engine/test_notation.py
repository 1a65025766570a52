"""Dice notation: parsing, exact distributions (brute force and icepool), rolls, doubling."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.engine.core import RulesError
from gmdesk.engine.dist import Dist
from gmdesk.engine.notation import DiceExpression, DiceTerm, expression_from_dict, parse


def brute(expr: DiceExpression) -> dict[int, Fraction]:
    """List every face of every die; keep/drop by sorting."""
    groups = [[range(1, t.sides + 1)] * t.count for t in expr.terms]
    flat = [r for g in groups for r in g]
    counts: Counter[int] = Counter()
    n = 0
    for faces in itertools.product(*flat):
        total, i = expr.constant, 0
        for t in expr.terms:
            mine = sorted(faces[i:i + t.count], reverse=not t.lowest)
            i += t.count
            total += t.sign * sum(mine[: t.keep if t.keep is not None else t.count])
        counts[total * expr.multiplier] += 1
        n += 1
    return {k: Fraction(v, n) for k, v in sorted(counts.items())}


def ice(expr: DiceExpression) -> dict[int, Fraction]:
    total = icepool.Die([expr.constant])
    for t in expr.terms:
        pool = icepool.Die(range(1, t.sides + 1)).pool(t.count)
        if t.keep is None:
            die = pool.sum()
        else:
            die = (pool.lowest(t.keep) if t.lowest else pool.highest(t.keep)).sum()
        total = total + die if t.sign > 0 else total - die
    total = total * expr.multiplier
    return {o: Fraction(total.probability(o)) for o in total.outcomes() if total.quantity(o)}


@pytest.mark.parametrize("text,canonical", [
    ("2d6+1d4+3", "2d6+1d4+3"),
    ("-1", "-1"),
    ("4d6kh3", "4d6kh3"),
    ("4d6k3", "4d6kh3"),  # k alone keeps the highest
    ("2d20kl1", "2d20kl1"),
    ("2D20KH1", "2d20kh1"),
    ("d8", "1d8"),
    ("d%", "1d100"),
    (" 1d8 - 1 ", "1d8-1"),
    ("3 + 1d6 - 1 + 2d4", "1d6+2d4+2"),
    ("-1d4", "-1d4"),
    ("2d6-2d6", "2d6-2d6"),
    ("0", "0"),
])
def test_parse_and_canonical_text(text, canonical):
    expr = parse(text)
    assert expr.notation == str(expr) == canonical
    assert parse(canonical) == expr


@pytest.mark.parametrize("text,position", [
    ("", 1), ("2d", 3), ("2x6", 2), ("3d6+", 5), ("d6k", 4), ("1d6 6", 5), ("2d6+*", 5),
    ("kh3", 1), ("0d6", 1), ("2d6kh3", 1), ("2d6kh0", 1), ("1d0", 1), ("1d6+3d1001", 5),
    ("101d6", 1), ("99999999", 1), ("2d6++1", 5),
])
def test_bad_text_names_the_position(text, position):
    with pytest.raises(RulesError) as err:
        parse(text, field="damage")
    assert err.value.field == "damage"
    assert f"at position {position} " in err.value.rule


def test_not_text():
    with pytest.raises(RulesError) as err:
        parse(None)
    assert err.value.field == "notation"


SMALL = ["2d6+1d4+3", "4d6kh3", "4d6k3", "2d20kl1", "3d4kl2-1", "1d8-1d4", "5d3kh2+2d2kl1",
         "-2d4kh1+6", "3d6", "2d10-1", "1d4-3d3kl2", "4d5kh4"]


@pytest.mark.parametrize("text", SMALL)
def test_distribution_matches_brute_force_and_icepool(text):
    expr = parse(text)
    dist = expr.probabilities()
    assert sum(dist.values()) == 1
    assert dist == brute(expr)
    assert dist == ice(expr)
    doubled = expr.doubled()
    assert doubled.probabilities() == brute(doubled) == ice(doubled)


def test_larger_pools_match_icepool():
    for text in ["8d6kh3", "10d10kl4", "6d20kh2", "20d6", "3d20kh1-2d8kl1+5", "12d4kh11", "7d12kl7"]:
        assert parse(text).probabilities() == ice(parse(text)), text


term_st = st.builds(
    lambda n, s, k, low, sign: DiceTerm(n, s, None if k == 0 else min(k, n), low and k != 0, sign),
    st.integers(1, 4), st.integers(1, 6), st.integers(0, 4), st.booleans(), st.sampled_from([1, -1]))
expr_st = st.builds(lambda ts, c: DiceExpression(tuple(ts), c),
                    st.lists(term_st, min_size=1, max_size=2), st.integers(-5, 5))


@settings(max_examples=60, deadline=None)
@given(expr_st)
def test_random_expressions_against_brute_force(expr):
    if sum(t.count for t in expr.terms) > 6:
        expr = DiceExpression(expr.terms[:1], expr.constant)
    dist = expr.probabilities()
    assert dist == brute(expr)
    assert expr.mean == sum(k * p for k, p in dist.items())
    assert (expr.minimum, expr.maximum) == (min(dist), max(dist))
    assert parse(str(expr)) == expr  # the canonical text parses back to the same expression


def test_mean_min_max():
    expr = parse("4d6kh3+2")
    assert expr.mean == Fraction(15869, 1296) + 2
    assert (expr.minimum, expr.maximum) == (5, 20)
    assert parse("2d6+1d4+3").mean == Fraction(25, 2)
    assert (parse("1d8-1d4").minimum, parse("1d8-1d4").maximum) == (-3, 7)
    d = parse("1d8+4").doubled()
    assert (d.minimum, d.maximum, d.mean) == (10, 24, 17)
    assert str(d) == "2×(1d8+4)" and set(d.probabilities()) == set(range(10, 25, 2))


def test_rolls_keep_the_highest_and_mark_dropped_dice():
    rng = random.Random(1)
    expr = parse("4d6kh3+2d20kl1-1")
    for _ in range(300):
        r = expr.roll(rng)
        hi, lo = r.term_dice
        assert len(hi) == 4 and len(lo) == 2
        kept = [d.face for d in hi if d.state == "kept"]
        dropped = [d.face for d in hi if d.state == "dropped"]
        assert len(kept) == 3 and len(dropped) == 1 and min(kept) >= dropped[0]
        kept_lo = [d.face for d in lo if d.state == "kept"]
        assert kept_lo == [min(d.face for d in lo)]
        assert r.total == sum(kept) + kept_lo[0] - 1 == sum(r.term_values) - 1
        assert expr.minimum <= r.total <= expr.maximum


def test_rolls_reproducible_and_frequencies_close():
    expr = parse("2d6kh1+1")
    assert expr.roll(random.Random(3)).to_dict() == expr.roll(random.Random(3)).to_dict()
    rng = random.Random(8)
    n = 6000
    counts = Counter(expr.roll(rng).total for _ in range(n))
    for total, p in expr.probabilities().items():
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[total] / n - float(p)) <= 4.5 * sigma


def test_doubled_roll_is_one_roll_times_two():
    r = parse("1d8+4").doubled().roll(random.Random(2))
    assert len(r.dice) == 1 and r.total == 2 * (r.dice[0].face + 4)
    assert r.text().startswith("2×(1d8 [") and r.text().endswith(f"= {r.total}")


def test_roll_text_and_dict():
    r = parse("4d6kh3+2").roll(random.Random(1))
    dropped = [d.face for d in r.dice if d.state == "dropped"][0]
    assert f"({dropped})" in r.text() and r.text().startswith("4d6kh3 [")
    data = r.to_dict()
    assert data["dice"] == [d.face for d in r.dice] and data["total"] == r.total
    assert [d["state"] for d in data["dice_detail"]].count("dropped") == 1


def test_describe_round_trip():
    expr = parse("2d6+1d4kh1-1").doubled()
    assert expression_from_dict(expr.describe()) == expr
    with pytest.raises(RulesError) as err:
        expression_from_dict({"multiplier": 2})
    assert err.value.field == "notation"


def test_too_large_a_pool_for_exact_odds_is_refused_but_rolls():
    expr = parse("30d100kh20")
    assert len(expr.roll(random.Random(1)).dice) == 30
    with pytest.raises(RulesError) as err:
        expr.probabilities()
    assert err.value.field == "keep"


def test_dist_operations():
    d6 = Dist.uniform(6)
    assert (d6 + d6) == d6.plus_die(6) == d6.times(2)
    assert d6.times(0) == Dist.point(0)
    assert (d6 - d6).probabilities()[0] == Fraction(1, 6)
    assert d6.at_least(5) == Fraction(1, 3) and d6.at_most(2) == Fraction(1, 3)
    assert d6.scaled(2).max == 12 and (d6 + 3).min == 4
    assert Dist.uniform(4, start=-4) == -Dist.uniform(4)
