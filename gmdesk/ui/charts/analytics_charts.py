"""The Analytics panel's charts (pyqtgraph, on ``StillPlot``): the same pictures the recap draws as SVG.

- ``DiceChart``: each face's count as a bar, the band a fair die stays in shaded, the expected count
  dashed, faces outside their band in red;
- ``CalibrationChart``: per bin of predicted chance, the observed success rate with its
  Clopper–Pearson band, against the diagonal where observed = predicted;
- ``StreakChart``: per character, the running (observed − expected) successes over a session.

Each is fed plain numbers (``gmdesk.analytics.report``) and redraws its items in place; names the GM
typed reach pyqtgraph's HTML through ``plain_text.html``.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np  # pyqtgraph's own dependency: ErrorBarItem computes with arrays
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmdesk.ui import plain_text
from gmdesk.ui.charts.base import PercentAxis, StillPlot, TickAxis, outline_pen
from gmdesk.ui.numbers import number_locale
from gmdesk.ui.theme import MARKER_HEX

INSIDE_HEX, OUTSIDE_HEX, BAND_HEX = "#2f5d8c", "#c0392b", "#dfe9d2"
LINE_HEX = ("#4c6ef5", "#d6336c", "#2b8a3e", "#ae3ec9", "#f08c00", "#1098ad", "#5c940d", "#7048e8", "#868e96")


class NumberAxis(TickAxis):
    """Numbers in the GM's locale ("1,5" in French); ``whole``: a count, ticked at whole numbers only
    (never "0, 0, 1, 1, 2" for a count of 2)."""

    def __init__(self, orientation: str, whole: bool = False):
        super().__init__(orientation)
        self.whole = whole

    def tickSpacing(self, minVal, maxVal, size):  # noqa: N802 (pyqtgraph's name)
        levels = super().tickSpacing(minVal, maxVal, size)
        if not self.whole or not levels:
            return levels
        return [(float(max(1, math.ceil(levels[0][0]))), 0)]

    def tickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph's name)
        locale = number_locale()  # the window's language: "0,5" under a French window
        if self.whole:
            return [locale.toString(int(round(v))) for v in values]
        decimals = min(2, max(0, -math.floor(math.log10(spacing)))) if spacing > 0 else 0
        return [locale.toString(float(v), "f", decimals) for v in values]


class _CountPlot(StillPlot):
    """A StillPlot with a plain numeric left axis (counts, successes) instead of percentages;
    ``whole``: the left axis counts (whole numbers only). The bottom axis counts too (faces, rolls)."""

    def __init__(self, parent: QWidget | None = None, whole: bool = True):
        super().__init__(parent)
        left = NumberAxis("left", whole)
        self.getPlotItem().setAxisItems({"left": left, "bottom": NumberAxis("bottom", True)})
        left.setWidth(46)
        self.apply_palette()


class DiceChart(_CountPlot):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.band = pg.LinearRegionItem((0, 0), orientation="horizontal", movable=False,
                                        brush=pg.mkBrush(BAND_HEX), pen=pg.mkPen(None))
        self.band.setZValue(-10)
        self.addItem(self.band)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brushes=[], pen=outline_pen())
        self.addItem(self.bars)
        self.expected = pg.InfiniteLine(pos=0, angle=0, movable=False,
                                        pen=pg.mkPen(MARKER_HEX, width=1, style=Qt.PenStyle.DashLine))
        self.addItem(self.expected)
        self.counts: list[int] = []
        self.band_range: tuple[int, int] = (0, 0)

    def show_faces(self, counts: Sequence[int], band: tuple[int, int], expected: float, title: str,
                   x_title: str, y_title: str) -> None:
        self.counts, self.band_range = list(counts), band
        faces = list(range(1, len(counts) + 1))
        brushes = [pg.mkBrush(INSIDE_HEX if band[0] <= c <= band[1] else OUTSIDE_HEX) for c in counts]
        self.bars.setOpts(x=faces, height=list(counts), brushes=brushes)
        self.band.setRegion(band)
        self.expected.setValue(expected)
        self.set_title(title)
        self.set_axis_title(x_title, "bottom")
        self.set_axis_title(y_title, "left")
        bottom = self.getPlotItem().getAxis("bottom")
        step = 1 if len(counts) <= 12 else 2
        bottom.setTicks([[(f, str(f)) for f in faces if f == 1 or f % step == 0]])
        top = max([band[1], *counts, 1]) * 1.12
        self.setXRange(0.4, len(counts) + 0.6, padding=0)
        self.setYRange(0, top, padding=0)

    def clear_faces(self, title: str = "") -> None:
        self.counts, self.band_range = [], (0, 0)
        self.bars.setOpts(x=[], height=[], brushes=[])
        self.band.setRegion((0, 0))
        self.expected.setValue(0)
        self.set_title(title)


class CalibrationChart(StillPlot):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        bottom = PercentAxis("bottom")
        self.getPlotItem().setAxisItems({"bottom": bottom})
        bottom.setTickSpacing(0.2, 0.2)
        self.apply_palette()
        self.diagonal = pg.PlotDataItem([0, 1], [0, 1], pen=pg.mkPen(MARKER_HEX, width=1, style=Qt.PenStyle.DashLine))
        self.addItem(self.diagonal)
        empty = np.array([], float)
        self.errors = pg.ErrorBarItem(x=empty, y=empty, top=empty, bottom=empty, beam=0.015,
                                      pen=pg.mkPen(INSIDE_HEX, width=2))
        self.addItem(self.errors)
        self.points = pg.ScatterPlotItem([], [], size=9, pen=pg.mkPen("w"))
        self.addItem(self.points)
        self.setXRange(0, 1, padding=0.02)
        self.setYRange(0, 1, padding=0.02)
        self.bins: list[tuple[float, float, float, float, int]] = []

    def show_bins(self, bins: Sequence[tuple[float, float, float, float, int]], title: str, x_title: str,
                  y_title: str) -> None:
        """``bins``: (predicted, observed, band low, band high, rolls)."""
        self.bins = list(bins)
        xs = [b[0] for b in bins]
        ys = [b[1] for b in bins]
        self.errors.setData(x=np.array(xs, float), y=np.array(ys, float),
                            top=np.array([b[3] - b[1] for b in bins], float),
                            bottom=np.array([b[1] - b[2] for b in bins], float))
        brushes = [pg.mkBrush(INSIDE_HEX if b[2] <= b[0] <= b[3] else OUTSIDE_HEX) for b in bins]
        self.points.setData(xs, ys, brush=brushes)
        self.set_title(title)
        self.set_axis_title(x_title, "bottom")
        self.set_axis_title(y_title, "left")


class StreakChart(_CountPlot):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, whole=False)  # successes − expected: 1,5 above the odds
        self.zero = pg.InfiniteLine(pos=0, angle=0, movable=False,
                                    pen=pg.mkPen(MARKER_HEX, width=1, style=Qt.PenStyle.DashLine))
        self.addItem(self.zero)
        self.legend = self.getPlotItem().addLegend(offset=(8, 8), labelTextColor=self.text_color(),
                                                   brush=pg.mkBrush(255, 255, 255, 200))
        self.lines: list[pg.PlotDataItem] = []
        self.names: list[str] = []

    def show_streaks(self, streaks: Sequence[tuple[str, Sequence[tuple[int, float]]]], title: str,
                     x_title: str, y_title: str) -> None:
        for line in self.lines:
            self.removeItem(line)
        self.legend.clear()
        self.lines, self.names = [], []
        for i, (name, points) in enumerate(streaks):
            color = QColor(LINE_HEX[i % len(LINE_HEX)])
            line = pg.PlotDataItem([x for x, _ in points], [y for _, y in points], stepMode=None,
                                   pen=pg.mkPen(color, width=2), name=plain_text.html(name))
            self.addItem(line)
            self.lines.append(line)
            self.names.append(name)
        self.set_title(title)
        self.set_axis_title(x_title, "bottom")
        self.set_axis_title(y_title, "left")
        ys = [y for _, pts in streaks for _, y in pts] or [0.0]
        span = max(1.0, max(abs(v) for v in ys)) * 1.15
        xs = [x for _, pts in streaks for x, _ in pts] or [1]
        self.setXRange(0, max(xs) or 1, padding=0.02)
        self.setYRange(-span, span, padding=0)

