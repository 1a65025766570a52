"""A chart's legend as a wrapping strip under it: each entry a short line in its colour and a name.

Painted, not a rich-text label: the names are the GM's (a character called "<b>Bold</b>" shows those
characters), and nothing of them is read as markup. Entries wrap between them, never inside one; an
entry wider than the strip ends with an ellipsis.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

GAP = "   "  # between two entries
PREFERRED_WIDTH = 420


class LegendStrip(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.entries: list[tuple[str, str, str]] = []  # (colour, line glyph, text)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_entries(self, entries: list[tuple[str, str, str]]) -> None:
        self.entries = list(entries)
        self.updateGeometry()
        self.update()

    def texts(self) -> list[str]:
        return [text for _, _, text in self.entries]

    # -- geometry -----------------------------------------------------------------------------
    def _places(self, width: int) -> tuple[list[tuple[int, int, int]], int]:
        """(x, y, width) of each entry for a strip ``width`` wide, and the height it needs."""
        fm = self.fontMetrics()
        gap, line = fm.horizontalAdvance(GAP), fm.height()
        x = y = 0
        out = []
        for _, glyph, text in self.entries:
            # The parts as painted (glyph, then the name), plus a pixel or two of rounding.
            w = min(fm.horizontalAdvance(glyph + " ") + fm.horizontalAdvance(text) + 2, max(width, 1))
            if x and x + w > width:
                x, y = 0, y + line
            out.append((x, y, w))
            x += w + gap
        return out, (y + line if self.entries else 0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._places(width)[1]

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(PREFERRED_WIDTH, self.heightForWidth(PREFERRED_WIDTH))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(0, self.fontMetrics().height() if self.entries else 0)

    # -- drawing ------------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:  # noqa: N802
        painter = QPainter(self)
        fm = self.fontMetrics()
        places, _ = self._places(self.width())
        text_colour = self.palette().color(self.foregroundRole())
        for (colour, glyph, text), (x, y, w) in zip(self.entries, places):
            baseline = y + fm.ascent()
            painter.setPen(QColor(colour))
            painter.drawText(x, baseline, glyph)
            start = fm.horizontalAdvance(glyph + " ")
            painter.setPen(text_colour)
            shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, max(w - start, 0))
            painter.drawText(x + start, baseline, shown)  # drawText(x, y, str): plain text, never markup
        painter.end()
