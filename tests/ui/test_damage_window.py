"""Issue 22, the window side: what the command line calls damaged (a flipped byte in an index page,
a format number no gmdesk wrote, a sheet that no longer reads) the window opens read-only under the red
banner; a campaign of a game system this gmdesk does not know is refused with the same reason as every
command gives."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from damage_helpers import flip_an_index_key
from gmdesk.campaign.log import LogEntry
from gmdesk.store.checkup import check_file
from gmdesk.ui.campaign_files import create_campaign


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def demo(path: Path, rolls: int) -> Path:
    actors = ["Kyra", "Merisiel", "Valeros", "Ezren"]
    with create_campaign(path, "pf2", "", True, "en") as store:
        store.log.append_many([LogEntry(system="pf2", tier="success", actor=actors[i % 4], label="Perception",
                                        check={"i": i}, dice=[{"sides": 20, "face": 1 + i % 20, "state": "kept"}],
                                        breakdown=[], total=10, dc=15) for i in range(rolls)])
    return path


WORDS = {"index": "missing from index roll_log_actor", "format number": "format number reads 0",
         "sheet": "unreadable character"}


@pytest.mark.parametrize("damage", list(WORDS))
def test_what_the_command_line_calls_damaged_opens_under_the_red_banner(make_window, tmp_path, qtbot, damage) -> None:
    path = demo(tmp_path / "c.gmdesk", rolls=3000)
    if damage == "index":
        flip_an_index_key(path)
    else:
        with sqlite3.connect(path) as c:  # a sheet that parses but no longer makes a sheet: met when read
            c.execute("PRAGMA user_version = 0" if damage == "format number" else
                      "UPDATE characters SET sheet = '{\"name\": 3}' WHERE id = (SELECT min(id) FROM characters)")
        c.close()
    assert check_file(path).status == 1
    before = sha256(path)
    window = make_window(path)
    qtbot.waitUntil(window.banner_bar.isVisible, timeout=2000)
    assert window.store.read_only_reason == "damaged" and window.bus.read_only
    assert "damaged" in window.banner.message.text()
    assert WORDS[damage] in window.banner.detail.text() and window.banner.repair_button.isVisible()
    assert not window.panels["party"].add_pc_action.isEnabled()
    window.close()
    assert sha256(path) == before


def test_a_campaign_of_an_unknown_game_system_is_refused_with_the_reason(make_window, tmp_path, monkeypatch) -> None:
    path = demo(tmp_path / "c.gmdesk", rolls=0)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE campaign SET system = 'gurps', data = json_set(data, '$.system', 'gurps')")
    c.close()
    before = sha256(path)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text, *a, **k: shown.append(text)))
    window = make_window(None)
    kept = window.store
    assert window.open_campaign(path) is False
    assert len(shown) == 1 and "game system 'gurps', which this gmdesk does not know" in shown[0]
    assert window.store is kept and sha256(path) == before  # the campaign open before stays open
