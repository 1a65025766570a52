"""Issue 10, item 4: every change the GM makes, in any panel, is one undo step whose name Edit › Undo
shows; Ctrl+Z puts the campaign back exactly, Ctrl+Shift+Z does it again; the history belongs to its
campaign. Each edit below is made as a GM makes it (keys, clicks, typing), then undone and redone
from the keyboard, and the stored campaign compared whole (``trust_tools.shape``: by content, since
undo may give a record brought back a new id).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gmdesk.ui.panels.prep.editor import NOTES_PAUSE_MS

from tests.ui.trust_tools import shape, tagged_campaign

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(make_window, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    w = make_window(tagged_campaign(tmp_path, "alpha", "A"))
    w.docks["prep"].raise_()
    return w


def undo_redo(window, qtbot, edit, name: str, logged: int = 0) -> None:
    """``edit()`` changes the campaign; Edit › Undo says ``name``; Ctrl+Z restores it all, Ctrl+Shift+Z
    makes the edit again (the campaign is left edited). ``logged``: the rolls the edit made, logged
    once and kept through undo and redo (the roll log is append-only: dice rolled stay rolled)."""
    before = shape(window.store)
    depth = window.undo_stack.index()
    edit()
    after = shape(window.store)
    assert after["rolls"] == before["rolls"] + logged, name
    before["rolls"] = after["rolls"]
    assert after != before, name
    assert window.undo_stack.index() == depth + 1, f"{name}: one step, not {window.undo_stack.index() - depth}"
    assert window.undo_action.text() == "&Undo " + name.replace("&", "&&")
    table = window.panels["party"].table  # Ctrl+Z from anywhere in the window: an application shortcut
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Z, CTRL)
    assert shape(window.store) == before, f"undo {name}"
    assert window.redo_action.text() == "&Redo " + name.replace("&", "&&")
    qtbot.keyClick(table, Qt.Key.Key_Z, CTRL | SHIFT)
    assert shape(window.store) == after, f"redo {name}"


def type_and_enter(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def test_every_scene_and_check_action_is_one_named_step(window, qtbot):
    scenes = window.panels["prep"].scenes
    sv, cv = scenes.scene_view, scenes.check_view

    def rename_scene():
        sv.setFocus()
        qtbot.keyClick(sv, Qt.Key.Key_F2)
        editor = sv.focusWidget()
        editor.selectAll()
        qtbot.keyClicks(editor, "The bandits' camp")
        qtbot.keyClick(editor, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: sv.state() != sv.State.EditingState)  # Qt commits on its next turn

    def new_scene():
        scenes.new_scene_action.trigger()
        qtbot.keyClick(sv.focusWidget(), Qt.Key.Key_Escape)  # keep the name it was given
        qtbot.waitUntil(lambda: sv.state() != sv.State.EditingState)

    def key(view, k, modifiers=Qt.KeyboardModifier.NoModifier):
        def press():
            view.setFocus()
            qtbot.keyClick(view, k, modifiers)
        return press

    def move_to_other_scene():
        scenes._fill_move_menu()
        scenes.move_menu.actions()[0].trigger()

    for edit, name in ((rename_scene, "Rename scene"), (new_scene, "New scene"),
                       (key(sv, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier), "Move scene"),
                       (key(sv, Qt.Key.Key_D, CTRL), "Duplicate scene"),
                       (key(sv, Qt.Key.Key_Delete), "Delete scene"),
                       (scenes.new_check_action.trigger, "New check"),
                       (key(cv, Qt.Key.Key_D, CTRL), "Duplicate check"),
                       (key(cv, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier), "Move check"),
                       (key(cv, Qt.Key.Key_Delete), "Delete check"),
                       (move_to_other_scene, "Move check to another scene")):
        undo_redo(window, qtbot, edit, name)


def test_every_edit_of_the_selected_check_is_one_named_step(window, qtbot):
    prep = window.panels["prep"]
    form = prep.editor
    prep.scenes.select_check(prep.scenes.check_model.checks[1].id)
    name = prep.scenes.check().name

    def notes():
        form.notes_edit.setFocus()
        qtbot.keyClicks(form.notes_edit, " rope")
        qtbot.wait(NOTES_PAUSE_MS + 150)

    def dc_up_three_times():  # three arrow presses: one step
        form.target_spin.setFocus()
        for _ in range(3):
            qtbot.keyClick(form.target_spin, Qt.Key.Key_Up)

    def tick_a_roller():
        item = form.rollers_list.item(1)
        item.setCheckState(Qt.CheckState.Checked)

    def use_the_solver():
        prep.tabs.setCurrentWidget(prep.solver)
        prep.solver.chance_spin.setValue(95)
        qtbot.mouseClick(prep.solver.apply_button, Qt.MouseButton.LeftButton)

    undo_redo(window, qtbot, notes, f"Edit the notes of “{name}”")
    undo_redo(window, qtbot, dc_up_three_times, f"Change the DC of “{name}”")
    undo_redo(window, qtbot, lambda: form.roll_combo.setCurrentIndex(form.roll_combo.currentIndex() + 1),
              f"Change the roll of “{name}”")
    undo_redo(window, qtbot, tick_a_roller, f"Choose who may roll “{name}”")
    undo_redo(window, qtbot, lambda: qtbot.mouseClick(form.secret_box, Qt.MouseButton.LeftButton),
              f"Make “{name}” {'public' if prep.scenes.check().secret else 'secret'}")
    undo_redo(window, qtbot, use_the_solver, f"Change the DC of “{name}”")
    undo_redo(window, qtbot, lambda: type_and_enter(qtbot, form.name_edit, "Cross & <b>swing</b>"), "Rename check")
    assert prep.scenes.check().name == "Cross & <b>swing</b>"


def test_party_sheet_and_fight_edits_are_named_steps_and_a_delete_comes_back_whole(window, qtbot):
    party, sheet, fight = window.panels["party"], window.panels["sheet"], window.panels["encounter"]
    store = window.store
    # Brunhild may roll a prepared check and fights in the encounter: deleting her unlinks both.
    brunhild = store.characters.list()[0]
    check = store.scenes.list()[0].ordered_checks()[0]
    prep = window.panels["prep"]
    prep.scenes.select_check(check.id)
    prep.editor.rollers_list.item(0).setCheckState(Qt.CheckState.Checked)
    assert brunhild.id in store.scenes.get_check(check.id).rollers

    party.select_id(brunhild.id)
    undo_redo(window, qtbot, party.add_npc_action.trigger, "Add New NPC")
    party.select_id(brunhild.id)
    undo_redo(window, qtbot, party.duplicate_action.trigger, f"Duplicate {brunhild.name}")
    party.select_id(brunhild.id)
    undo_redo(window, qtbot, party.delete_action.trigger, f"Delete {brunhild.name}")
    assert brunhild.name not in [c.name for c in store.characters.list()]
    qtbot.keyClick(party.table, Qt.Key.Key_Z, CTRL)  # she comes back, a roller and a fighter again
    back = next(c for c in store.characters.list() if c.name == brunhild.name)
    assert back.id in store.scenes.get_check(check.id).rollers
    assert any(c.character_id == back.id for c in store.encounter.get().combatants)
    assert party.selected_id() == back.id

    # An older step about her, made before the delete, still finds her under her new id.
    level = sheet.form.row(("sheet", "level")).editor.widget

    def level_up():
        level.setFocus()
        qtbot.keyClick(level, Qt.Key.Key_Up)
        qtbot.keyClick(level, Qt.Key.Key_Return)

    undo_redo(window, qtbot, level_up, f"Edit {back.name}: Level")
    fight.table.setFocus()
    rolled = [c for c in store.encounter.get().combatants]  # pf2: everyone rolls a die
    undo_redo(window, qtbot, fight.roll_everyone, "Roll initiative for everyone", logged=len(rolled))
    undo_redo(window, qtbot, fight.next_turn, "Next turn")
    undo_redo(window, qtbot, lambda: fight.apply_hp("-5", fight.model.combatant(0).id),
              f"HP {fight.model.combatant(0).name}: -5")


def test_ctrl_z_after_a_prep_edit_undoes_that_edit_not_an_older_one(window, qtbot):
    fight, prep = window.panels["encounter"], window.panels["prep"]
    fight.roll_everyone()  # an older, unrelated step
    rolled = shape(window.store)
    type_and_enter(qtbot, prep.editor.name_edit, "Force the portcullis")
    assert window.undo_action.text() == "&Undo Rename check"
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Z, CTRL)
    assert shape(window.store) == rolled  # the rename went; the initiative rolled stays
    assert window.undo_action.text() == "&Undo Roll initiative for everyone"
    assert prep.editor.name_edit.text() == prep.scenes.check().name != "Force the portcullis"


def test_the_history_belongs_to_its_campaign(window, qtbot, tmp_path):
    """Undo after opening another campaign changes nothing in either file."""
    first = window.store.path
    window.panels["encounter"].next_turn()
    assert window.undo_action.isEnabled()
    other = tagged_campaign(tmp_path, "beta", "B")
    window.open_campaign(other)
    first_bytes, other_shape = first.read_bytes(), shape(window.store)
    assert not window.undo_action.isEnabled() and window.undo_stack.count() == 0
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Z, CTRL)
    assert shape(window.store) == other_shape and first.read_bytes() == first_bytes


def test_a_luck_point_spent_on_a_roll_is_a_step_and_the_roll_stays_logged(make_window, tmp_path, qtbot):
    window = make_window(tagged_campaign(tmp_path, "shadow", "A", "anarchy"))
    check = window.panels["check"]
    actor = check.actor()
    luck = actor.sheet.luck
    assert luck >= 1
    qtbot.mouseClick(check.options.toggles["luck_before"], Qt.MouseButton.LeftButton)
    rolls = window.store.log.count()
    qtbot.keyClick(check.actor_combo, Qt.Key.Key_R, CTRL)  # roll, spending a Luck point
    assert window.store.characters.get(actor.id).sheet.luck == luck - 1
    assert window.undo_action.text() == f"&Undo Spend {actor.name}'s Luck"
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Z, CTRL)
    assert window.store.characters.get(actor.id).sheet.luck == luck
    assert window.store.log.count() == rolls + 1  # the roll happened: the log keeps it
