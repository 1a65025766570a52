"""The campaign's undo history, and undo and redo for sheet edits (one command per field edit,
consecutive edits of a field merged).

``CampaignHistory`` is the window's one stack: every edit of every panel is a step on it, named for
Edit › Undo, and it is cleared when another campaign opens (no step ever applies to another file).
Its ``ids`` map follows records that undo brings back: the store gives a re-created character,
scene or check a new id, and the steps around it find it through the map.

A command does not hold widgets, only what to write where: ``apply(value)`` saves a field's value to
the store (and announces it on the bus). Pushing the command performs the edit — the editor never
saves on its own — so "saved when made" and "undoable" are the same code path.

Typing "12" into a spin box is two value changes (1, then 12) but one edit for the GM: commands with
the same ``key`` (character id, field path) and the same ``burst`` merge. The editor starts a new
burst when the field loses focus or the GM presses Enter, so a later edit of the same field is its
own undo step.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

import shiboken6
from PySide6.QtCore import QEvent, QObject, Signal, Slot
from PySide6.QtGui import QKeyEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QApplication, QDialog, QWidget

_FIELD_EDIT_ID = 0x474D  # any constant: QUndoStack only merges commands that share an id


class IdMap:
    """Where records re-created by undo live now: ``get("scene", 7)`` is 7, or the id the store gave
    scene 7 when undo brought it back (and again, if it came back twice)."""

    def __init__(self) -> None:
        self._now: dict[tuple[str, int], int] = {}

    def get(self, kind: str, record_id: int | None) -> int | None:
        return self._now.get((kind, record_id), record_id) if record_id is not None else None

    def moved(self, kind: str, record_id: int, new_id: int) -> None:
        """``record_id`` (as a step knew it) now lives at ``new_id``; so does every id that led to it."""
        old = self.get(kind, record_id)
        for key, value in self._now.items():
            if key[0] == kind and value == old:
                self._now[key] = new_id
        self._now[(kind, record_id)] = new_id
        self._now[(kind, old)] = new_id

    def clear(self) -> None:
        self._now.clear()


class CampaignHistory(QUndoStack):
    """The undo stack of one open campaign, with the ``IdMap`` of what its steps re-created.

    ``settling`` is emitted before an undo or a redo: an editor holding typed text it saves after a
    pause (a prepared check's notes) saves it then, so that Ctrl+Z takes back what was typed last
    instead of the pending text being saved over the step just undone."""

    settling = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.ids = IdMap()

    def undo(self) -> None:
        self.settling.emit()
        super().undo()

    def redo(self) -> None:
        self.settling.emit()
        super().redo()

    def clear(self) -> None:
        super().clear()
        self.ids.clear()


def ids_of(stack: QUndoStack) -> IdMap:
    """The id map of ``stack`` (a plain QUndoStack, as a panel tested alone may have, gets its own)."""
    ids = getattr(stack, "ids", None)
    if ids is None:
        ids = stack.ids = IdMap()
    return ids


class FieldEdit(QUndoCommand):
    def __init__(self, text: str, key: Hashable, old: Any, new: Any, apply: Callable[[Any], None],
                 burst: int = 0):
        super().__init__(text)
        self.key = key
        self.old = old
        self.new = new
        self.burst = burst
        self._apply = apply

    def redo(self) -> None:
        self._write(self.new)

    def undo(self) -> None:
        self._write(self.old)

    def _write(self, value: Any) -> None:
        try:
            self._apply(value)
        except (LookupError, ValueError):
            # The character was deleted since (or changed elsewhere so that this value no longer
            # fits): nothing sensible left to redo or undo; drop the step rather than crash.
            self.setObsolete(True)

    def id(self) -> int:
        return _FIELD_EDIT_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, FieldEdit) or other.key != self.key or other.burst != self.burst:
            return False
        self.new = other.new
        if self.new == self.old:  # typed back to where it was: the step undoes nothing
            self.setObsolete(True)
        return True


class UndoKeys(QObject):
    """Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) undo and redo the campaign's last edit wherever the focus is: a
    field's own text history never gets them. A line edit would otherwise take the keys for its text
    ("-4" back in the HP entry, a half-typed 20 back in a sheet field) while the campaign stays as it
    was, and what the GM sees would no longer be what is saved.

    Installed on widgets, it covers those. ``follow_focus`` with ``window`` covers every widget of that
    window (its docks too, floating or not), not the dialogs it opens: a dialog's text is not in the
    campaign until the dialog is accepted. It watches the widget with the keyboard focus, where a key
    goes first, and only that one: watching the whole application put every event of every widget (each
    widget of a sheet shown, hidden, painted) through Python, some 4 ms of a turn with the Sheet in front."""

    KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
    EXTRA = (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))

    def __init__(self, parent: QObject | None = None, window: QWidget | None = None):
        super().__init__(parent)
        self.window = window
        self._watched: QWidget | None = None

    def follow_focus(self) -> "UndoKeys":
        """Watch whichever widget has the keyboard focus, from now on."""
        app = QApplication.instance()
        app.focusChanged.connect(self._focus_moved)
        self._focus_moved(None, app.focusWidget())
        return self

    @Slot(QWidget, QWidget)  # a slot of this object: disconnected when it goes (its window deleted)
    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        old, self._watched = self._watched, new
        if old is not None and shiboken6.isValid(old):
            old.removeEventFilter(self)
        if new is not None:
            new.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # Every event of the watched widget comes through here (a paint, a timer…): the class test
        # first, as asking an event its type makes a Python enum (a few microseconds).
        if not isinstance(event, QKeyEvent):
            return False
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not self._is_undo_key(event) or (self.window is not None and not self._in_window(obj)):
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.ignore()  # not overridden: the window's Undo / Redo shortcut fires
            return True
        # No shortcut took it (the action is disabled: nothing to undo yet). The field does not undo
        # its text either; text it still has to save (notes before their pause) is saved and undone.
        history = getattr(self.window, "undo_stack", None)
        if isinstance(history, CampaignHistory):
            history.undo() if event.matches(QKeySequence.StandardKey.Undo) else history.redo()
        return True

    def _is_undo_key(self, event: QKeyEvent) -> bool:
        return any(event.matches(k) for k in self.KEYS) or QKeySequence(event.keyCombination()) in self.EXTRA

    def _in_window(self, obj: QObject) -> bool:
        widget = obj if isinstance(obj, QWidget) else None
        while widget is not None:
            if widget is self.window:
                return True
            if isinstance(widget, QDialog):
                return False
            widget = widget.parentWidget()
        return False
