"""The keyboard from the first key: the party filter does not take it at start, and the fight and
check shortcuts act at once, wherever the window opened its focus (issue 12, item 12)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import campaign_file


def press(qtbot, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key as the GM presses it: to whatever has the keyboard focus (the window if nothing)."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    qtbot.keyClick(target, key, modifiers)


def test_the_first_keys_run_the_fight_and_roll_instead_of_filtering_the_party(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    party, check = window.panels["party"], window.panels["check"]
    shown_actor = check.actor_combo.currentText()
    before = window.store.encounter.get()
    rows = party.proxy.rowCount()
    assert QApplication.focusWidget() is not party.filter_edit

    press(qtbot, Qt.Key.Key_N)  # next turn
    after = window.store.encounter.get()
    assert (after.round, after.turn) != (before.round, before.turn)
    assert after.turn == (before.turn + 1) % len(before.combatants) or after.round == before.round + 1
    assert party.filter_edit.text() == "" and party.proxy.rowCount() == rows  # nothing typed into the filter

    press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)  # previous turn
    back = window.store.encounter.get()
    assert (back.round, back.turn) == (before.round, before.turn)

    logged = window.store.log.count()
    press(qtbot, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # roll the check shown
    assert window.store.log.count() == logged + 1
    assert party.filter_edit.text() == ""
    # The check panel shows whoever the fight or the GM picked, not whoever a stray letter left.
    assert check.actor_combo.currentText() in {shown_actor, *[c.name for c in window.store.characters.list()]}


def test_the_fight_keys_work_while_the_initiative_tab_is_behind_the_sheet(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "dnd5e"))
    window.docks["sheet"].raise_()  # the sheet in front, the Initiative tab behind it
    qtbot.waitUntil(lambda: window.panels["encounter"].visibleRegion().isEmpty())
    before = window.store.encounter.get()
    press(qtbot, Qt.Key.Key_N)
    after = window.store.encounter.get()
    assert (after.round, after.turn) != (before.round, before.turn)
    assert window.undo_stack.count() == 1  # one step Edit › Undo names, as from the panel


def test_a_text_field_keeps_its_letters(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    party = window.panels["party"]
    before = window.store.encounter.get()
    party.filter_edit.setFocus()
    qtbot.keyClicks(party.filter_edit, "Ni")  # "N" and "I" are fight keys, but the GM is typing
    assert party.filter_edit.text() == "Ni"
    after = window.store.encounter.get()
    assert (after.round, after.turn) == (before.round, before.turn)
    assert window.undo_stack.count() == 0


def test_a_campaign_switch_leaves_the_keyboard_on_the_party_list(qtbot, make_window, demo_file, tmp_path):
    window = make_window(demo_file)
    party = window.panels["party"]
    party.filter_edit.setFocus()
    window.open_campaign(campaign_file(tmp_path, "cof"))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is party.table)
    before = window.store.encounter.get()
    press(qtbot, Qt.Key.Key_N)
    after = window.store.encounter.get()
    assert (after.round, after.turn) != (before.round, before.turn) and party.filter_edit.text() == ""
