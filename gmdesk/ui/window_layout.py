"""Where the docks go: the window sized to the screen, and two layouts the GM switches with one key.

- The first window takes the screen's available area (``QScreen.availableGeometry``: what the task
  bar and the panels leave), maximised; a remembered geometry is used again when it still fits a
  screen (a laptop taken off its big monitor gets a window on its own screen).
- **Table** (at the table: the fight and the odds): Initiative and the check panel large, the party
  above the queue and the roll log a one-line strip (the last roll) below.
  **Prep** (before the session): the sheet and the Prep panel (the matrix, the DC solver) large.
  F6 switches; each layout is remembered as the GM left it (docks moved, sizes, the log's strip), and
  View › Reset the layout puts the one shown back to its default.
- Each visible dock keeps its share of the window when the window changes size (maximised, moved to
  another screen, a layout saved in a smaller window): QMainWindow alone gives the growth to whatever
  area is nearest its hidden centre, the roll log usually.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStyle

from gmdesk.ui.settings import AppSettings, SavedLayout

TABLE, PREP = "table", "prep"
LAYOUTS = (TABLE, PREP)
SWITCH_SHORTCUT = "F6"  # free in Qt and in gmdesk (F11 is the player window's full screen)

# The default arrangement of each layout: which docks share the left column (top to bottom), which
# are tabs of one another, which tab is raised, and the share of the window each side takes.
# Share of the width, clamped between these (px): the sheet is large in Prep, Initiative needs less.
# 480 px: the widest sheet (anarchy's skills, in French) without scrolling sideways on a laptop.
# Prep: the sheet large, yet the check panel (a tab behind Prep) keeps room for its choices and charts.
_LEFT_WIDTH = {TABLE: (0.35, 480, 600), PREP: (0.41, 500, 700)}
_PARTY_HEIGHT = {TABLE: (0.30, 170, 300), PREP: (0.27, 160, 280)}


FRAME_SIDE, FRAME_TOP = 8, 32  # a window manager's usual borders and title bar (px)


def _clamp(share: float, low: int, high: int, total: int) -> int:
    return int(max(low, min(high, share * total)))


def available_area(window) -> QRect:
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fits_a_screen(window) -> bool:
    """The window's frame lies within one screen's available area (a restored geometry may not:
    saved on a monitor that is gone, or on a larger one)."""
    if window.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        return True  # maximised: on a screen, at its size, whatever the screen now is
    if window.isVisible():
        frame = window.frameGeometry()
        return any(screen.availableGeometry().contains(frame) for screen in QGuiApplication.screens())
    # No frame yet: the window inside the area, with room for a usual frame (borders, a title bar).
    inner = window.geometry()
    return any(area.contains(inner) and inner.width() + 2 * FRAME_SIDE <= area.width()
               and inner.height() + FRAME_TOP + FRAME_SIDE <= area.height()
               for area in (screen.availableGeometry() for screen in QGuiApplication.screens()))


def fill_the_screen(window: QMainWindow) -> None:
    """The first window: the whole available area, maximised. Its normal size (un-maximised) is that
    area less a window frame's usual margins, so it fits too."""
    area = available_area(window)
    normal = QRect(area.topLeft(), QSize(max(area.width() - 16, 640), max(area.height() - 48, 480)))
    normal.moveCenter(area.center())
    window.setGeometry(normal)
    window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


