"""A GM's action painted in one frame (issue 25, item 4): what a turn changes in the Initiative and
the check panel is laid out and painted in the window's next frame, not spread over three or four."""

from __future__ import annotations

import shutil
import time
from collections import Counter

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication


class Frames(QObject):
    """Every frame of ``window`` (its ``UpdateRequest``) and, for each, the widgets painted in it."""

    def __init__(self, window):
        super().__init__()
        self.window = window
        self.frames: list[set] = []
        self.paints: list[Counter] = []  # each frame: how many times each widget was painted in it
        QApplication.instance().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind == QEvent.Type.UpdateRequest and watched is self.window:
            self.frames.append(set())
            self.paints.append(Counter())
        elif kind == QEvent.Type.Paint and self.frames:
            self.frames[-1].add(watched)
            self.paints[-1][watched] += 1
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


def test_a_turn_with_the_sheet_in_front_is_painted_in_one_frame(make_window, demo_file, qtbot):
    """The Sheet follows the combatant; a form of another shape, brought out, asked for its paint
    through posted events, and its scroll area for its scroll bars through a queued call, both
    handled after the frame: the whole form was painted again a frame later."""
    window = make_window(demo_file)
    window.resize(1366, 768)
    fight, sheet = window.panels["encounter"], window.panels["sheet"]
    window.docks["sheet"].raise_()
    for _ in fight.encounter.combatants:  # a first round builds each shape of form once
        fight.next_turn()
        settle()
    shapes = set()
    for _ in fight.encounter.combatants:
        frames = Frames(window)
        fight.next_turn()
        settle()
        frames.stop()
        shapes.add(sheet.form._body_key)
        assert frames.painting(sheet) == [0], frames.painting(sheet)
        assert frames.painting(fight) in ([], [0])  # behind the Sheet's tab: nothing, or the frame's
    assert len(shapes) > 1  # forms of other shapes were brought out


