"""The party table's columns, as wide as their widest text over every row.

Qt's ``ResizeToContents`` measures a column by asking each cell's size hint through ``data()``, once
per role, again at every layout pass and at every keystroke in the filter: a bestiary of 2,000 NPCs
made that tens of thousands of Python calls when the window opened, and hundreds of milliseconds per
keystroke. Here the widths are measured once per change of the rows, from the texts the model already
holds (each distinct text once), and the columns keep them while the GM filters: they don't jump as
rows come and go.
"""

from __future__ import annotations

from typing import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView


# Text widths are fractional where the integer advance is not: a name measured to the pixel could
# still end in "…" (seen on a real X screen: "Grikkit, goblin …").
AIR = 4


class ColumnFit(QObject):
    """Keep ``columns`` of ``table`` as wide as ``texts(column)`` (every row's text in that column) and
    their header; the other columns keep their own resize mode."""

    def __init__(self, table: QTableView, model, columns: tuple[int, ...],
                 texts: Callable[[int], Iterable[str]]):
        super().__init__(table)
        self.table = table
        self.columns = columns
        self.texts = texts
        # Each distinct text measured once for the font it is shown in: a sheet edit, a row added
        # or a language switch measures only the texts it brings (a bestiary's 2,000 names: ~40 ms).
        self._widths: dict[str, int] = {}
        self._font = None
        header = table.horizontalHeader()
        for column in columns:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged,
                       model.headerDataChanged, model.layoutChanged):
            signal.connect(self.fit)
        table.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if watched is self.table and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()
        return False

    def fit(self, *_args) -> None:
        table, header = self.table, self.table.horizontalHeader()
        metrics = table.fontMetrics()
        if self._font != table.font():
            self._font, self._widths = table.font(), {}
        widths = self._widths
        # What a cell adds around its text (QCommonStyle's item view size), and the grid line.
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        margin += 1 if table.showGrid() else 0
        margin += AIR
        for column in self.columns:
            widest = 0
            for text in set(self.texts(column)):
                width = widths.get(text)
                if width is None:
                    width = widths[text] = metrics.horizontalAdvance(text) if text else 0
                widest = max(widest, width)
            width = max(widest + margin if widest else 0, header.sectionSizeHint(column), header.minimumSectionSize())
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
