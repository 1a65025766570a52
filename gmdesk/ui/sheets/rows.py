"""The pieces of one sheet-form line: its widgets (editor, derived value, error) and the change it makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QGridLayout, QLabel

from gmdesk.ui.sheets.editors import Editor
from gmdesk.systems.kit.form import Field

# Colours through the palette, not style sheets: a style sheet on each of a hundred labels costs more
# than the rest of the form together (each one gets its own style object when polished).
ERROR_COLOR = "#c0392b"
DERIVED_COLOR = "#555555"
WARNING_COLOR = "#b9770e"
HEADER_COLOR = "#666666"


def tint(label: QLabel, colour: str, bold: bool = False) -> QLabel:
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
    label.setPalette(palette)
    if bold:
        font = label.font()
        font.setWeight(QFont.Weight.DemiBold)
        label.setFont(font)
    return label


WIDE_KINDS = ("text", "csv")
Transform = Callable[[dict, Any], dict]


@dataclass
class Change:
    """One valid edit: ``transform(stored_dict, value)`` gives the new character dict."""

    key: Hashable
    label: str
    old: Any
    new: Any
    transform: Transform
    burst: int


class ErrorSlot:
    """Where a field's error line goes in the grid; the red label is made the first time it is needed
    (most fields never err, and a hundred idle labels slow the opening of every sheet)."""

    def __init__(self) -> None:
        self._place: tuple | None = None
        self._label: QLabel | None = None

    def place(self, grid: QGridLayout, *position: int) -> None:
        self._place = (grid, *position)

    @property
    def made(self) -> bool:
        return self._label is not None

    @property
    def label(self) -> QLabel:
        if self._label is None:
            label = QLabel()
            tint(label, ERROR_COLOR)
            label.setWordWrap(True)
            label.setObjectName("fieldError")
            label.hide()
            if self._place is not None:
                grid, *position = self._place
                grid.addWidget(label, *position)
            self._label = label
        return self._label


class DerivedLabel(QLabel):
    """A derived value ("+3", "11 dice"): room for a short one even while empty, and never narrower
    than its text (a fixed minimum width would let the grid cut "11 dés")."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        return QSize(max(28, hint.width()), hint.height())


class FieldRow:
    """The widgets of one field (or one cell of a list row) and how it reads and writes the dict."""

    def __init__(self, field: Field, editor: Editor, read: Callable[[dict], Any], transform: Transform,
                 key: Hashable, path: tuple, row_of: Callable[[dict], dict | None], derived: bool = True):
        self.field = field
        self.editor = editor
        self.read = read
        self.transform = transform
        self.key = key
        self.path = path  # the dict path a RulesError about this field names
        self.row_of = row_of  # the list row this cell belongs to (for row-dependent ranges)
        self.error_slot = ErrorSlot()  # list cells of one line share their line's slot
        self.derived: QLabel | None = None
        if derived:
            self.derived = DerivedLabel()
            tint(self.derived, DERIVED_COLOR, bold=True)
            self.derived.setObjectName("fieldDerived")
        self.pending_error = False

    @property
    def error(self) -> QLabel:
        return self.error_slot.label

    def show_error(self, text: str) -> None:
        self.pending_error = bool(text)
        if not text and not self.error_slot.made:
            return
        self.error.setText(text)
        self.error.setVisible(bool(text))
