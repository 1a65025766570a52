"""What every gmdesk chart shares: a still picture (no pan/zoom), percent on the y axis, the
window's palette instead of pyqtgraph's black background, and titles shown as typed (pyqtgraph
reads titles, axis labels and legends as HTML: ``set_title``, ``set_axis_title`` and
``plain_text.html`` escape them)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from gmdesk.ui import plain_text
from gmdesk.ui.numbers import number_locale, percent_suffix
from gmdesk.ui.theme import tier_color


class PercentAxis(pg.AxisItem):
    """Probabilities (0..1) labelled as whole percentages in the GM's locale."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph's name)
        locale, suffix = number_locale(), percent_suffix()
        decimals = 0 if spacing * 100 >= 1 else 1
        return [f"{locale.toString(v * 100, 'f', decimals)}{suffix}" for v in values]


class StillPlot(pg.PlotWidget):
    """A PlotWidget a GM reads rather than explores: mouse and context menu off, palette colours."""

    def __init__(self, parent: QWidget | None = None):
        # enableMenu=False: the ViewBox never builds the context menu this plot would switch off
        # anyway (a few ms per chart, on the way to the first painted window).
        super().__init__(parent, axisItems={"left": PercentAxis("left")}, enableMenu=False)
        item = self.getPlotItem()
        item.setMouseEnabled(x=False, y=False)
        item.setMenuEnabled(False)
        item.hideButtons()
        item.showGrid(x=False, y=True, alpha=0.25)
        left = item.getAxis("left")
        # Fixed width: the axis would otherwise widen only after its first paint, clipping "100 %".
        left.setWidth(46)
        left.setTickSpacing(0.25, 0.25)  # 0, 25, 50, 75, 100 %: no minor grid clutter
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(190, 160)  # two side by side beside the check panel's choices at 1280 px
        self.apply_palette()

    def apply_palette(self) -> None:
        # The Active group always: a chart drawn while its panel is disabled (no campaign yet)
        # must not keep the greyed-out colours once the panel comes alive.
        palette = self.palette()
        self.setBackground(palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Base))
        text = self.text_color()
        for name in ("left", "bottom"):
            axis = self.getPlotItem().getAxis(name)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))

    def text_color(self) -> QColor:
        return self.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)

    def set_title(self, text: str) -> None:
        """The title, shown as given: pyqtgraph reads it as HTML, so names the GM typed are escaped."""
        # Rendering a title is HTML layout: skip it when nothing changed (every keystroke lands here).
        if getattr(self, "_title", None) != text:
            self._title = text
            self.getPlotItem().setTitle(plain_text.html(text), color=self.text_color(), size="9pt")
            self._wrap_title()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._wrap_title()

    def _wrap_title(self) -> None:
        """The title wraps within the chart's width. Unwrapped, a long title ("Chance de réussite de
        chacun selon le DD") made the plot wider than the chart at 1280 px: the title, the legend
        and the axis's right end ran past the edge (issue 24, item 6)."""
        plot = self.getPlotItem()  # None while pyqtgraph builds the widget (it resizes it then)
        if plot is None or not self.title or not plot.titleLabel.isVisible():
            return
        label = plot.titleLabel
        # The title is centred over the plot, right of the left axis: its box keeps clear of both edges.
        width = max(60, self.width() - plot.getAxis("left").width() - 48)
        label.item.setTextWidth(width)
        label.updateMin()
        # pyqtgraph fixes the title's row at 30 px (again at each setTitle): a wrapped title gets
        # the height of its lines.
        plot.layout.setRowFixedHeight(0, max(30, label.item.boundingRect().height()))

    @property
    def title(self) -> str:
        return getattr(self, "_title", "")

    def set_axis_title(self, text: str, axis: str = "bottom") -> None:
        """The axis's title, shown as given (an axis label is HTML to pyqtgraph too)."""
        self.axis_titles[axis] = text
        self.getPlotItem().setLabel(axis, plain_text.html(text))

    @property
    def axis_titles(self) -> dict[str, str]:
        if not hasattr(self, "_axis_titles"):
            self._axis_titles: dict[str, str] = {}
        return self._axis_titles


def brushes_for(keys) -> list:
    return [pg.mkBrush(tier_color(key)) for key in keys]


def outline_pen() -> "pg.QtGui.QPen":
    # A thin light outline separates adjacent bars (the sweep's bars touch).
    return pg.mkPen(QColor(255, 255, 255, 160), width=1)