class DockShares(QObject):
    """Keeps each visible dock's share of the window when the window is resized.

    The shares are measured whenever the GM changes the layout (a dock moved or resized, by a
    separator or a tab) and put back after each resize of the window itself."""

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.window = window
        self.shares: dict[str, tuple[float | None, float | None]] = {}
        self._size = QSize()
        self._applying = False
        self._measure_later = QTimer(self, singleShot=True, interval=0)
        self._measure_later.timeout.connect(self.measure)
        for dock in window.docks.values():
            dock.installEventFilter(self)

    def area(self) -> QSize:
        """The room the docks share: the window less its menu and status bars."""
        w = self.window
        height = w.height() - w.menuBar().height() - (w.statusBar().height() if w.statusBar().isVisible() else 0)
        return QSize(max(w.width(), 1), max(height, 1))

    def shown_docks(self) -> dict[str, QDockWidget]:
        """The docks on screen in the window: visible, docked, the raised tab of their group."""
        return {name: dock for name, dock in self.window.docks.items()
                if dock.isVisible() and not dock.isFloating() and not dock.visibleRegion().isEmpty()}

    def measure(self) -> dict[str, tuple[float, float]]:
        area = self.area()
        docks = self.shown_docks()
        if self._applying or not self.window.isVisible() or not docks:
            # No dock on screen (the start page hides them): nothing to measure, and the shares
            # they will take back stay as they were.
            return self.shares
        self.shares = {name: (dock.width() / area.width(), dock.height() / area.height())
                       for name, dock in docks.items()}
        self._size = self.window.size()
        return self.shares

    def close_to(self, shares: dict[str, tuple[float | None, float | None]], within: float = 0.015) -> bool:
        """The docks on screen now have these shares of the window (to ``within``)."""
        area, docks = self.area(), self.shown_docks()
        if not shares or set(shares) - set(docks):
            return False
        for name, (width, height) in shares.items():
            dock = docks[name]
            if width is not None and abs(dock.width() / area.width() - width) > within:
                return False
            if height is not None and abs(dock.height() / area.height() - height) > within:
                return False
        return True

    def apply(self, shares: dict[str, tuple[float | None, float | None]] | None = None) -> None:
        """Give each dock its share of the window as it is now (None: leave that side as it is)."""
        if shares is not None:
            self.shares = dict(shares)
        self.window.layout().activate()  # the docks where they are now, not where they were
        docks = self.shown_docks()
        wanted = {name: share for name, share in self.shares.items() if name in docks}
        if not wanted:
            return
        area = self.area()
        self._applying = True
        try:
            for orientation, side, total in ((Qt.Orientation.Horizontal, 0, area.width()),
                                             (Qt.Orientation.Vertical, 1, area.height())):
                sizes = {name: share[side] * total for name, share in wanted.items() if share[side] is not None}
                sizes = self._within(docks, sizes, orientation, total)
                if sizes:
                    names = list(sizes)
                    self.window.resizeDocks([docks[n] for n in names], [round(sizes[n]) for n in names],
                                            orientation)
                    # resizeDocks lands a few pixels off (separators, title bars): once more, aiming
                    # that far past, so that a layout measured and put back stays as it was.
                    self.window.layout().activate()
                    got = {n: (docks[n].width() if orientation == Qt.Orientation.Horizontal else docks[n].height())
                           for n in names}
                    if any(abs(got[n] - sizes[n]) > 1 for n in names):
                        self.window.resizeDocks([docks[n] for n in names],
                                                [max(1, round(2 * sizes[n] - got[n])) for n in names], orientation)
        finally:
            self._applying = False
        self._size = self.window.size()

    def _within(self, docks: dict[str, QDockWidget], sizes: dict[str, float], orientation: Qt.Orientation,
                total: int) -> dict[str, float]:
        """``sizes`` scaled down where docks side by side (along ``orientation``) would ask for more
        than the window has (the docks not resized at their minimum): QMainWindow would grow the
        window past the screen to give it."""
        separator = self.window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, self.window)
        horizontal = orientation == Qt.Orientation.Horizontal

        def span(name: str) -> tuple[int, int]:  # the dock's extent across ``orientation``
            g = docks[name].geometry()
            return (g.top(), g.bottom()) if horizontal else (g.left(), g.right())

        def size(name: str) -> float:
            if name in sizes:
                return sizes[name]
            least = docks[name].minimumSizeHint()  # a dock not resized gives way down to its minimum
            return least.width() if horizontal else least.height()

        # Every band across the window (between two dock edges) is a line of docks side by side.
        edges = sorted({edge for name in docks for edge in span(name)})
        scale = dict.fromkeys(sizes, 1.0)
        for low, high in zip(edges, edges[1:]):
            middle = (low + high) / 2
            line = [n for n in docks if span(n)[0] <= middle <= span(n)[1]]
            asked = sum(size(n) for n in line)
            room = total - separator * (len(line) - 1)
            resized = sum(size(n) for n in line if n in sizes)
            if asked > room and resized > 0:
                factor = max(resized - (asked - room), 0) / resized
                for name in line:
                    if name in sizes:
                        scale[name] = min(scale[name], factor)
        return {name: value * scale[name] for name, value in sizes.items()}

    def window_resized(self) -> None:
        """Called by the window's resizeEvent: the docks take their shares of the new size."""
        if self.shares and self.window.isVisible() and self.window.size() != self._size:
            self.apply()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        # A dock resized while the window keeps its size: the GM moved a separator, a dock or a tab.
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide) and not self._applying \
                and self.window.size() == self._size:
            self._measure_later.start()
        return False


