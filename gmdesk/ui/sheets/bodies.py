"""The sheet forms built lately, kept to be shown again.

In a fight the Sheet dock follows whoever's turn it is: a PC's sheet, a goblin's stat block, another
PC with one strike more. Each has a form of its own shape, and building one (some 300 widgets) took
130–170 ms — every turn of the fight, with the Sheet dock in front, waited for it. The last few forms
built are parked here, hidden, each under what makes its shape (system, sheet or stat block, rows of
each list, columns, language, house rules, read-only); one of the same shape is taken back and only
loaded with the new character's values (a millisecond or two).

The forms, shown and parked, all sit in one widget scrolled by the Sheet (its "deck"): a parked form is
only hidden there, and a hidden widget takes no room in a layout. Taking a form out of the scroll area
and putting another in made Qt move, re-parent and re-polish the form's 450-odd widgets and size its
scroll bars anew at every turn. Parked forms are forgotten (and deleted) when the campaign changes, so
nothing of another campaign's characters stays in them.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gmdesk.ui import i18n

KEPT = 6  # shapes a fight goes round (PCs, stat blocks): more would hold widgets for nothing


@dataclass
class Parked:
    """A built form and what the sheet form holds of it while it is shown."""

    body: QWidget
    state: dict[str, Any]


class BuiltBodies:
    def __init__(self) -> None:
        self.deck = QWidget()  # what the Sheet's scroll area scrolls: the form shown, the parked ones hidden
        self.deck.setObjectName("sheetForms")
        self._layout = QVBoxLayout(self.deck)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._parked: OrderedDict[tuple, Parked] = OrderedDict()

    def add(self, body: QWidget) -> None:
        """A form just built, shown in the deck (a widget put in one already on screen stays hidden until
        shown)."""
        self._layout.addWidget(body)
        body.show()

    def park(self, key: tuple, body: QWidget, state: dict[str, Any]) -> None:
        """Keep ``body`` (hidden) under ``key``; the oldest goes past ``KEPT``."""
        old = self._parked.pop(key, None)
        if old is not None and old.body is not body:
            _delete(old.body)
        body.hide()
        self._parked[key] = Parked(body, state)
        while len(self._parked) > KEPT:
            _, gone = self._parked.popitem(last=False)
            _delete(gone.body)

    def take(self, key: tuple) -> Parked | None:
        """The form parked under ``key``, no longer parked; None if there is none."""
        return self._parked.pop(key, None)

    def forget(self) -> None:
        """Every parked form deleted (another campaign, another language, other rules)."""
        for parked in self._parked.values():
            _delete(parked.body)
        self._parked.clear()

    def __len__(self) -> int:
        return len(self._parked)


class ParkedForms:
    """Mixed into ``SheetForm``: its body taken out of the scroll area parked (or deleted), and one of
    the same shape shown again."""

    def _drop_body(self, park: bool = False) -> None:
        """Meanwhile nothing of the character shown before stays in the widgets (another campaign's);
        ``park``: the body is kept, hidden, to be shown again for a sheet of its shape."""
        old = self._body
        if old is not None:
            if park and self._body_key is not None:
                self._parked.park(self._body_key, old, self._shown_state())
            else:
                _delete(old)
        self._body = None
        self._body_key = None
        self._rows = []

    def forget_built(self) -> None:
        """The forms kept for other shapes deleted: another campaign (none of its characters stays
        in hidden widgets), another language or other house rules (other labels and numbers)."""
        self._parked.forget()

    def _shape_key(self) -> tuple:
        spec = self._spec
        return (spec.system, spec.kind, i18n.current_language(), repr(self.house_rules), self._shape(self._d),
                self._max_columns, self._read_only) if spec is not None else ()

    def _shown_state(self) -> dict:
        return {"spec": self._spec, "rows": self._rows, "summary": self._summary, "warnings": self._warnings,
                "general_error": self._general_error, "two_column_width": self._two_column_width}

    def _show_parked(self, key: tuple) -> bool:
        """A body of this shape built before, shown again (its values are loaded next); False if none."""
        parked = self._parked.take(key) if key else None
        if parked is None:
            return False
        state = parked.state
        self._spec, self._rows = state["spec"], state["rows"]
        self._summary, self._warnings, self._general_error = state["summary"], state["warnings"], state["general_error"]
        self._two_column_width = state["two_column_width"]
        self._typing = None
        # Nothing the GM was told about the character shown last time stays (a value refused there).
        for row in self._rows:
            row.show_error("")
        self._general_error.hide()
        parked.body.show()
        self._body, self._body_key = parked.body, key
        self._measure_again(now=False)
        return True

    def _measure_again(self, now: bool = True) -> None:
        """The scroll area sizes its page for the form now shown, as it does for a widget it is given:
        what a form shown asks of its layouts reaches the scroll area only through the event loop, and
        a form built while the Sheet was not yet on screen left it with the size of none. ``now``: at
        once (a form just built); else with the layouts done before the next frame (a kept form, whose
        values are loaded next: measured at once, it was measured twice, 0.6 ms of every turn)."""
        if now:
            QCoreApplication.sendEvent(self._scroll, QEvent(QEvent.Type.LayoutRequest))
        else:
            QCoreApplication.postEvent(self._scroll, QEvent(QEvent.Type.LayoutRequest))


def _delete(body: QWidget) -> None:
    """Out of the window at once (nothing of it found among the form's widgets), deleted when the
    event loop next can (one of its widgets may be handling an event). Hidden first: a field of it
    with the keyboard focus hands the focus on within the window; taken out of the window with the
    focus, it took the window's activation with it, and the GM's next shortcut (Ctrl+O) went nowhere."""
    body.hide()
    body.setParent(None)
    body.deleteLater()
