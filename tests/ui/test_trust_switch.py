"""Issue 10, item 2: after File › Open (Open recent, New, closing) nothing of the old campaign stays
on screen or editable, and nothing writes into either file except what the GM then does.

The two campaigns are the same demo with a tag in every name (⟦A⟧, ⟦B⟧), so they share every id: a
form or a cache keyed by id alone shows the old campaign's check, and an edit of it overwrites a
check of the new one. Each panel is left mid-work in A — a selection, a field typed but not
confirmed, notes waiting for their pause, results of a roll shown — before the switch.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from gmdesk.ui.campaign_files import NewCampaignDialog
from gmdesk.ui.panels.prep.editor import NOTES_PAUSE_MS

from tests.ui.trust_tools import content, file_content, leftovers, tagged_campaign

A, B = "⟦A⟧", "⟦B⟧"


def raise_dock(window, name: str) -> None:
    window.docks[name].show()
    window.docks[name].raise_()


def leave_every_panel_mid_work(window, qtbot) -> None:
    """In campaign A, as a GM in the middle of things."""
    party = window.panels["party"]
    party.select_id(party.model.ids()[1])
    qtbot.keyClicks(party.filter_edit, "e")  # a filter typed in the party list

    sheet = window.panels["sheet"]  # a number typed, not yet confirmed with Enter or Tab
    level = sheet.form.row(("sheet", "level")).editor.widget
    level.setFocus()
    level.selectAll()
    qtbot.keyClicks(level, "7")

    check = window.panels["check"]  # a roll made and shown, a DC typed, a modifier added
    check.target.dc_spin.setValue(23)
    check.modifiers.add_row(2, "", f"flank {A}")
    qtbot.keyClick(check.actor_combo, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    rolled = check.last_roll
    assert rolled is not None

    raise_dock(window, "encounter")
    fight = window.panels["encounter"]  # a combatant picked (the check panel follows it), HP typed
    fight.select_id(fight.model.combatant(1).id)
    fight.hp_edit.setText("-4")
    assert check.followed is not None

    log = window.panels["log"]
    log.actor_combo.setCurrentIndex(2)  # a log filter on an actor of A

    raise_dock(window, "analytics")  # A's roll counted, its actor picked as the filter
    analytics = window.panels["analytics"]
    roller = window.store.log.get(rolled.entry_id).actor  # (the check panel now shows the combatant: no roll)
    qtbot.waitUntil(lambda: analytics.actor_combo.findData(roller) >= 0, timeout=5000)
    analytics.actor_combo.setCurrentIndex(analytics.actor_combo.findData(roller))
    assert A in analytics.actor_combo.currentText() and analytics.report.whole.rolls >= 1

    raise_dock(window, "bestiary")  # the fight simulated: its figures name A's party
    bestiary = window.panels["bestiary"]
    bestiary.fight_tabs.setCurrentWidget(bestiary.fight_odds)
    bestiary.fight_odds.runs_box.setValue(200)
    work = bestiary.fight_odds.simulate()
    qtbot.waitUntil(lambda: not work.running(), timeout=20000)
    assert A in bestiary.fight_odds.results.toPlainText()

    raise_dock(window, "prep")
    prep = window.panels["prep"]
    prep.scenes.scene_view.setCurrentIndex(prep.scenes.scene_model.index(1, 0))
    prep.scenes.select_check(prep.scenes.check_model.checks[1].id)
    prep.tabs.setCurrentWidget(prep.roll_pane)
    prep.roll_pane.roll()  # "At the table": results of A's party shown
    assert prep.roll_pane.results.rowCount() > 0
    prep.tabs.setCurrentWidget(prep.group)
    notes = prep.editor.notes_edit
    notes.setFocus()
    notes.moveCursor(notes.textCursor().MoveOperation.End)
    qtbot.keyClicks(notes, " typed in A")  # waiting for the pause (NOTES_PAUSE_MS)
    assert prep.editor._notes_timer.isActive()


def assert_shows_only(window, store) -> None:
    """Every text of the window belongs to ``store``'s campaign; the prep form is its check."""
    left = leftovers(window, A)
    assert left == [], "\n".join(left)
    prep = window.panels["prep"]
    shown = prep.editor.prepared
    stored = prep.scenes.check()
    assert shown is not None and stored is not None and shown.to_dict() == stored.to_dict()
    assert prep.editor.name_edit.text() == stored.name and prep.editor.target_spin.value() == stored.dc
    assert prep.editor.notes_edit.toPlainText() == stored.notes
    assert prep.roll_pane.results.rowCount() == 0 and prep.roll_pane.status.text() == ""
    assert not window.undo_action.isEnabled()  # A's history is not B's
    assert window.panels["check"].target.dc_spin.value() == 15
    assert not window.panels["check"].modifiers.modifiers()


