"""What "nothing cut" means inside a chart (issue 24, items 1 and 6), measured on a live pyqtgraph
chart: ``cut_chart_texts(view)`` lists

- a text (title, legend, axis title, a marker's label, a bar's figure) past the chart's edge:
  "Chance de réussite de chacun selon le DD" over the top, a marker's "DC 15: 60 %" past the right;
- a title on more than two lines (it takes the plot's room, and it ran past the top);
- an axis whose tick texts overlap or touch, as pyqtgraph would paint them: "facile moyendifficile".
"""

from __future__ import annotations

from PySide6.QtGui import QPainter, QPicture
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem, QGraphicsView

MAX_TITLE_LINES = 2
TICK_GAP = 2  # px between two tick texts: less, and two words read as one


def _name(view: QGraphicsView) -> str:
    from window_fit import name_of

    return name_of(view)


def cut_chart_texts(view: QGraphicsView) -> list[str]:
    import pyqtgraph as pg

    from gmdesk.ui.charts.base import text_lines

    if view.scene() is None:
        return []
    area = view.viewport().rect().adjusted(-5, -5, 5, 5)  # a text item's margin, drawn blank
    found = []
    for item in view.scene().items():
        if isinstance(item, pg.AxisItem):
            found += [f"{_name(view)} {item.orientation} axis: {text}" for text in overlapping_ticks(item)]
            continue
        if not isinstance(item, (QGraphicsTextItem, QGraphicsSimpleTextItem)) or not item.isVisible():
            continue
        text = item.toPlainText() if isinstance(item, QGraphicsTextItem) else item.text()
        if not text.strip():
            continue
        rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if not area.contains(rect):
            found.append(f"{_name(view)} chart text {text[:40]!r}: past the chart's edge "
                         f"({rect.getRect()} in {view.viewport().rect().getRect()})")
        title = getattr(getattr(view, "getPlotItem", lambda: None)(), "titleLabel", None)
        if title is not None and item is title.item and text_lines(item.document()) > MAX_TITLE_LINES:
            found.append(f"{_name(view)} title {text[:40]!r}: on {text_lines(item.document())} lines")
    return found


def painted_ticks(axis) -> list:
    """The tick texts ``axis`` paints, as pyqtgraph lays them out: ``(rect, flags, text)``."""
    if not axis.isVisible() or axis.boundingRect().isEmpty():
        return []
    picture = QPicture()
    painter = QPainter(picture)
    try:
        if axis.style["tickFont"]:
            painter.setFont(axis.style["tickFont"])
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [] if specs is None else list(specs[2])


def overlapping_ticks(axis) -> list[str]:
    """The tick texts of ``axis`` that pyqtgraph would paint over (or against) each other."""
    horizontal = axis.orientation in ("top", "bottom")
    rects = sorted(((rect, text) for rect, _, text in painted_ticks(axis)),
                   key=lambda rt: rt[0].left() if horizontal else rt[0].top())
    found = []
    for (a, first), (b, second) in zip(rects, rects[1:]):
        gap = b.left() - a.right() if horizontal else b.top() - a.bottom()
        if gap < TICK_GAP:
            found.append(f"ticks {first!r} and {second!r} overlap ({gap:.0f} px apart)")
    return found
