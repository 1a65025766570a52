"""Numbers in boxes as the GM reads them elsewhere in the window (``number_box.NumberBox``): the Fight
odds tab's "Fights" writes "2,000" in English and "2 000" in French and takes "2000", "2 000" and
"2 000" (no-break spaces, as gmdesk's texts write it) typed in either; its seed, a name for a run
typed again as it stands, is not grouped but still reads "48 213"; the sheet's number boxes and the
ad hoc combatant's HP follow; a language switch writes the boxes again; the wheel still leaves an
unfocused box alone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from gmdesk.ui.i18n import Translations
from gmdesk.ui.number_box import NumberBox
from gmdesk.ui.numbers import number_locale

from tests.ui.test_bestiary_dock import docks_let_go  # noqa: F401 (a fixture)
from tests.ui.test_fight_odds_dock import dnd, odds_tab  # noqa: F401 (a fixture)
from tests.ui.trust_tools import wheel

GROUP = {"en": ",", "fr": "\u202f"}
TYPED = ("2000", "2 000", "2\u00a0000", "2\u202f000")


@pytest.fixture(params=["en", "fr"])
def language(request):
    translations = Translations()
    assert translations.install(request.param)
    yield request.param
    translations.install("en")


def keys(box, text: str) -> None:
    """Each character as a key press carrying it (QTest's keyClicks knows no no-break space)."""
    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(box, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char))


def type_in(qtbot, box, text: str) -> None:
    box.setFocus()
    box.selectAll()
    keys(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_the_fights_box_writes_and_reads_numbers_in_the_window_language(qtbot, dnd, language):
    _, view = odds_tab(qtbot, dnd)
    box = view.runs_box
    box.setValue(2000)
    assert box.text() == f"2{GROUP[language]}000" == number_locale().toString(2000) \
        .replace(number_locale().groupSeparator(), GROUP[language])
    for n, typed in enumerate(TYPED):
        box.setValue(100)
        type_in(qtbot, box, typed.replace("2", str(n + 2), 1))
        assert box.value() == (n + 2) * 1000, repr(typed)
        assert box.text() == f"{n + 2}{GROUP[language]}000", "written as the locale once made"
    box.setValue(100)
    type_in(qtbot, box, "12 500")
    assert box.value() == 12_500


def test_the_seed_is_not_grouped_yet_reads_a_grouped_one(qtbot, dnd, language):
    _, view = odds_tab(qtbot, dnd)
    view.seed_box.setValue(48213)
    assert view.seed_box.text() == "48213"
    type_in(qtbot, view.seed_box, "31\u202f415")
    assert view.seed_box.value() == 31415 and view.seed_box.text() == "31415"


def test_a_language_switch_writes_the_boxes_again(qtbot):
    translations = Translations()
    try:
        translations.install("en")
        box = NumberBox(minimum=0, maximum=100_000, value=12_000)
        qtbot.addWidget(box)
        assert box.text() == "12,000"
        translations.install("fr")  # sends Qt's LanguageChange to every widget
        QApplication.sendPostedEvents(box, QEvent.Type.LanguageChange)
        assert box.text() == "12\u202f000"
    finally:
        translations.install("en")


def test_a_sheets_number_box_writes_and_reads_thousands(qtbot, language):
    from gmdesk.systems.kit.form import Field
    from gmdesk.ui.sheets.editors import IntEditor

    editor = IntEditor(Field(("max_hp",), "Max HP", "int", 0, 100_000))
    qtbot.addWidget(editor.widget)
    editor.set_value(1200)
    assert editor.widget.text() == f"1{GROUP[language]}200" and editor.shows(1200)
    typed = []
    editor.typed.connect(typed.append)
    editor.widget.setFocus()
    editor.widget.selectAll()
    keys(editor.widget, "1\u00a0500")
    assert typed[-1] == 1500, "the odds follow the typing, spaces and all"


def test_the_ad_hoc_combatants_hp_writes_thousands(qtbot, language):
    from gmdesk.ui.panels.encounter.add_dialog import AddCombatantsDialog

    dialog = AddCombatantsDialog([], "dnd5e")
    qtbot.addWidget(dialog)
    dialog.hp_spin.setValue(1200)
    assert dialog.hp_spin.text() == f"1{GROUP[language]}200"


def test_the_wheel_leaves_an_unfocused_fights_box_alone(qtbot, dnd):
    from gmdesk.ui import guards

    guards.install(QApplication.instance())  # as the window does, before its widgets are polished
    _, view = odds_tab(qtbot, dnd)
    view.simulate_button.setFocus()
    before = view.runs_box.value()
    wheel(view.runs_box, 3)
    assert view.runs_box.value() == before
