"""Charts of the prep panel, on UI-B's ``StillPlot`` (same axes, palette and percent labels).

- ``GoalChart``: the DC solver's answer — the goal's value at every DC (or threshold, or opposing
  pool), each roller's own chance of success faintly behind it, the wanted chance as a dashed level
  and the solved DC marked. It is the DC sweep of the party, with the answer drawn on it.
- ``MembersChart``: for the prep sheet and the group pane, every roller's chance of success by DC,
  the prepared DC marked.

Both are fed plain numbers (``gmdesk.engine.prep`` computes them) and update their items in place.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmdesk.ui import plain_text
from gmdesk.ui.charts.base import StillPlot, marker_line
from gmdesk.ui.theme import MARKER_HEX, MEMBER_HEX, TIER_HEX

# Distinct hues for up to eight party members (then they repeat); none is a tier colour.

LINE_STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)


def trimmed(points: Sequence[tuple[int, Fraction]], margin: int = 2) -> list[tuple[int, Fraction]]:
    """The part of a curve where it moves, with ``margin`` flat points kept on each side.

    A DC curve is flat at both ends (certain success, the natural-20 floor): drawing DC −10..60
    would squash the interesting part into a sliver.
    """
    points = list(points)
    if len(points) <= 2:
        return points
    values = [v for _, v in points]
    first = next((i for i, v in enumerate(values) if v != values[0]), None)
    if first is None:
        return points
    last = max(i for i, v in enumerate(values) if v != values[-1])
    lo, hi = max(first - 1 - margin, 0), min(last + 1 + margin, len(points) - 1)
    return points[lo:hi + 1]


class GoalChart(StillPlot):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.goal_curve = pg.PlotDataItem([], [], pen=pg.mkPen(TIER_HEX["success"], width=3),
                                          symbol="o", symbolSize=5, symbolBrush=TIER_HEX["success"],
                                          symbolPen=None)
        self.goal_curve.setZValue(5)
        self.addItem(self.goal_curve)
        self.member_curves: list[pg.PlotDataItem] = []
        self.wanted_line = pg.InfiniteLine(pos=0, angle=0, movable=False,
                                           pen=pg.mkPen(MARKER_HEX, width=1, style=Qt.PenStyle.DashLine))
        self.addItem(self.wanted_line)
        self.marker = marker_line(pg.mkPen(MARKER_HEX, width=2), self.text_color(), 0.92)
        self.marker.setZValue(10)
        self.addItem(self.marker)
        self.answer = pg.ScatterPlotItem([], [], size=11, brush=pg.mkBrush(MARKER_HEX), pen=pg.mkPen("w"))
        self.answer.setZValue(11)
        self.addItem(self.answer)
        self.curve_points: list[tuple[int, Fraction]] = []

    def show_solution(self, curve: Sequence[tuple[int, Fraction]], wanted: Fraction, target: int,
                      marker_text: str, axis_title: str, members: Sequence[Sequence[tuple[int, Fraction]]] = (),
                      *, categorical: Sequence[str] = ()) -> None:
        """Draw the goal's ``curve`` (x, value), ``wanted`` as a level, ``target`` marked.

        ``members``: each roller's own curve over the same x; ``categorical``: axis labels for the
        x values instead of numbers (anarchy's opposing pools: "4 (easy)").
        """
        shown = list(curve) if categorical else trimmed(curve)
        if not any(x == target for x, _ in shown):
            shown = list(curve)
        self.curve_points = shown
        xs = [x for x, _ in shown]
        visible = set(xs)
        self.goal_curve.setData(xs, [float(v) for _, v in shown])
        while len(self.member_curves) < len(members):
            colour = QColor(MEMBER_HEX[len(self.member_curves) % len(MEMBER_HEX)])
            colour.setAlpha(150)
            item = pg.PlotDataItem([], [], pen=pg.mkPen(colour, width=1.5))
            self.addItem(item)
            self.member_curves.append(item)
        for i, item in enumerate(self.member_curves):
            if i < len(members):
                pts = [(x, v) for x, v in members[i] if x in visible]
                item.setData([x for x, _ in pts], [float(v) for _, v in pts])
                item.setVisible(True)
            else:
                item.setVisible(False)
        self.wanted_line.setValue(float(wanted))
        self.marker.setValue(target)
        self.marker.label.setFormat(marker_text)
        achieved = next((v for x, v in curve if x == target), None)
        self.answer.setData([target], [float(achieved)] if achieved is not None else [0.0])
        bottom = self.getPlotItem().getAxis("bottom")
        self.set_axis_title(axis_title)
        if categorical:
            bottom.setTicks([list(zip(xs, categorical))])
        else:
            bottom.setTicks(None)
        if xs:
            self.setXRange(xs[0] - 0.5, xs[-1] + 0.5, padding=0)
        self.setYRange(0, 1.05, padding=0)

    def goal_data(self) -> tuple[list[float], list[float]]:
        x, y = self.goal_curve.getData()
        return ([] if x is None else [float(v) for v in x]), ([] if y is None else [float(v) for v in y])


class MembersChart(StillPlot):
    """Each roller's chance of success by DC; the prepared DC marked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.getPlotItem().addLegend(offset=(-8, 8), labelTextColor=self.text_color(), brush=(255, 255, 255, 200))
        self.curves: list[pg.PlotDataItem] = []
        self.marker = marker_line(pg.mkPen(MARKER_HEX, width=2), self.text_color(), 0.06)
        self.marker.setZValue(10)
        self.addItem(self.marker)

    def show_members(self, curves: Sequence[tuple[str, Sequence[tuple[int, Fraction]]]], target: int | None,
                     marker_text: str, axis_title: str) -> None:
        legend = self.getPlotItem().legend
        for item in self.curves:
            self.removeItem(item)
            legend.removeItem(item)
        self.curves = []
        xs_all: set[int] = set()
        for i, (name, points) in enumerate(curves):
            pts = list(points)
            xs_all.update(x for x, _ in pts)
            # Members with the same modifier draw the same line: a dash pattern each keeps both visible.
            style = LINE_STYLES[i % len(LINE_STYLES)]
            # The legend is HTML to pyqtgraph: the member's name as typed, never as markup.
            item = pg.PlotDataItem([x for x, _ in pts], [float(v) for _, v in pts], name=plain_text.html(name),
                                   pen=pg.mkPen(MEMBER_HEX[i % len(MEMBER_HEX)], width=2, style=style))
            self.addItem(item)
            self.curves.append(item)
        if target is None:
            self.marker.setVisible(False)
        else:
            self.marker.setValue(target)
            self.marker.label.setFormat(marker_text)
            self.marker.setVisible(True)
        self.set_axis_title(axis_title)
        if xs_all:
            self.setXRange(min(xs_all) - 0.5, max(xs_all) + 0.5, padding=0)
        self.setYRange(0, 1.05, padding=0)
