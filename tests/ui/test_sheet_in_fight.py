"""The Sheet dock in front during a fight (issue 25, item 4): it follows whoever's turn it is, a PC's
sheet, a goblin's, another PC with one strike more. Each shape of form was built anew at every turn
(130–170 ms a turn); the forms built are kept, hidden, and one of the same shape only takes the new
character's values — every value shown is still that character's."""

from __future__ import annotations

import pytest
from test_frames_seen import counted, on_screen

from tests.ui.conftest import campaign_file
from tests.ui.test_one_frame import settle


def shown_values(form) -> dict:
    """What each field of the form shows, by its path, and the derived number beside it."""
    return {row.path: (row.editor.value(), row.derived.text() if row.derived is not None else None)
            for row in form.rows()}


def sheet_in_front(window, qtbot):
    sheet = window.panels["sheet"]
    window.docks["sheet"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "sheet") and sheet.form.character is not None)
    return sheet


@pytest.mark.parametrize("system", ["pf2", "dnd35"])
def test_the_sheet_follows_a_fight_without_building_a_form_it_has_built(make_window, tmp_path, qtbot, monkeypatch,
                                                                       system):
    from gmdesk.ui.sheets.form import SheetForm

    window = make_window(campaign_file(tmp_path, system))
    window.resize(1366, 768)
    sheet, fight = sheet_in_front(window, qtbot), window.panels["encounter"]
    for _ in fight.encounter.combatants:  # a first round: each shape of sheet built once
        fight.next_turn()
        settle(50)
    built = counted(monkeypatch, SheetForm, "_build_section")
    shapes = set()
    for _ in fight.encounter.combatants:
        fight.next_turn()
        settle(50)
        current = fight.encounter.current()
        if current.character_id is None:
            continue
        character = window.store.characters.get(current.character_id)
        shapes.add(sheet.form._body_key)
        assert sheet.character_id == character.id
        assert sheet.form.character.to_dict() == character.to_dict()
        assert shown_values(sheet.form)[("name",)][0] == character.name
        # The same values as a form built for this character alone shows.
        fresh = SheetForm()
        qtbot.addWidget(fresh)
        fresh.resize(sheet.form.size())
        fresh.show()
        fresh.set_character(character)
        assert shown_values(fresh) == shown_values(sheet.form)
        fresh.close()
    assert len(shapes) > 1  # the fight went round forms of different shapes
    assert [call for call in built if call[0] is sheet.form] == []  # (the fresh forms were built)


def test_the_forms_kept_go_with_the_campaign(make_window, tmp_path, qtbot):
    """Nothing of another campaign's characters stays in hidden widgets after a switch."""
    from tests.ui.trust_tools import tagged_campaign, texts_of

    a, b = tagged_campaign(tmp_path, "alpha", "⟦A⟧"), tagged_campaign(tmp_path, "beta", "⟦B⟧")
    window = make_window(a)
    sheet, fight = sheet_in_front(window, qtbot), window.panels["encounter"]
    for _ in fight.encounter.combatants:
        fight.next_turn()
        settle(50)
    assert len(sheet.form._parked) > 0
    assert window.open_campaign(b)
    settle(50)
    assert len(sheet.form._parked) == 0
    assert [t for _, t in texts_of(sheet) if "⟦A⟧" in t] == []


def test_a_kept_form_brings_back_no_message_of_the_character_it_showed(make_window, tmp_path, qtbot):
    """A value refused on one character's sheet (its red line under the field) is not shown under
    the next character given the same form."""
    from dataclasses import replace

    window = make_window(campaign_file(tmp_path, "pf2"))
    form = sheet_in_front(window, qtbot).form
    characters = window.store.characters.list()
    first = characters[0]
    other = next(c for c in characters if form._shape(c.to_dict()) != form._shape(first.to_dict()))
    twin = replace(first, id=first.id + 1000, name=first.name + " II")  # the same shape of sheet
    form.set_character(first)
    row = form.row(("max_hp",))
    row.show_error("Max HP must be between 1 and 999")
    form.set_character(other)
    form.set_character(twin)
    assert form.row(("max_hp",)) is row  # the kept form, brought back
    assert form.row(("name",)).editor.value() == twin.name
    assert not row.pending_error and not (row.error_slot.made and row.error.isVisible())


def test_a_characters_numbers_are_worked_out_once_while_its_sheet_stays_as_it_is(make_window, tmp_path, qtbot,
                                                                                 monkeypatch):
    """The same combatants come back each round, their sheets unchanged: their derived numbers (a
    check built by the engine each, some 25 a character) are not worked out again. A sheet changed, or
    other house rules, and they are: what is shown is what a fresh form shows."""
    from dataclasses import replace

    import gmdesk.systems.pf2.form as pf2_form
    from gmdesk.ui.sheets.form import SheetForm

    window = make_window(campaign_file(tmp_path, "pf2"))
    window.resize(1366, 768)
    sheet, fight = sheet_in_front(window, qtbot), window.panels["encounter"]
    for _ in fight.encounter.combatants:  # a first round: every combatant's numbers worked out once
        fight.next_turn()
        settle(50)
    worked = counted(monkeypatch, pf2_form, "built_check")
    for _ in fight.encounter.combatants:
        fight.next_turn()
        settle(50)
    assert worked == []

    def as_fresh(character):
        fresh = SheetForm()
        qtbot.addWidget(fresh)
        fresh.house_rules = sheet.form.house_rules
        fresh.resize(sheet.form.size())
        fresh.show()
        fresh.set_character(character)
        assert shown_values(fresh) == shown_values(sheet.form)
        fresh.close()

    character = sheet.form.character
    stronger = replace(character, sheet=replace(character.sheet, level=character.sheet.level + 1))
    sheet.form.set_character(stronger)  # as a write of the store hands it back
    assert worked != []
    as_fresh(stronger)
    sheet.form.set_character(character)
    as_fresh(character)


def test_a_kept_form_is_shown_where_it_is_and_the_page_fits_it(make_window, tmp_path, qtbot):
    """A kept form is hidden and shown in place: taken out of the scroll area and put back, its 450-odd
    widgets were re-parented at every turn. The scroll area's page is the size of the form shown."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    class Moves(QObject):
        def __init__(self):
            super().__init__()
            self.moved = []

        def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.ParentChange and watched.objectName() == "sheetFormBody":
                self.moved.append(watched)
            return False

    window = make_window(campaign_file(tmp_path, "pf2"))
    window.resize(1366, 768)
    sheet, fight = sheet_in_front(window, qtbot), window.panels["encounter"]
    for _ in fight.encounter.combatants:
        fight.next_turn()
        settle(50)
    moves = Moves()
    QApplication.instance().installEventFilter(moves)
    heights = set()
    try:
        for _ in fight.encounter.combatants:
            fight.next_turn()
            settle(50)
            form = sheet.form
            page, view = form._scroll.widget(), form._scroll.viewport()
            body_height = max(form._body.minimumSizeHint().height(), form._body.heightForWidth(page.width()))
            heights.add(body_height)
            assert page.height() == max(body_height, view.height())
            assert form._scroll.verticalScrollBar().maximum() == max(0, page.height() - view.height())
    finally:
        QApplication.instance().removeEventFilter(moves)
    assert moves.moved == []
    assert len(heights) > 1  # forms of different lengths were shown
