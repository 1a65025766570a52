"""Issue 24, "no layout shift under the cursor": a message or a long work's bar appearing in the
status bar ("Fight simulated.", an export's "done" line and its Open folder) moves no dock: the
status bar is as high as its tallest content from the start."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QApplication

from gmdesk.ui import long_work
from test_long_work import slow_work


def places(window):
    return {name: dock.geometry().getRect() for name, dock in window.docks.items() if dock.isVisible()}


def test_a_message_and_a_work_bar_move_no_dock(make_window, demo_file, qtbot, tmp_path):
    window = make_window(demo_file)
    qtbot.wait(300)  # the docks placed, the panels' first work done
    QApplication.processEvents()
    before, height = places(window), window.statusBar().height()
    assert before

    window.statusBar().showMessage("Fight simulated.")
    QApplication.processEvents()
    assert places(window) == before

    release = threading.Event()
    work = long_work.run(window.panels["log"], "Counting", slow_work(release), folder=lambda _: tmp_path,
                         done_text=lambda n: f"Counted to {n}")
    qtbot.waitUntil(work.bar.isVisible, timeout=3000)
    QApplication.processEvents()
    assert work.bar.cancel_button.isVisible()
    assert places(window) == before, "the work's bar and its Cancel moved the docks"
    release.set()
    qtbot.waitUntil(lambda: work.outcome == "done", timeout=5000)
    QApplication.processEvents()
    assert work.bar.open_button.isVisible()  # the "done" line with Open folder
    assert places(window) == before
    assert window.statusBar().height() == height
    assert work.bar.height() <= window.statusBar().height()  # and it fits: nothing cut
