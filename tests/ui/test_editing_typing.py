"""Editing as in a good desktop app (issue 12, items 10 and 11): the derived values and the odds follow
the GM's keystrokes, not only Tab or Enter, while one visit to a field stays one named undo step; a
refused value is said in the GM's words, in the GM's language, and the message goes once the value is
valid again or the edit is undone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmdesk.ui import i18n
from tests.ui.conftest import campaign_file


def select_all(widget) -> None:
    widget.setFocus()
    widget.lineEdit().selectAll()


def athletics_of(window, character_id):
    """The check panel on this character's Athletics (a Strength check): its chance of success."""
    check = window.panels["check"]
    check.actor_combo.setCurrentIndex(check.actor_combo.findData(character_id))
    check.check_combo.setCurrentIndex(check.check_combo.findText("Athletics", Qt.MatchFlag.MatchStartsWith))
    assert check.check_combo.currentText().startswith("Athletics")
    return check


def success(check):
    return check.view.odds.success if check.view is not None else None


def test_derived_values_and_odds_follow_each_keystroke_and_the_field_is_one_undo_step(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    sheet, store = window.panels["sheet"], window.store
    cid = sheet.character_id
    before = store.characters.get(cid).sheet.abilities["str"]
    check = athletics_of(window, cid)
    odds_before = success(check)
    row = sheet.form.row(("sheet", "abilities", "str"))
    box = row.editor.widget
    select_all(box)
    qtbot.keyClicks(box, "2")
    # No Tab, no Enter: the GM is still in the field, and everything already follows.
    assert store.characters.get(cid).sheet.abilities["str"] == 2
    assert row.derived.text() == "-4"
    assert success(check) < odds_before
    qtbot.keyClicks(box, "2")
    assert box.hasFocus() and box.lineEdit().text() == "22"  # the GM's text, as typed
    assert store.characters.get(cid).sheet.abilities["str"] == 22
    assert row.derived.text() == "+6"
    assert success(check) > odds_before
    qtbot.keyClick(box, Qt.Key.Key_Tab)  # leaving the field ends the edit
    assert window.undo_stack.count() == 1  # "22" typed is one step, named after the field
    assert window.undo_stack.undoText().endswith("STR")
    assert store.characters.get(cid).name in window.undo_stack.undoText()
    window.undo_action.trigger()
    assert store.characters.get(cid).sheet.abilities["str"] == before
    assert row.editor.value() == before and success(check) == odds_before
    # A new visit to the field is a new step.
    select_all(box)
    qtbot.keyClicks(box, "16")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert store.characters.get(cid).sheet.abilities["str"] == 16
    assert window.undo_stack.count() == 1 and window.undo_stack.index() == 1  # the redo was replaced


def test_a_half_typed_refused_value_keeps_nothing(qtbot, make_window, demo_file):
    """"35" passes "3" on the way: the 3 is saved while it stands, then put back when 35 is refused."""
    window = make_window(demo_file)
    sheet, store = window.panels["sheet"], window.store
    cid = sheet.character_id
    before = store.characters.get(cid).sheet.abilities["con"]
    row = sheet.form.row(("sheet", "abilities", "con"))
    select_all(row.editor.widget)
    qtbot.keyClicks(row.editor.widget, "35")
    assert store.characters.get(cid).sheet.abilities["con"] == before
    assert row.error.isVisible()
    qtbot.keyClick(row.editor.widget, Qt.Key.Key_Tab)
    assert row.editor.value() == before and window.undo_stack.count() == 0


def test_a_refused_value_is_said_in_the_gms_words_and_goes_when_valid_again(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    sheet, store = window.panels["sheet"], window.store
    row = sheet.form.row(("sheet", "abilities", "cha"))
    box = row.editor.widget
    lo, hi = box.rule_lo, box.rule_hi
    select_all(box)
    qtbot.keyClicks(box, "99")
    assert row.error.isVisible()
    assert row.error.text() == f"CHA must be between {lo:g} and {hi:g}"
    for identifier in ("sheet.", "abilities", "cha:", "got 99"):
        assert identifier not in row.error.text()
    qtbot.keyClick(box, Qt.Key.Key_Backspace)  # "9": valid again, the message goes at once
    assert not row.error.isVisible()
    assert store.characters.get(sheet.character_id).sheet.abilities["cha"] == 9


def test_an_undo_takes_the_message_away(qtbot, make_window, demo_file):
    window = make_window(demo_file)
    sheet, store = window.panels["sheet"], window.store
    cid = sheet.character_id
    before = store.characters.get(cid).sheet.abilities["wis"]
    row = sheet.form.row(("sheet", "abilities", "wis"))
    box = row.editor.widget
    select_all(box)
    qtbot.keyClicks(box, str(before + 2))
    qtbot.keyClick(box, Qt.Key.Key_Return)  # a valid edit, one step
    select_all(box)
    qtbot.keyClicks(box, "77")  # then a refused one
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert row.error.isVisible() and row.editor.value() == before + 2  # the stored value, and why 77 was not
    qtbot.keyClick(box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Z in the field
    assert store.characters.get(cid).sheet.abilities["wis"] == before
    assert row.editor.value() == before
    assert not row.error.isVisible()


def test_the_message_speaks_french_in_the_french_window(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "dnd5e"), lang="fr")
    assert i18n.current_language() == "fr"
    sheet = window.panels["sheet"]
    row = sheet.form.row(("sheet", "abilities", "cha"))
    box = row.editor.widget
    select_all(box)
    qtbot.keyClicks(box, "99")
    assert row.error.text() == f"CHA doit être entre {box.rule_lo:g} et {box.rule_hi:g}"


def test_a_ranks_message_names_the_skill_and_the_level(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "dnd35"))
    sheet = window.panels["sheet"]
    character = window.store.characters.get(sheet.character_id)
    skill = next(k for k in ("climb", "jump", "swim", "intimidate") if character.sheet.is_class_skill(k))
    row = sheet.form.row(("sheet", "ranks", skill))
    top = float(character.sheet.max_ranks(skill))
    select_all(row.editor.widget)
    qtbot.keyClicks(row.editor.widget, f"{int(top) + 1}")
    label = row.field.label if isinstance(row.field.label, str) else row.field.label.en
    assert row.error.text() == f"{label}: at most {top:g} ranks for a class skill at level {character.sheet.level}"


def test_a_prepared_dc_moves_the_odds_as_it_is_typed_in_one_undo_step(qtbot, tmp_path):
    from PySide6.QtGui import QUndoStack

    from gmdesk.ui.bus import CampaignBus
    from gmdesk.ui.campaign_files import create_campaign
    from gmdesk.ui.panels.prep.models import PrepMatrixModel
    from gmdesk.ui.panels.prep.panel import PrepPanel

    store = create_campaign(tmp_path / "prep.gmdesk", "pf2", "", True, "en")
    undo = QUndoStack()
    panel = PrepPanel(CampaignBus(), undo_stack=undo)
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.show()
    qtbot.waitExposed(panel)
    first = store.scenes.list()[0].ordered_checks()[0]
    chance = lambda: panel.matrix_model.index(0, 0).data(PrepMatrixModel.ChanceRole)  # noqa: E731
    before = chance()
    spin = panel.editor.target_spin
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "3")  # no Enter yet: DC 3, the matrix follows
    assert store.scenes.get_check(first.id).dc == 3 and chance() > before
    qtbot.keyClicks(spin, "5")
    assert store.scenes.get_check(first.id).dc == 35 and chance() < before
    assert panel.matrix_model.headerData(0, Qt.Orientation.Horizontal).endswith("DC 35")
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    assert undo.count() == 1  # "35" typed is one step
    undo.undo()
    assert store.scenes.get_check(first.id).dc == first.dc and chance() == before
    store.close()
