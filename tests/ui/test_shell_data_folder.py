"""A GM upgrading from gmdesk 0.1, whose files were in ``~/.local/share/gmdesk/gmdesk``: the first start
moves them to ``~/.local/share/gmdesk`` (a fake HOME here), reopens the last campaign there with every
change it held, keeps the settings, and never moves anything again."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gmdesk.campaign.model import CampaignInfo
from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.settings import AppSettings


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A HOME of its own with no XDG_DATA_HOME: the data folder is HOME/.local/share/gmdesk."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    return home


def gmdesk_0_1_left(home: Path, tmp_path: Path) -> Path:
    """The old folder with the pf2 demo renamed "Les Terres Brisées" while open: the rename is only in
    the write-ahead log, as when gmdesk 0.1 was killed; the settings name it as the last campaign."""
    old = home / ".local" / "share" / "gmdesk" / "gmdesk"
    old.mkdir(parents=True)
    scratch = tmp_path / "scratch" / "demo-pf2.gmdesk"
    scratch.parent.mkdir()
    create_campaign(scratch, "pf2", "", True, "en").close()
    store = CampaignStore.open(scratch)
    try:
        store.update_info(CampaignInfo("Les Terres Brisées", "pf2", store.info.house_rules))
        assert scratch.with_name(scratch.name + "-wal").stat().st_size > 0
        for path in scratch.parent.iterdir():  # copied while open: the campaign and its -wal
            shutil.copy2(path, old / path.name)
    finally:
        store.close()
    settings = AppSettings(QSettings())
    settings.set_language("fr")
    settings.add_recent(tmp_path / "elsewhere.gmdesk")
    settings.add_recent(old / "demo-pf2.gmdesk")
    settings.set_last_campaign(old / "demo-pf2.gmdesk")
    settings.sync()
    return old


def test_the_first_start_moves_the_old_folder_and_reopens_the_last_campaign(gm_app, make_window, home, tmp_path,
                                                                           welcome_answer):
    old = gmdesk_0_1_left(home, tmp_path)
    folder = home / ".local" / "share" / "gmdesk"
    window = make_window(lang=None)
    assert not old.exists()
    assert window.store is not None and window.store.path == folder / "demo-pf2.gmdesk"
    assert window.store.info.name == "Les Terres Brisées"  # the WAL moved with its campaign
    assert welcome_answer.asked == 0  # not a first run: nothing asked, no new demo
    assert sorted(p.name for p in folder.glob("*.gmdesk")) == ["demo-pf2.gmdesk"]
    settings = AppSettings(QSettings())
    assert settings.last_campaign() == folder / "demo-pf2.gmdesk"
    assert settings.recent_files() == [(folder / "demo-pf2.gmdesk").resolve(), (tmp_path / "elsewhere.gmdesk").resolve()]
    assert settings.language() == "fr" and window.translations.language == "fr"
    window.close()

    # Once: a folder the GM later names "gmdesk" inside the data folder stays where it is.
    mine = folder / "gmdesk"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    again = make_window(lang="en")
    assert (mine / "notes.txt").read_text() == "mine" and not (folder / "notes.txt").exists()
    assert again.store.path == folder / "demo-pf2.gmdesk"


def test_a_new_user_gets_the_demo_in_the_new_folder(gm_app, make_window, home):
    window = make_window()
    assert window.store.path == home / ".local" / "share" / "gmdesk" / "demo-pf2.gmdesk"
    assert not (home / ".local" / "share" / "gmdesk" / "gmdesk").exists()


def test_a_screenshot_moves_nothing(gm_app, home, tmp_path):
    from gmdesk.ui.app import build_window

    old = gmdesk_0_1_left(home, tmp_path)
    window = build_window(None, "en", screenshot=True)
    try:
        assert window.store.path == old / "demo-pf2.gmdesk"  # opened where the settings say
        assert [p.name for p in old.parent.iterdir()] == ["gmdesk"]  # nothing moved up
    finally:
        window.close()


def test_a_read_only_data_folder_moves_nothing_and_gmdesk_still_opens_the_last_campaign(
        gm_app, make_window, home, tmp_path, capsys):
    """The move cannot even start (the folder is a read-only mount): one line says so, the last
    campaign opens where it is, and the next start (the folder writable again) does the move."""
    old = gmdesk_0_1_left(home, tmp_path)
    share = home / ".local" / "share"
    mounted = subprocess.run(["mount", "--bind", str(share), str(share)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"mount is refused here: {mounted.stderr.strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(share)], check=True, capture_output=True)
        window = make_window(lang="en")
        assert window.store.path == old / "demo-pf2.gmdesk" and window.store.read_only
        window.close()
    finally:
        subprocess.run(["umount", str(share)], check=True)
    err = capsys.readouterr().err
    assert f"gmdesk: cannot move the old data folder into {share / 'gmdesk'}: Read-only file system" in err
    assert AppSettings(QSettings()).last_campaign() == old / "demo-pf2.gmdesk"
    window = make_window(lang="en")
    assert window.store.path == share / "gmdesk" / "demo-pf2.gmdesk" and not old.exists()
