"""What every gmdesk chart shares: a still picture (no pan/zoom), percent on the y axis, the
window's palette instead of pyqtgraph's black background, and titles shown as typed (pyqtgraph
reads titles, axis labels and legends as HTML: ``set_title``, ``set_axis_title`` and
``plain_text.html`` escape them)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QPalette, QTextOption
from PySide6.QtWidgets import QSizePolicy, QWidget

from gmdesk.ui import one_frame, plain_text
from gmdesk.ui.numbers import number_locale, percent_suffix
from gmdesk.ui.theme import tier_color


TITLE_SIZE = "9pt"
TICK_GAP = 4  # px between two tick texts, about a space: closer, two words read as one
MAX_TITLE_LINES = 2  # a third line would take the plot's room in a chart 200 px high


def text_lines(document) -> int:
    """The lines ``document`` is laid out on at its text width."""
    block, lines = document.begin(), 0
    while block.isValid():
        lines += max(1, block.layout().lineCount())
        block = block.next()
    return lines


class TickAxis(pg.AxisItem):
    """An axis whose tick texts never overlap: when two would touch ("facile moyendifficile" under
    a narrow chart), the later one is left out; the bars, the table beside and the hover say it."""

    def generateDrawSpecs(self, p):  # noqa: N802 (pyqtgraph's name)
        specs = super().generateDrawSpecs(p)
        if specs is None:
            return specs
        axis, ticks, texts = specs
        return axis, ticks, apart(texts, self.orientation in ("top", "bottom"))


def apart(texts: list, horizontal: bool) -> list:
    """``texts`` (pyqtgraph's ``(rect, flags, text)``) without those that would touch the one before."""
    kept: list = []
    for spec in sorted(texts, key=lambda t: t[0].left() if horizontal else t[0].top()):
        if kept:
            last = kept[-1][0]
            gap = spec[0].left() - last.right() if horizontal else spec[0].top() - last.bottom()
            if gap < TICK_GAP:
                continue
        kept.append(spec)
    return kept


class PercentAxis(TickAxis):
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
        super().__init__(parent, axisItems={"left": PercentAxis("left"), "bottom": TickAxis("bottom")},
                         enableMenu=False)
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
        # A marker's label is placed when its line moves; the plot resized (a layout switched, the
        # log grown) moves the edges it keeps inside.
        view = item.getViewBox()
        for signal in (view.sigResized, view.sigTransformChanged):
            signal.connect(self._place_marker_labels)
        self.apply_palette()
        one_frame.chart_built(self)

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
            self._shown_title = text
            self.getPlotItem().setTitle(plain_text.html(text), color=self.text_color(), size=TITLE_SIZE)
            # Wrapped, its lines centred over the plot as one line is.
            self.getPlotItem().titleLabel.item.document().setDefaultTextOption(QTextOption(Qt.AlignmentFlag.AlignHCenter))
            self._wrap_title()
            self._lay_out_now()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        # The title first: wrapped for the wider chart, it would hold the plot at its old width
        # (a layout item is never set narrower than its minimum), the plot's right end past the edge.
        self._wrap_title()
        super().resizeEvent(event)

    def _wrap_title(self) -> None:
        """The title wraps within the chart's width, on two lines at most. Unwrapped, a long title
        ("Chance de réussite de chacun selon le DD") made the plot wider than the chart at 1280 px:
        the title, the legend and the axis's right end ran past the edge; on three lines it ran
        past the top (issue 24). Longer than two lines, it ends with "…", whole in its tooltip."""
        plot = self.getPlotItem()  # None while pyqtgraph builds the widget (it resizes it then)
        if plot is None or not self.title or not plot.titleLabel.isVisible():
            return
        label = plot.titleLabel
        # The title is centred over the plot, right of the left axis: its box keeps clear of both edges.
        width = max(60, self.width() - plot.getAxis("left").width() - 24)
        shown = self.title
        while True:
            if self._shown_title != shown:
                self._shown_title = shown
                label.setText(plain_text.html(shown), color=self.text_color(), size=TITLE_SIZE)
            label.item.setTextWidth(width)
            if shown == "…" or text_lines(label.item.document()) <= MAX_TITLE_LINES:
                break
            shown = shown[:-2].rstrip() + "…" if shown.endswith("…") else shown[:-1].rstrip() + "…"
        label.setToolTip(self.title if shown != self.title else "")
        # pyqtgraph fixes the title's row (and the label) at 30 px, again at each setTitle: a wrapped
        # title gets the height of its lines, else it is centred in 30 px and its first line cut.
        height = max(30, label.item.boundingRect().height())
        label.setMaximumHeight(height)
        plot.layout.setRowFixedHeight(0, height)
        label.updateMin()
        label.resizeEvent(None)

    def _place_marker_labels(self, *_) -> None:
        """Once the resize is done (pyqtgraph maps the new size to its items in several steps, the
        last at the next paint), each marker's label placed again inside the plot."""
        if not getattr(self, "_placing", False):
            self._placing = True
            QTimer.singleShot(0, self, self._place_now)

    def place_labels_now(self) -> None:
        """The labels placed now for a picture just drawn, not once the event loop comes back: placed
        after the frame, they made the chart paint a second frame on every turn of the fight."""
        if getattr(self, "_placing", False):
            self._place_now()

    def _place_now(self) -> None:
        if not getattr(self, "_placing", False):
            return  # placed already, when the picture was drawn (``place_labels_now``)
        view = self.getPlotItem().getViewBox()
        if getattr(view, "_matrixNeedsUpdate", False):
            view.updateMatrix()  # it signals a change: not placed again for it (``_placing``)
        for line in self.getPlotItem().items:
            label = getattr(line, "label", None)
            if isinstance(label, _InsideLabel) and label.isVisible():
                label.updateTransform()
                label.updatePosition()
        self._placing = False

    def _lay_out_now(self) -> None:
        """The plot's own layout done now: a new title or axis title moves the plot area, and laid
        out later (a posted event), the move came after the bars were placed for the frame, and the
        chart was painted a second time on every turn that changed its words."""
        self.getPlotItem().layout.activate()

    @property
    def title(self) -> str:
        return getattr(self, "_title", "")

    def set_axis_title(self, text: str, axis: str = "bottom") -> None:
        """The axis's title, shown as given (an axis label is HTML to pyqtgraph too)."""
        self.axis_titles[axis] = text
        self.getPlotItem().setLabel(axis, plain_text.html(text))
        self._lay_out_now()

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


class _InsideLabel(pg.InfLineLabel):
    """A marker's label kept inside the plot: centred on its line, shifted in when the line is near
    an edge ("DC 15: 60 %" on a line at the right end ran past the chart at 1280 px, issue 24)."""

    def updatePosition(self):  # noqa: N802 (pyqtgraph's name)
        super().updatePosition()
        view = self.getViewBox()
        if view is None or not self.isVisible():
            return
        box = view.boundingRect()
        rect = view.mapRectFromItem(self, self.boundingRect())
        if rect.isEmpty():
            return
        dx = max(0.0, box.left() - rect.left()) - max(0.0, rect.right() - box.right())
        dy = max(0.0, box.top() - rect.top()) - max(0.0, rect.bottom() - box.bottom())
        if dx or dy:  # a larger anchor moves the text left (up): the shift, in the label's widths
            self.setAnchor((self.anchor.x() - dx / rect.width(), self.anchor.y() - dy / rect.height()))


def marker_line(pen, text_color: QColor, position: float, fill=(255, 255, 255, 210), anchors=None) -> pg.InfiniteLine:
    """A vertical marker (the DC in use) whose label stays inside the plot, ``position`` up it (0..1)."""
    line = pg.InfiniteLine(pos=0, angle=90, movable=False, pen=pen)
    options = {"position": position, "color": text_color, "fill": fill}
    if anchors is not None:
        options["anchors"] = anchors
    line.label = _InsideLabel(line, text="", **options)
    return line
