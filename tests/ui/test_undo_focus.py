"""Issue 23, item 4: after Ctrl+Z (and Ctrl+Shift+Z) what the GM sees is what is saved, whatever has
the keyboard focus. The campaign's history wins over a field's own text undo, and a field still being
typed in shows the stored value again after an undo (leaving it then saves nothing)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def focused():
    return QApplication.focusWidget()


def test_undo_while_still_typing_in_a_sheet_field_puts_the_field_back(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    sheet, store = window.panels["sheet"], window.store
    cid = sheet.character_id
    before = store.characters.get(cid).sheet.abilities["wis"]
    box = sheet.form.row(("sheet", "abilities", "wis")).editor.widget
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "20")  # the cursor stays in the field: no Enter, no Tab
    assert store.characters.get(cid).sheet.abilities["wis"] == 20  # saved as typed (the odds follow)
    qtbot.keyClick(focused(), Qt.Key.Key_Z, CTRL)
    assert store.characters.get(cid).sheet.abilities["wis"] == before
    assert box.lineEdit().text() == str(before) and box.value() == before  # the field shows what is saved
    window.panels["party"].table.setFocus()  # leaving the field saves nothing more
    qtbot.waitUntil(lambda: not box.hasFocus())
    assert store.characters.get(cid).sheet.abilities["wis"] == before
    assert window.undo_stack.canRedo()
    box.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_Z, CTRL | SHIFT)  # redo from inside the field too
    assert store.characters.get(cid).sheet.abilities["wis"] == 20 and box.lineEdit().text() == "20"


def test_undo_in_the_hp_entry_takes_the_damage_back(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    panel, store = window.panels["encounter"], window.store
    window.docks["encounter"].raise_()
    before = store.encounter.get().to_dict()
    target = panel.selected_id() or panel.encounter.current().id
    hp = store.encounter.get().by_id(target).hp
    panel.hp_edit.setFocus()
    qtbot.keyClicks(panel.hp_edit, "-4")
    qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Return)
    assert store.encounter.get().by_id(target).hp == hp - 4
    assert focused() is panel.hp_edit
    qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Z, CTRL)
    assert store.encounter.get().to_dict() == before  # the HP came back…
    assert panel.hp_edit.text() == ""  # …and the entry did not bring back the "-4" it applied
    qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Z, CTRL | SHIFT)
    assert store.encounter.get().by_id(target).hp == hp - 4 and panel.hp_edit.text() == ""


def test_undo_while_naming_a_new_scene_removes_it(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    window.docks["prep"].raise_()
    scenes = window.panels["prep"].scenes
    view = scenes.scene_view
    names = [s.name for s in window.store.scenes.list()]
    scenes.new_scene_action.trigger()
    editor = focused()
    assert view.state() == view.State.EditingState and editor is not None
    assert len(window.store.scenes.list()) == len(names) + 1
    qtbot.keyClick(editor, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: view.state() != view.State.EditingState)
    QApplication.processEvents()
    assert [s.name for s in window.store.scenes.list()] == names  # the scene is gone, no name left behind
    assert [scenes.scene_model.index(r, 0).data() for r in range(scenes.scene_model.rowCount())] == names


def test_undo_while_typing_a_prepared_checks_dc_puts_the_field_back(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    window.docks["prep"].raise_()
    prep = window.panels["prep"]
    editor = prep.editor
    check_id = editor.prepared.id
    dc = window.store.scenes.get_check(check_id).dc
    spin = editor.target_spin
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, str(dc + 7))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert window.store.scenes.get_check(check_id).dc == dc + 7
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "4")  # typing again, not yet made
    qtbot.keyClick(focused(), Qt.Key.Key_Z, CTRL)
    assert window.store.scenes.get_check(check_id).dc == dc
    assert spin.value() == dc and spin.lineEdit().text() == str(dc)
    window.panels["party"].table.setFocus()
    qtbot.waitUntil(lambda: not spin.hasFocus())
    assert window.store.scenes.get_check(check_id).dc == dc


def test_undo_right_after_typing_notes_takes_the_notes_back_not_the_edit_before(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    window.docks["prep"].raise_()
    editor = window.panels["prep"].editor
    check_id = editor.prepared.id
    stored = window.store.scenes.get_check(check_id)
    editor.target_spin.setFocus()
    editor.target_spin.lineEdit().selectAll()
    qtbot.keyClicks(editor.target_spin, str(stored.dc + 3))
    qtbot.keyClick(editor.target_spin, Qt.Key.Key_Tab)
    editor.notes_edit.setFocus()
    qtbot.keyClicks(editor.notes_edit, " beware")  # Ctrl+Z comes before the pause that saves notes
    qtbot.keyClick(editor.notes_edit, Qt.Key.Key_Z, CTRL)
    now = window.store.scenes.get_check(check_id)
    assert (now.dc, now.notes) == (stored.dc + 3, stored.notes)  # the notes typed last went back
    assert editor.notes_edit.toPlainText() == stored.notes and editor.target_spin.value() == stored.dc + 3
    qtbot.keyClick(editor.notes_edit, Qt.Key.Key_Z, CTRL)
    now = window.store.scenes.get_check(check_id)
    assert (now.dc, now.notes) == (stored.dc, stored.notes) and editor.target_spin.value() == stored.dc
    qtbot.keyClick(editor.notes_edit, Qt.Key.Key_Z, CTRL | SHIFT)
    qtbot.keyClick(editor.notes_edit, Qt.Key.Key_Z, CTRL | SHIFT)
    now = window.store.scenes.get_check(check_id)
    assert (now.dc, now.notes) == (stored.dc + 3, stored.notes + " beware")
    assert editor.notes_edit.toPlainText() == now.notes


def test_notes_typed_as_the_first_edit_are_what_ctrl_z_takes_back(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    window.docks["prep"].raise_()
    editor = window.panels["prep"].editor
    notes = window.store.scenes.get_check(editor.prepared.id).notes
    assert not window.undo_action.isEnabled()  # nothing to undo yet: the shortcut is off
    editor.notes_edit.setFocus()
    qtbot.keyClicks(editor.notes_edit, " beware")
    qtbot.keyClick(editor.notes_edit, Qt.Key.Key_Z, CTRL)
    assert window.store.scenes.get_check(editor.prepared.id).notes == notes == editor.notes_edit.toPlainText()
    assert window.undo_stack.canRedo()  # Ctrl+Shift+Z gives them back


def test_the_undo_keys_look_only_at_the_focused_widget(qtbot, make_window, demo_file):
    """Ctrl+Z is looked for where a key goes first, the widget with the focus. Watching the whole
    application put every event of every widget through Python: each of the Sheet's 450 widgets
    shown, hidden and painted at every turn, some 4 ms of a turn with the Sheet in front."""
    import sys

    from gmdesk.ui.undo import UndoKeys

    window = make_window(demo_file)
    window.docks["sheet"].raise_()
    fight = window.panels["encounter"]
    dc = window.panels["check"].target.dc_spin
    dc.setFocus()
    qtbot.waitUntil(lambda: focused() is dc)
    # Which widgets' events reach the undo keys (a profile hook sees each call Qt makes into Python).
    code, seen = UndoKeys.eventFilter.__code__, []
    sys.setprofile(lambda frame, event, _arg: seen.append(frame.f_locals["obj"])
                   if event == "call" and frame.f_code is code else None)
    try:
        for _ in fight.encounter.combatants:
            before_turn = window.store.encounter.get().to_dict()
            fight.next_turn()
            qtbot.wait(20)
    finally:
        sys.setprofile(None)
    assert {id(obj) for obj in seen} <= {id(dc)}
    # The focus moves on, the keys follow it: Ctrl+Z in a sheet's name field takes the last turn back.
    name = window.panels["sheet"].form.row(("name",)).editor.widget
    name.setFocus()
    qtbot.waitUntil(lambda: focused() is name)
    qtbot.keyClick(focused(), Qt.Key.Key_Z, CTRL)
    assert window.store.encounter.get().to_dict() == before_turn
