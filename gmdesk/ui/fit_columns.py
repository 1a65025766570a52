"""Table columns that fit what they show: each as wide as its title and the rows on screen need (the
view measures only the rows in sight: the roll log's million rows are never read for it), and one
column whose text is long by nature (the roll log's check label, the analytics' outcomes) takes the
room left, ending with "…" when there is too little — its tooltip says it whole. An empty column
("Reroll of" before any reroll) is only as wide as its title."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView

PADDING = 12  # px beyond the text: the cell's margins and a little air
STRETCH_MIN_CHARS = 14  # the long column keeps at least this much before the table scrolls sideways


class FitColumns(QObject):
    """Fits ``view``'s columns whenever the view is resized or its rows change; ``stretch`` is the
    column that takes the room left."""

    def __init__(self, view: QTableView, stretch: int):
        super().__init__(view)
        self.view = view
        self.stretch = stretch
        self._later = QTimer(self, singleShot=True, interval=0)
        self._later.timeout.connect(self.fit)
        view.viewport().installEventFilter(self)
        header = view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.headerDataChanged,
                       model.layoutChanged, model.dataChanged):
            signal.connect(self.fit_later)

    def fit_later(self, *_) -> None:
        self._later.start()

    def title_width(self, column: int) -> int:
        header = self.view.horizontalHeader()
        text = str(self.view.model().headerData(column, Qt.Orientation.Horizontal) or "")
        margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        return header.fontMetrics().horizontalAdvance(text) + 2 * margin + 4

    def fit(self) -> None:
        view, header = self.view, self.view.horizontalHeader()
        if not view.isVisible():
            # A hidden view measures its first thousand rows, not the ones on screen: that would
            # read deep into a long log (and meet damage there) for nothing. Fitted when shown.
            return
        model = view.model()
        columns = [c for c in range(model.columnCount()) if not header.isSectionHidden(c)]
        if not columns:
            return
        widths = {}
        for column in columns:
            content = view.sizeHintForColumn(column) if model.rowCount() else 0
            widths[column] = max(self.title_width(column), content + (PADDING if content > 0 else 0))
        room = view.viewport().width()
        others = sum(w for c, w in widths.items() if c != self.stretch)
        if self.stretch in widths:
            least = max(self.title_width(self.stretch), view.fontMetrics().averageCharWidth() * STRETCH_MIN_CHARS)
            widths[self.stretch] = max(least, room - others)
        for column, width in widths.items():
            header.resizeSection(column, width)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (event.Type.Resize, event.Type.Show):
            self.fit_later()
        return False


def header_of(view: QAbstractItemView) -> QHeaderView:
    """The header over ``view``'s columns (a table's horizontal one, a tree's)."""
    return view.horizontalHeader() if isinstance(view, QTableView) else view.header()


def settle_columns(view: QAbstractItemView) -> None:
    """``view``'s rows laid out and its columns sized by their header's modes now, in the frame to
    come. Left to Qt, the header resizes them on a timer of its own, and the view, told of each new
    width, repaints those columns on another: a GM's action painted the table twice, a frame apart.
    The header is quiet meanwhile, and the whole view repainted once."""
    view.executeDelayedItemsLayout()
    header = header_of(view)
    quiet = header.blockSignals(True)
    try:
        view.updateGeometries()
        header.resizeSections()
    finally:
        header.blockSignals(quiet)
    view.viewport().update()


class FillColumn(QObject):
    """``view``'s ``fitted`` columns as wide as their contents (``fit(contents=True)`` when its rows
    change) and its ``fill`` column the room left, again whenever the view is resized. Done here,
    with the header quiet, rather than by the header's own modes (ResizeToContents, Stretch): the
    header applies those on a timer, after the frame, and the view repaints each column it resized
    on another — every change the GM made painted the table twice."""

    def __init__(self, view: QAbstractItemView, fitted: tuple[int, ...], fill: int):
        super().__init__(view)
        self.view, self.fitted, self.fill = view, fitted, fill
        header = header_of(self.view)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        view.viewport().installEventFilter(self)

    def fit(self, contents: bool = False) -> None:
        view, header = self.view, header_of(self.view)
        view.executeDelayedItemsLayout()
        quiet = header.blockSignals(True)
        try:
            shown = [c for c in self.fitted if not header.isSectionHidden(c)]  # pf2's types, not 5e's
            if contents:
                for column in shown:
                    view.resizeColumnToContents(column)
            used = sum(header.sectionSize(c) for c in shown)
            header.resizeSection(self.fill, max(header.minimumSectionSize(), view.viewport().width() - used))
        finally:
            header.blockSignals(quiet)
        view.updateGeometries()
        view.viewport().update()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == event.Type.Resize:
            self.fit()
        return False
