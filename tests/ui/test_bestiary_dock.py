"""The Bestiary dock as a GM uses it: type in the search, pick, Add ×4, Ctrl+Z takes all four away;
the difficulty and the threat table follow the fight, with the engine's own figures."""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import Qt

from gmdesk.campaign import threat
from gmdesk.campaign.bestiary import MAX_ADD, shipped
from gmdesk.campaign.difficulty import in_fight, of_encounter
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.bestiary.card import percent
from gmdesk.ui.panels.bestiary.panel import BestiaryPanel
from gmdesk.ui.panels.bestiary.threat_view import difficulty_text
from gmdesk.ui.undo import CampaignHistory


@pytest.fixture
def dnd(tmp_path):
    s = create_campaign(tmp_path / "srd.gmdesk", "dnd5e", "", True, "en")
    yield s
    s.close()


_OPEN: list[BestiaryPanel] = []


@pytest.fixture(autouse=True)
def docks_let_go():
    """The docks opened let their campaign go before it is closed (as the window does)."""
    yield
    import shiboken6

    while _OPEN:
        panel = _OPEN.pop()
        if shiboken6.isValid(panel):  # not gone with a window already
            panel.set_campaign(None)


def open_dock(qtbot, store, rng_seed: int = 7):
    bus, history = CampaignBus(), CampaignHistory()
    panel = BestiaryPanel(bus, undo_stack=history, rng=random.Random(rng_seed))
    qtbot.addWidget(panel)
    _OPEN.append(panel)
    panel.set_campaign(store)
    panel.resize(1000, 700)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: panel.index is not None)
    settle(qtbot, panel)
    return panel, history


def settle(qtbot, panel) -> None:
    """The fight's figures once the dock has taken in the change (they follow on the next tick)."""
    qtbot.waitUntil(lambda: not panel.fight_timer.isActive())


def add_goblins(qtbot, panel, count: int) -> None:
    """Type "goblin", pick the first, Add ×count, and let the dock follow."""
    qtbot.keyClicks(panel.search_edit, "goblin")
    panel.count_box.setValue(count)
    panel.add_selected()
    settle(qtbot, panel)


def npcs(store, prefix: str) -> list[str]:
    return sorted(c.name for c in store.characters.list() if c.name.startswith(prefix))


def test_nothing_is_read_before_the_dock_is_shown(qtbot, dnd):
    panel = BestiaryPanel(CampaignBus(), undo_stack=CampaignHistory())
    qtbot.addWidget(panel)
    _OPEN.append(panel)
    panel.set_campaign(dnd)
    assert panel.index is None
    panel.show()
    assert panel.index is None, "read once the window is painted, not before"
    qtbot.waitUntil(lambda: panel.index is not None)
    assert len(panel.index) == len(shipped("dnd5e"))
    assert panel.count_box.maximum() == MAX_ADD


def test_search_pick_add_four_and_undo_takes_all_four(qtbot, dnd):
    panel, history = open_dock(qtbot, dnd)
    before_fight = dnd.encounter.get()
    before = len(before_fight.combatants) if before_fight else 0
    qtbot.keyClicks(panel.search_edit, "goblin")
    assert panel.selected().name == "Goblin"
    assert panel.model.creatures[0].name == "Goblin", "the name itself is the best match"
    panel.count_box.setValue(4)
    assert "×4" in panel.add_button.text()
    had = npcs(dnd, "Goblin")  # the demo may have its own goblin
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    added = sorted(set(npcs(dnd, "Goblin")) - set(had))
    assert len(added) == 4 and all(name.startswith("Goblin ") for name in added)
    assert len(dnd.encounter.get().combatants) == before + 4
    assert history.count() == 1, "Add ×4 is one undo step"
    history.undo()
    assert npcs(dnd, "Goblin") == had
    fight = dnd.encounter.get()
    assert (len(fight.combatants) if fight else 0) == before
    history.redo()
    assert len(npcs(dnd, "Goblin")) == len(had) + 4


