"""The Fight odds tab keeps still under the GM's cursor: picking a tactic changes its explanation (two
lines or three) and, for the GM's target order, shows the order's list, yet none of the tab's controls
moves, nor the dock's list, card and tabs above, in either language, at the dock's widths and with a
larger font. The explanation's room is the longest one's, measured again when the width, the font or
the language changes; no explanation is cut."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from gmdesk.ui.i18n import Translations

from tests.ui.test_bestiary_dock import docks_let_go  # noqa: F401 (a fixture)
from tests.ui.test_fight_odds_dock import dnd, odds_tab  # noqa: F401 (a fixture)
from tests.ui.test_messages_move_nothing import places

WIDTHS = (620, 1000)  # the dock beside the party at 1280×720, and wider
POINTS = (9, 12, 14)  # the test's font, and a GM's larger ones (three lines for some explanations)


def controls_of(panel, view) -> list:
    return [view.tactic_box, view.from_box, view.runs_box, view.seed_box, view.new_seed_button,
            view.simulate_button, panel.results, panel.card, panel.fight_tabs]


def settled(qtbot, panel, view) -> list:
    """Where the controls are once a resize of the dock is laid out to the end (the platform's resize
    arrives later, and nested layouts take a pass each): the same two looks in a row."""
    last = None
    for _ in range(50):
        now = places(panel, controls_of(panel, view))
        if now == last:
            return now
        last = now
        qtbot.wait(20)
    raise AssertionError("the dock never settles")


def text_height(about: QLabel) -> int:
    """The height the explanation shown needs at the label's width, by itself."""
    alone = QLabel(about.text(), wordWrap=True, font=about.font())
    alone.setContentsMargins(about.contentsMargins())
    return alone.heightForWidth(about.width())


def each_tactic_moves_nothing(qtbot, panel, view) -> set[int]:
    """Picks every tactic and back; returns the heights the explanations need."""
    box, about = view.tactic_box, view.tactic_about
    box.setCurrentIndex(0)
    before, heights = settled(qtbot, panel, view), set()
    for index in [*range(box.count()), 0]:
        box.setCurrentIndex(index)
        assert places(panel, controls_of(panel, view)) == before, (panel.width(), box.currentText())
        assert about.height() >= text_height(about), f"cut: {about.text()}"
        heights.add(text_height(about))
    return heights


def at_each_size(qtbot, panel, view) -> set[int]:
    lines = set()
    for points in POINTS:
        font = panel.font()
        font.setPointSize(points)
        panel.setFont(font)
        for width in WIDTHS:
            panel.resize(width, 900)
            heights = each_tactic_moves_nothing(qtbot, panel, view)
            lines.add(len(heights))
    return lines


@pytest.mark.parametrize("language", ["en", "fr"])
def test_picking_a_tactic_moves_none_of_the_controls(qtbot, dnd, language):
    translations = Translations()
    try:
        assert translations.install(language)
        panel, view = odds_tab(qtbot, dnd)
        panel.retranslate()  # as the window does for each panel
        at_each_size(qtbot, panel, view)
        view.tactic_box.setCurrentIndex(view.tactic_box.findData("order"))
        assert view.order_list.isVisible() and view.order_list.count() == len(dnd.encounter.get().combatants)
    finally:
        translations.install("en")


def test_the_room_follows_a_language_switch(qtbot, dnd):
    """Switched to French (longer explanations, of two and three lines at a larger font), the room is
    the longest French one's: picking still moves nothing, and nothing is cut."""
    translations = Translations()
    try:
        panel, view = odds_tab(qtbot, dnd)
        at_each_size(qtbot, panel, view)
        assert translations.install("fr")
        panel.retranslate()
        assert view.tactic_about.text().startswith("Chacun")
        assert max(at_each_size(qtbot, panel, view)) > 1, "some explanation shorter than another"
    finally:
        translations.install("en")
