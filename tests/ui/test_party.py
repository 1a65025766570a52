"""The party table: model, filter, add / duplicate / delete driven by clicks and keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QToolButton

from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.party.model import PartyModel
from gmdesk.ui.panels.party.panel import PartyPanel


@pytest.fixture
def store(tmp_path):
    s = create_campaign(tmp_path / "party.gmdesk", "pf2", "", True, "en")
    yield s
    s.close()


@pytest.fixture
def panel(qtbot, store):
    bus = CampaignBus()
    p = PartyPanel(bus)
    qtbot.addWidget(p)
    p.set_campaign(store)
    bus.campaignOpened.emit()
    p.resize(600, 400)
    p.show()
    qtbot.waitExposed(p)
    return p


def names(panel) -> list[str]:
    return [panel.proxy.index(r, PartyModel.NAME).data() for r in range(panel.proxy.rowCount())]


def click_row(qtbot, panel, row: int) -> None:
    table = panel.table
    rect = table.visualRect(panel.proxy.index(row, PartyModel.NAME))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_model_passes_qtmodeltester_and_lists_the_store(qtmodeltester, store):
    model = PartyModel()
    model.set_store(store)
    qtmodeltester.check(model)
    characters = store.characters.list()
    assert model.rowCount() == len(characters)
    for row, c in enumerate(characters):
        assert model.index(row, PartyModel.NAME).data() == c.name
        assert model.index(row, PartyModel.KIND).data() == ("PC" if c.kind == "pc" else "NPC")
        assert model.index(row, PartyModel.LEVEL).data() == str(c.sheet.level)
        assert model.index(row, PartyModel.LEVEL).data(PartyModel.SortRole) == c.sheet.level  # a number
        assert model.index(row, 0).data(PartyModel.IdRole) == c.id


@pytest.mark.parametrize("system", ["dnd5e", "dnd35", "cof", "anarchy"])
def test_model_shows_every_system(qtmodeltester, tmp_path, system):
    with create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en") as s:
        model = PartyModel()
        model.set_store(s)
        qtmodeltester.check(model)
        assert model.rowCount() == s.characters.count() > 0
        assert all(model.index(r, PartyModel.STATS).data() for r in range(model.rowCount()))


def test_clicking_a_row_announces_the_character(qtbot, panel, store):
    second = store.characters.list()[1]
    with qtbot.waitSignal(panel.bus.actorSelected) as blocker:
        click_row(qtbot, panel, 1)
    assert blocker.args == [second.id]
    assert panel.selected_id() == second.id


def test_add_pc_and_npc_by_button_and_key(qtbot, panel, store):
    before = store.characters.count()
    with qtbot.waitSignal(panel.bus.actorSelected) as blocker:
        qtbot.mouseClick(panel.findChild(QToolButton, "addPc"), Qt.MouseButton.LeftButton)
    added = store.characters.get(blocker.args[0])
    assert (added.kind, added.name, added.system) == ("pc", "New character", "pf2")
    assert store.characters.count() == before + 1 == panel.model.rowCount()
    assert panel.selected_id() == added.id  # the new row is selected, ready to edit
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_Insert, Qt.KeyboardModifier.ShiftModifier)
    npc = store.characters.get(panel.selected_id())
    assert npc.kind == "npc" and npc.name == "New NPC"
    qtbot.keyClick(panel.table, Qt.Key.Key_Insert)
    assert store.characters.get(panel.selected_id()).name == "New character 2"


def test_duplicate_by_ctrl_d_places_the_copy_after_the_original(qtbot, panel, store):
    click_row(qtbot, panel, 0)
    original = store.characters.list()[0]
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    listed = store.characters.list()
    assert listed[1].name == f"{original.name} (2)"
    assert listed[1].sheet.to_dict() == original.sheet.to_dict()
    assert names(panel)[:2] == [original.name, f"{original.name} (2)"]
    assert panel.selected_id() == listed[1].id


@pytest.mark.parametrize("answer", [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No])
def test_delete_key_asks_first(qtbot, panel, store, monkeypatch, answer):
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda parent, title, text, *a, **k: asked.append(text) or answer))
    click_row(qtbot, panel, 2)
    victim = store.characters.list()[2]
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_Delete)
    assert len(asked) == 1 and victim.name in asked[0]
    ids = [c.id for c in store.characters.list()]
    if answer == QMessageBox.StandardButton.Yes:
        assert victim.id not in ids and victim.name not in names(panel)
        assert panel.selected_id() == ids[2]  # the next one, so Del can be pressed again
    else:
        assert victim.id in ids and victim.name in names(panel)


def test_filter_by_typing_and_by_kind(qtbot, panel, store):
    everyone = store.characters.list()
    npcs = [c for c in everyone if c.kind == "npc"]
    word = npcs[0].name.split()[0][:4]
    qtbot.keyClicks(panel.filter_edit, word.upper())  # case does not matter
    expected = [c.name for c in everyone
                if word.casefold() in " ".join(panel.model.index(r, col).data() or ""
                                               for r in [panel.model.row_of(c.id)]
                                               for col in range(panel.model.columnCount())).casefold()]
    assert names(panel) == expected and 0 < len(expected) < len(everyone)
    panel.filter_edit.clear()
    panel.kind_filter.setCurrentIndex(panel.kind_filter.findData("npc"))
    assert names(panel) == [c.name for c in npcs]
    panel.kind_filter.setCurrentIndex(panel.kind_filter.findData("pc"))
    assert names(panel) == [c.name for c in everyone if c.kind == "pc"]


def test_sorting_by_level_is_numeric(qtbot, panel, store):
    # Levels 3 and 10 sort as numbers, not as text ("10" < "3").
    panel.add_character("npc")
    hero = store.characters.get(panel.selected_id())
    hero.sheet.level = 10
    store.characters.update(hero)
    panel.bus.characterChanged.emit(hero.id)
    panel.table.sortByColumn(PartyModel.LEVEL, Qt.SortOrder.DescendingOrder)
    assert panel.proxy.index(0, PartyModel.LEVEL).data() == "10"
    levels = [panel.proxy.index(r, PartyModel.LEVEL).data(PartyModel.SortRole) for r in range(panel.proxy.rowCount())]
    assert levels == sorted(levels, reverse=True)


def test_an_edit_elsewhere_repaints_one_row_and_keeps_the_selection(qtbot, panel, store):
    click_row(qtbot, panel, 1)
    target = store.characters.list()[1]
    target.name = "Renamed"
    store.characters.update(target)
    with qtbot.waitSignal(panel.model.dataChanged) as changed:
        panel.bus.characterChanged.emit(target.id)
    top, bottom = changed.args[0], changed.args[1]
    assert top.row() == bottom.row() == panel.model.row_of(target.id)
    assert "Renamed" in names(panel) and panel.selected_id() == target.id