def test_open_another_campaign_forgets_the_first_and_writes_only_what_the_gm_does(make_window, tmp_path, qtbot,
                                                                                 monkeypatch):
    a = tagged_campaign(tmp_path, "alpha", A)
    b = tagged_campaign(tmp_path, "beta", B, dc_shift=3)
    window = make_window(a)
    b_before = file_content(b)
    leave_every_panel_mid_work(window, qtbot)

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kwargs: (str(b), "")))
    qtbot.keyClick(window.panels["prep"].editor.notes_edit, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.store.path == b
    qtbot.wait(NOTES_PAUSE_MS + 200)  # a timer left from A would fire now
    a_after_switch = a.read_bytes()

    assert_shows_only(window, window.store)
    assert content(window.store) == b_before  # opening B wrote nothing into it
    # What the GM typed in A went to A, where it was typed.
    saved = file_content(a)
    prep_check = [c for s in saved["scenes"] if s["position"] == 1 for c in s["checks"] if c["position"] == 1][0]
    assert prep_check["notes"] == f"notes {A} typed in A"

    # The GM works in B: the prep form, a sheet, the fight. Only B changes, as asked.
    prep = window.panels["prep"]
    target = prep.scenes.check()
    prep.editor.target_spin.setFocus()
    prep.editor.target_spin.stepBy(2)
    qtbot.keyClick(prep.editor.target_spin, Qt.Key.Key_Return)
    notes = prep.editor.notes_edit
    notes.setFocus()
    notes.moveCursor(notes.textCursor().MoveOperation.End)
    qtbot.keyClicks(notes, " and B")
    qtbot.wait(NOTES_PAUSE_MS + 200)
    window.panels["encounter"].next_turn()
    edited = window.store.scenes.get_check(target.id)
    assert (edited.name, edited.dc, edited.notes) == (target.name, target.dc + 2, target.notes + " and B")
    assert a.read_bytes() == a_after_switch
    window.close()
    assert a.read_bytes() == a_after_switch


def test_open_recent_new_and_close_leave_nothing_behind(make_window, tmp_path, qtbot, monkeypatch):
    a = tagged_campaign(tmp_path, "alpha", A)
    b = tagged_campaign(tmp_path, "beta", B)
    window = make_window(b)
    window.open_campaign(a)
    leave_every_panel_mid_work(window, qtbot)
    window.recent_menu.aboutToShow.emit()
    recent = [action for action in window.recent_menu.actions() if action.statusTip() == str(b.resolve())]
    recent[0].trigger()  # File › Open recent › beta
    assert window.store.path == b
    qtbot.wait(NOTES_PAUSE_MS + 200)
    assert_shows_only(window, window.store)

    window.open_campaign(a)
    leave_every_panel_mid_work(window, qtbot)

    def new_empty(dialog):
        dialog.name_edit.setText("gamma")
        dialog.path_edit.setText(str(tmp_path / "gamma"))
        dialog.demo_check.setChecked(False)
        return NewCampaignDialog.DialogCode.Accepted

    monkeypatch.setattr(NewCampaignDialog, "exec", new_empty)
    window.new_action.trigger()  # File › New
    assert window.store.path == tmp_path / "gamma.gmdesk"
    qtbot.wait(NOTES_PAUSE_MS + 200)
    assert leftovers(window, A) == []
    assert window.panels["prep"].editor.prepared is None and not window.undo_action.isEnabled()

    window.open_campaign(a)
    leave_every_panel_mid_work(window, qtbot)
    window.close()  # closing with notes still waiting: saved into A, then nothing more
    closed = a.read_bytes()
    qtbot.wait(NOTES_PAUSE_MS + 200)
    assert a.read_bytes() == closed
    assert any(c["notes"].endswith("typed in A") for s in file_content(a)["scenes"] for c in s["checks"])


@pytest.mark.parametrize("system", ["dnd35"])
def test_group_odds_helpers_follow_the_switch(make_window, tmp_path, qtbot, system):
    """dnd35's aid another lists the rollers of the check shown: never the old party's."""
    a = tagged_campaign(tmp_path, "alpha", A, system)
    b = tagged_campaign(tmp_path, "beta", B, system)
    window = make_window(a)
    raise_dock(window, "prep")
    prep = window.panels["prep"]
    prep.tabs.setCurrentWidget(prep.group)
    leader = prep.group.leader_combo.currentData()
    prep.group.set_helpers(leader, [m.id for m in prep.grid.members if m.id != leader][:1])
    assert A in prep.group.help_label.text()
    window.open_campaign(b)
    assert leftovers(window, A) == []
    assert all(B in prep.group.leader_combo.itemText(i) for i in range(prep.group.leader_combo.count()))