def test_hp_rolled_stays_within_the_hit_dice(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    qtbot.keyClicks(panel.search_edit, "ogre")
    creature = panel.selected()
    panel.hp_box.setCurrentIndex(panel.hp_box.findData("rolled"))
    panel.count_box.setValue(6)
    stored = panel.add_selected()
    assert len(stored) == 6
    assert all(c.max_hp >= 1 for c in stored)
    assert len({c.max_hp for c in stored}) > 1 or creature.hit_dice == "", "six rolls, not six averages"


def test_difficulty_follows_the_fight_as_gmdesk_campaign_difficulty_judges_it(qtbot, dnd):
    panel, history = open_dock(qtbot, dnd)
    first = panel.difficulty.text()
    add_goblins(qtbot, panel, 4)
    expected = of_encounter("dnd5e", dnd.encounter.get(), dnd.characters.list())
    assert panel.difficulty.text() == difficulty_text("dnd5e", dnd.encounter.get(), dnd.characters.list(), "en")
    assert expected.word("en") in panel.difficulty.text()
    assert f"{expected.xp:,} XP" in panel.difficulty.text()
    history.undo()
    settle(qtbot, panel)
    assert panel.difficulty.text() == first


def test_a_system_without_a_budget_says_so(qtbot, tmp_path):
    store = create_campaign(tmp_path / "cof.gmdesk", "cof", "", True, "en")
    try:
        panel, _ = open_dock(qtbot, store)
        found = of_encounter("cof", store.encounter.get(), store.characters.list())
        assert found.reached is None
        assert panel.difficulty.text() == found.word("en")
    finally:
        store.close()


def test_a_system_that_ships_no_bestiary_says_where_creatures_come_from(qtbot, tmp_path, dnd):
    """pf2 ships no creatures: an empty list says the packs are its bestiary; dnd5e's SRD says nothing."""
    store = create_campaign(tmp_path / "pf2.gmdesk", "pf2", "", True, "en")
    try:
        panel, _ = open_dock(qtbot, store)
        assert panel.model.rowCount() == 0 and "Packs" in panel.status.toolTip() + panel.status.text()
    finally:
        store.close()
    panel, _ = open_dock(qtbot, dnd)
    assert panel.model.rowCount() > 0 and "No creatures" not in panel.status.text()


def test_threat_cells_are_the_engines_odds(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    add_goblins(qtbot, panel, 2)
    characters = dnd.characters.list()
    party = [c for c in characters if c.is_pc]
    creatures = in_fight(dnd.encounter.get(), {c.id: c for c in characters})[0]
    held = {c.character_id: tuple(c.conditions) for c in dnd.encounter.get().combatants if c.conditions}
    expected = threat.table(party, creatures, dnd.info.house_rules, conditions=held)
    table = panel.threat
    assert table.rowCount() == len(party) and table.columnCount() == len(creatures)
    checked = 0
    for row, pc in enumerate(party):
        for col, creature in enumerate(creatures):
            cell = expected.on_party[creature.id, pc.id]
            if cell is None:
                continue
            # threat.py's cell is the engine's check: the same odds built again from the engine.
            from gmdesk.campaign.checks import Situation, build_check
            assert build_check(creature, cell.ref, Situation(opponent=pc, opponent_conditions=held.get(pc.id, ())),
                               held.get(creature.id, ()), dnd.info.house_rules).odds() == cell.odds
            assert table.item(row, col).text() == percent(cell.success, "en")
            assert pc.name in table.item(row, col).toolTip()
            checked += 1
    assert checked > 0


def test_card_says_the_odds_against_the_party(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    qtbot.keyClicks(panel.search_edit, "goblin")
    qtbot.waitUntil(lambda: "Goblin" in panel.card.toPlainText())
    text = panel.card.toPlainText()
    pc = next(c for c in dnd.characters.list() if c.is_pc)
    assert "Goblin" in text and f"spots {pc.name}" in text
    assert f"Goblin drops {pc.name} in 3 rounds or fewer: " in text, "the card's rounds (fight_odds.words)"


def test_a_keystroke_over_ten_thousand_creatures_is_quick(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    srd = shipped("dnd5e")
    many = [type(c)(f"{c.name} {n}", c.system, c.stat_block, c.hp, c.hit_dice, c.size, c.type, c.xp,
                    block_class=c.block_class) for n in range(30) for c in srd][:10_000]
    panel.index.extend(many)
    qtbot.keyClicks(panel.search_edit, "gobli")
    times = []
    for _ in range(5):  # the best of five: the machine running the tests is shared
        start = time.perf_counter()
        qtbot.keyClick(panel.search_edit, Qt.Key.Key_N)
        panel.results.viewport().repaint()
        times.append(time.perf_counter() - start)
        assert panel.selected().name == "Goblin"
        qtbot.keyClick(panel.search_edit, Qt.Key.Key_Backspace)
    assert min(times) < 0.016 * 3  # 16 ms on the GM's machine; room for a shared CI core
    panel.search_edit.clear()
    times = []
    for _ in range(5):  # the first letter, over every creature
        start = time.perf_counter()
        qtbot.keyClick(panel.search_edit, Qt.Key.Key_O)
        panel.results.viewport().repaint()
        times.append(time.perf_counter() - start)
        qtbot.keyClick(panel.search_edit, Qt.Key.Key_Backspace)
    assert min(times) < 0.016 * 3


def test_a_bad_file_in_a_pack_is_named_and_skipped(qtbot, dnd, tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "broken.json").write_text("{ not json", encoding="utf-8")
    panel, _ = open_dock(qtbot, dnd)
    panel.add_pack(pack)
    qtbot.waitUntil(lambda: panel.loader is not None and panel.loader.isFinished() and bool(panel.problems), timeout=5000)
    assert "broken.json" in panel.status.text()
    assert len(panel.index) == len(shipped("dnd5e")), "the shipped creatures are still there"
    panel.remove_pack(pack.resolve(), dnd.path)


def test_the_initiative_and_prep_show_the_difficulty_as_creatures_join_and_leave(qtbot, dnd):
    from gmdesk.ui.panels.encounter.panel import EncounterPanel
    from gmdesk.ui.panels.prep.panel import PrepPanel

    bus, history = CampaignBus(), CampaignHistory()
    initiative = EncounterPanel(bus, undo_stack=history)
    prep = PrepPanel(bus, undo_stack=history)
    for panel in (initiative, prep):
        qtbot.addWidget(panel)
        panel.set_campaign(dnd)
    dock = BestiaryPanel(bus, undo_stack=history, rng=random.Random(1))
    qtbot.addWidget(dock)
    _OPEN.append(dock)
    dock.set_campaign(dnd)
    bus.campaignOpened.emit()  # as the window does once every panel has the campaign
    dock.show()
    qtbot.waitUntil(lambda: dock.index is not None)

    def expected() -> str:
        return difficulty_text("dnd5e", dnd.encounter.get(), dnd.characters.list(), "en", full=False)

    first = initiative.difficulty_label.text()
    assert first == prep.difficulty_label.text() == expected()
    qtbot.keyClicks(dock.search_edit, "ogre")
    dock.count_box.setValue(3)
    dock.add_selected()
    assert initiative.difficulty_label.text() == prep.difficulty_label.text() == expected() != first
    assert prep.difficulty_label.toolTip() == difficulty_text("dnd5e", dnd.encounter.get(), dnd.characters.list(), "en")
    history.undo()
    assert initiative.difficulty_label.text() == prep.difficulty_label.text() == first
    for panel in (initiative, prep):
        panel.set_campaign(None)


def test_adding_six_is_quick_and_six_more_of_a_kind_cost_the_threat_table_nothing(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    add_goblins(qtbot, panel, 6)
    kinds = len(panel.threat._cache)
    times = []
    for _ in range(2):  # the best of two: the machine running the tests is shared
        start = time.perf_counter()
        panel.add_selected()
        panel.repaint()
        times.append(time.perf_counter() - start)
    assert min(times) < 0.1 * 2  # 100 ms on the GM's machine; twice that on a shared CI core
    settle(qtbot, panel)
    assert len(panel.threat._cache) == kinds, "more goblins: no new kind computed"
    assert panel.threat.columnCount() == len(in_fight(dnd.encounter.get(), {c.id: c for c in dnd.characters.list()})[0])


def test_a_damaged_fight_leaves_the_dock_quiet_and_add_says_one_line(qtbot, tmp_path):
    import sqlite3

    from gmdesk.store import CampaignStore

    path = tmp_path / "damaged.gmdesk"
    create_campaign(path, "dnd5e", "", True, "en").close()
    with sqlite3.connect(path) as db:
        db.execute("""UPDATE encounter SET data = '{"round": 0, "combatants": "x"}'""")
    db.close()
    with CampaignStore.open(path) as damaged:
        characters = len(damaged.characters.list())
        panel, history = open_dock(qtbot, damaged)
        assert panel.difficulty.text() == "" and panel.threat.columnCount() == 0
        qtbot.keyClicks(panel.search_edit, "goblin")
        assert panel.add_selected() == []
        assert panel.status.text() and "\n" not in panel.status.text()
        assert len(damaged.characters.list()) == characters and history.count() == 0
        panel.set_campaign(None)


def test_a_pack_of_many_files_is_read_off_the_window_thread_with_progress(qtbot, dnd, tmp_path):
    from pathlib import Path

    block = (Path(__file__).resolve().parents[1] / "fixtures" / "import" / "dnd5e_en.txt").read_text(encoding="utf-8")
    pack = tmp_path / "many"
    pack.mkdir()
    for n in range(120):
        (pack / f"creature-{n:03d}.txt").write_text(block, encoding="utf-8")
    panel, _ = open_dock(qtbot, dnd)
    panel.add_pack(pack, everywhere=True)
    qtbot.waitUntil(lambda: len(panel.index) > len(shipped("dnd5e")), timeout=20000)
    assert panel.last_progress == (120, 120), "progress said as the files are read"
    assert len(panel.index) - len(shipped("dnd5e")) >= 120, "every file's creature, none skipped"
    assert panel.problems == []
    panel.remove_pack(pack.resolve(), None)
    qtbot.waitUntil(lambda: len(panel.index) == len(shipped("dnd5e")), timeout=20000)


def test_the_packs_menu_lists_each_pack_with_remove(qtbot, dnd, tmp_path):
    pack = tmp_path / "mine"
    pack.mkdir()
    panel, _ = open_dock(qtbot, dnd)
    panel.add_pack(pack)
    panel._fill_packs_menu()
    removes = [a for a in panel.packs_menu.actions() if str(pack.resolve()) in a.text()]
    assert len(removes) == 1
    removes[0].trigger()
    panel._fill_packs_menu()
    assert not [a for a in panel.packs_menu.actions() if str(pack.resolve()) in a.text()]


def test_the_initiatives_add_sends_the_gm_to_the_bestiary_with_the_name_typed(qtbot, dnd):
    from PySide6.QtWidgets import QDockWidget, QMainWindow

    from gmdesk.ui.panels.encounter.panel import EncounterPanel

    bus, history = CampaignBus(), CampaignHistory()
    window = QMainWindow()
    qtbot.addWidget(window)
    initiative = EncounterPanel(bus, undo_stack=history)
    window.setCentralWidget(initiative)
    dock = QDockWidget(window)
    panel = BestiaryPanel(bus, undo_stack=history)
    _OPEN.append(panel)
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    initiative.set_campaign(dnd)
    panel.set_campaign(dnd)
    dock.hide()
    window.show()
    qtbot.waitExposed(window)
    initiative.open_add_dialog()
    dialog = initiative.dialog
    dialog.name_edit.setText("gobl")
    qtbot.mouseClick(dialog.bestiary_button, Qt.MouseButton.LeftButton)
    assert dock.isVisible() and panel.search_edit.text() == "gobl"
    qtbot.waitUntil(lambda: panel.selected() is not None)
    assert panel.selected().name == "Goblin"
    initiative.set_campaign(None)


def test_a_read_only_campaign_adds_nothing(qtbot, dnd):
    panel, history = open_dock(qtbot, dnd)
    qtbot.keyClicks(panel.search_edit, "goblin")
    panel.bus.set_read_only(True)
    before = len(dnd.characters.list())
    panel._add_text()
    assert not panel.add_button.isEnabled()
    assert panel.add_selected() == [] and len(dnd.characters.list()) == before and history.count() == 0


def test_the_short_line_says_which_creatures_its_xp_leaves_out(dnd):
    """The demo's fight holds NPCs built as characters (no challenge, no XP): the one-line difficulty
    beside the Initiative says they were left out rather than read "below Low, 0 XP" as a verdict."""
    encounter, characters = dnd.encounter.get(), dnd.characters.list()
    found = of_encounter("dnd5e", encounter, characters)
    unknown = sum(1 for worth in found.creature_xp if worth is None)
    assert unknown  # the demo's goblin and bugbear chief are sheets, not stat blocks
    line = difficulty_text("dnd5e", encounter, characters, "en", full=False)
    assert f"{unknown} creature" in line and "left out" in line
    assert difficulty_text("dnd5e", encounter, characters, "en", full=False).startswith("Difficulty: ")
