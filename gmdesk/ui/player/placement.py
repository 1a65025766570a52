"""Where the player window goes: the screen the GM picked (remembered by name and place), another
screen than the GM's by default, full screen or a large window in the middle of it; and where it
goes back when its screen is unplugged."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget


def screen_key(screen: QScreen) -> str:
    """How the GM's choice of screen is remembered: its name ("HDMI-1"), and where it is and its size,
    for two screens of one name (two X screens each call theirs "screen")."""
    g = screen.geometry()
    return f"{screen.name()}@{g.width()}x{g.height()}+{g.x()}+{g.y()}"


def pick_screen(chosen: str, mine: QScreen | None) -> QScreen:
    """The screen ``chosen`` (a ``screen_key``, or a bare name) if it is there — the same name and place,
    else the same name —, else another one than ``mine`` (the GM's window's), else ``mine``."""
    screens = QGuiApplication.screens()
    named = (next((s for s in screens if screen_key(s) == chosen), None)
             or next((s for s in screens if s.name() == chosen.split("@")[0]), None))
    if named is not None:
        return named
    return next((s for s in screens if s is not mine), mine or QGuiApplication.primaryScreen())


def place(window: QWidget, screen: QScreen, full_screen: bool) -> None:
    """Show ``window`` on ``screen``: full screen, or four fifths of it in its middle."""
    if window.isFullScreen():
        window.showNormal()  # leave full screen before moving: a window manager keeps it where it was
    window.setScreen(screen)
    area = screen.availableGeometry()
    width, height = area.width() * 4 // 5, area.height() * 4 // 5
    window.setGeometry(QRect(area.center().x() - width // 2, area.center().y() - height // 2, width, height))
    if full_screen:
        window.setGeometry(screen.geometry())  # the whole screen even where no window manager does it
        window.showFullScreen()
    else:
        window.show()


def fallback_screen(removed: QScreen, mine: QScreen | None) -> QScreen | None:
    """Where the window goes when ``removed`` is unplugged: the GM's screen, else any other."""
    if mine is not None and mine is not removed:
        return mine
    return next((s for s in QGuiApplication.screens() if s is not removed), None)
