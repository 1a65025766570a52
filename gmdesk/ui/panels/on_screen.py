"""Work a panel does for the GM's eyes only: now when they can see it, else when they next do.

Qt keeps a dock behind another dock's tab "visible" (``isVisible()`` is true): QMainWindow moves it
out of the window, with no visible region, and says so with the dock's ``visibilityChanged``. Panels
there (the Bestiary's threat table, Prep, the sheet behind the Initiative) that redrew themselves on
every turn, HP change or sheet edit made each of the GM's actions slower for figures nobody looked at.

``WhenSeen(widget, work)``: ``request()`` does ``work`` at once when the GM can see ``widget`` (or
when its window is not on screen yet: a window being built, a test), else marks it stale; it is done
when the widget comes on screen (its tab raised, its dock shown again), before that frame is painted.
``work`` reads what the panel holds at that time (its campaign, its selection), never what it held
when asked: a panel shown after a campaign switch shows the new campaign.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QDockWidget, QWidget


def on_screen(widget: QWidget) -> bool:
    """The GM can see ``widget``: shown, and not in a dock behind another dock's tab."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def seen_or_unshown(widget: QWidget) -> bool:
    """``on_screen``, or its window not shown yet (work asked then is done as asked)."""
    return not widget.window().isVisible() or on_screen(widget)


class WhenSeen(QObject):
    def __init__(self, widget: QWidget, work: Callable[[], None]):
        super().__init__(widget)
        self.widget, self.work = widget, work
        self.stale = False
        self._dock: QDockWidget | None = None
        widget.installEventFilter(self)  # a Show (a closed dock shown again) and a ParentChange

    def request(self) -> None:
        """What ``work`` shows is out of date: done now when seen, else once it comes on screen."""
        if seen_or_unshown(self.widget):
            self.stale = False
            self.work()
        else:
            self.stale = True
            self._watch_dock()

    def catch_up(self) -> None:
        """Done now if it was asked for while off screen (the panel is about to be read)."""
        if self.stale:
            self.stale = False
            self.work()

    def _seen(self, visible: bool = True) -> None:
        if not (visible and self.stale):
            return
        if on_screen(self.widget):
            self.catch_up()
        else:  # the dock not yet where QMainWindow is putting it (a layout being restored)
            QTimer.singleShot(0, self, lambda: on_screen(self.widget) and self.catch_up())

    def _watch_dock(self) -> None:
        dock = self.widget.parentWidget()
        while dock is not None and not isinstance(dock, QDockWidget):
            dock = dock.parentWidget()
        if dock is not self._dock:
            if self._dock is not None:
                self._dock.visibilityChanged.disconnect(self._seen)
            self._dock = dock
            if dock is not None:
                # Emitted once QMainWindow has put the dock back in the window (its tab raised,
                # the dock shown): the work is done then, before that frame is painted.
                dock.visibilityChanged.connect(self._seen)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.widget:
            if event.type() == QEvent.Type.Show:
                self._seen()
            elif event.type() == QEvent.Type.ParentChange:
                self._watch_dock()
        return False
