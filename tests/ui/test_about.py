"""What a bug report needs: ``gmdesk --version`` (the real program) and Help › About show the same
versions and data folder, About copies them, and --version still answers when Qt cannot load."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pyqtgraph
from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox

import gmdesk


def gmdesk_version(*prefix: str) -> subprocess.CompletedProcess:
    code = "import sys; from gmdesk.__main__ import main; sys.exit(main(['--version']))"
    return subprocess.run([sys.executable, "-c", "; ".join([*prefix, code])], capture_output=True, text=True,
                          timeout=60, env=os.environ.copy())


def test_version_names_every_piece_and_the_data_folder(isolated_dirs):
    result = gmdesk_version()
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"gmdesk {gmdesk.__version__}",
        f"Python {platform.python_version()} ({platform.python_implementation()})",
        f"Qt {qVersion()}",
        f"PySide6 {pyside_version}",
        f"pyqtgraph {pyqtgraph.__version__}",
        f"Platform: {platform.platform()}",
        f"Data folder: {isolated_dirs / 'gmdesk'}",
    ]


def test_version_answers_when_qt_cannot_load(isolated_dirs):
    """A machine without Qt's system libraries is when a bug report is most needed."""
    result = gmdesk_version("import sys", "sys.modules['PySide6.QtCore'] = None")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"gmdesk {gmdesk.__version__}"
    assert lines[2].startswith("Qt cannot be loaded (") and lines[-1] == f"Data folder: {isolated_dirs / 'gmdesk'}"


def test_about_shows_the_version_report_and_copies_it(make_window, qtbot, isolated_dirs):
    window = make_window()
    window.about_action.trigger()
    dialog = window.about_dialog
    qtbot.waitExposed(dialog)
    shown = dialog.versions.toPlainText()
    assert shown == gmdesk_version().stdout.rstrip("\n")
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == shown
    assert dialog.copy_button.text() == "Copied"
    dialog.buttons.button(QDialogButtonBox.StandardButton.Close).click()
    assert not dialog.isVisible()


def test_about_speaks_french(make_window, qtbot):
    window = make_window(lang="fr")
    window.about_action.trigger()
    dialog = window.about_dialog
    assert dialog.windowTitle() == "À propos de gmdesk"
    assert dialog.copy_button.text() == "Copier pour un rapport de bug"
    dialog.close()



def test_about_carries_the_srd_attribution(make_window, qtbot):
    """The SRD 5.1 creatures ship with dnd5e under CC-BY-4.0: its attribution is in the About box."""
    from gmdesk.systems.dnd5e.bestiary import ATTRIBUTION

    window = make_window()
    window.about_action.trigger()
    dialog = window.about_dialog
    qtbot.waitExposed(dialog)
    assert ATTRIBUTION in dialog.credits.text()
    assert "Creative Commons Attribution 4.0" in dialog.credits.text()
    dialog.reject()
