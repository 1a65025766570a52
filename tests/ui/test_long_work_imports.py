"""Many or big files to import are read off the window's thread: the bar and Cancel show in the
import preview, Add waits for the reading, and Cancel keeps nothing of what was being read."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from gmdesk.store import import_files
from gmdesk.ui.dialogs import import_dialog
from tests.ui.test_long_work import no_work_left  # noqa: F401 (the fixture: no work runs on)
from gmdesk.ui.dialogs.import_dialog import ImportDialog
from tests.ui.test_import_dialog import store  # noqa: F401 (the fixture: a pf2 demo campaign)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
FILES = [FIXTURES / "pathbuilder_mirela_vosk.json", FIXTURES / "pathbuilder_tobble_quickfoot.json"]


@pytest.fixture
def slow_reading(monkeypatch):
    """Every file is big (read off the thread) and takes 0.3 s to read."""
    real = import_files.read_import
    monkeypatch.setattr(import_dialog, "BIG_READ", 0)
    monkeypatch.setattr(import_files, "read_import", lambda *a, **k: time.sleep(0.3) or real(*a, **k))


def open_dialog(qtbot, store) -> ImportDialog:
    dialog = ImportDialog("pf2", store.characters.list())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_big_files_are_read_with_a_bar_and_add_waits(qtbot, store, slow_reading):
    dialog = open_dialog(qtbot, store)
    dialog.add_files(FILES)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and not dialog.choose_button.isEnabled()  # nothing added from half a preview
    qtbot.waitUntil(dialog.reading.bar.isVisible, timeout=2000)
    assert dialog.isAncestorOf(dialog.reading.bar)  # in the dialog, which is modal: where the GM looks
    qtbot.waitUntil(lambda: not dialog.reading.running(), timeout=10000)
    assert dialog.reading.outcome == "done"
    assert {i.name for i in dialog.found} >= {"Mirela Vosk"} and dialog.files == FILES
    assert ok.isEnabled()


def test_cancel_keeps_nothing_of_the_files_being_read(qtbot, store, slow_reading):
    before = [c.name for c in store.characters.list()]
    dialog = open_dialog(qtbot, store)
    dialog.add_files(FILES)
    qtbot.waitUntil(dialog.reading.bar.isVisible, timeout=2000)
    qtbot.mouseClick(dialog.reading.bar.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.reading.running(), timeout=10000)
    assert dialog.reading.outcome == "cancelled"
    assert dialog.found == [] and dialog.files == [] and dialog.errors == []
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.choose_button.isEnabled()
    assert [c.name for c in store.characters.list()] == before  # the campaign as it was


def test_closing_the_preview_while_reading_stops_it(qtbot, store, slow_reading):
    dialog = open_dialog(qtbot, store)
    dialog.add_files(FILES)
    dialog.reject()
    assert dialog.reading.outcome == "cancelled" and not dialog.reading.thread.isRunning()
    assert dialog.found == []
