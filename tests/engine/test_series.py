"""Odds → chart series: the numbers the charts draw must be the engine's odds, nothing else."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier, Odds
from gmdesk.engine.series import (
    d20_sweep_range,
    dc_sweep,
    hits_bars,
    percent,
    percent_text,
    stacking_order,
    success_chance,
    threshold_sweep_range,
    tier_bars,
)


def pf2_check(mod: int, dc: int, fortune=False, misfortune=False) -> pf2.Pf2Check:
    return pf2.Pf2Check(dc, (Modifier(mod, "skill", "proficiency"),), fortune=fortune, misfortune=misfortune)


def brute_pass_fail(mod: int, dc: int) -> Odds:
    """Plain d20 + mod ≥ dc, by listing the 20 faces (dnd35/cof skill checks)."""
    wins = sum(1 for face in range(1, 21) if face + mod >= dc)
    return Odds("cof", {"failure": Fraction(20 - wins, 20), "success": Fraction(wins, 20)})


mods = st.integers(-10, 30)
dcs = st.integers(-5, 50)


@settings(max_examples=60, deadline=None)
@given(mods, dcs, st.booleans(), st.booleans())
def test_tier_bars_are_the_odds_in_engine_order(mod, dc, fortune, misfortune):
    odds = pf2_check(mod, dc, fortune, misfortune).odds()
    bars = tier_bars(odds)
    assert bars.keys == tuple(odds.tiers) == ("critical_failure", "failure", "success", "critical_success")
    assert bars.heights == tuple(float(p) for p in odds.tiers.values())
    assert bars.x == (0.0, 1.0, 2.0, 3.0)
    assert sum(bars.heights) == pytest.approx(1.0, abs=1e-12)


def test_tier_bars_worked_case():
    # RULES.md §1: +7 vs DC 20 → 3/20, 9/20, 7/20, 1/20
    bars = tier_bars(pf2_check(7, 20).odds())
    assert bars.heights == (0.15, 0.45, 0.35, 0.05)


@settings(max_examples=40, deadline=None)
@given(mods, st.booleans())
def test_dc_sweep_stacks_each_dc_exactly(mod, fortune):
    check = pf2_check(mod, 15, fortune=fortune)
    targets = list(d20_sweep_range(mod, 15, degrees_of_ten=True))
    sweep = dc_sweep(lambda dc: check.with_target(dc).odds(), targets)
    assert sweep.targets == tuple(targets)
    assert sweep.tiers == ("critical_success", "success", "failure", "critical_failure")
    for i, dc in enumerate(targets):
        odds = check.with_target(dc).odds()
        level = Fraction(0)
        for tier in sweep.tiers:
            assert sweep.bottoms[tier][i] == pytest.approx(float(level), abs=1e-12)
            assert sweep.heights[tier][i] == pytest.approx(float(odds[tier]), abs=1e-12)
            level += odds[tier]
        # the top of the success bands is the chance of success
        assert sweep.top("success")[i] == pytest.approx(float(success_chance(odds)), abs=1e-12)
        assert sweep.top("critical_failure")[i] == pytest.approx(1.0, abs=1e-12)


def test_dc_sweep_success_falls_as_dc_rises():
    sweep = dc_sweep(lambda dc: brute_pass_fail(4, dc), range(0, 30))
    tops = sweep.top("success")
    assert all(a >= b for a, b in zip(tops, tops[1:]))
    assert tops[0] == 1.0 and tops[-1] == 0.0
    assert sweep.tiers == ("success", "failure")


def test_dc_sweep_refuses_empty_and_changing_tiers():
    with pytest.raises(ValueError):
        dc_sweep(lambda dc: brute_pass_fail(0, dc), [])

    def mixed(dc):
        return pf2_check(0, dc).odds() if dc < 10 else brute_pass_fail(0, dc)

    with pytest.raises(ValueError, match="tiers changed"):
        dc_sweep(mixed, range(5, 15))


@settings(max_examples=40, deadline=None)
@given(mods, dcs, st.booleans())
def test_sweep_range_covers_every_dc_where_the_odds_move(mod, dc, four_degrees):
    """Outside the range the odds no longer change, and the current DC and the ladder are inside."""
    ladder = (5, 10, 15, 20, 25, 30)
    r = d20_sweep_range(mod, dc, degrees_of_ten=four_degrees, ladder=ladder)
    assert dc in r and all(step in r for step in ladder)

    def odds(target):
        return pf2_check(mod, target).odds() if four_degrees else brute_pass_fail(mod, target)

    assert odds(r.start) == odds(r.start - 7)
    assert odds(r[-1]) == odds(r[-1] + 7)


def anarchy_like_odds(threshold: int | None) -> Odds:
    # 2 dice: hits 0/1/2 with 16/36, 16/36, 4/36 (RULES.md §5 worked case)
    hits = (Fraction(16, 36), Fraction(16, 36), Fraction(4, 36))
    t = threshold or 0
    success = sum(hits[t:], Fraction(0))
    return Odds("anarchy", {"failure": 1 - success, "success": success},
                {"hits": hits, "complication": Fraction(11, 36)})


def test_hits_bars_colour_each_count_by_the_threshold():
    bars = hits_bars(anarchy_like_odds(2), 2)
    assert bars.x == (0.0, 1.0, 2.0)
    assert bars.heights == pytest.approx((16 / 36, 16 / 36, 4 / 36))
    assert bars.keys == ("failure", "failure", "success")
    assert bars.labels == ("0", "1", "2")
    # The success bars add up to the engine's success tier.
    odds = anarchy_like_odds(1)
    bars = hits_bars(odds, 1)
    assert sum(h for h, k in zip(bars.heights, bars.keys) if k == "success") == pytest.approx(float(odds["success"]))
    assert hits_bars(odds, None).keys == ("open",) * 3


def test_hits_bars_need_hits():
    with pytest.raises(ValueError):
        hits_bars(brute_pass_fail(0, 10), 1)


def test_threshold_sweep_range():
    assert threshold_sweep_range(2, 1) == range(0, 4)
    assert threshold_sweep_range(2, 6) == range(0, 7)


def test_stacking_order_is_best_first():
    assert stacking_order(("miss", "hit", "critical_hit")) == ("critical_hit", "hit", "miss")


@pytest.mark.parametrize(
    "p, expected",
    [
        (Fraction(1, 8), Fraction(125, 10)),
        (Fraction(1, 3), Fraction(333, 10)),
        (Fraction(2, 3), Fraction(667, 10)),
        (Fraction(1, 2000), Fraction(1, 10)),  # 0.05 % rounds half-up
        (Fraction(0), Fraction(0)),
        (Fraction(1), Fraction(100)),
        (Fraction(319, 400), Fraction(798, 10)),  # RULES.md dnd5e advantage worked case: 0.7975
        (0.7975, Fraction(798, 10)),  # the same as a float: read as the decimal it prints as
    ],
)
def test_percent_rounds_half_up_exactly(p, expected):
    assert percent(p) == expected


@pytest.mark.parametrize(
    "p, point, text",
    [
        (Fraction(7, 20), ".", "35.0 %"),
        (Fraction(7, 20), ",", "35,0 %"),
        (Fraction(1, 3), ",", "33,3 %"),
        (Fraction(0), ".", "0.0 %"),
        (Fraction(1), ".", "100.0 %"),
        (Fraction(1, 8000), ".", "<0.1 %"),  # possible, however unlikely
        (1 - Fraction(1, 8000), ",", ">99,9 %"),
        (Fraction(1, 400), ".", "0.3 %"),
    ],
)
def test_percent_text(p, point, text):
    assert percent_text(p, point) == text


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=0, max_value=1))
def test_percent_text_agrees_with_float_formatting_away_from_ties(p):
    text = percent_text(p)
    if text.startswith(("<", ">")):
        return
    value = float(text.rstrip(" %"))
    assert abs(value - float(p) * 100) <= 0.05 + 1e-9


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 6), st.integers(-2, 2), st.booleans(), st.booleans(), st.integers(0, 2),
       st.lists(st.integers(0, 3), max_size=2))
def test_hits_sweep_is_the_engine_odds_at_every_threshold(pool, dice_mod, luck_before, luck_after, rerolls, helpers):
    from gmdesk.systems.anarchy.rules import AnarchyTest
    from gmdesk.engine.series import hits_sweep

    test = AnarchyTest(pool=pool, modifiers=(dice_mod,), luck_before=luck_before, luck_after=luck_after,
                       rerolls=0 if luck_after else rerolls, helpers=tuple(helpers), threshold=1)
    odds = test.odds()
    thresholds = threshold_sweep_range(len(odds.extra["hits"]) - 1, 1)
    sweep = hits_sweep(odds, thresholds)
    assert sweep.tiers == ("success", "failure")
    for i, t in enumerate(thresholds):
        engine = test.with_target(t).odds()
        assert sweep.heights["success"][i] == pytest.approx(float(engine["success"]), abs=1e-12)
        assert sweep.top("failure")[i] == pytest.approx(1.0, abs=1e-12)
