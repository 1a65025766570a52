"""The Fight odds tab's target order without a mouse: Alt+Up / Alt+Down move the selected combatant,
as do the two buttons beside the list (with their tooltips, in French too); the order simulated is
the one shown."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.test_bestiary_dock import docks_let_go  # noqa: F401 (a fixture)
from tests.ui.test_fight_odds_dock import dnd, odds_tab  # noqa: F401 (a fixture)


def names(view) -> list[str]:
    return [view.order_list.item(i).text() for i in range(view.order_list.count())]


def test_alt_arrows_and_the_buttons_move_the_selected_target(qtbot, dnd):
    panel, view = odds_tab(qtbot, dnd)
    view.tactic_box.setCurrentIndex(view.tactic_box.findData("order"))
    assert view.order_up.isVisible() and view.order_down.isVisible()
    before = names(view)
    assert len(before) >= 3
    view.order_list.setCurrentRow(len(before) - 1)
    view.order_list.setFocus()
    qtbot.waitUntil(view.order_list.hasFocus)
    qtbot.keyClick(view.order_list, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert names(view) == before[:-2] + [before[-1], before[-2]]
    assert view.order_list.currentRow() == len(before) - 2, "the moved one stays selected"
    qtbot.mouseClick(view.order_up, Qt.MouseButton.LeftButton)
    assert names(view)[len(before) - 3] == before[-1]
    qtbot.mouseClick(view.order_down, Qt.MouseButton.LeftButton)
    view.order_list.setFocus()
    qtbot.keyClick(view.order_list, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert names(view) == before, "down twice undoes up twice"
    view.order_list.setCurrentRow(len(before) - 1)
    qtbot.keyClick(view.order_list, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert names(view) == before, "the last stays last"
    by_name = {view.order_list.item(i).text(): view.order_list.item(i).data(Qt.ItemDataRole.UserRole)
               for i in range(view.order_list.count())}
    assert view.order() == tuple(by_name[n] for n in before)
    assert "Alt+Up" in view.order_up.toolTip() and "Alt+Down" in view.order_down.toolTip()


def test_the_move_buttons_hide_with_another_tactic(qtbot, dnd):
    panel, view = odds_tab(qtbot, dnd)
    view.tactic_box.setCurrentIndex(view.tactic_box.findData("weakest"))
    assert not view.order_up.isVisible() and not view.order_list.isVisible()
