"""Issue 23, item 6: undoing "roll initiative" puts the queue back and takes its rolls back too: they
stay in the append-only log, struck through, and the statistics and exports leave them out; a redo
counts them again."""

from __future__ import annotations

import io
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmdesk.analytics.report import analyse
from gmdesk.store.exports import export_log
from gmdesk.ui.panels.log.model import RollLogModel
from tests.ui.conftest import campaign_file

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def press(qtbot, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget() or QApplication.activeWindow(), key, modifiers)


def dice(store) -> list:
    return [(d.sides, d.counts) for d in analyse(store).dice]


def exported(store) -> list[str]:
    out = io.StringIO()
    export_log(store.log, "csv", out)
    return out.getvalue().splitlines()


def player_rolls(player) -> list[int]:
    m = player.rolls_model
    return [m.index(r, 0).data(m.IdRole) for r in range(m.rowCount())]


def struck(model, row: int) -> bool:
    font = model.index(row, model.ACTOR).data(Qt.ItemDataRole.FontRole)
    return font is not None and font.strikeOut()


def test_undoing_initiative_marks_its_rolls_and_redo_counts_them_again(qtbot, make_window, tmp_path):
    window = make_window(campaign_file(tmp_path, "dnd5e"))
    store, fight, log = window.store, window.panels["encounter"], window.panels["log"]
    fight.rng = random.Random(11)
    queue, lines, counted = store.encounter.get().to_dict(), exported(store), dice(store)
    count = store.log.count()

    window.docks["analytics"].show()
    window.docks["analytics"].raise_()  # the Analytics panel in view: it follows the table live
    analytics = window.panels["analytics"]
    # Computed off the window's thread: a loaded CI core may take longer than pytest-qt's 5 s.
    qtbot.waitUntil(lambda: analytics.report is not None and not analytics._stale, timeout=30_000)
    shown_dice = [(d.sides, d.counts) for d in analytics.report.dice]
    assert shown_dice == counted
    window.player.open_action.trigger()  # the players' screen: the last public rolls
    player = window.player.window
    press(qtbot, Qt.Key.Key_I)  # roll initiative for everyone
    rolled = store.log.count() - count
    ids = [log.model.index(r, 0).data(RollLogModel.IdRole) for r in range(rolled)]
    after_lines, after_dice = exported(store), dice(store)
    assert rolled > 0 and len(after_lines) == len(lines) + rolled and after_dice != counted

    window.player.flush()
    assert set(ids) & set(player_rolls(player))  # public initiative rolls on the players' screen
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert store.encounter.get().to_dict() == queue  # the order is back…
    assert store.log.count() == count + rolled  # …the log keeps every roll (append-only)…
    assert all(store.log.get(i).undone for i in ids)  # …marked as taken back
    assert dice(store) == counted and exported(store) == lines  # not counted, not exported
    assert all(struck(log.model, r) for r in range(rolled)) and not struck(log.model, rolled)
    assert "undo" in log.model.index(0, log.model.ACTOR).data(Qt.ItemDataRole.ToolTipRole)
    assert log.strip.roll.font().strikeOut()
    assert [(d.sides, d.counts) for d in analytics.report.dice] == counted  # the panel counted again
    window.player.flush()
    assert not set(ids) & set(player_rolls(player))  # and the players no longer see them

    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    assert not any(store.log.get(i).undone for i in ids)
    assert dice(store) == after_dice and exported(store) == after_lines
    assert not any(struck(log.model, r) for r in range(rolled)) and not log.strip.roll.font().strikeOut()
