"""Undo and redo for sheet edits: one command per field edit, consecutive edits of a field merged.

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

from PySide6.QtGui import QUndoCommand

_FIELD_EDIT_ID = 0x474D  # any constant: QUndoStack only merges commands that share an id


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
