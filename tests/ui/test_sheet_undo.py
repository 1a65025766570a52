"""FieldEdit on a bare QUndoStack: pushing applies, consecutive edits of one field merge, undo restores."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from gmdesk.ui.undo import FieldEdit


class Store:
    """A stand-in for the store: one value per key, and a log of writes."""

    def __init__(self):
        self.values = {"str": 10, "dex": 12}
        self.writes = []

    def writer(self, key):
        def apply(value):
            if key not in self.values:
                raise LookupError(key)
            self.values[key] = value
            self.writes.append((key, value))
        return apply


def test_push_applies_and_a_burst_of_edits_is_one_step(qapp):
    store, stack = Store(), QUndoStack()
    for value in (1, 14, 16):  # typing "1", "14", then an arrow: one burst
        stack.push(FieldEdit("STR", (1, "str"), store.values["str"], value, store.writer("str"), burst=7))
    assert store.values["str"] == 16 and stack.count() == 1
    stack.undo()
    assert store.values["str"] == 10
    stack.redo()
    assert store.values["str"] == 16


def test_a_new_burst_or_another_field_is_another_step(qapp):
    store, stack = Store(), QUndoStack()
    stack.push(FieldEdit("STR", (1, "str"), 10, 12, store.writer("str"), burst=1))
    stack.push(FieldEdit("STR", (1, "str"), 12, 13, store.writer("str"), burst=2))
    stack.push(FieldEdit("DEX", (1, "dex"), 12, 8, store.writer("dex"), burst=2))
    assert stack.count() == 3
    stack.undo()
    stack.undo()
    assert store.values == {"str": 12, "dex": 12}


def test_typing_back_to_the_old_value_leaves_no_step(qapp):
    store, stack = Store(), QUndoStack()
    stack.push(FieldEdit("STR", (1, "str"), 10, 11, store.writer("str"), burst=3))
    stack.push(FieldEdit("STR", (1, "str"), 11, 10, store.writer("str"), burst=3))
    assert stack.count() == 0 and store.values["str"] == 10
    assert not stack.canUndo()


def test_an_edit_of_a_deleted_character_is_dropped_not_raised(qapp):
    store, stack = Store(), QUndoStack()
    stack.push(FieldEdit("DEX", (1, "dex"), 12, 14, store.writer("dex")))
    del store.values["dex"]  # the character was deleted from the party
    stack.undo()
    assert stack.count() == 0 and not stack.canRedo()
