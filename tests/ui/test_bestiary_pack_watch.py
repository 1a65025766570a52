"""Issue 27: a pack is read again when its files change while the Bestiary dock is open — a creature
file saved into a watched pack appears in the search within seconds, the GM's choice and filter
kept; a damaged file saved there is named in one line and the others stay. The watch is bounded: a
big pack is watched by its folders."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from gmdesk.campaign.bestiary import shipped
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.bestiary.pack_watch import watched_paths
from gmdesk.ui.panels.bestiary.panel import BestiaryPanel
from gmdesk.ui.undo import CampaignHistory

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


@pytest.fixture
def dock(qtbot, tmp_path):
    store = create_campaign(tmp_path / "srd.gmdesk", "dnd5e", "", True, "en")
    pack = tmp_path / "mine"
    (pack / "swamp").mkdir(parents=True)
    shutil.copy(FIXTURES / "dnd5e_en.txt", pack / "blocks.txt")
    panel = BestiaryPanel(CampaignBus(), undo_stack=CampaignHistory(), rng=random.Random(1))
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: panel.index is not None)
    panel.add_pack(pack)
    qtbot.waitUntil(lambda: panel.index is not None and len(panel.index) > len(shipped("dnd5e")), timeout=10000)
    yield panel, pack
    panel.set_campaign(None)
    store.close()


def names(panel) -> list[str]:
    return [c.name for c in panel.model.creatures]


def test_a_creature_file_saved_into_a_watched_pack_appears_and_the_choice_stays(qtbot, dock):
    panel, pack = dock
    panel.search_edit.setText("brine")
    qtbot.waitUntil(lambda: names(panel) == ["Brine Hound"])
    chosen = panel.selected()
    lurker = json.loads((FIXTURES / "foundry_dnd5e_npc.json").read_text(encoding="utf-8"))
    lurker["name"] = "Brine Lurker"
    (pack / "swamp" / "lurker.json").write_text(json.dumps(lurker), encoding="utf-8")  # a sub-folder: watched too
    qtbot.waitUntil(lambda: "Brine Lurker" in names(panel), timeout=8000)
    assert panel.search_edit.text() == "brine"
    assert (panel.selected().name, panel.selected().origin) == (chosen.name, chosen.origin)
    # A damaged file saved there: named in one line, the others stay.
    (pack / "swamp" / "broken.json").write_text("{ not json", encoding="utf-8")
    qtbot.waitUntil(lambda: any("broken.json" in p for p in panel.problems), timeout=8000)
    assert all("\n" not in p for p in panel.problems) and "broken.json" in panel.status.text()
    assert sorted(names(panel)) == ["Brine Hound", "Brine Lurker"]
    # A file edited in place (a small pack's files are watched too).
    blocks = pack / "blocks.txt"
    blocks.write_text(blocks.read_text(encoding="utf-8").replace("BRINE HOUND", "BRINE MASTIFF"), encoding="utf-8")
    qtbot.waitUntil(lambda: sorted(names(panel)) == ["Brine Lurker", "Brine Mastiff"], timeout=8000)


def test_a_big_pack_is_watched_by_its_folders(tmp_path):
    pack = tmp_path / "big"
    for folder in ("a", "b"):
        (pack / folder).mkdir(parents=True)
        for i in range(30):
            (pack / folder / f"{i}.json").write_text("{}", encoding="utf-8")
    assert len(watched_paths([pack], budget=100)) == 3 + 60  # small enough: folders and files
    assert sorted(watched_paths([pack], budget=10)) == sorted(str(p) for p in (pack, pack / "a", pack / "b"))
    single = pack / "a" / "1.json"
    assert watched_paths([single]) == [str(pack / "a"), str(single)]
