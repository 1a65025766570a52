"""Issue 25: a big campaign, or an older one to upgrade, opens off the window's thread — progress and
Cancel within moments, the window usable meanwhile, the campaign open before still open until the new
one replaces it, and for good when the GM cancels (the file then as it was) or the file is refused."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Qt

from gmdesk.store import CURRENT_VERSION, roll_facts
from gmdesk.ui import campaign_opening
from gmdesk.ui.campaign_opening import long_open
from tests.store.store_helpers import many_rolls_v1, sha256
from tests.ui.test_long_work import no_work_left  # noqa: F401 (the fixture: no work runs on)


def beside(path: Path) -> list[str]:
    return sorted(f.name for f in path.parent.iterdir() if f.name.startswith(path.name))


def slowed(monkeypatch) -> list[bool]:
    """Each batch of the upgrade's facts made to take 10 ms (100 rolls a batch), so that the test
    has the time to look at the window and cancel, whatever the machine; ``[False]`` stops that."""
    slow = [True]
    real = campaign_opening.open_store

    def open_store(path, create_if_missing, language, progress=None):
        def progress_slowly(done: int, total: int) -> bool:
            if slow[0]:
                time.sleep(0.01)
            return progress(done, total)
        return real(path, create_if_missing, language, progress=progress_slowly if progress else None)

    monkeypatch.setattr(roll_facts, "BATCH", 100)
    monkeypatch.setattr(campaign_opening, "open_store", open_store)
    return slow


def test_an_older_big_campaign_upgrades_off_the_window_thread_and_cancel_keeps_the_one_open(
        make_window, demo_file, tmp_path, qtbot, monkeypatch):
    old = tmp_path / "old.gmdesk"
    rolls = many_rolls_v1(old, 10)  # 10,240 rolls whose facts the upgrade computes
    before = sha256(old)
    slow = slowed(monkeypatch)
    assert long_open(old) and not long_open(demo_file)
    window = make_window(demo_file)
    assert window.open_campaign(old) is True
    work = window.opening
    assert work.running() and window.store.path == demo_file  # the demo stays until replaced
    qtbot.waitUntil(lambda: hasattr(work, "shown_after") or not work.running(), timeout=5000)
    assert work.running(), "the upgrade ended before it could be cancelled"
    assert work.shown_after < 0.6  # within 200 ms on an idle machine (SHOW_AFTER_MS); loaded CI allowed
    assert work.bar.isVisible() and work.bar.label.text() == "Opening old.gmdesk"
    # The window's events run meanwhile: the bar follows the rolls whose facts are computed.
    qtbot.waitUntil(lambda: work.bar.bar.maximum() == rolls and work.bar.bar.value() > 0 or not work.running(),
                    timeout=5000)
    running = work.running()
    qtbot.mouseClick(work.bar.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    assert running, "the upgrade ended before it could be cancelled"
    assert work.outcome == "cancelled" and window.opening is None
    assert window.store.path == demo_file and window.store.log.count() > 0  # still open, still usable
    assert sha256(old) == before and beside(old) == ["old.gmdesk"]  # as it was: no backup, no -wal
    # It opens as before: upgraded this time, every roll there, the previous campaign closed.
    previous = window.store
    slow[0] = False
    monkeypatch.setattr(roll_facts, "BATCH", 5000)
    assert window.open_campaign(old) is True
    qtbot.waitUntil(lambda: window.opening is None, timeout=30000)
    assert window.store.path == old and window.store.schema_version == CURRENT_VERSION
    assert window.store.log.count() == rolls and previous is not window.store
    assert beside(old) == ["old.gmdesk", "old.gmdesk-shm", "old.gmdesk-wal", "old.gmdesk.v1.bak"]


def test_a_refused_file_opened_in_the_background_leaves_the_campaign_open(make_window, demo_file, tmp_path, qtbot,
                                                                          monkeypatch):
    window = make_window(demo_file)
    said = []
    monkeypatch.setattr(window, "error", lambda title, message: said.append((title, message)))
    monkeypatch.setattr(campaign_opening, "LONG_OPEN_BYTES", 0)  # every file is "big"
    junk = tmp_path / "junk.gmdesk"
    junk.write_bytes(b"not a campaign at all" * 100)
    assert window.open_campaign(junk) is True  # being opened…
    qtbot.waitUntil(lambda: window.opening is None, timeout=10000)
    assert said and said[0][0] == "Cannot open the campaign"  # …and refused, with the reason
    assert window.store.path == demo_file
    other = tmp_path / "other.gmdesk"
    other.write_bytes(demo_file.read_bytes())
    assert window.open_campaign(other) is True
    qtbot.waitUntil(lambda: window.opening is None, timeout=10000)
    assert window.store.path == other and len(said) == 1


def test_the_gms_latest_choice_wins_over_a_long_opening(make_window, demo_file, tmp_path, qtbot, monkeypatch):
    old = tmp_path / "old.gmdesk"
    many_rolls_v1(old, 10)
    slowed(monkeypatch)
    before = sha256(old)
    window = make_window(demo_file)
    window.open_campaign(old)
    work = window.opening
    other = tmp_path / "other.gmdesk"
    other.write_bytes(demo_file.read_bytes())
    assert window.open_campaign(other) is True  # small: opened at once; the long opening stopped
    assert window.store.path == other
    qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    assert window.store.path == other and work.outcome == "cancelled"
    assert sha256(old) == before
