"""The DC sweep: tier probabilities stacked against the DC (or anarchy threshold), current one marked.

One stacked ``BarGraphItem`` per tier id (best tier at the bottom, so the top of the green reads as
"chance of success"), created the first time that tier appears and then only updated in place;
bars of width 1 touch, drawing each DC's split as a column.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QWidget

from gmdesk.engine.series import StackedSweep
from gmdesk.ui.charts.base import StillPlot, marker_line, outline_pen
from gmdesk.ui.theme import MARKER_HEX, tier_color, tier_name


Y_TOP = 1.16  # the y axis runs to 116 %: the headroom above 100 % holds the marker's label
LABEL_Y = 1.08


class SweepChart(StillPlot):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.bands: dict[str, pg.BarGraphItem] = {}
        # The marker's label ("DC 15") sits in a band of headroom above the 100 % line, so it never
        # covers the bars nor the chart's top edge.
        self.marker = marker_line(pg.mkPen(MARKER_HEX, width=2), self.text_color(), LABEL_Y / Y_TOP,
                                  (255, 255, 255, 220), [(0.5, 0.5), (0.5, 0.5)])
        self.addItem(self.marker)
        self.marker.setZValue(10)
        self.sweep: StackedSweep | None = None
        self.value_texts: dict[str, list[str]] = {}
        self.scene().sigMouseMoved.connect(self._hover)

    def show_sweep(self, sweep: StackedSweep, current: int | None, marker_text: str, axis_title: str,
                   value_text=None) -> None:
        """Draw ``sweep``; ``value_text(p)`` formats a probability for the hover tip."""
        self._value_text = value_text or (lambda p: f"{p:.1%}")
        # The same picture again (the same odds after a turn, a condition elsewhere): nothing redrawn.
        shown = (sweep, current, marker_text, axis_title)
        if self.sweep is not None and shown == getattr(self, "_shown", None):
            return
        self._shown = shown
        self.sweep = sweep
        x = list(sweep.targets)
        for tier in sweep.tiers:
            band = self.bands.get(tier)
            if band is None:
                band = self.bands[tier] = pg.BarGraphItem(
                    x=[], height=[], width=1.0, brush=tier_color(tier), pen=outline_pen())
                self.addItem(band)
            band.setOpts(x=x, y0=list(sweep.bottoms[tier]), height=list(sweep.heights[tier]))
            band.setVisible(True)
        for tier, band in self.bands.items():
            if tier not in sweep.tiers:
                band.setVisible(False)
        if current is None:
            self.marker.setVisible(False)
        else:
            self.marker.setValue(current)
            self.marker.label.setFormat(marker_text)
            self.marker.setVisible(True)
        if axis_title != self.axis_titles.get("bottom"):  # set again, the axis is laid out and the plot redrawn
            self.set_axis_title(axis_title)
        self.setXRange(x[0] - 0.5, x[-1] + 0.5, padding=0)
        self.setYRange(0, Y_TOP, padding=0)
        self._lay_out_now()  # new tick words may change the axis's height: the plot moves now
        self.scene().prepareForPaint()  # the marker's label placed now, not while painting (as the tier bars')
        self.place_labels_now()

    def clear_sweep(self) -> None:
        """No check to show (impossible, or no target in use): no band, no marker."""
        self.sweep = None
        for band in self.bands.values():
            band.setVisible(False)
        self.marker.setVisible(False)
        self.set_title("")

    def band(self, tier: str) -> pg.BarGraphItem:
        return self.bands[tier]

    def shown_tiers(self) -> list[str]:
        return [t for t, band in self.bands.items() if band.isVisible()]

    def tip_at(self, target: int) -> str:
        """The hover text for one DC: every tier's chance there, best first."""
        if self.sweep is None or target not in self.sweep.targets:
            return ""
        i = self.sweep.targets.index(target)
        lines = [f"{self.axis_titles.get('bottom', '')} {target}".strip()]
        for tier in self.sweep.tiers:
            lines.append(f"{tier_name(tier)}: {self._value_text(self.sweep.heights[tier][i])}")
        return "\n".join(lines)

    def _hover(self, pos: QPointF) -> None:
        if self.sweep is None:
            return
        point = self.getPlotItem().vb.mapSceneToView(pos)
        self.setToolTip(self.tip_at(round(point.x())))

