"""Issue 23, item 3: the fight in progress follows the sheet. Raising a character's maximum HP (or
renaming it) on the sheet changes its combatant at once, in the same undo step: Ctrl+Z puts the
sheet and the fight back together."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.conftest import campaign_file

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def combatant_of(store, character_id):
    return next(c for c in store.encounter.get().combatants if c.character_id == character_id)


def shown_hp(panel, combatant_id) -> str:
    model = panel.model
    return model.index(model.row_of(combatant_id), model.HP).data()


def type_over(qtbot, widget, text: str) -> None:
    widget.setFocus()
    (widget.lineEdit() if hasattr(widget, "lineEdit") else widget).selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def test_raising_max_hp_on_the_sheet_raises_it_in_the_fight_and_undo_takes_both_back(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "cof"))
    store, sheet, fight = window.store, window.panels["sheet"], window.panels["encounter"]
    aelys = next(c for c in store.characters.list() if c.name == "Aëlys")
    window.panels["party"].select_id(aelys.id)
    before = store.encounter.get().to_dict()
    was = combatant_of(store, aelys.id)
    assert (was.hp, was.max_hp) == (22, 26)

    type_over(qtbot, sheet.form.row(("max_hp",)).editor.widget, "33")
    now = combatant_of(store, aelys.id)
    assert store.characters.get(aelys.id).max_hp == 33
    assert (now.hp, now.max_hp) == (29, 33)  # the 4 HP of damage taken are kept
    assert shown_hp(fight, now.id) == "29/33"
    assert window.undo_stack.count() == 1  # one step: the sheet and the fight

    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Z, CTRL)
    assert store.characters.get(aelys.id).max_hp == 26
    assert store.encounter.get().to_dict() == before
    assert shown_hp(fight, now.id) == "22/26"
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Z, CTRL | SHIFT)
    assert (combatant_of(store, aelys.id).hp, combatant_of(store, aelys.id).max_hp) == (29, 33)


def test_renaming_a_monster_renames_its_numbered_copies_not_the_one_the_gm_named(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "cof"))
    store, sheet, fight = window.store, window.panels["sheet"], window.panels["encounter"]
    wolf = next(c for c in store.characters.list() if c.name == "Wolf")
    encounter = store.encounter.get()
    first = combatant_of(store, wolf.id)
    copies = [{**first.to_dict(), "id": 90 + i, "name": name, "position": len(encounter.combatants) + i, "conditions": []}
              for i, name in enumerate(("Wolf 2", "Alpha"))]
    store.encounter.save(type(encounter).from_dict({**encounter.to_dict(),
                                                     "combatants": encounter.to_dict()["combatants"] + copies}))
    window.bus.encounterChanged.emit()
    window.panels["party"].select_id(wolf.id)
    before = store.encounter.get().to_dict()

    type_over(qtbot, sheet.form.row(("name",)).editor.widget, "Warg")
    names = sorted(c.name for c in store.encounter.get().combatants if c.character_id == wolf.id)
    assert names == ["Alpha", "Warg", "Warg 2"]
    assert "Warg 2" in {fight.model.combatant(r).name for r in range(fight.model.rowCount())}
    window.undo_action.trigger()
    assert store.encounter.get().to_dict() == before and store.characters.get(wolf.id).name == "Wolf"
