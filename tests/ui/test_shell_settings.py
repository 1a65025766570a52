"""What the window remembers: recent files (newest first, no duplicates, at most 8), language, layout."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from gmdesk.ui.settings import MAX_RECENT, AppSettings


def test_recent_files_newest_first_without_duplicates_and_capped(gm_app, tmp_path):
    settings = AppSettings(QSettings())
    files = [tmp_path / f"c{i}.gmdesk" for i in range(MAX_RECENT + 3)]
    for f in files:
        settings.add_recent(f)
    settings.add_recent(files[-3])  # reopening one moves it to the top, once
    recent = settings.recent_files()
    assert recent[0] == files[-3].resolve()
    assert len(recent) == MAX_RECENT == len(set(recent))
    assert files[0].resolve() not in recent  # the oldest fell off
    settings.remove_recent(files[-3])
    assert files[-3].resolve() not in settings.recent_files()
    settings.clear_recent()
    assert settings.recent_files() == []


def test_values_survive_a_new_settings_object(gm_app, tmp_path):
    first = AppSettings(QSettings())
    first.set_last_campaign(tmp_path / "a.gmdesk")
    first.set_language("fr")
    first.save_window(QByteArray(b"geometry"), QByteArray(b"state"))
    first.sync()
    again = AppSettings(QSettings())
    assert again.last_campaign() == tmp_path / "a.gmdesk"
    assert again.language() == "fr"
    assert bytes(again.geometry()) == b"geometry" and bytes(again.window_state()) == b"state"


def test_a_fresh_profile_has_nothing(gm_app):
    settings = AppSettings(QSettings())
    assert settings.last_campaign() is None and settings.recent_files() == []
    assert settings.language() == "" and settings.geometry() is None and settings.window_state() is None
    assert isinstance(Path(QSettings().fileName()), Path)
