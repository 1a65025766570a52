"""What the window remembers: recent files (newest first, no duplicates, at most 8), language, layout."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from gmdesk.ui.settings import MAX_RECENT, AppSettings, SavedLayout


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
    first.save_geometry(QByteArray(b"geometry"))
    docks = ["party", "check"]
    first.save_layout("prep", docks, SavedLayout(QByteArray(b"state"), {"party": (0.25, 0.5)}, True))
    first.set_layout_name("prep")
    first.add_recent(tmp_path / "a.gmdesk", "Les Oubliés", "cof")
    first.sync()
    again = AppSettings(QSettings())
    assert again.last_campaign() == tmp_path / "a.gmdesk"
    assert again.language() == "fr"
    assert bytes(again.geometry()) == b"geometry" and again.layout_name() == "prep"
    saved = again.saved_layout("prep", docks)
    assert bytes(saved.state) == b"state" and saved.fractions == {"party": (0.25, 0.5)} and saved.log_strip
    assert again.saved_layout("table", docks) is None
    [recent] = again.recent_campaigns()
    assert (recent.path, recent.name, recent.system) == ((tmp_path / "a.gmdesk").resolve(), "Les Oubliés", "cof")
    assert recent.opened is not None and not recent.exists()


def test_a_layout_saved_for_other_docks_or_another_version_is_dropped(gm_app, monkeypatch):
    from gmdesk.ui import settings as settings_module

    settings = AppSettings(QSettings())
    settings.save_layout("table", ["party", "check"], SavedLayout(QByteArray(b"state"), {}, False))
    assert settings.saved_layout("table", ["party", "check"]) is not None
    assert settings.saved_layout("table", ["party", "check", "analytics"]) is None  # a dock added
    monkeypatch.setattr(settings_module, "LAYOUT_VERSION", settings_module.LAYOUT_VERSION + 1)
    assert settings.saved_layout("table", ["party", "check"]) is None  # the docks' arrangement redone


def test_recent_names_follow_a_located_campaign_and_survive_a_hand_edited_file(gm_app, tmp_path):
    settings = AppSettings(QSettings())
    old, new = tmp_path / "old.gmdesk", tmp_path / "moved" / "new.gmdesk"
    settings.add_recent(old, "Kingmaker", "pf2")
    settings.set_last_campaign(old)
    settings.replace_recent(old, new)
    [recent] = settings.recent_campaigns()
    assert recent.path == new.resolve() and recent.name == "Kingmaker"
    assert settings.last_campaign().resolve() == new.resolve()
    QSettings().setValue("campaign/recent_info", "{not json")
    assert [r.name for r in AppSettings(QSettings()).recent_campaigns()] == [None]


def test_a_fresh_profile_has_nothing(gm_app):
    settings = AppSettings(QSettings())
    assert settings.last_campaign() is None and settings.recent_files() == []
    assert settings.language() == "" and settings.geometry() is None and settings.layout_name() == ""
    assert isinstance(Path(QSettings().fileName()), Path)
