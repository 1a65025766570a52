"""The tier bars of one check (or, for anarchy, the distribution of hits with the threshold marked).

One ``BarGraphItem`` for all bars, one marker line, a pool of text items for the percentages: every
update changes these items' data in place (``setOpts`` / ``setText``); nothing is recreated, so a
modifier edit costs a redraw and no allocation churn.
"""

from __future__ import annotations

from typing import Sequence

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from gmdesk.engine.series import Bars
from gmdesk.ui.charts.base import StillPlot, brushes_for, outline_pen
from gmdesk.ui.theme import MARKER_HEX

# Above this many bars, the per-bar percentages would overlap: the axis and hover tell the value.
MAX_VALUE_LABELS = 9


class TierBarsChart(StillPlot):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.7, brushes=[], pen=outline_pen())
        self.addItem(self.bars)
        bottom = self.getPlotItem().getAxis("bottom")
        bottom.setHeight(38)  # room for two-line tier names
        # Tier names a little smaller than the text around: "échec" and "réussite" side by side
        # under bars 50 px apart stay apart.
        tick_font = self.font()
        tick_font.setPointSizeF(tick_font.pointSizeF() * 0.9)
        bottom.setStyle(tickFont=tick_font)
        self.marker = pg.InfiniteLine(
            pos=0, angle=90, movable=False,
            pen=pg.mkPen(MARKER_HEX, width=2, style=Qt.PenStyle.DashLine),
        )
        self.marker.setVisible(False)
        self.addItem(self.marker)
        self.value_labels: list[pg.TextItem] = []
        self.tick_labels: tuple[str, ...] = ()
        self.series: Bars | None = None

    def show_bars(
        self,
        bars: Bars,
        value_texts: Sequence[str],
        tick_labels: Sequence[str],
        *,
        marker_x: float | None = None,
        marker_text: str = "",
        caption: str = "",
        y_max: float = 1.0,
    ) -> None:
        """Draw ``bars``; ``value_texts[i]`` is written above bar i, ``tick_labels[i]`` under it."""
        # The same picture again (the same odds after a turn, a condition elsewhere): nothing redrawn.
        shown = (bars, tuple(value_texts), tuple(tick_labels), marker_x, marker_text, caption, y_max)
        if shown == getattr(self, "_shown", None):
            return
        self._shown = shown
        self.series = bars
        self.bars.setOpts(x=list(bars.x), height=list(bars.heights), brushes=brushes_for(bars.keys))
        self.tick_labels = tuple(tick_labels)
        # Long tier names ("critical success") go on two lines so that neighbours never hide them.
        wrapped = [label.replace(" ", "\n", 1) if len(label) > 9 else label for label in self.tick_labels]
        ticks = [list(zip(bars.x, wrapped))]
        bottom = self.getPlotItem().getAxis("bottom")
        # The same words, the same steps again: the axis keeps its picture (drawn anew, 1 ms a turn).
        if ticks != getattr(bottom, "_tickLevels", None):
            bottom.setTicks(ticks)
        self._show_values(bars, value_texts)
        if marker_x is None:
            self.marker.setVisible(False)
        else:
            self.marker.setValue(marker_x)
            self.marker.setToolTip(marker_text)
            self.marker.setVisible(True)
        self.set_title(caption)
        n = len(bars.x)
        self.setXRange(-0.6, max(n - 1, 0) + 0.6, padding=0)
        # Room above the tallest bar for its percentage; finer ticks when every bar is small.
        self.setYRange(0, y_max * 1.2, padding=0)
        step = 0.25 if y_max > 0.5 else 0.1 if y_max > 0.2 else 0.05
        left = self.getPlotItem().getAxis("left")
        if getattr(left, "_tickSpacing", None) != [(step, 0.0), (step, 0.0)]:
            left.setTickSpacing(step, step)
        self.setToolTip("\n".join(f"{t}: {v}" for t, v in zip(self.tick_labels, value_texts)))
        # The new ranges' transform and the labels placed for it now, not while painting: placed
        # while painting, they are painted again on the next frame.
        self._lay_out_now()  # new tick words may change the axis's height: the plot moves now
        self.scene().prepareForPaint()
        self.place_labels_now()

    def clear_bars(self) -> None:
        """No check to show (it is impossible): no bar, no figure."""
        self.show_bars(Bars((), (), ()), (), ())

    def _show_values(self, bars: Bars, value_texts: Sequence[str]) -> None:
        show = len(bars.x) <= MAX_VALUE_LABELS
        needed = len(bars.x) if show else 0
        while len(self.value_labels) < needed:  # grow the pool once; items are reused afterwards
            label = pg.TextItem("", color=self.text_color(), anchor=(0.5, 1.0))
            self.addItem(label)
            self.value_labels.append(label)
        font = self.font()
        if needed > 5:  # narrow bars: a smaller figure keeps neighbours apart
            font.setPointSizeF(font.pointSizeF() * 0.8)
        for i, label in enumerate(self.value_labels):
            if label.textItem.font() != font:
                label.setFont(font)
            if i < needed:
                # Narrow bars: the axis already says "%", the figure alone fits.
                text = value_texts[i].removesuffix(" %") if needed > 5 else value_texts[i]
                if label.toPlainText() != text:
                    label.setText(text, color=self.text_color())
                label.setPos(bars.x[i], bars.heights[i])
                label.setVisible(True)
            else:
                label.setVisible(False)

    # What the chart holds, for tests and the benchmark (the engine's numbers, as drawn).
    def heights(self) -> list[float]:
        return [float(h) for h in self.bars.opts["height"]]

    def marker_text(self) -> str:
        return self.marker.toolTip() if self.marker.isVisible() else ""

    def visible_value_texts(self) -> list[str]:
        return [label.toPlainText() for label in self.value_labels if label.isVisible()]

