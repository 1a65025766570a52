"""How the matrix is drawn: columns wide enough for each check's name, and the selected cell framed
rather than filled with the style's selection colour (which would hide its chance-of-success colour)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView

from gmdesk.ui.theme import MARKER_HEX

MIN_COLUMN, MAX_COLUMN = 84, 190


def fit_columns(view: QTableView) -> None:
    """Every check's name readable in its header, the columns no narrower than a percentage."""
    header = view.horizontalHeader()
    for column in range(view.model().columnCount()):
        header.resizeSection(column, max(MIN_COLUMN, min(MAX_COLUMN, header.sectionSizeHint(column) + 8)))


class CellDelegate(QStyledItemDelegate):
    """Keeps a selected cell's ramp colour (the style would paint it over) and frames it instead."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        if not option.state & QStyle.StateFlag.State_Selected:
            super().paint(painter, option, index)
            return
        plain = QStyleOptionViewItem(option)
        plain.state &= ~QStyle.StateFlag.State_Selected
        plain.state &= ~QStyle.StateFlag.State_HasFocus
        super().paint(painter, plain, index)
        painter.save()
        painter.setPen(QPen(QColor(MARKER_HEX), 3))
        painter.drawRect(option.rect.adjusted(1, 1, -2, -2))
        painter.restore()
