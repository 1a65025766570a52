"""Issue 10, item 3: the mouse wheel over a spin box, combo box, date edit or slider the GM is not
typing in scrolls the page; it never changes the value (a sheet's Level went 3 → 0 → −1, saved,
while the GM scrolled). With keyboard focus, the wheel steps the value as before.

The wheel is sent as Qt delivers a real one (``trust_tools.wheel``): to the widget under the
pointer, then up its parents until one takes it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (QAbstractSlider, QAbstractSpinBox, QComboBox, QDateEdit, QDialog, QScrollArea,
                               QSlider, QSpinBox, QVBoxLayout, QWidget)

from tests.ui.trust_tools import file_content, tagged_campaign, wheel


def value(field):
    if isinstance(field, QAbstractSpinBox):
        return field.text()
    if isinstance(field, QComboBox):
        return field.currentIndex()
    return field.value()


def fields_in(root: QWidget) -> list[QWidget]:
    found = [w for w in root.findChildren(QWidget) if isinstance(w, (QAbstractSpinBox, QComboBox, QAbstractSlider))
             and not w.inherits("QScrollBar") and w.isVisible() and w.isEnabled()]
    assert found, f"no field to try in {root.objectName() or type(root).__name__}"
    return found


def assert_wheel_scrolls_the_page(field, area: QScrollArea | None, qtbot) -> None:
    """Unfocused: the value stays, the page moves down then up. Focused: the value steps."""
    assert not field.hasFocus()
    before = value(field)
    bar = area.verticalScrollBar() if area is not None else None
    if bar is not None:
        assert bar.maximum() > 0, "the page must be taller than its view for this test"
        area.ensureWidgetVisible(field)
        bar.setValue(min(bar.value(), bar.maximum() - 1))
        start = bar.value()
    wheel(field, -1)
    assert value(field) == before
    if bar is not None:
        assert bar.value() > start  # the page went down under the pointer
        down = bar.value()
        wheel(field, +1)
        assert bar.value() < down  # and back up
    assert value(field) == before


def unfocus(window) -> None:
    window.panels["party"].table.setFocus()


@pytest.fixture
def campaign(tmp_path):
    return tagged_campaign(tmp_path, "alpha", "A")


def test_the_sheet_scrolls_and_level_stays(make_window, campaign, qtbot):
    window = make_window(campaign)
    unfocus(window)
    sheet = window.panels["sheet"]
    character = sheet.form.character
    area = sheet.form._scroll
    level = sheet.form.row(("sheet", "level")).editor.widget
    kind = sheet.form.row(("kind",)).editor.widget
    for field in (level, kind):
        assert_wheel_scrolls_the_page(field, area, qtbot)
    # Nothing was saved: the stored character is as it was, and nothing to undo.
    assert window.store.characters.get(character.id).to_dict() == character.to_dict()
    assert not window.undo_action.isEnabled()
    # With keyboard focus, the wheel is the GM's: the level steps and is saved.
    level.setFocus()
    wheel(level, +1)
    assert window.store.characters.get(character.id).sheet.level == character.sheet.level + 1


def test_the_sheets_fields_turn_the_wheel_away_themselves(make_window, demo_file, qtbot):
    """The Sheet's fields need no event filter for the wheel: a filter put every event of each (shown,
    hidden, painted with every sheet the fight brings out) through Python, 250 calls a turn. A combo
    box of the sheet with the focus still takes the wheel; without, the page scrolls (test above)."""
    import sys

    import shiboken6

    from gmdesk.ui.guards import WheelGuard

    window = make_window(demo_file)
    window.docks["sheet"].raise_()
    fight, sheet = window.panels["encounter"], window.panels["sheet"]
    code, seen = WheelGuard.eventFilter.__code__, []
    sys.setprofile(lambda frame, event, _arg: seen.append(frame.f_locals["watched"])
                   if event == "call" and frame.f_code is code else None)
    try:
        for _ in fight.encounter.combatants:
            fight.next_turn()
            qtbot.wait(20)
    finally:
        sys.setprofile(None)
    assert [w for w in seen if shiboken6.isValid(w) and sheet.isAncestorOf(w)] == []
    rank = next(r.editor.widget for r in sheet.form.rows() if isinstance(r.editor.widget, QComboBox)
                and r.editor.widget.isEnabled() and r.editor.widget.count() > 2
                and 0 < r.editor.widget.currentIndex() < r.editor.widget.count() - 1)
    before = rank.currentIndex()
    rank.setFocus()
    qtbot.waitUntil(rank.hasFocus)
    wheel(rank, -1)
    assert rank.currentIndex() != before


def test_the_check_panel_scrolls_and_its_choices_stay(make_window, tmp_path, qtbot):
    window = make_window(tagged_campaign(tmp_path, "shadow", "A", "anarchy"))  # the longest choices
    window.resize(1280, 640)  # a laptop's screen: anarchy's choices scroll
    qtbot.wait(50)
    unfocus(window)
    check = window.panels["check"]
    area = check.controls_scroll
    odds = check.view.odds.tiers
    for field in (check.target.dc_spin, check.actor_combo, check.check_combo):
        assert_wheel_scrolls_the_page(field, area, qtbot)
    assert check.view.odds.tiers == odds


def test_the_prep_form_scrolls_and_the_check_stays(make_window, campaign, qtbot):
    window = make_window(campaign)
    window.showNormal()  # on a laptop, with the whole roll log below: the prep form scrolls
    window.resize(1366, 768)
    window.panels["log"].set_strip(False)
    window.docks["prep"].raise_()
    qtbot.wait(50)
    unfocus(window)
    prep = window.panels["prep"]
    before = file_content(campaign)["scenes"]
    area = prep.editor_box.parentWidget().parentWidget()
    assert isinstance(area, QScrollArea)
    for field in (prep.editor.target_spin, prep.editor.roll_combo):
        assert_wheel_scrolls_the_page(field, area, qtbot)
    solver = prep.solver
    prep.tabs.setCurrentWidget(solver)
    for field in fields_in(solver):
        before_value = value(field)
        wheel(field, -1)
        assert value(field) == before_value
    assert file_content(campaign)["scenes"] == before
    assert not window.undo_action.isEnabled()


def test_initiative_dialogs_and_every_dialog_keep_their_values(make_window, campaign, qtbot, tmp_path):
    window = make_window(campaign)
    fight = window.panels["encounter"]
    window.docks["encounter"].raise_()
    fight.select_id(fight.model.combatant(0).id)
    dialogs = []
    fight.open_add_dialog()
    add = fight.dialog
    add.tabs.setCurrentIndex(add.AD_HOC)
    dialogs.append(add)
    qtbot.waitExposed(add)
    for field in fields_in(add):
        before = value(field)
        wheel(field, -1)
        assert value(field) == before, field.objectName()
    add.reject()
    fight.open_condition_dialog()
    dialogs.append(fight.dialog)
    log_dialog = window.panels["log"].open_export_dialog()
    dialogs.append(log_dialog)
    from gmdesk.ui.campaign_files import NewCampaignDialog
    from gmdesk.ui.panels.prep.export import PrepExportDialog

    dialogs += [PrepExportDialog(window.panels["prep"]), NewCampaignDialog(window, tmp_path)]
    for dialog in dialogs[1:]:
        dialog.show()
        qtbot.waitExposed(dialog)
        for field in fields_in(dialog):
            if isinstance(field, QDateEdit):
                field.setEnabled(True)
            before = value(field)
            wheel(field, -1)
            wheel(field, +1)
            assert value(field) == before, (type(dialog).__name__, field.objectName())
        dialog.reject()


def test_a_field_added_later_anywhere_is_covered_too(make_window, campaign, qtbot):
    """A panel or dialog written tomorrow gets the same rule without doing anything."""
    window = make_window(campaign)
    dialog = QDialog(window)
    area = QScrollArea(dialog)
    page = QWidget()
    column = QVBoxLayout(page)
    spin, combo, date, slider = QSpinBox(), QComboBox(), QDateEdit(QDate(2025, 1, 11)), QSlider(Qt.Orientation.Horizontal)
    combo.addItems(["one", "two", "three"])
    combo.setCurrentIndex(1)
    spin.setValue(5)
    slider.setValue(50)
    for field in (spin, combo, date, slider):
        column.addWidget(field)
        column.addSpacing(400)
    area.setWidget(page)
    QVBoxLayout(dialog).addWidget(area)
    dialog.resize(300, 300)
    dialog.show()
    qtbot.waitExposed(dialog)
    for field in (spin, combo, date, slider):
        assert field.focusPolicy() != Qt.FocusPolicy.WheelFocus  # the wheel does not focus it either
        assert_wheel_scrolls_the_page(field, area, qtbot)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    area.ensureWidgetVisible(spin)
    qtbot.mouseClick(spin.lineEdit(), Qt.MouseButton.LeftButton)  # the GM clicks into it
    assert spin.hasFocus()
    wheel(spin, +1)
    assert spin.value() == 6
