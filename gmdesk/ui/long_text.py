"""Texts that are long by nature in a narrow place, shown whole rather than widening the window or
being cut:

- ``ElidedLabel``, ``ElidedCombo``: one line (a check's label, the last roll in the log's strip) that
  ends with "…" when there is too little room, and shows whole in its tooltip;
- ``WrappingButton``: a push button whose text wraps onto more lines (the reroll the rules offer,
  "Spend a Luck point: reroll the dice that missed") instead of widening its column;
- ``SteadyLabel``: wrapped text that asks for the room of the longest it may show, so that a shorter
  one moves nothing below it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (QComboBox, QLabel, QPushButton, QSizePolicy, QStyle, QStyleOptionButton,
                               QStyleOptionComboBox, QStylePainter, QWidget)


class ElidedLabel(QLabel):
    """One line of plain text, elided on the right when the label is narrower than it; the whole text
    is the tooltip whenever it is cut (the ``elided`` property tells the layout tests so)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, min_chars: int = 8):
        super().__init__(parent)
        self._full = ""
        self._min_chars = min_chars
        self._own_tip = ""
        self.setProperty("elided", True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._full = text or ""
        super().setText(self._full)
        self.setProperty("full_text", self._full)
        self._update_tip()
        self.updateGeometry()
        self.update()

    def full_text(self) -> str:
        return self._full

    def setToolTip(self, tip: str) -> None:  # noqa: N802
        """A tooltip of the caller's own, shown when the text is not cut."""
        self._own_tip = tip
        self._update_tip()

    def is_elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self._full) > self.contentsRect().width()

    def _update_tip(self) -> None:
        tip = self._full if self.is_elided() else ""
        if self._own_tip:
            tip = f"{tip}\n{self._own_tip}" if tip else self._own_tip
        super().setToolTip(tip)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.fontMetrics().averageCharWidth() * self._min_chars), hint.height())

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._update_tip()

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, rect.width())
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(), self.isEnabled(), text,
                                  self.foregroundRole())


def fit_combo(combo: QComboBox, limit: int | None = None) -> None:
    """``combo`` never narrower than its longest entry (up to ``limit`` px): what Qt's own policies do
    for the size it prefers, not for the least it accepts."""
    metrics = combo.fontMetrics()
    text = max((metrics.horizontalAdvance(combo.itemText(i)) for i in range(combo.count())), default=0)
    if limit is not None:
        text = min(text, limit)
    option = QStyleOptionComboBox()
    option.initFrom(combo)
    option.frame = combo.hasFrame()
    width = combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option,
                                           QSize(text, metrics.height()), combo).width()
    combo.setMinimumWidth(width)


class ElidedCombo(QComboBox):
    """A combo box that shows its current entry elided ("Passer la sécu…") when narrower than it,
    the whole entry in the tooltip; its list still shows every entry whole."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setProperty("elided", True)
        self.currentIndexChanged.connect(lambda _: self.setToolTip(self.currentText()))

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        option.currentText = self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight,
                                                           field.width())
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class WrappingButton(QPushButton):
    """A push button whose text wraps: it asks for the width of ``min_chars`` characters (or its
    longest word) and grows in height for the lines it needs at the width it gets."""

    def __init__(self, text: str = "", parent: QWidget | None = None, min_chars: int = 18):
        super().__init__(text, parent)
        self._min_chars = min_chars
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _margins(self) -> QSize:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = "x"
        one = self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option,
                                            self.fontMetrics().size(0, "x"), self)
        return QSize(one.width() - self.fontMetrics().horizontalAdvance("x"), one.height() - self.fontMetrics().height())

    def _flags(self) -> int:
        return int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextShowMnemonic)

    def _text_height(self, width: int) -> int:
        return self.fontMetrics().boundingRect(QRect(0, 0, max(width, 1), 10_000), self._flags(), self.text()).height()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        margins = self._margins()
        words = max((self.fontMetrics().horizontalAdvance(w) for w in self.text().split()), default=0)
        width = max(words, min(self.fontMetrics().horizontalAdvance(self.text()),
                               self.fontMetrics().averageCharWidth() * self._min_chars))
        return QSize(width + margins.width(), self._text_height(width) + margins.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        margins = self._margins()
        return self._text_height(width - margins.width()) + margins.height()

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        text, option.text = option.text, ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        inside = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        painter.drawItemText(inside, self._flags(), self.palette(), self.isEnabled(), text,
                             self.foregroundRole())


class SteadyLabel(QLabel):
    """Word-wrapped plain text that asks for the room of the longest of the texts it may show
    (``set_texts``: a tactic's explanation, of three): showing a shorter one moves nothing below it.
    The room is asked as a height for the width the layout offers (measured again at each width,
    font and language, as Qt's own wrapped label), not as a minimum: in a tight window it gives way
    as a label does, rather than growing the window past the screen. The text sits at its top."""

    def __init__(self, parent: QWidget | None = None, min_chars: int = 36, **properties):
        super().__init__(parent, **properties)
        self._texts: tuple[str, ...] = ()
        self._min_chars = min_chars
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def set_texts(self, texts) -> None:
        self._texts = tuple(texts)
        self.updateGeometry()

    def room(self, width: int) -> int:
        """The height of the longest text (and the one shown) at ``width``, margins included."""
        margins = self.contentsMargins()
        inside = max(1, width - margins.left() - margins.right() - 2 * self.margin())
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        metrics = self.fontMetrics()
        tallest = max(metrics.boundingRect(QRect(0, 0, inside, 100_000), flags, text).height()
                      for text in (*self._texts, self.text()))
        return tallest + margins.top() + margins.bottom() + 2 * self.margin()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self.room(width)

    def sizeHint(self) -> QSize:  # noqa: N802
        # Qt's hints follow the text shown (a short one asks for less width): these are the same
        # whichever is shown, so the column it stands in keeps its width too.
        width = self.fontMetrics().averageCharWidth() * self._min_chars
        return QSize(width, self.room(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        metrics = self.fontMetrics()
        words = (word for text in (*self._texts, self.text()) for word in text.split())
        width = max((metrics.horizontalAdvance(word) for word in words), default=0) + 2 * self.margin()
        margins = self.contentsMargins()
        return QSize(width, metrics.height() + margins.top() + margins.bottom() + 2 * self.margin())
