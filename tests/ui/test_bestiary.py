"""A campaign with a bestiary of many NPC stat blocks, as the GM uses it: every name readable, the
helpers list without the one who rolls, the fight followed without reading every sheet again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gmdesk.campaign.importing import character, read_text
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.check.panel import CheckPanel
from gmdesk.ui.panels.party.model import PartyModel
from gmdesk.ui.panels.party.panel import PartyPanel

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
LONG = "Ancient Sewer Ooze Matriarch of the Drowned Undercity"


def add_bestiary(store, count: int, long_at: int) -> None:
    """``count`` pasted pf2 NPCs after the demo party, the one at ``long_at`` with a long name."""
    template = read_text((FIXTURES / "pf2_en.txt").read_text(encoding="utf-8"), "pf2")[0]
    made = []
    for n in range(count):
        template.name = LONG if n == long_at else f"Rat {n:03d}"
        made.append(character(template, "pf2"))
    store.characters.add_many(made)


def open_party(qtbot, store, bus=None, width: int = 700):
    """The party list showing ``store``, opened as the window opens it (its first member announced)."""
    bus = bus or CampaignBus()
    panel = PartyPanel(bus)
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    bus.campaignOpened.emit()
    panel.resize(width, 400)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


@pytest.fixture
def store(tmp_path):
    s = create_campaign(tmp_path / "bestiary.gmdesk", "pf2", "", True, "en")
    yield s
    s.close()


def test_a_long_name_far_down_the_list_fits_and_columns_stay_put_while_filtering(qtbot, store):
    add_bestiary(store, 300, long_at=280)  # beyond the 200 rows Qt measured a column from
    panel = open_party(qtbot, store, width=900)
    row = panel.model.row_of(next(c.id for c in store.characters.list() if c.name == LONG))
    index = panel.proxy.mapFromSource(panel.model.index(row, PartyModel.NAME))
    panel.table.scrollTo(index)
    qtbot.wait(10)
    header = panel.table.horizontalHeader()
    assert panel.table.visualRect(index).isValid()
    assert header.sectionSize(PartyModel.NAME) >= panel.table.sizeHintForIndex(index).width(), "the name is cut"
    widths = [header.sectionSize(c) for c in range(header.count())]
    qtbot.keyClicks(panel.filter_edit, "rat 01")
    assert panel.proxy.rowCount() == 10
    assert [header.sectionSize(c) for c in range(header.count())] == widths, "the columns jumped while filtering"
    # The longest name goes: the column follows the names the campaign holds.
    panel.filter_edit.clear()
    c = store.characters.get(panel.model.character(row).id)
    c.name = "Ooze"
    store.characters.update(c)
    panel.model.refresh()
    assert header.sectionSize(PartyModel.NAME) < widths[PartyModel.NAME]


@pytest.fixture
def check_panel(qtbot, store):
    add_bestiary(store, 30, long_at=-1)
    bus = CampaignBus()
    panel = CheckPanel(bus, rng=random.Random(3))
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.resize(1100, 680)
    panel.show()
    qtbot.waitExposed(panel)
    return panel, bus


def visible(widget) -> list[str]:
    return [widget.item(i).text() for i in range(widget.count()) if not widget.isRowHidden(i)]


def test_the_one_who_rolls_is_not_among_the_helpers(qtbot, store, check_panel):
    panel, bus = check_panel
    helpers = panel.options.lists["helpers"]
    pcs = store.characters.list("pc")
    first, second = pcs[0], pcs[1]
    assert panel.actor().id == first.id
    assert first.name not in visible(helpers) and second.name in visible(helpers)
    assert len(visible(helpers)) == len(store.characters.list()) - 1
    row = next(i for i in range(helpers.count()) if helpers.item(i).text() == second.name)
    helpers.item(row).setCheckState(Qt.CheckState.Checked)
    assert panel.options.helper_ids() == (second.id,)
    bus.actorSelected.emit(second.id)  # the helper now rolls: they don't help themselves
    assert panel.actor().id == second.id
    assert second.name not in visible(helpers) and first.name in visible(helpers)
    assert panel.options.helper_ids() == ()
    bus.actorSelected.emit(first.id)  # back: the row shows again, unticked (it was the actor's)
    assert second.name in visible(helpers) and first.name not in visible(helpers)
    assert panel.options.helper_ids() == ()


def test_a_change_in_the_fight_reads_the_fight_not_every_sheet(qtbot, store, check_panel, monkeypatch):
    panel, bus = check_panel
    selene = next(c for c in store.characters.list() if c.name == "Sélène")
    bus.actorSelected.emit(selene.id)
    before = panel.view.odds
    listed = []
    real = type(store.characters).list
    monkeypatch.setattr(type(store.characters), "list", lambda self, *a: listed.append(a) or real(self, *a))
    encounter = store.encounter.get()
    for c in encounter.combatants:
        if c.character_id == selene.id:
            c.conditions = []
    store.encounter.save(encounter)
    bus.encounterChanged.emit()
    assert panel.view.odds.success > before.success, "the condition she lost no longer counts"
    assert listed == [], "a change in the fight read every sheet again"


def test_the_actor_list_says_npc_in_the_gms_language(qtbot, store, check_panel):
    from gmdesk.ui.i18n import Translations

    panel, _ = check_panel
    translations = Translations()
    try:
        assert translations.install("fr")
        qtbot.waitUntil(lambda: panel.target.dc_label.text() == "DD:")
        texts = [panel.actor_combo.itemText(i) for i in range(panel.actor_combo.count())]
        assert "Rat 000 (PNJ)" in texts and not any("(NPC)" in t for t in texts)
    finally:
        translations.install("en")


def test_typing_in_the_filter_keeps_who_the_panels_show_until_a_row_is_picked(qtbot, store):
    add_bestiary(store, 40, long_at=-1)
    bus = CampaignBus()
    announced = []
    bus.actorSelected.connect(announced.append)
    panel = open_party(qtbot, store, bus)
    first = panel.selected_id()
    assert first is not None and announced[-1] == first
    announced.clear()
    qtbot.keyClicks(panel.filter_edit, "rat 01")  # the selected PC is filtered out
    assert panel.proxy.rowCount() == 10
    assert announced == [], "typing in the filter switched the sheet and the check panel"
    assert panel.selected_id() is None and not panel.duplicate_action.isEnabled()
    assert panel.table.rowAt(0) == 0, "the matches are not shown from the first"
    rect = panel.table.visualRect(panel.proxy.index(0, PartyModel.NAME))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    picked = panel.selected_id()
    assert panel.model.character(panel.model.row_of(picked)).name == "Rat 010"
    assert announced == [picked]
    panel.filter_edit.clear()  # the picked one stays picked when the whole list comes back
    assert panel.selected_id() == picked and announced == [picked]


def test_the_list_and_its_filter_follow_the_house_rules(qtbot, store):
    from dataclasses import replace

    bus = CampaignBus()
    panel = open_party(qtbot, store, bus)
    brunhild = next(c for c in store.characters.list() if c.name == "Brunhild")
    row = panel.model.row_of(brunhild.id)
    before = panel.model.index(row, PartyModel.STATS).data()
    assert "Perception +5" in before
    qtbot.keyClicks(panel.filter_edit, "perception +5")
    shown = [panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())]
    assert "Brunhild" in shown
    rules = store.info.house_rules
    rules.pf2_proficiency = "release"  # untrained +0; trained… level + 2, 4, 6, 8
    store.update_info(replace(store.info, house_rules=rules))
    bus.settingsChanged.emit()
    after = panel.model.index(row, PartyModel.STATS).data()
    assert after != before and "Perception +5" not in after, "the list kept the old rules' numbers"
    shown = [panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())]
    assert "Brunhild" not in shown, "the filter kept the old rules' verdict"
    panel.filter_edit.clear()
    qtbot.keyClicks(panel.filter_edit, after.split(" · ")[0].casefold())
    assert "Brunhild" in [panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())]


def test_typing_narrows_and_deleting_widens_the_list(qtbot, store):
    add_bestiary(store, 120, long_at=-1)
    panel = open_party(qtbot, store)

    def shown():
        return sorted(panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount()))

    everyone = sorted(c.name for c in store.characters.list())
    for typed in ("r", "ra", "rat", "rat 1", "rat 11", "rat 119", "rat 1190"):
        panel.filter_edit.setText(typed)
        assert shown() == [n for n in everyone if typed in n.casefold() or typed in panel.model.search_text(
            next(c for c in panel.model.characters() if c.name == n))]
    assert shown() == []
    for typed in ("rat 11", "rat", ""):
        panel.filter_edit.setText(typed)
        assert shown() == [n for n in everyone if not typed or typed in panel.model.search_text(
            next(c for c in panel.model.characters() if c.name == n))]
    assert shown() == everyone


def test_the_character_shown_is_selected_again_when_the_filter_brings_it_back(qtbot, store):
    add_bestiary(store, 40, long_at=-1)
    bus = CampaignBus()
    panel = open_party(qtbot, store, bus)
    first = panel.selected_id()
    qtbot.keyClicks(panel.filter_edit, "rat")
    assert panel.selected_id() is None
    panel.filter_edit.clear()  # the sheet and the check panel still show the first: it is selected again
    assert panel.selected_id() == first and panel.duplicate_action.isEnabled()


def test_a_hidden_helper_cannot_be_ticked_and_comes_back_unticked(qtbot, store, check_panel):
    panel, bus = check_panel
    helpers = panel.options.lists["helpers"]
    first, second = store.characters.list("pc")[:2]
    row = next(i for i in range(helpers.count()) if helpers.item(i).text() == second.name)
    helpers.setFocus()
    helpers.setCurrentRow(row)
    qtbot.keyClick(helpers, Qt.Key.Key_Space)
    assert panel.options.helper_ids() == (second.id,)
    bus.actorSelected.emit(second.id)  # the helper rolls now: their row is hidden
    assert helpers.isRowHidden(row)
    helpers.setCurrentRow(row)
    qtbot.keyClick(helpers, Qt.Key.Key_Space)  # Space on the hidden row does nothing
    assert helpers.item(row).checkState() == Qt.CheckState.Unchecked
    bus.actorSelected.emit(first.id)
    assert not helpers.isRowHidden(row) and panel.options.helper_ids() == ()
    qtbot.keyClick(helpers, Qt.Key.Key_Space) if helpers.currentRow() == row else helpers.setCurrentRow(row)
    helpers.item(row).setCheckState(Qt.CheckState.Checked)  # shown again, it can be ticked
    assert panel.options.helper_ids() == (second.id,)


def test_the_filter_follows_a_change_of_language(qtbot, store):
    from gmdesk.ui.i18n import Translations

    add_bestiary(store, 5, long_at=-1)
    panel = open_party(qtbot, store)
    translations = Translations()
    try:
        assert translations.install("fr")
        panel.retranslate()  # as the window does for each panel
        assert panel.model.index(0, PartyModel.KIND).data() == "PJ"
        qtbot.keyClicks(panel.filter_edit, "pnj")
        assert panel.proxy.rowCount() == len(store.characters.list("npc"))
        translations.install("en")
        panel.retranslate()
        assert panel.model.index(0, PartyModel.KIND).data() == "PC"
        assert panel.proxy.rowCount() == 0, "the list kept the French verdicts"
    finally:
        translations.install("en")


def test_the_columns_are_measured_again_in_a_larger_font(qtbot, store):
    panel = open_party(qtbot, store)
    header = panel.table.horizontalHeader()
    before = header.sectionSize(PartyModel.NAME)
    font = panel.table.font()
    font.setPointSizeF(font.pointSizeF() * 1.6)
    panel.table.setFont(font)
    longest = max(panel.model.column_texts(PartyModel.NAME), key=panel.table.fontMetrics().horizontalAdvance)
    assert header.sectionSize(PartyModel.NAME) > before
    assert header.sectionSize(PartyModel.NAME) >= panel.table.fontMetrics().horizontalAdvance(longest)
