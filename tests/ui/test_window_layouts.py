"""Issue 12, items 1–2: the window sized to the screen, its geometry and dock layout remembered (a
stale layout dropped), View › Reset the layout, the Table and Prep layouts switched with F6 and each
remembered, and the roll log shrunk to a one-line strip that shows the last roll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QByteArray, QSettings, Qt

from gmdesk.ui.settings import AppSettings
from gmdesk.ui.window_layout import PREP, TABLE


def raised(window, name: str) -> bool:
    return window.panels[name].isVisible() and not window.panels[name].visibleRegion().isEmpty()


def press_f6(qtbot, window) -> None:
    qtbot.keyClick(window.panels["party"].table, Qt.Key.Key_F6)


def test_switching_back_and_forth_keeps_each_layout_to_the_pixel(make_window, demo_file, qtbot):
    def sizes(window):
        return {n: (d.width(), d.height()) for n, d in window.docks.items()
                if d.isVisible() and not d.visibleRegion().isEmpty()}

    settled = []

    def switch():  # F6, and the docks where the layout puts them (its last measure done)
        settled.clear()
        window.switch_layout_action.trigger()
        qtbot.waitUntil(lambda: bool(settled))

    window = make_window(demo_file)
    window.layouts.on_settled.append(lambda: settled.append(True))
    qtbot.waitUntil(lambda: window.panels["check"]._sweep.is_built())  # the charts come after the first paint
    qtbot.wait(50)
    table = sizes(window)
    switch()
    prep = sizes(window)
    for _ in range(3):
        switch()
        assert sizes(window) == table
        switch()
        assert sizes(window) == prep


def test_f6_switches_table_and_prep_and_each_is_kept_as_the_gm_left_it(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    assert window.layouts.current == TABLE and window.layout_actions[TABLE].isChecked()
    qtbot.waitUntil(lambda: raised(window, "encounter") and raised(window, "check"))
    press_f6(qtbot, window)
    assert window.layouts.current == PREP and window.layout_actions[PREP].isChecked()
    qtbot.waitUntil(lambda: raised(window, "sheet") and raised(window, "prep"))
    # Prep: the sheet column wider than in Table.
    qtbot.waitUntil(lambda: window.docks["sheet"].width() > window.docks["party"].minimumSizeHint().width())
    # The GM changes Prep: the analytics tab raised, the log grown back.
    window.docks["analytics"].raise_()
    window.panels["log"].set_strip(False)
    qtbot.waitUntil(lambda: raised(window, "analytics"))
    press_f6(qtbot, window)
    assert window.layouts.current == TABLE
    qtbot.waitUntil(lambda: raised(window, "encounter") and raised(window, "check"))
    assert window.panels["log"].is_strip()  # Table as it was: its log a strip
    press_f6(qtbot, window)
    qtbot.waitUntil(lambda: raised(window, "analytics"))  # Prep as the GM left it
    assert not window.panels["log"].is_strip()
    # Closed in Prep: the next start opens in Prep, as it was; Table is remembered too.
    window.close()
    again = make_window()
    assert again.layouts.current == PREP and again.layout_actions[PREP].isChecked()
    qtbot.waitUntil(lambda: raised(again, "analytics"))
    assert not again.panels["log"].is_strip()
    again.switch_layout_action.trigger()
    qtbot.waitUntil(lambda: raised(again, "encounter") and raised(again, "check"))
    assert again.panels["log"].is_strip()
    # View › Reset the layout: the layout shown back to its default, the other one kept.
    again.switch_layout_action.trigger()
    qtbot.waitUntil(lambda: raised(again, "analytics"))
    again.reset_layout_action.trigger()
    qtbot.waitUntil(lambda: raised(again, "sheet") and raised(again, "prep"))
    assert again.panels["log"].is_strip()


def test_the_log_strip_shows_the_last_roll_and_grows_back(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    log = window.panels["log"]
    assert log.is_strip() and log.strip.isVisible() and not log.table.isVisible()
    checks = window.panels["check"]
    checks.roll_action.trigger()
    newest = log.model.entry(0)
    assert newest is not None
    shown = log.strip.roll.full_text()
    assert newest.actor in shown and log.model.cell_text(newest, log.model.LABEL) in shown
    assert log.strip.outcome.text() == log.model.cell_text(newest, log.model.TIER)
    qtbot.mouseClick(log.strip.grow_button, Qt.MouseButton.LeftButton)
    assert not log.is_strip() and log.table.isVisible()
    qtbot.waitUntil(lambda: window.docks["log"].height() > 120)
    qtbot.mouseClick(log.shrink_button, Qt.MouseButton.LeftButton)
    assert log.is_strip()
    qtbot.waitUntil(lambda: window.docks["log"].height() < 80)


def test_a_remembered_geometry_off_every_screen_gives_a_window_on_this_one(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.close()
    # Saved on a large monitor that is gone: far off the laptop's screen.
    settings = QSettings()
    window2 = make_window(show=False)
    window2.setWindowState(Qt.WindowState.WindowNoState)
    window2.setGeometry(3000, 2000, 2400, 1300)
    AppSettings(settings).save_geometry(window2.saveGeometry())
    window2.remember = False
    window2.close()
    settings.sync()
    again = make_window()
    area = again.screen().availableGeometry()
    assert area.contains(again.frameGeometry())


def test_a_stale_layout_is_dropped_not_misapplied(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.docks["sheet"].raise_()
    qtbot.waitUntil(lambda: raised(window, "sheet"))
    window.close()
    settings = QSettings()
    # Saved by a gmdesk with other docks (one more than today).
    settings.setValue("window/layouts/table/docks", "party,sheet,check,log,encounter,prep,analytics,map")
    settings.setValue("window/layouts/table/state", QByteArray(b"garbage"))
    settings.sync()
    again = make_window()
    qtbot.waitUntil(lambda: raised(again, "encounter") and raised(again, "check"))  # Table's default
    assert all(d.isVisible() and not d.isFloating() for d in again.docks.values())


@pytest.mark.xfail(strict=True, reason="known: on a 1920×1200 screen each start still moves the left column "
                   "~6 px right and the party ~10 px down (stable within a session, and at 1366×768)")
def test_each_start_puts_the_docks_back_where_they_were_without_drifting(make_window, demo_file, qtbot):
    """Measured at close and put back at start, every time, the docks stay where the GM left them."""
    def sizes(window):
        return {n: (d.width(), d.height()) for n, d in window.docks.items()
                if d.isVisible() and not d.visibleRegion().isEmpty()}

    window = make_window(demo_file)
    qtbot.wait(100)
    seen = [sizes(window)]
    window.close()
    for _ in range(3):
        again = make_window()
        qtbot.wait(100)
        seen.append(sizes(again))
        again.close()
    for later in seen[1:]:
        assert later.keys() == seen[0].keys()
        for name, (width, height) in later.items():
            first = seen[0][name]
            assert abs(width - first[0]) <= 2 and abs(height - first[1]) <= 2, (name, seen)
