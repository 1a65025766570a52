"""The very first run: the welcome dialog asks which game the GM runs, and that system's demo opens.
"Not now" leaves the empty window; --screenshot asks nothing (the pf2 demo)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QPushButton

from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui.campaign_files import demo_path
from gmdesk.ui.dialogs import welcome


def data_folder(isolated_dirs):
    return isolated_dirs / "gmdesk"


def test_the_gm_picks_a_system_in_the_welcome_dialog_and_lands_in_its_demo(make_window, isolated_dirs, qtbot,
                                                                           monkeypatch, welcome_answer):
    monkeypatch.setattr(welcome, "ask_system", welcome_answer.real)  # the real dialog, clicked
    seen = []

    def as_the_gm():
        dialog = QApplication.activeModalWidget()
        seen.append(dialog)
        cof = dialog.buttons["cof"]
        qtbot.mouseClick(cof, Qt.MouseButton.LeftButton, pos=QPoint(12, cof.height() // 2))  # on its name
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, as_the_gm)
    window = make_window()
    assert isinstance(seen[0], welcome.WelcomeDialog)
    expected = demo_path(data_folder(isolated_dirs), "cof")
    assert window.store is not None and window.store.path == expected and window.store.info.system == "cof"
    assert not demo_path(data_folder(isolated_dirs), "pf2").exists()  # only the demo asked for
    with CampaignStore.open(expected, read_only=True) as store:
        assert window.panels["party"].model.rowCount() == store.characters.count() >= 4
        assert window.windowTitle() == f"gmdesk — {store.info.name}"
    assert window.panels["check"].context.system == "cof"  # every panel follows
    assert window.settings.last_campaign() == expected.resolve()


def test_not_now_leaves_the_empty_window_with_open_and_new(make_window, isolated_dirs, welcome_answer, qtbot):
    welcome_answer.system = None
    window = make_window()
    assert welcome_answer.asked == 1
    assert window.store is None and window.windowTitle() == "gmdesk"
    assert window.empty_state.isVisible()
    assert window.empty_state.findChild(QPushButton, "emptyOpen").isVisible()
    assert window.empty_state.findChild(QPushButton, "emptyNew").isVisible()
    assert not list(data_folder(isolated_dirs).glob("*.gmdesk"))  # nothing created behind the GM's back
    assert window.settings.last_campaign() is None
    assert all(not dock.widget().isEnabled() for dock in window.docks.values())
    assert window.opened_ok


def test_the_welcome_is_only_for_the_first_run(make_window, welcome_answer):
    welcome_answer.system = "dnd5e"
    first = make_window()
    assert first.store.info.system == "dnd5e"
    path = first.store.path
    first.close()
    again = make_window()
    assert welcome_answer.asked == 1  # the last campaign opens, nothing asked
    assert again.store.path == path


def test_a_campaign_named_on_the_command_line_asks_nothing(make_window, demo_file, welcome_answer):
    window = make_window(demo_file)
    assert welcome_answer.asked == 0 and window.store.path == demo_file


def test_screenshot_of_a_first_run_shows_the_pf2_demo_without_asking(gm_app, tmp_path, isolated_dirs, welcome_answer):
    from gmdesk.ui.app import main

    png = tmp_path / "first.png"
    assert main(["--screenshot", str(png), "--lang", "en"]) == 0
    assert welcome_answer.asked == 0
    assert demo_path(data_folder(isolated_dirs), "pf2").exists()
    assert QImage(str(png)).width() >= 1280
