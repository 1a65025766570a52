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
from tests.ui.test_long_work import no_work_left  # noqa: F401 (the fixture: no work runs on)
from tests.ui.test_prep_export_roll import opened  # noqa: F401 (the fixture)


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


def test_cancelling_the_prep_sheets_of_every_scene_leaves_nothing(qtbot, opened, tmp_path, monkeypatch):
    from gmdesk.ui.panels.prep import export
    from gmdesk.ui.panels.prep.export import PrepExportDialog

    panel, store, _ = opened("cof")
    assert len(store.scenes.list()) >= 2
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    dialog.scene_combo.setCurrentIndex(dialog.scene_combo.findData(PrepExportDialog.ALL))
    out = tmp_path / "sheets" / "prep"
    out.parent.mkdir()
    dialog.path_edit.setText(str(out))
    written = []
    real = export.scene_steps

    def scene_steps(*args, **kwargs):  # the GM presses Cancel once the first scene is written
        written.append((yield from real(*args, **kwargs)))
        dialog.running_work.cancel()
        return written[-1]

    monkeypatch.setattr(export, "scene_steps", scene_steps)
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.running_work.running(), timeout=10000)
    assert dialog.running_work.outcome == "cancelled" and len(written) == 1
    assert os.listdir(out.parent) == []  # no page, no image, not the folder it made


def test_the_prep_sheet_ends_with_its_folder(qtbot, opened, tmp_path):
    from gmdesk.ui.panels.prep.export import PrepExportDialog

    panel, _, _ = opened("pf2")
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    (tmp_path / "out").mkdir()
    dialog.path_edit.setText(str(tmp_path / "out" / "gate.md"))
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("md"))
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    work = dialog.running_work
    qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    assert work.outcome == "done" and dialog.written == [tmp_path / "out" / "gate.md"]
    assert sorted(os.listdir(tmp_path / "out")) == ["gate.md", "gate_files"]  # the staging folder is gone
    assert "gate.md" in work.bar.label.text() and work._result_folder == tmp_path / "out"


def test_a_slow_prep_sheet_shows_its_bar_while_the_window_goes_on(qtbot, opened, tmp_path, monkeypatch):
    from PySide6.QtCore import QTimer

    from gmdesk.ui.panels.prep import export
    from gmdesk.ui.panels.prep.export import PrepExportDialog

    panel, _, _ = opened("pf2")
    real = export.scene_steps

    def scene_steps(*args, **kwargs):  # each piece of the page (odds, an image) takes 0.05 s
        for _ in real(*args, **kwargs):
            time.sleep(0.05)
            yield
        for _ in range(4):
            time.sleep(0.05)
            yield
        return args[2]

    monkeypatch.setattr(export, "scene_steps", scene_steps)
    ticks = []
    timer = QTimer(interval=10, timeout=lambda: ticks.append(1))
    timer.start()
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    dialog.path_edit.setText(str(tmp_path / "gate.html"))
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    work = dialog.running_work
    qtbot.waitUntil(work.bar.isVisible, timeout=2000)
    # Steps of 0.05 s to 0.1 s on the window's thread: the bar shows at the first pause past 150 ms
    # (200 ms promised; a test machine shared by many runs gets slack, still short of the 1 s work).
    assert work.shown_after < 0.6 and work.running()
    qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    timer.stop()
    assert work.outcome == "done" and len(ticks) >= 3  # the window's timers ran between the steps
