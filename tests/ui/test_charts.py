"""The charts hold exactly the engine's odds, in the theme's colours, and update their items in place."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmdesk.systems.anarchy import rules as anarchy
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier
from gmdesk.engine.series import d20_sweep_range, dc_sweep, hits_bars, percent_text, threshold_sweep_range, tier_bars
from gmdesk.ui.charts import SweepChart, TierBarsChart
from gmdesk.ui.theme import TIER_HEX, tier_color, tier_name


def pf2_check(mod: int, dc: int) -> pf2.Pf2Check:
    return pf2.Pf2Check(dc, (Modifier(mod, "Athletics", "proficiency"),))


def brush_hexes(item) -> list[str]:
    return [b.color().name() for b in item._brushes]


@pytest.fixture
def tier_chart(qtbot):
    chart = TierBarsChart()
    qtbot.addWidget(chart)
    chart.resize(400, 260)
    return chart


@pytest.fixture
def sweep_chart(qtbot):
    chart = SweepChart()
    qtbot.addWidget(chart)
    chart.resize(400, 260)
    return chart


def show_tiers(chart: TierBarsChart, odds) -> None:
    bars = tier_bars(odds)
    chart.show_bars(bars, [percent_text(p) for p in odds.tiers.values()], [tier_name(t) for t in bars.keys])


def test_tier_bars_hold_the_engine_odds_in_tier_colours(tier_chart):
    odds = pf2_check(7, 20).odds()
    show_tiers(tier_chart, odds)
    assert tier_chart.heights() == [float(p) for p in odds.tiers.values()] == [0.15, 0.45, 0.35, 0.05]
    assert brush_hexes(tier_chart.bars) == [TIER_HEX[t] for t in odds.tiers]
    assert tier_chart.visible_value_texts() == ["15.0 %", "45.0 %", "35.0 %", "5.0 %"]
    assert tier_chart.tick_labels == ("critical failure", "failure", "success", "critical success")
    assert not tier_chart.marker.isVisible()


def test_tier_bars_update_in_place_when_the_tiers_change(tier_chart):
    plot_items = tier_chart.getPlotItem().items
    show_tiers(tier_chart, pf2_check(7, 20).odds())
    bars_item, count = tier_chart.bars, len(plot_items)
    attack = dnd5e.Dnd5eTest(15, (Modifier(5, "Str"),), kind="attack").odds()
    show_tiers(tier_chart, attack)
    assert tier_chart.bars is bars_item and len(plot_items) == count  # nothing recreated
    assert tier_chart.heights() == [float(p) for p in attack.tiers.values()]
    assert brush_hexes(tier_chart.bars) == [TIER_HEX["miss"], TIER_HEX["hit"], TIER_HEX["critical_hit"]]
    # three bars now: the fourth percentage is hidden, not deleted
    assert len(tier_chart.visible_value_texts()) == 3
    show_tiers(tier_chart, pf2_check(0, 25).odds())
    assert len(plot_items) == count and tier_chart.heights() == [0.75, 0.2, 0.05, 0.0]


def test_the_same_tier_words_keep_the_axes_picture(tier_chart, qtbot):
    """Another combatant's odds with the same tiers and scale: the bars change, the axes are not drawn
    anew (their words and steps set again made pyqtgraph work them out at each turn); other words are."""
    tier_chart.show()
    show_tiers(tier_chart, pf2_check(7, 20).odds())
    tier_chart.grab()  # painted: each axis holds its picture
    bottom, left = (tier_chart.getPlotItem().getAxis(side) for side in ("bottom", "left"))
    pictures = bottom.picture, left.picture
    assert None not in pictures
    show_tiers(tier_chart, pf2_check(8, 20).odds())  # the tallest bar as tall: the same scale
    assert tier_chart.heights() == [float(p) for p in pf2_check(8, 20).odds().tiers.values()]
    assert (bottom.picture, left.picture) == pictures
    attack = dnd5e.Dnd5eTest(15, (Modifier(5, "Str"),), kind="attack").odds()
    show_tiers(tier_chart, attack)
    assert bottom.picture is None  # other words under the bars: drawn again
    tier_chart.grab()
    assert bottom.picture is not None


def test_attack_tiers_share_the_success_colours():
    assert tier_color("hit") == tier_color("success")
    assert tier_color("miss") == tier_color("failure")
    assert tier_color("critical_hit") == tier_color("critical_success")
    assert tier_color("critical_failure") != tier_color("failure")


def test_anarchy_hits_with_threshold_marked(tier_chart):
    test = anarchy.AnarchyTest(pool=2, threshold=2)
    odds = test.odds()
    bars = hits_bars(odds, 2)
    tier_chart.show_bars(bars, [percent_text(p) for p in odds.extra["hits"]], list(bars.labels),
                         marker_x=1.5, marker_text="threshold 2", caption="complication 30.6 %",
                         y_max=max(bars.heights))
    assert tier_chart.heights() == pytest.approx([16 / 36, 16 / 36, 4 / 36])  # RULES.md §5 worked case
    assert brush_hexes(tier_chart.bars) == [TIER_HEX["failure"], TIER_HEX["failure"], TIER_HEX["success"]]
    assert tier_chart.marker.isVisible() and tier_chart.marker.value() == 1.5
    assert tier_chart.getPlotItem().titleLabel.text == "complication 30.6 %"
    assert odds.extra["complication"] == Fraction(11, 36)


def test_many_hit_counts_hide_the_per_bar_labels(tier_chart):
    odds = anarchy.AnarchyTest(pool=14, threshold=3).odds()
    bars = hits_bars(odds, 3)
    tier_chart.show_bars(bars, [percent_text(p) for p in odds.extra["hits"]], list(bars.labels))
    assert len(tier_chart.heights()) == 15
    assert tier_chart.visible_value_texts() == []  # too many to read; the tooltip lists them
    assert "3: " in tier_chart.toolTip()


def test_sweep_stacks_the_engine_odds_for_every_dc(sweep_chart):
    check = pf2_check(7, 20)
    targets = d20_sweep_range(7, 20, degrees_of_ten=True)
    sweep = dc_sweep(lambda dc: check.with_target(dc).odds(), targets)
    sweep_chart.show_sweep(sweep, 20, "DC 20", "DC", percent_text)
    assert sweep_chart.shown_tiers() == ["critical_success", "success", "failure", "critical_failure"]
    for tier in sweep.tiers:
        band = sweep_chart.band(tier)
        assert list(band.opts["x"]) == list(targets)
        for dc, y0, h in zip(targets, band.opts["y0"], band.opts["height"]):
            assert h == pytest.approx(float(check.with_target(dc).odds()[tier]), abs=1e-12)
        assert band._sharedBrush.color() == tier_color(tier)
    # the bands tile [0, 1] at each DC
    tops = [y0 + h for y0, h in zip(sweep_chart.band("critical_failure").opts["y0"],
                                    sweep_chart.band("critical_failure").opts["height"])]
    assert tops == pytest.approx([1.0] * len(targets))
    assert sweep_chart.marker.value() == 20 and sweep_chart.marker.isVisible()
    tip = sweep_chart.tip_at(20)
    assert "success: 35.0 %" in tip and "critical failure: 15.0 %" in tip


def test_sweep_updates_in_place_and_hides_tiers_that_left(sweep_chart):
    items = sweep_chart.getPlotItem().items
    check = pf2_check(3, 15)
    sweep_chart.show_sweep(dc_sweep(lambda dc: check.with_target(dc).odds(), range(0, 30)), 15, "DC 15", "DC")
    bands = dict(sweep_chart.bands)
    count = len(items)
    for _ in range(3):  # a modifier edit, three times over
        sweep_chart.show_sweep(dc_sweep(lambda dc: check.with_target(dc).odds(), range(0, 30)), 16, "DC 16", "DC")
    assert len(items) == count and all(sweep_chart.bands[t] is b for t, b in bands.items())
    flat = pf2.FlatCheck((11,))
    sweep_chart.show_sweep(dc_sweep(lambda dc: flat.with_target(dc).odds(), range(0, 23)), 11, "DC 11", "DC")
    assert sorted(sweep_chart.shown_tiers()) == ["failure", "success"]
    assert not sweep_chart.band("critical_success").isVisible()
    assert sweep_chart.band("success").opts["height"][11] == pytest.approx(0.5)


def test_anarchy_threshold_sweep(sweep_chart):
    test = anarchy.AnarchyTest(pool=4, threshold=2)
    targets = threshold_sweep_range(4, 2)
    sweep = dc_sweep(lambda t: test.with_target(t).odds(), targets)
    sweep_chart.show_sweep(sweep, 2, "threshold 2", "threshold")
    success = sweep_chart.band("success").opts["height"]
    assert success[0] == 1.0 and success[-1] == 0.0  # threshold 0 is automatic; 5 hits on 4 dice impossible
    assert success[2] == pytest.approx(float(test.odds()["success"]))


def test_charts_render(tier_chart, sweep_chart, tmp_path):
    show_tiers(tier_chart, pf2_check(7, 20).odds())
    tier_chart.show()
    image = tier_chart.grab().toImage()
    assert image.width() == 400 and not image.isNull()
    # the critical-failure bar's colour is somewhere in the picture
    colours = {image.pixelColor(x, y).name() for x in range(0, 400, 3) for y in range(0, 260, 3)}
    assert TIER_HEX["failure"] in colours