class WindowLayouts(QObject):
    """The Table and Prep layouts of ``window`` (a ``MainWindow``: its ``docks``, ``panels``)."""

    def __init__(self, window: QMainWindow, settings: AppSettings, remember: bool = True):
        super().__init__(window)
        self.window = window
        self.settings = settings
        self.remember = remember
        self.current = TABLE
        self.saved: dict[str, SavedLayout] = {}
        self.shares = DockShares(window)
        self._pending: dict[str, tuple[float, float]] | None = None  # applied once the window has its size
        self._raise: tuple[str, ...] = ()  # the default's raised tabs, once the window is shown
        self._restore_when_shown = False
        self._default: str | None = None  # the layout whose default shares wait for the window's size
        # Called each time the docks are where a layout puts them and measured (after a start, a
        # switch, a reset): work that would move them if done earlier waits for it (the charts).
        self.on_settled: list = []
        self._settling = False  # a last step of placing the docks is queued (``placing``)

    def dock_names(self) -> list[str]:
        return list(self.window.docks)

    # -- the default of each layout ------------------------------------------------------------
    def arrange(self, name: str) -> None:
        """Put the docks where layout ``name`` has them by default."""
        w, d = self.window, self.window.docks
        # Taken out first: tabifying docks that are already tabs elsewhere leaves ghost tab bars.
        for dock in d.values():
            w.removeDockWidget(dock)
            dock.setFloating(False)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, d["party"])
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d["check"])
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, d["log"])
        w.splitDockWidget(d["party"], d["sheet"], Qt.Orientation.Vertical)
        w.tabifyDockWidget(d["sheet"], d["encounter"])
        w.tabifyDockWidget(d["check"], d["prep"])
        w.tabifyDockWidget(d["prep"], d["analytics"])
        # Docks a later version adds go behind the check panel, never nowhere.
        for extra in (n for n in d if n not in ("party", "sheet", "encounter", "check", "prep", "analytics", "log")):
            w.tabifyDockWidget(d["check"], d[extra])
        for dock in d.values():
            dock.show()
        self._raise = ("encounter", "check") if name == TABLE else ("sheet", "prep")
        self._raise_tabs()
        self._set_log_strip(True)  # both layouts: the log is a strip until the GM grows it
        self._pending = self._default_shares(name)
        self._default = name  # its shares measured again on the window's real size once shown
        if w.isVisible():
            QTimer.singleShot(0, self._apply_pending)  # once the docks are laid out where they now are
        self._placed()

    def _placed(self) -> None:
        placed = getattr(self.window, "docks_placed", None)
        if placed is not None:
            placed()  # the start page hides them again while no campaign is open

    def _start_page(self) -> bool:
        return bool(getattr(self.window, "start_page_shown", lambda: False)())

    def docks_back(self) -> None:
        """The docks the start page hid are back: each takes its share again."""
        # The layout shown again as a start shows it (as saved, else its default): what was measured
        # while the start page covered the window (the docks before they were hidden, squeezed into a
        # window not yet laid out) is no layout the GM made.
        if self.window.isVisible():
            self._show(self.current)

    def _default_shares(self, name: str) -> dict[str, tuple[float, float]]:
        area = self.shares.area() if self.window.isVisible() else available_area(self.window).size()
        width, height = area.width(), area.height()
        left = _clamp(*_LEFT_WIDTH[name], width) / width
        party = _clamp(*_PARTY_HEIGHT[name], height) / height
        below = "encounter" if name == TABLE else "sheet"
        right = "check" if name == TABLE else "prep"
        # The right column's height is what the log leaves; the party and the dock below it share the
        # left column (both asked for: QMainWindow moves a separator only so far for one).
        return {"party": (left, party), below: (left, 1 - party), right: (1 - left, None)}

    def _raise_tabs(self, done: bool = False) -> None:
        # A window not yet laid out has no tab bars: raised now, and again once it is (``done``).
        for name in self._raise:
            self.window.docks[name].raise_()
        if done and self.window.isVisible():
            self._raise = ()

    def _apply_pending(self) -> None:
        self._raise_tabs(done=True)
        if self._pending is not None and self.window.isVisible():
            restored = self._default is None
            if self._default is not None:  # sized on the screen before the window had its own size
                self._pending = self._default_shares(self._default)
            shares, self._pending, self._default = self._pending, None, None
            self._settling = True
            if restored and self.shares.close_to(shares):
                # restoreState put every dock back as it was (the window has the size it had):
                # resizing them again would move each separator a few pixels at every start.
                QTimer.singleShot(0, self._settled)
                return
            self.shares.apply(shares)
            # Once more when the raised tabs are laid out (a tab raised just now is not yet "shown",
            # and its column would keep the width the other layout gave it), then measured.
            QTimer.singleShot(0, lambda: (self.shares.apply(shares), QTimer.singleShot(0, self._settled)))

    @property
    def placing(self) -> bool:
        """The docks are being put where a layout has them, over a few turns of the event loop (a
        restored state, then each dock's share): the window's layouts are left to Qt's own order
        meanwhile (``one_frame``: done early, a step in between moved the docks by a few pixels)."""
        return self._pending is not None or self._settling

    def _settled(self) -> None:
        self._settling = False
        self.shares.measure()
        for then in list(self.on_settled):
            then()

    # -- switching, remembering ------------------------------------------------------------------
    def restore(self) -> None:
        """At start: the layout the GM used last, as they left it (the default when none is saved)."""
        name = self.settings.layout_name()
        self.current = name if name in LAYOUTS else TABLE
        for layout in LAYOUTS:
            saved = self.settings.saved_layout(layout, self.dock_names())
            if saved is not None:
                self.saved[layout] = saved
        # Restored once the window is shown: QMainWindow.restoreState on a window never shown, then
        # again once shown (the next layout switch), crashes Qt 6.
        if self.window.isVisible():
            self._show(self.current)
        else:
            self._restore_when_shown = True

    def switch(self, name: str | None = None) -> None:
        """Show layout ``name`` (the other one when None), keeping the one left as the GM made it."""
        name = name or (PREP if self.current == TABLE else TABLE)
        if name not in LAYOUTS or name == self.current:
            return
        if not self._start_page():  # docks hidden by the start page: the layout as it was saved
            self.saved[self.current] = self.capture()
        self.current = name
        self._show(name)

    def reset(self) -> None:
        """View › Reset the layout: the layout shown goes back to its default."""
        self.saved.pop(self.current, None)
        self.arrange(self.current)

    def _show(self, name: str) -> None:
        saved = self.saved.get(name)
        if saved is None or not self.window.restoreState(saved.state, self._version()):
            self.arrange(name)
            return
        self._set_log_strip(saved.log_strip)
        self._raise = ()
        self._pending, self._default = saved.fractions or None, None
        if self.window.isVisible():
            QTimer.singleShot(0, self._apply_pending)
        self._placed()

    def capture(self) -> SavedLayout:
        shares = self.shares.measure() if self.window.isVisible() else (self._pending or self.shares.shares)
        return SavedLayout(self.window.saveState(self._version()), dict(shares), self.log_strip())

    def save(self) -> None:
        """Into the settings: the layout shown as it is now, the other as it was left."""
        if not self.remember:
            return
        if not self._start_page():
            self.saved[self.current] = self.capture()
        for name, layout in self.saved.items():
            self.settings.save_layout(name, self.dock_names(), layout)
        self.settings.set_layout_name(self.current)

    @staticmethod
    def _version() -> int:
        from gmdesk.ui.settings import LAYOUT_VERSION

        return LAYOUT_VERSION

    # -- the log's strip -------------------------------------------------------------------------
    def log_strip(self) -> bool:
        log = self.window.panels.get("log")
        return bool(log is not None and getattr(log, "is_strip", lambda: False)())

    def _set_log_strip(self, strip: bool) -> None:
        log = self.window.panels.get("log")
        if log is not None and hasattr(log, "set_strip"):
            log.set_strip(strip)

    # -- the window's events (called by MainWindow) -----------------------------------------------
    def shown(self) -> None:
        if self._restore_when_shown:
            self._restore_when_shown = False
            self._show(self.current)
        QTimer.singleShot(0, self._apply_pending)

    def resized(self) -> None:
        if self._pending is not None:
            self._apply_pending()
        else:
            self.shares.window_resized()