def test_an_hp_change_and_a_condition_are_painted_in_one_frame(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.resize(1366, 768)
    fight = window.panels["encounter"]
    window.docks["encounter"].raise_()
    pc = next(c for c in fight.encounter.queue() if c.kind == "pc")
    fight.apply_hp("-1", pc.id)  # the first change measures the columns later changes reuse
    settle()
    for change in (lambda: fight.apply_hp("-1", pc.id), lambda: fight.apply_hp("+1", pc.id),
                   lambda: fight.add_condition(pc.id, "frightened", 1),
                   lambda: fight.remove_condition(pc.id, "frightened")):
        frames = Frames(window)
        change()
        settle()
        frames.stop()
        assert frames.painting(fight) == [0], frames.painting(fight)


def test_docks_are_placed_at_once_never_slid(make_window, demo_file):
    """QMainWindow places its docks through animations (of no length unless a dock is dragged), each
    ending a frame later: the docks and tool bars get a style that has none."""
    from PySide6.QtWidgets import QStyle, QTabBar, QToolBar

    window = make_window(demo_file)
    chrome = list(window.docks.values()) + window.findChildren(QToolBar) + window.findChildren(QTabBar)
    assert chrome
    for widget in chrome:
        assert widget.style().styleHint(QStyle.StyleHint.SH_Widget_Animation_Duration, None, widget) == 0, widget


def test_a_campaign_switch_is_painted_in_one_frame(make_window, demo_file, tmp_path, qtbot):
    from gmdesk.ui.campaign_files import create_campaign

    other = tmp_path / "other.gmdesk"
    create_campaign(other, "pf2", "", True, "en").close()
    window = make_window(demo_file)
    window.resize(1366, 768)
    assert window.open_campaign(other)
    settle(400)  # the first switch: the window's layout settles
    for campaign in (demo_file, other, demo_file):
        frames = Frames(window)
        assert window.open_campaign(campaign)
        settle()
        frames.stop()
        check = window.panels["check"]
        assert frames.painting(check) == [0], frames.painting(check)
        assert frames.painting(window.panels["encounter"]) in ([0], []), frames.painting(window.panels["encounter"])
        # The breakdown's and the modifiers' columns fill their tables (fitted in that frame).
        for view, fill in ((check.breakdown, check.breakdown.NOTE), (check.modifiers.table, check.modifiers.SOURCE)):
            header = view.header() if hasattr(view, "header") else view.horizontalHeader()
            shown = [c for c in range(header.count()) if not header.isSectionHidden(c)]
            assert sum(header.sectionSize(c) for c in shown) >= view.viewport().width() - 1, view.objectName()
            assert header.sectionSize(fill) >= header.minimumSectionSize()


def test_a_campaign_switch_paints_each_widget_once(make_window, demo_file, tmp_path, qtbot):
    """A scroll area fills the widget it scrolls: Qt painted that widget on its own, then again with
    the rest of the frame when its children had changed too — the Sheet's whole form and the check
    panel's controls twice in the frame of a campaign switch."""
    other = tmp_path / "copy.gmdesk"
    shutil.copy(demo_file, other)
    window = make_window(demo_file)
    window.resize(1366, 768)
    window.docks["sheet"].raise_()
    assert window.open_campaign(other)
    settle(400)
    for campaign in (demo_file, other, demo_file):
        frames = Frames(window)
        assert window.open_campaign(campaign)
        settle()
        frames.stop()
        form = window.panels["sheet"].form
        assert frames.painting(form) == [0], frames.painting(form)
        twice = {type(w).__name__ + ":" + w.objectName(): n for w, n in frames.paints[0].items() if n > 1}
        assert not twice, twice


def test_what_the_window_holds_once_settled_is_kept_out_of_full_collections(make_window, demo_file, qtbot,
                                                                             monkeypatch):
    """A full collection scanned the window's charts and pyqtgraph (built after the first paint) in
    15–30 ms, now and then in the middle of a turn: once the window has settled, they are frozen."""
    import gc

    import gmdesk.ui.app as app

    settled = []
    original = app.settle_memory
    monkeypatch.setattr(app, "SETTLED_MS", 300)
    monkeypatch.setattr(app, "settle_memory", lambda: (settled.append(gc.get_freeze_count()), original()))
    window = make_window(demo_file)
    qtbot.waitUntil(lambda: bool(settled), timeout=3000)
    assert window.isVisible()
    assert gc.get_freeze_count() > settled[0]


def test_the_window_paints_on_its_own_thread(tmp_path):
    """Qt handed every tall fill to a pool of threads and waited for it: on two cores that cost more
    than the fill (a whole window repainted in 6–9 ms instead of 4). The window, started as a GM
    starts it, paints without that pool: no pooled thread appears once it has painted."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "paint.py"
    script.write_text(
        "import os, sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from gmdesk.ui.app import build_window, configure_application\n"
        "app = QApplication([])\n"
        "configure_application(app)\n"
        "window = build_window(sys.argv[1], 'en', screenshot=True)\n"
        "window.resize(1366, 768)\n"
        "window.show()\n"
        "for _ in range(50):\n"
        "    app.processEvents()\n"
        "window.grab()\n"
        "window.repaint()\n"
        "tasks = os.listdir('/proc/self/task')\n"
        "print(sorted(open(f'/proc/self/task/{t}/comm').read().strip() for t in tasks), flush=True)\n"
        "os._exit(0)  # what the window leaves at exit is not this test's business\n")
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k != "QT_NO_GUI_THREADPOOL"}
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(root), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    campaign = tmp_path / "table.gmdesk"
    subprocess.run([sys.executable, "-m", "gmdesk", "new", str(campaign), "--system", "pf2", "--demo"],
                   env=env, check=True, capture_output=True)
    done = subprocess.run([sys.executable, str(script), str(campaign)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    threads = done.stdout.strip().splitlines()[-1]
    assert "pooled" not in threads, threads


def test_a_chart_gone_is_skipped_by_the_frames(qtbot):
    """Charts are settled from the list of those built, not by searching the window: one deleted
    since (its panel closed) is passed over, one in another window is left to that window's frame."""
    from PySide6.QtWidgets import QWidget

    from gmdesk.ui import one_frame
    from gmdesk.ui.charts.tier_chart import TierBarsChart

    here, elsewhere = QWidget(), QWidget()
    qtbot.addWidget(here)
    qtbot.addWidget(elsewhere)
    kept, gone, other = TierBarsChart(here), TierBarsChart(here), TierBarsChart(elsewhere)
    here.show()
    elsewhere.show()
    prepared = []
    for chart in (kept, gone, other):
        chart.place_labels_now = lambda chart=chart: prepared.append(chart)
    gone.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    one_frame.settle_charts(here)
    assert prepared == [kept]


def test_a_docks_icons_are_built_once_per_look(qtbot):
    """Fusion built a dock's float and close icons anew from their files at each layout and paint
    of its title (the image plugins listed each time): the window's styles build each icon once,
    and again for another palette (a theme switched)."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyle, QStyleOption

    from gmdesk.ui import guards

    style = guards.ChromeStyle("Fusion")
    close = QStyle.StandardPixmap.SP_TitleBarCloseButton
    option = QStyleOption()
    first, again = style.standardIcon(close, option), style.standardIcon(close, option)
    assert not first.isNull() and first.cacheKey() == again.cacheKey()
    dark = QPalette(option.palette)
    dark.setColor(QPalette.ColorRole.Window, dark.color(QPalette.ColorRole.WindowText))
    option.palette = dark
    assert style.standardIcon(close, option).cacheKey() != first.cacheKey()


def test_the_player_windows_share_is_done_before_the_gms_frame(make_window, demo_file, qtbot):
    """The player window gathers a GM's changes on a zero timer (several make one update); left to
    that timer, its update ran after the GM's window had painted, and the players saw the turn a
    frame later still. It is done as the GM's window is about to be painted: even with its timer
    held back, the player window shows the new turn in the same pass."""
    window = make_window(demo_file)
    screen = window.player
    player = screen.open(full_screen=False)
    settle()
    fight = window.panels["encounter"]
    screen._timer.setInterval(60_000)  # the timer alone would show nothing for a minute
    before = player.turn_label.text()
    fight.next_turn()
    settle(100)
    assert player.turn_label.text() != before
    current = fight.encounter.current()
    if not current.hidden:  # the players see who acts (a hidden NPC's turn shows no name)
        assert current.name in player.turn_label.text()
    screen.close()
