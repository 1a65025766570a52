"""A whole-number box that writes and reads numbers as the window's language does: "2 000" under a
French window, "2,000" under an English one (``numbers.number_locale``), and still takes what the GM
types or pastes: "2000", "2 000", "2 000" with a no-break space (the way gmdesk's own texts write it).

Qt's spin box reads only its locale's own separator, so a French box turned "2 000" typed with a
no-break space, or copied from a result, into nothing. Spaces between digits are never anything but
a thousands separator, in either language: the box reads through them."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QSpinBox, QWidget

from gmdesk.ui.guards import OwnWheel
from gmdesk.ui.numbers import number_locale

# A space of any width between two digits: " ", no-break, narrow no-break, thin.
_SPACE_IN_NUMBER = re.compile(r"(?<=\d)[ \u00a0\u2009\u202f](?=\d)")


def _read_through_spaces(text: str, pos: int) -> tuple[str, int]:
    """``text`` without the spaces between its digits, and ``pos`` moved with it."""
    before = len(_SPACE_IN_NUMBER.sub("", text[:pos]))
    return _SPACE_IN_NUMBER.sub("", text), before


class NumberBox(OwnWheel, QSpinBox):
    """``grouped``: thousands separated ("2 000 fights"); a number read as a name (a seed, typed
    again elsewhere as it stands) is better without (``grouped=False``), and still takes "48 213"."""

    def __init__(self, parent: QWidget | None = None, grouped: bool = True, **properties):
        super().__init__(parent, **properties)
        self.setGroupSeparatorShown(grouped)
        self.setLocale(number_locale())
        # Typed "2000" reads as the number; leaving the field writes it as the others are written.
        self.editingFinished.connect(self._written_as_the_locale)

    def validate(self, text: str, pos: int):  # noqa: D102 (Qt's)
        plain, at = _read_through_spaces(text, pos)
        state = super().validate(plain, at)
        # The GM's text stays as typed (the cursor stays where it is); only its reading is lenient.
        return (state[0] if isinstance(state, tuple) else state), text, pos

    def valueFromText(self, text: str) -> int:  # noqa: N802 (Qt's name)
        return super().valueFromText(_read_through_spaces(text, len(text))[0])

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:  # the window's language: its numbers follow
            self.setLocale(number_locale())

    def _written_as_the_locale(self) -> None:
        value, special = self.value(), self.specialValueText()
        written = special if special and value == self.minimum() else \
            self.prefix() + self.textFromValue(value) + self.suffix()
        if self.text() != written:
            self.setValue(value)  # Qt's setValue writes the text again, saying nothing
