"""The sheet editor: typing saves to the store, the rules refuse bad values beside the field, undo/redo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QToolButton

from gmdesk import systems
from gmdesk.systems.dnd5e import sheet as dnd5e_sheet
from gmdesk.campaign.sheets import sheet_class
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.systems.kit.form import ListSection
from gmdesk.ui.sheets.panel import SheetPanel
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()


def type_into(qtbot, widget, text: str, enter: bool = True) -> None:
    """Select what the field shows and type over it, as a GM does; Enter makes the value."""
    widget.setFocus()
    line = widget.lineEdit() if hasattr(widget, "lineEdit") and widget.lineEdit() else widget
    line.selectAll()
    qtbot.keyClicks(widget, text)
    if enter:
        qtbot.keyClick(widget, Qt.Key.Key_Return)


def stored(store, character_id):
    return store.characters.get(character_id).sheet


@pytest.fixture
def window(make_window, demo_file):
    return make_window(demo_file)


@pytest.fixture
def sheet(window, qtbot):
    """The sheet, its tab brought to the front as the GM does before editing it (behind another
    dock's tab, it is built only when seen)."""
    window.docks["sheet"].raise_()
    panel = window.panels["sheet"]
    qtbot.waitUntil(lambda: not panel.visibleRegion().isEmpty())
    return panel


def test_typing_a_score_saves_it_and_updates_the_derived_modifier(qtbot, window, sheet):
    store, cid = window.store, sheet.character_id
    before = stored(store, cid).abilities["str"]
    row = sheet.form.row(("sheet", "abilities", "str"))
    with qtbot.waitSignal(window.bus.characterChanged) as changed:
        type_into(qtbot, row.editor.widget, "14")
    assert changed.args == [cid]
    assert stored(store, cid).abilities["str"] == 14
    assert row.derived.text() == "+2"
    assert window.undo_stack.count() == 1  # one edit for the GM, whatever the keystrokes
    # Ctrl+Z from anywhere, even inside the field, restores the store and the field.
    qtbot.keyClick(row.editor.widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stored(store, cid).abilities["str"] == before
    assert row.editor.value() == before and row.derived.text() == f"{(before - 10) // 2:+d}"
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert stored(store, cid).abilities["str"] == 14 and row.editor.value() == 14


def test_the_arrows_make_consecutive_edits_of_one_field_into_one_undo_step(qtbot, window, sheet):
    store, cid = window.store, sheet.character_id
    before = stored(store, cid).abilities["dex"]
    box = sheet.form.row(("sheet", "abilities", "dex")).editor.widget
    for _ in range(3):
        box.stepUp()
    assert stored(store, cid).abilities["dex"] == before + 3
    assert window.undo_stack.count() == 1
    window.undo_action.trigger()
    assert stored(store, cid).abilities["dex"] == before
    assert window.undo_action.isEnabled() is False and window.redo_action.isEnabled()


def test_a_value_out_of_the_rules_is_refused_beside_the_field_as_it_is_typed(qtbot, window, sheet):
    store, cid = window.store, sheet.character_id
    before = stored(store, cid).abilities["con"]
    row = sheet.form.row(("sheet", "abilities", "con"))
    type_into(qtbot, row.editor.widget, "35", enter=False)
    assert row.error.isVisible() and row.error.text() == "CON must be between 1 and 30"
    assert stored(store, cid).abilities["con"] == before  # nothing saved while typing, not even the "3"
    qtbot.keyClick(row.editor.widget, Qt.Key.Key_Return)
    assert stored(store, cid).abilities["con"] == before
    assert row.editor.value() == before  # leaving the field shows what is stored…
    assert row.error.text() == "CON must be between 1 and 30"  # …and keeps saying why
    assert window.undo_stack.count() == 0
    type_into(qtbot, row.editor.widget, "12")
    assert not row.error.isVisible() and stored(store, cid).abilities["con"] == 12


def test_pf2_typed_bonus_ranges(qtbot, window, sheet):
    store, cid = window.store, sheet.character_id
    form = sheet.form
    qtbot.mouseClick(form.findChild(QPushButton, "add:modifiers"), Qt.MouseButton.LeftButton)
    assert len(stored(store, cid).modifiers) == 1  # item +1, a valid new line
    index = len(stored(store, cid).modifiers) - 1
    value = form.row(("sheet", "modifiers", index, "value"))
    kind = form.row(("sheet", "modifiers", index, "kind"))
    kind.editor.widget.setCurrentIndex(kind.editor.widget.findData("circumstance"))
    kind.editor.widget.activated.emit(kind.editor.widget.currentIndex())
    assert stored(store, cid).modifiers[index].kind == "circumstance"
    type_into(qtbot, value.editor.widget, "5", enter=False)
    assert value.error.text() == "Value must be between +1 and +4 for this type"  # a circumstance bonus
    type_into(qtbot, value.editor.widget, "-5", enter=False)
    assert value.error.text() == "Value must be between -4 and -1 for this type"
    type_into(qtbot, value.editor.widget, "3")
    assert stored(store, cid).modifiers[index].value == 3 and not value.error.isVisible()
    # The arrows stop at the type's range.
    for _ in range(4):
        value.editor.widget.stepUp()
    assert stored(store, cid).modifiers[index].value == 4


def test_adding_and_removing_list_lines_is_undoable(qtbot, window, sheet):
    store, cid = window.store, sheet.character_id
    attacks = len(stored(store, cid).attacks)
    qtbot.mouseClick(sheet.form.findChild(QPushButton, "add:attacks"), Qt.MouseButton.LeftButton)
    assert len(stored(store, cid).attacks) == attacks + 1
    name = sheet.form.row(("sheet", "attacks", attacks, "name")).editor.widget
    type_into(qtbot, name, "Arbalete lourde")
    assert stored(store, cid).attacks[attacks].name == "Arbalete lourde"
    qtbot.mouseClick(sheet.form.findChild(QToolButton, f"remove:attacks:{attacks}"), Qt.MouseButton.LeftButton)
    assert len(stored(store, cid).attacks) == attacks
    window.undo_action.trigger()
    assert stored(store, cid).attacks[attacks].name == "Arbalete lourde"
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert len(stored(store, cid).attacks) == attacks


def test_renaming_shows_in_the_party_table_and_an_empty_name_is_refused(qtbot, window, sheet):
    store, cid = window.store, sheet.character_id
    row = sheet.form.row(("name",))
    type_into(qtbot, row.editor.widget, "Brunhilde la Grande")
    assert store.characters.get(cid).name == "Brunhilde la Grande"
    party = window.panels["party"]
    assert party.model.index(party.model.row_of(cid), 0).data() == "Brunhilde la Grande"
    row.editor.widget.selectAll()
    qtbot.keyClick(row.editor.widget, Qt.Key.Key_Backspace)
    assert row.error.isVisible() and "name" in row.error.text()
    assert store.characters.get(cid).name == "Brunhilde la Grande"


def test_undo_brings_back_the_character_it_changes(qtbot, window, sheet):
    store = window.store
    first, second = store.characters.list()[:2]
    type_into(qtbot, sheet.form.row(("sheet", "abilities", "wis")).editor.widget, "15")
    window.panels["party"].select_id(second.id)
    assert sheet.character_id == second.id
    window.undo_action.trigger()
    assert sheet.character_id == first.id and window.panels["party"].selected_id() == first.id
    assert stored(store, first.id).abilities["wis"] == first.sheet.abilities["wis"]


@pytest.fixture
def dnd35(qtbot, tmp_path):
    store = create_campaign(tmp_path / "d35.gmdesk", "dnd35", "", True, "en")
    bus = CampaignBus()
    panel = SheetPanel(bus)
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    character = store.characters.list()[0]
    panel.show_character(character.id)
    panel.resize(560, 900)
    panel.show()
    yield store, panel, character
    store.close()


def test_dnd35_ranks_stop_at_the_maximum_and_say_why(qtbot, dnd35):
    store, panel, character = dnd35
    sheet = character.sheet
    skill = next(k for k in ("climb", "jump", "swim", "intimidate") if sheet.is_class_skill(k))
    top = float(sheet.max_ranks(skill))
    row = panel.form.row(("sheet", "ranks", skill))
    box = row.editor.widget
    for _ in range(int(top * 2) + 4):
        box.stepUp()  # the arrows go up to the maximum, not past it
    assert stored(store, character.id).ranks[skill] == top
    type_into(qtbot, box, f"{int(top) + 1}", enter=False)
    assert "at most" in row.error.text() and f"level {sheet.level}" in row.error.text() and "ranks." not in row.error.text()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert stored(store, character.id).ranks[skill] == top
    # A cross-class skill's maximum is half as much, in half ranks.
    cross = next(k for k in ("appraise", "forgery", "search", "spot") if not sheet.is_class_skill(k))
    cross_box = panel.form.row(("sheet", "ranks", cross)).editor.widget
    for _ in range(40):
        cross_box.stepUp()
    assert stored(store, character.id).ranks[cross] == top / 2


def test_anarchy_edge_dice_are_capped_at_five(qtbot, tmp_path):
    store = create_campaign(tmp_path / "sra.gmdesk", "anarchy", "", True, "en")
    panel = SheetPanel(CampaignBus())
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    character = next(c for c in store.characters.list() if c.sheet.edges)
    panel.show_character(character.id)
    panel.show()
    row = panel.form.row(("sheet", "edges", 0, "dice"))
    type_into(qtbot, row.editor.widget, "6", enter=False)
    assert row.error.isVisible() and row.error.text() == "Dice must be between -5 and 5"
    type_into(qtbot, row.editor.widget, "-6", enter=False)
    assert row.error.text() == "Dice must be between -5 and 5"
    type_into(qtbot, row.editor.widget, "-2")
    assert stored(store, character.id).edges[0].dice == -2
    store.close()


# Values one editor spreads over several keys: dnd5e's proficient/expertise choice per skill writes both
# skill_proficiencies and expertise; the test wants that editor for every skill.
SPREAD = {"dnd5e": {key: {("sheet", "skills", skill) for skill in dnd5e_sheet.SKILLS}
                    for key in ("skill_proficiencies", "expertise")}}


def _leaves(d, path=()):
    """Every place in a sheet dict that holds a value (lists of records count as their list)."""
    if isinstance(d, dict) and d:
        for k, v in d.items():
            yield from _leaves(v, path + (k,))
    else:
        yield path


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_field_of_every_system_has_an_editor_showing_the_stored_value(qtbot, tmp_path, system):
    """The generic form covers the whole sheet: no field of the domain dataclass is left out."""
    store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
    panel = SheetPanel(CampaignBus())
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    spec = systems.get(system).form("en")
    lists = {s.path[0] for s in spec.sections if isinstance(s, ListSection)}
    for character in store.characters.list():
        panel.show_character(character.id)
        form = panel.form
        d = character.to_dict()
        shown = {row.path for row in form.rows()}
        spread = SPREAD.get(system, {})
        for leaf in _leaves(d["sheet"]):
            full = ("sheet",) + leaf
            covered = full in shown or leaf[0] in lists or (leaf[0] in spread and spread[leaf[0]] <= shown)
            assert covered, f"{system}: no editor for {'.'.join(map(str, leaf))}"
        for row in form.rows():
            assert row.editor.value() == row.read(d), f"{system}: {row.path} shows {row.editor.value()!r}"
        for top_level in ("name", "kind", "max_hp", "notes"):
            assert form.row((top_level,)).editor.value() == d[top_level]
    # Every key of a blank sheet has its editor too (fields the demo leaves at their default).
    blank = sheet_class(system)().to_dict()
    shown = {row.path for row in panel.form.rows()}
    for key in blank:
        spread = SPREAD.get(system, {}).get(key)
        assert key in lists or any(p[1:2] == (key,) for p in shown) or (spread and spread <= shown), key
    store.close()


def test_the_form_uses_one_column_when_the_dock_is_narrow(qtbot, dnd35):
    store, panel, character = dnd35
    panel.resize(1000, 800)
    QApplication.processEvents()
    assert panel.form._max_columns == 2
    panel.resize(420, 800)
    QApplication.processEvents()
    assert panel.form._max_columns == 1
    body = panel.form._body
    assert body.width() <= panel.form._scroll.viewport().width() + 1  # no sideways scrolling


def test_a_class_with_no_class_skills_says_so_and_the_menu_fills_it(qtbot, dnd35):
    """The kobold's fighter class has no class skills: its button said nothing, which read as a list
    that failed to fill. It shows the form's "no value" dash and says to click; a skill ticked in its
    menu is saved and shown, and one undo takes it back."""
    from gmdesk.ui.sheets.editors import NOTHING_CHOSEN

    store, panel, _ = dnd35
    kobold = next(c for c in store.characters.list() if c.name == "Kobold")
    assert kobold.sheet.classes[0].class_skills == []
    panel.show_character(kobold.id)
    button = panel.form.row(("sheet", "classes", 0, "class_skills")).editor.widget
    assert isinstance(button, QToolButton) and button.isVisible()
    assert button.text() == NOTHING_CHOSEN and "click to choose" in button.toolTip()
    QApplication.processEvents()  # laid out: a button worth aiming at, not a sliver
    assert button.width() >= 10 * button.fontMetrics().averageCharWidth()
    climb = next(a for a in button.menu().actions() if a.data() == "climb")
    climb.trigger()  # the GM ticks Climb in the menu
    assert stored(store, kobold.id).classes[0].class_skills == ["climb"]
    assert button.text() == climb.text() and button.toolTip() == climb.text()
    panel.undo_stack.undo()
    assert stored(store, kobold.id).classes[0].class_skills == []
    assert button.text() == NOTHING_CHOSEN
