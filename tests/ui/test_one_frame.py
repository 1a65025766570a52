"""A GM's action painted in one frame (issue 25, item 4): what a turn changes in the Initiative and
the check panel is laid out and painted in the window's next frame, not spread over three or four;
a change inside a panel lays out that panel, not the whole window, unless its dock must change too."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel

from gmdesk.ui.panel_holder import PanelHolder, panel_of


class Frames(QObject):
    """Every frame of ``window`` (its ``UpdateRequest``) and, for each, the widgets painted in it."""

    def __init__(self, window):
        super().__init__()
        self.window = window
        self.frames: list[set] = []
        self.main_layouts = 0
        QApplication.instance().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind == QEvent.Type.UpdateRequest and watched is self.window:
            self.frames.append(set())
        elif kind == QEvent.Type.Paint and self.frames:
            self.frames[-1].add(watched)
        elif kind == QEvent.Type.LayoutRequest and watched is self.window:
            self.main_layouts += 1
        return False

    def stop(self) -> None:
        QApplication.instance().removeEventFilter(self)

    def painting(self, panel) -> list[int]:
        """The frames (their numbers) in which ``panel`` or a widget inside it was painted."""
        return [i for i, painted in enumerate(self.frames)
                if any(w is panel or (w.isWidgetType() and panel.isAncestorOf(w)) for w in painted)]


def settle(ms: int = 150) -> None:
    """Let the event loop run as the window would between two keys (timers and frames included)."""
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        QApplication.processEvents()


def test_a_turn_is_painted_in_one_frame(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.resize(1366, 768)
    fight, check = window.panels["encounter"], window.panels["check"]
    window.docks["encounter"].raise_()
    for _ in fight.encounter.combatants:  # a first round builds what later turns reuse (each check's bars)
        fight.next_turn()
        settle()
    for _ in range(3):
        frames = Frames(window)
        fight.next_turn()
        settle()
        frames.stop()
        assert frames.painting(fight) == [0], frames.painting(fight)
        assert frames.painting(check) == [0], frames.painting(check)
        # Both charts and the breakdown are in that frame: what the check panel shows is one picture.
        for name in ("checkTierChart", "checkSweepChart", "breakdownView"):
            assert frames.painting(check.findChild(QObject, name)) == [0], name


def test_a_change_inside_a_panel_does_not_lay_out_the_whole_window(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    fight = window.panels["encounter"]
    settle()
    frames = Frames(window)
    fight.round_label.setText(fight.round_label.text() + " ·")  # new text, the same room
    settle()
    frames.stop()
    assert frames.main_layouts == 0


def test_a_panel_that_needs_more_room_still_widens_its_dock(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    dock = window.docks["encounter"]
    holder, fight = dock.widget(), window.panels["encounter"]
    assert isinstance(holder, PanelHolder) and panel_of(holder) is fight and fight.parentWidget() is holder
    settle()
    wide = QLabel("x" * 10)
    wide.setMinimumWidth(dock.width() + 150)
    fight.layout().addWidget(wide)
    settle()
    assert dock.width() >= wide.minimumWidth()  # the dock was told, and made room
    assert fight.width() == holder.width() and fight.height() == holder.height()
