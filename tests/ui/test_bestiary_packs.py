"""The Bestiary dock's packs: one added for this campaign is part of the campaign (its file keeps it,
Ctrl+Z takes it back, one named step), one added for all campaigns stays in the data folder (not a
campaign edit), and one an older gmdesk remembered there for this campaign is still read, the
campaign left as it was."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmdesk.campaign.bestiary import shipped
from gmdesk.data_folder import data_folder
from gmdesk.store import CampaignStore
from gmdesk.store.bestiary_packs import PackList
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.bestiary.panel import BestiaryPanel
from gmdesk.ui.undo import CampaignHistory

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
SRD = len(shipped("dnd5e"))


@pytest.fixture
def dnd(tmp_path):
    s = create_campaign(tmp_path / "srd.gmdesk", "dnd5e", "", True, "en")
    yield s
    s.close()


@pytest.fixture
def pack(tmp_path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(FIXTURES / "dnd5e_en.txt", folder / "blocks.txt")
    return folder


@pytest.fixture
def dock(qtbot, dnd):
    bus, history = CampaignBus(), CampaignHistory()
    panel = BestiaryPanel(bus, undo_stack=history, rng=random.Random(1))
    qtbot.addWidget(panel)
    panel.set_campaign(dnd)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: panel.index is not None)
    yield panel, history
    panel.set_campaign(None)


def read(qtbot, panel) -> int:
    """The pack creatures in the index once the packs are read again."""
    qtbot.waitUntil(lambda: panel.loader is None or panel.loader.isFinished(), timeout=10000)
    qtbot.wait(1)  # the loaded signal, queued to the window's thread
    return len(panel.index) - SRD


def test_a_pack_for_this_campaign_is_in_the_campaign_and_one_undo_step(qtbot, dnd, dock, pack):
    panel, history = dock
    panel.add_pack(pack)
    assert dnd.info.bestiary_packs == (str(pack.resolve()),)
    assert history.count() == 1 and history.undoText() == "Add bestiary pack mine"
    assert PackList(data_folder()).packs(None) == [] and not (data_folder() / "bestiary-packs.json").exists()
    qtbot.waitUntil(lambda: read(qtbot, panel) > 0, timeout=10000)
    with CampaignStore.open(dnd.path, read_only=True) as again:  # in the file, not only in memory
        assert again.info.bestiary_packs == (str(pack.resolve()),)
    history.undo()
    assert dnd.info.bestiary_packs == ()
    qtbot.waitUntil(lambda: read(qtbot, panel) == 0, timeout=10000)
    history.redo()
    assert dnd.info.bestiary_packs == (str(pack.resolve()),)
    qtbot.waitUntil(lambda: read(qtbot, panel) > 0, timeout=10000)
    # Removed from the Packs menu: one step too, Ctrl+Z puts it back.
    panel._fill_packs_menu()
    [remove] = [a for a in panel.packs_menu.actions() if str(pack.resolve()) in a.text()]
    remove.trigger()
    assert dnd.info.bestiary_packs == () and history.undoText() == "Remove bestiary pack mine"
    history.undo()
    assert dnd.info.bestiary_packs == (str(pack.resolve()),)


def test_a_pack_for_all_campaigns_is_not_a_campaign_edit(qtbot, dnd, dock, pack):
    panel, history = dock
    panel.add_pack(pack, everywhere=True)
    assert dnd.info.bestiary_packs == () and history.count() == 0
    assert PackList(data_folder()).packs(None) == [pack.resolve()]
    qtbot.waitUntil(lambda: read(qtbot, panel) > 0, timeout=10000)
    panel.remove_pack(pack.resolve(), None)
    assert PackList(data_folder()).packs(None) == [] and history.count() == 0


def test_a_pack_an_older_gmdesk_remembered_for_the_campaign_is_read_and_the_campaign_untouched(qtbot, dnd, pack):
    PackList(data_folder()).add(pack, dnd.path)  # where gmdesk before 0.x kept a campaign's packs
    before = dnd.info.to_dict()
    panel = BestiaryPanel(CampaignBus(), undo_stack=CampaignHistory())
    qtbot.addWidget(panel)
    panel.set_campaign(dnd)
    panel.show()
    qtbot.waitUntil(lambda: panel.index is not None and read(qtbot, panel) > 0, timeout=10000)
    assert dnd.info.to_dict() == before and "bestiary_packs" not in before  # read, never moved in
    panel.remove_pack(pack.resolve(), dnd.path)  # removed where it is
    assert PackList(data_folder()).packs(dnd.path) == [] and panel.steps.undo_stack.count() == 0
    panel.set_campaign(None)


def test_a_read_only_campaign_takes_no_pack_of_its_own(qtbot, dnd, dock, pack):
    panel, history = dock
    panel.add_pack(pack)
    panel.bus.set_read_only(True)
    panel._fill_packs_menu()
    actions = {a.text(): a.isEnabled() for a in panel.packs_menu.actions()}
    assert actions["Add a folder for all campaigns…"] and not actions["Add a folder for this campaign…"]
    assert not actions[f"Remove {pack.resolve()}"]
    panel.bus.set_read_only(False)


def test_starting_the_window_reads_no_bestiary_until_the_dock_is_shown(qtbot, make_window, tmp_path):
    """The SRD (and the packs) cost the start-up nothing: read once the Bestiary dock is shown."""
    from tests.ui.conftest import campaign_file

    from gmdesk.systems.dnd5e import bestiary as srd

    path = campaign_file(tmp_path, "dnd5e")
    srd.creatures.cache_clear()
    window = make_window(path)
    qtbot.wait(300)  # painted, settled, its timers run
    panel = window.panels["bestiary"]
    assert panel.isVisible() and panel.visibleRegion().isEmpty(), "a tab behind Check: visible to Qt, off screen"
    assert panel.index is None
    assert srd.creatures.cache_info().currsize == 0, "the SRD read before its dock was shown"
    panel.wanted("gob")  # the Initiative's "From the bestiary…": the dock shown, the search typed
    qtbot.waitUntil(lambda: panel.index is not None, timeout=10000)
    assert srd.creatures.cache_info().currsize == 1
    qtbot.waitUntil(lambda: panel.model.creatures and panel.model.creatures[0].name == "Goblin", timeout=5000)


def test_a_pack_creature_whose_file_is_wrong_is_named_when_shown_or_added(qtbot, tmp_path):
    """Indexing glanced at the file; showing or adding the creature reads it whole: a wrong file is
    named in the dock's status line, nothing is added, nothing breaks."""
    import json

    doc = json.loads((FIXTURES / "foundry_pf2e_npc.json").read_text(encoding="utf-8"))
    doc["system"]["abilities"]["str"]["mod"] = 99
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "brute.json").write_text(json.dumps(doc), encoding="utf-8")
    store = create_campaign(tmp_path / "otari.gmdesk", "pf2", "", True, "en")
    bus, history = CampaignBus(), CampaignHistory()
    panel = BestiaryPanel(bus, undo_stack=history, rng=random.Random(1))
    qtbot.addWidget(panel)
    try:
        panel.set_campaign(store)
        panel.show()
        qtbot.waitUntil(lambda: panel.index is not None)
        panel.add_pack(folder)
        qtbot.waitUntil(lambda: len(panel.index) == 1, timeout=10000)
        assert panel.problems == []  # indexed: the glance read its name and level
        characters = len(store.characters.list())
        qtbot.keyClicks(panel.search_edit, doc["name"][:6])
        qtbot.waitUntil(lambda: panel.selected() is not None)
        panel.show_card()
        assert "brute.json" in panel.status.text() and "\n" not in panel.status.text()
        assert panel.add_selected() == []
        assert "brute.json" in panel.status.text()
        assert len(store.characters.list()) == characters and history.count() == 1  # the pack's step only
    finally:
        panel.set_campaign(None)
        store.close()


