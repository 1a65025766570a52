"""The window shell: which campaign opens, bad files, new/open/recent, remembered layout, screenshots."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDockWidget, QMessageBox, QPushButton

from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui import plain_text
from gmdesk.ui.campaign_files import NewCampaignDialog, demo_path


@pytest.fixture
def warnings(monkeypatch):
    """Every QMessageBox.warning the window shows, recorded instead of blocking the test."""
    shown = []

    def record(parent, title, text, *args, **kwargs):
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(record))
    return shown


def test_first_run_creates_the_demo_in_the_data_folder_and_opens_it(make_window, isolated_dirs, warnings):
    window = make_window()
    expected = demo_path(isolated_dirs / "gmdesk", "pf2")
    assert expected.exists()
    assert window.store is not None and window.store.path == expected
    with CampaignStore.open(expected, read_only=True) as store:
        name, characters = store.info.name, store.characters.count()
    assert characters >= 4  # the demo party of four, and monsters
    assert window.windowTitle() == f"gmdesk — {name}"
    assert window.panels["party"].model.rowCount() == characters
    # The first party member is selected and shown in the sheet editor.
    assert window.panels["sheet"].character_id == window.panels["party"].model.ids()[0]
    assert not window.empty_state.isVisible()
    assert warnings == []
    assert window.settings.last_campaign() == expected.resolve()


def test_second_run_opens_the_last_campaign_without_creating_anything(make_window, isolated_dirs, tmp_path):
    first = make_window()
    first_path = first.store.path
    first.close()
    second = make_window()
    assert second.store.path == first_path
    assert [p.name for p in first_path.parent.glob("*.gmdesk")] == [first_path.name]


def test_a_bad_file_gets_a_dialog_with_the_reason_and_the_window_stays_usable(make_window, tmp_path, warnings,
                                                                             demo_file, monkeypatch, qtbot):
    bad = tmp_path / "notes.gmdesk"
    bad.write_bytes(b"Session 3: the party meets the dragon\n" * 10)
    before = bad.read_bytes()
    window = make_window(bad)
    assert len(warnings) == 1
    title, text = warnings[0]
    assert "open" in title.lower()
    assert "not a gmdesk campaign" in text and str(bad) in text
    assert bad.read_bytes() == before  # refused, never touched
    assert window.store is None and window.windowTitle() == "gmdesk"
    assert window.empty_state.isVisible()
    # The empty state's Open… button leads to a good campaign.
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(demo_file), "")))
    qtbot.mouseClick(window.empty_state.findChild(QPushButton, "emptyOpen"), Qt.MouseButton.LeftButton)
    assert window.store is not None and window.store.path == demo_file
    assert window.panels["party"].model.rowCount() > 0
    assert not window.empty_state.isVisible()


def test_a_bad_file_while_a_campaign_is_open_keeps_the_campaign(make_window, demo_file, tmp_path, warnings):
    window = make_window(demo_file)
    newer = tmp_path / "empty.gmdesk"
    newer.write_bytes(b"")
    assert window.open_campaign(newer) is False
    assert "empty" in warnings[0][1]
    assert window.store is not None and window.store.path == demo_file
    assert window.panels["party"].model.rowCount() > 0


def test_a_missing_file_on_the_command_line_is_created_asking_nothing(make_window, tmp_path, warnings):
    path = tmp_path / "Nouvelle campagne.gmdesk"
    window = make_window(path)
    assert warnings == []
    assert path.exists()
    assert window.windowTitle() == "gmdesk — Nouvelle campagne"
    assert window.store.info.system == "pf2" and window.store.characters.count() == 0


def test_new_campaign_dialog_creates_the_system_picked(make_window, demo_file, tmp_path, monkeypatch):
    window = make_window(demo_file)
    target = tmp_path / "oublies"

    def fill_and_accept(dialog):
        dialog.name_edit.setText("Les Oubliés")
        dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("cof"))
        dialog.demo_check.setChecked(True)
        dialog.path_edit.setText(str(target))
        return NewCampaignDialog.DialogCode.Accepted

    monkeypatch.setattr(NewCampaignDialog, "exec", fill_and_accept)
    window.new_action.trigger()
    assert window.store.path == tmp_path / "oublies.gmdesk"
    assert window.store.info.system == "cof" and window.store.info.name == "Les Oubliés"
    assert window.windowTitle() == "gmdesk — Les Oubliés"
    assert window.store.characters.count() >= 4
    # The sheet editor now shows a cof sheet (DEF, Init…), not the pf2 one.
    sheet = window.panels["sheet"]
    assert sheet.form.character.system == "cof"
    assert sheet.form.row(("sheet", "defense")).editor.value() == sheet.form.character.sheet.defense


def test_recent_files_menu_reopens_a_campaign(make_window, tmp_path, demo_file, monkeypatch, warnings):
    from tests.ui.conftest import campaign_file

    other = campaign_file(tmp_path, "anarchy")
    window = make_window(demo_file)
    demo_name = window.store.info.name
    window.open_campaign(other)
    other_name = window.store.info.name
    window.recent_menu.aboutToShow.emit()
    actions = [a for a in window.recent_menu.actions() if a.statusTip()]
    assert [a.statusTip() for a in actions] == [str(other.resolve()), str(demo_file.resolve())]
    # Named as the GM calls them, not by their file names.
    assert [a.text() for a in actions] == [plain_text.mnemonic(other_name), plain_text.mnemonic(demo_name)]
    assert other_name != other.stem and demo_name != demo_file.stem
    actions[1].trigger()
    assert window.store.path == demo_file
    # A campaign moved away since: still listed, marked missing.
    moved = tmp_path / "moved.gmdesk"
    other.rename(moved)
    window.recent_menu.aboutToShow.emit()
    entries = [a for a in window.recent_menu.actions() if a.statusTip()]
    assert entries[1].text() == plain_text.mnemonic(f"{other_name} (missing)")
    # Chosen anyway: gmdesk asks where it went (no error box), opens it there, and lists it there.
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(moved), "")))
    entries[1].trigger()
    assert window.store.path == moved and warnings == []
    assert [c.path for c in window.settings.recent_campaigns()] == [moved.resolve(), demo_file.resolve()]


def test_layout_and_size_are_remembered(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    assert window.isMaximized()  # the first window: the whole screen
    window.showNormal()  # the GM un-maximises it and makes it smaller
    window.resize(1400, 900)
    window.docks["log"].hide()
    window.tabifyDockWidget(window.docks["party"], window.docks["sheet"])
    window.close()
    again = make_window()
    assert again.store.path == demo_file  # the last campaign
    assert (again.width(), again.height()) == (1400, 900) and not again.isMaximized()
    assert not again.docks["log"].isVisible()
    assert again.docks["sheet"] in again.tabifiedDockWidgets(again.docks["party"])
    # View menu brings the closed dock back.
    again.docks["log"].toggleViewAction().trigger()
    assert again.docks["log"].isVisible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_default_window_has_every_panel_docked_and_quit_closes(make_window, demo_file, qtbot, lang):
    window = make_window(demo_file, lang=lang)
    # The first window takes the screen's available area (French labels do not push it wider).
    area = window.screen().availableGeometry()
    assert area.contains(window.frameGeometry())
    assert window.width() >= area.width() - 20 and window.height() >= area.height() - 60
    docks = window.findChildren(QDockWidget)
    assert {d.objectName() for d in docks} >= {"dock-party", "dock-sheet", "dock-check", "dock-log"}
    assert all(d.isVisible() and not d.isFloating() for d in docks)
    # The Table layout: the roll log a one-line strip across the bottom (the last roll), Initiative
    # and the check panel large, the party compact above the queue.
    assert window.dockWidgetArea(window.docks["log"]) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert window.docks["log"].width() >= window.width() - 10
    assert window.panels["log"].is_strip() and window.docks["log"].height() < 80
    qtbot.waitUntil(lambda: window.docks["encounter"].height() > window.docks["party"].height())
    assert window.docks["check"].width() >= 700 and window.docks["check"].height() > window.height() // 2
    assert window.quit_action.shortcut().toString() == "Ctrl+Q"
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_screenshot_writes_a_full_size_png_and_leaves_settings_alone(gm_app, tmp_path, demo_file):
    from gmdesk.ui.app import main

    png = tmp_path / "shots" / "window.png"
    assert main(["--screenshot", str(png), str(demo_file), "--lang", "en"]) == 0
    image = QImage(str(png))
    assert not image.isNull()
    assert (image.width(), image.height()) == (1366, 768)  # the most common laptop screen
    # Not a blank picture: the window drew text and tables (many distinct colours).
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 20
    assert QSettings().value("campaign/last", "") == ""  # a screenshot is not a session


def test_bad_command_line_is_one_line_and_status_2(capsys):
    from gmdesk.ui.app import main

    assert main(["--lang", "de"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--lang" in err[0]


@pytest.mark.skipif(os.environ.get("GMDESK_SKIP_SUBPROCESS") == "1", reason="no subprocess in this run")
def test_screenshot_through_the_command_line(tmp_path, demo_file):
    """``gmdesk --screenshot`` as a GM types it: the real entry point, a fresh process, no display."""
    import subprocess
    import sys

    png = tmp_path / "cli.png"
    # No display and no platform chosen: --screenshot must pick the offscreen platform by itself.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "cfg"), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "gmdesk", "--screenshot", str(png), str(demo_file), "--lang", "fr"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1366, 768)


def test_screenshot_of_a_bad_file_says_why_and_exits_2(gm_app, tmp_path, capsys):
    from gmdesk.ui.app import main

    bad = tmp_path / "broken.gmdesk"
    bad.write_bytes(b"\x00" * 300)
    png = tmp_path / "empty-state.png"
    assert main(["--screenshot", str(png), str(bad)]) == 2
    err = capsys.readouterr().err
    assert "Cannot open the campaign" in err and "not a gmdesk campaign" in err
    assert QImage(str(png)).width() >= 1280  # the empty state, as the GM would see it
