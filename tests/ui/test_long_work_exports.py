"""The roll log's export as long work: Cancel (or closing the window) leaves no file, not even a
temporary one; the end says how many rolls went where, with Open folder."""

from __future__ import annotations

import os
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gmdesk.ui import long_work
from gmdesk.ui.panels.log import export_dialog


@pytest.fixture
def slowed(monkeypatch):
    """Every batch of rolls read for the export waits (up to 5 s) unless the GM cancels."""
    original = export_dialog._CountedLog._step

    def step(self, n):
        for _ in range(500):
            if not self.progress(self.done, self.total):
                raise long_work.Cancelled()
            time.sleep(0.01)
        original(self, n)

    monkeypatch.setattr(export_dialog._CountedLog, "_step", step)


def start_export(qtbot, window, out):
    dialog = window.panels["log"].open_export_dialog()
    dialog.path_edit.setText(str(out))
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    return dialog, dialog.running_work


def test_cancel_leaves_no_export_file(qtbot, make_window, demo_file, tmp_path, slowed):
    window = make_window(demo_file)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    dialog, work = start_export(qtbot, window, out_dir / "log.csv")
    assert not dialog.isVisible()  # out of the way: the window stays usable
    assert not window.panels["log"].export_action.isEnabled()  # a second export would conflict
    qtbot.waitUntil(work.bar.isVisible, timeout=2000)
    assert window.statusBar().isAncestorOf(work.bar)
    qtbot.mouseClick(work.bar.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    assert work.outcome == "cancelled"
    assert os.listdir(out_dir) == []  # neither the file nor its temporary
    assert window.panels["log"].export_action.isEnabled()


def test_the_export_ends_with_what_was_written_and_its_folder(qtbot, make_window, demo_file, tmp_path):
    window = make_window(demo_file)
    out = tmp_path / "log.md"
    _, work = start_export(qtbot, window, out)
    qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    count = window.store.log.count(export_dialog.LogFilter(include_secret=False))
    assert work.outcome == "done" and out.is_file()
    assert work.bar.label.text() == f"Exported {count} rolls to {out}"
    assert work.bar.open_button.isVisible() and work._result_folder == tmp_path


def test_closing_the_window_during_an_export_asks_then_cancels(qtbot, make_window, demo_file, tmp_path,
                                                             slowed, monkeypatch):
    window = make_window(demo_file)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    asked = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda *a, **k: asked.append(a[1]) or QMessageBox.StandardButton.Yes))
    _, work = start_export(qtbot, window, out_dir / "log.html")
    qtbot.waitUntil(work.bar.isVisible, timeout=2000)
    window.close()
    assert asked and work.outcome == "cancelled" and not work.thread.isRunning()
    assert os.listdir(out_dir) == [] and window.store is None