def test_another_campaign_of_the_same_system_reads_its_own_packs(qtbot, dnd, dock, pack, tmp_path):
    panel, _ = dock
    panel.add_pack(pack)
    qtbot.waitUntil(lambda: read(qtbot, panel) > 0, timeout=10000)
    other = create_campaign(tmp_path / "other.gmdesk", "dnd5e", "", False, "en")
    try:
        panel.set_campaign(other)  # same system, none of the first campaign's packs
        qtbot.waitUntil(lambda: panel.index is not None and read(qtbot, panel) == 0, timeout=10000)
        panel.set_campaign(dnd)
        qtbot.waitUntil(lambda: panel.index is not None and read(qtbot, panel) > 0, timeout=10000)
    finally:
        panel.set_campaign(dnd)
        other.close()


def test_a_pack_changed_meanwhile_is_read_again_when_the_dock_comes_back(qtbot, dnd, dock, pack):
    """Brought to the front again (not sooner than ``REFRESH_AFTER``), the dock reads the files that
    changed; the range and the creature chosen stay."""
    import os

    panel, _ = dock
    panel.add_pack(pack)
    qtbot.waitUntil(lambda: read(qtbot, panel) > 0, timeout=10000)
    names = {c.name for c in panel.index.creatures}
    panel.lo_box.setCurrentIndex(panel.lo_box.findData(panel.lo_box.itemData(2)))
    low = panel.lo_box.currentData()
    chosen = panel.selected()
    text = (pack / "blocks.txt").read_text(encoding="utf-8")
    first = next(c.name for c in panel.index.creatures if c.source == str(pack.resolve()))
    (pack / "blocks.txt").write_text(text.replace(first.upper(), "MARSH HAG", 1), encoding="utf-8")
    os.utime(pack / "blocks.txt", ns=(1, 2_000_000_000_000_000_000))
    panel.window_settled()  # brought back at once: nothing read again
    assert panel.loader.isFinished() and "Marsh Hag" not in {c.name for c in panel.index.creatures}
    panel.loaded_at -= 3600
    panel.window_settled()
    qtbot.waitUntil(lambda: "Marsh Hag" in {c.name for c in panel.index.creatures}, timeout=10000)
    assert first not in {c.name for c in panel.index.creatures} and len(names) == len(panel.index)
    assert panel.lo_box.currentData() == low and panel.selected().name == chosen.name
