"""Issue 24, items 1 and 6: every chart's texts fit the chart at 1280×720 — a title on two lines at
most and inside the top edge, a marker's label inside the plot when its line is at the edge, tick
names that never overlap ("facile moyendifficile") — and ``chart_fit``, the tour's measure of all
this, sees each of these faults where they are."""

from __future__ import annotations

from fractions import Fraction

import pyqtgraph as pg

from chart_fit import cut_chart_texts, overlapping_ticks, painted_ticks
from gmdesk.engine.series import Bars
from gmdesk.ui.charts import TierBarsChart
from gmdesk.ui.charts.base import text_lines
from gmdesk.ui.panels.prep.charts import GoalChart

LONG_TITLE = "Chance de réussite de chacun selon le degré de difficulté choisi"
NAMES = ("facile", "moyen", "difficile", "très difficile", "héroïque", "épique")


def shown_chart(qtbot, chart, width: int, height: int):
    qtbot.addWidget(chart)
    chart.resize(width, height)
    chart.show()
    qtbot.waitExposed(chart)
    return chart


def test_a_long_title_wraps_on_two_lines_inside_the_chart_and_comes_back_whole_when_wider(qtbot):
    chart = shown_chart(qtbot, TierBarsChart(), 200, 220)
    chart.show_bars(Bars((0, 1), (0.4, 0.6), ("failure", "success")), ("40 %", "60 %"), ("a", "b"),
                    caption=LONG_TITLE)
    qtbot.wait(10)
    label = chart.getPlotItem().titleLabel
    assert text_lines(label.item.document()) <= 2
    assert label.item.toPlainText().endswith("…") and label.toolTip() == LONG_TITLE  # whole on hover
    assert cut_chart_texts(chart) == []
    chart.resize(900, 300)
    qtbot.wait(10)
    assert label.item.toPlainText() == LONG_TITLE and label.toolTip() == ""
    assert cut_chart_texts(chart) == []


def test_the_solvers_marker_label_stays_inside_the_plot_wherever_its_line(qtbot):
    """pyqtgraph writes the label right of a line left of the middle: "DC 12: 60.0 %" ran past the
    right edge of a chart 200 px wide."""
    chart = shown_chart(qtbot, GoalChart(), 200, 215)
    curve = [(dc, Fraction(30 - dc, 30)) for dc in range(0, 31)]  # moving everywhere: drawn whole
    for target in (0, 12, 14, 30):
        chart.show_solution(curve, Fraction(1, 2), target, f"DC {target}: 60.0 %", "DC")
        chart.set_title("the best in the party succeeds")
        qtbot.wait(10)  # laid out
        chart.grab()  # and painted: pyqtgraph places the label on its line as it paints
        view = chart.getPlotItem().vb
        label = chart.marker.label
        rect = view.mapRectFromItem(label, label.boundingRect())
        assert view.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect), (target, rect)
        assert cut_chart_texts(chart) == []


def test_crowded_tick_names_are_thinned_never_painted_over_each_other(qtbot):
    chart = shown_chart(qtbot, TierBarsChart(), 200, 220)
    chart.show_bars(Bars(tuple(range(6)), (0.1,) * 6, ("success",) * 6), ("10 %",) * 6, NAMES)
    qtbot.wait(10)
    axis = chart.getPlotItem().getAxis("bottom")
    assert overlapping_ticks(axis) == [] and cut_chart_texts(chart) == []
    names = [text.replace("\n", " ") for _, _, text in painted_ticks(axis)]
    assert 1 < len(names) < len(NAMES) and names == [n for n in NAMES if n in names]  # some, in order


def test_the_measure_sees_overlapping_ticks_of_a_plain_axis(qtbot):
    """What the tour would report for an axis that does not thin its names (pyqtgraph's own)."""
    plot = shown_chart(qtbot, pg.PlotWidget(), 200, 220)
    plot.getPlotItem().getAxis("bottom").setTicks([list(enumerate(NAMES))])
    plot.setXRange(-0.5, 5.5, padding=0)
    qtbot.wait(10)
    assert overlapping_ticks(plot.getPlotItem().getAxis("bottom"))
