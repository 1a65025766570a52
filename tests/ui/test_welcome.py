"""The first-run welcome dialog, driven with the mouse and the keyboard as a GM would."""

from __future__ import annotations

import ast
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QDialog
from system_tools import require_tool

from gmdesk.ui.campaign_files import DEFAULT_SYSTEM
from gmdesk.ui.dialogs import welcome
from gmdesk import systems
from gmdesk.ui import i18n
from gmdesk.ui.dialogs.welcome import WelcomeDialog, ask_system
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()

ROOT = Path(__file__).resolve().parents[2]
TSV = ROOT / "gmdesk" / "resources" / "i18n" / "fr_welcome.tsv"


@pytest.fixture
def dialog(qtbot):
    d = WelcomeDialog()
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def french() -> dict[str, str]:
    rows = [line.split("\t") for line in TSV.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert all(len(row) == 2 and row[1].strip() for row in rows), "every row: English<TAB>French"
    return dict(rows)


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(12, widget.height() // 2))


@pytest.mark.parametrize("system", SYSTEMS)
def test_click_a_system_then_open_returns_it(qtbot, dialog, system):
    click(qtbot, dialog.buttons[system])
    assert dialog.system() == system
    assert [s for s, b in dialog.buttons.items() if b.isChecked()] == [system]  # one at a time
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.isVisible()
    assert dialog.chosen_system() == system


def test_every_system_has_its_name_and_a_one_line_description(dialog):
    for system in SYSTEMS:
        assert dialog.buttons[system].text().replace("&&", "&")  # "D&D" shown, not a mnemonic
        assert dialog.descriptions[system].text() == systems.get(system).description.text("en")
    assert dialog.buttons["dnd5e"].text() == "D&&D 5e (2024)"


def test_clicking_the_description_picks_the_system(qtbot, dialog):
    qtbot.mouseClick(dialog.descriptions["anarchy"], Qt.MouseButton.LeftButton)
    assert dialog.system() == "anarchy"
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.chosen_system() == "anarchy"


def test_keyboard_only_arrows_then_enter(qtbot, dialog):
    assert dialog.system() == DEFAULT_SYSTEM
    dialog.buttons[DEFAULT_SYSTEM].setFocus()
    qtbot.keyClick(dialog.buttons[DEFAULT_SYSTEM], Qt.Key.Key_Down)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert dialog.system() == SYSTEMS[SYSTEMS.index(DEFAULT_SYSTEM) + 2]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert dialog.chosen_system() == SYSTEMS[SYSTEMS.index(DEFAULT_SYSTEM) + 2]


def test_not_now_and_escape_choose_nothing(qtbot, dialog):
    click(qtbot, dialog.buttons["cof"])
    qtbot.mouseClick(dialog.not_now_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert dialog.chosen_system() is None
    again = WelcomeDialog(initial="dnd35")
    qtbot.addWidget(again)
    again.show()
    qtbot.keyClick(again, Qt.Key.Key_Escape)
    assert again.chosen_system() is None


def test_initial_system_is_preselected(qtbot):
    d = WelcomeDialog(initial="cof")
    qtbot.addWidget(d)
    assert d.system() == "cof"
    unknown = WelcomeDialog(initial="not-a-system")
    qtbot.addWidget(unknown)
    assert unknown.system() == DEFAULT_SYSTEM


def test_ask_system_shows_the_dialog_modally_and_returns_the_pick(qtbot):
    """What the first run calls: the GM sees the dialog, clicks Shadowrun Anarchy, then Open."""
    seen = []

    def as_the_gm():
        shown = QApplication.activeModalWidget()
        seen.append(shown)
        click(qtbot, shown.buttons["anarchy"])
        qtbot.mouseClick(shown.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, as_the_gm)
    assert ask_system() == "anarchy"
    assert isinstance(seen[0], WelcomeDialog)

    QTimer.singleShot(0, lambda: qtbot.mouseClick(QApplication.activeModalWidget().not_now_button,
                                                  Qt.MouseButton.LeftButton))
    assert ask_system(initial="dnd5e") is None


def translated_strings() -> set[str]:
    """Every literal the dialog passes to translate()/tr()/QT_TRANSLATE_NOOP in its context."""
    tree = ast.parse(Path(welcome.__file__).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        literals = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if name in ("translate", "QT_TRANSLATE_NOOP") and literals[:1] == ["WelcomeDialog"]:
            found.add(literals[1])
        elif name == "tr" and literals:
            found.add(literals[0])
    return found


def test_french_table_covers_exactly_the_dialog_strings():
    strings = translated_strings()
    assert len(strings) >= 4  # title/heading, intro, two buttons (each system describes itself: its words)
    assert set(french()) == strings


def test_dialog_speaks_french_with_the_table_compiled(qtbot, dialog, tmp_path, monkeypatch):
    """The TSV, compiled as the lead's pipeline will (a .ts, then lrelease), switches the open dialog;
    the systems' descriptions (their own words) follow the window's language."""
    monkeypatch.setattr(i18n, "_current", "fr")  # what Translations.install("fr") sets
    lrelease = require_tool("pyside6-lrelease")
    ts = ET.Element("TS", version="2.1", language="fr_FR")
    context = ET.SubElement(ts, "context")
    ET.SubElement(context, "name").text = "WelcomeDialog"
    for english, french_text in french().items():
        message = ET.SubElement(context, "message")
        ET.SubElement(message, "source").text = english
        ET.SubElement(message, "translation").text = french_text
    ET.ElementTree(ts).write(tmp_path / "welcome_fr.ts", encoding="utf-8", xml_declaration=True)
    subprocess.run([str(lrelease), str(tmp_path / "welcome_fr.ts"), "-qm", str(tmp_path / "welcome_fr.qm")],
                   check=True, capture_output=True)
    translator = QTranslator()
    assert translator.load(str(tmp_path / "welcome_fr.qm"))
    app = QCoreApplication.instance()
    app.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: dialog.windowTitle() == "Bienvenue dans gmdesk")
        assert dialog.ok_button.text() == "Ouvrir la campagne de démonstration"
        assert dialog.descriptions["anarchy"].text() == "Réserves de d6, réussites sur 5 et 6, Chance, Atouts et complications."
        assert "DD" in dialog.descriptions["pf2"].text()
    finally:
        app.removeTranslator(translator)
    qtbot.waitUntil(lambda: dialog.windowTitle() == "Welcome to gmdesk")
