"""Help › Rules (F1) and Help › Command line: a window of the app, in the GM's language.

The pages are package data (``gmdesk/resources/help/<lang>/*.md``, found as the translations are,
so a wheel and the bundle carry them); the keyboard shortcuts page is written from the window's own
actions, so it lists the keys that work. Nothing outside gmdesk is launched or opened: a link
inside a page goes to another page.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from .window import HelpWindow

__all__ = ["HelpWindow", "show_help"]


def show_help(window: QWidget, page: str | None = None) -> HelpWindow:
    """Show the help window of ``window`` (made once, then raised) at ``page`` (None: the page of the
    campaign's game system when a campaign is open, the rulings otherwise)."""
    help_window = window.findChild(HelpWindow)
    if help_window is None:
        help_window = HelpWindow(window)
    if page is None:
        store = getattr(window, "store", None)
        page = store.info.system if store is not None else "rulings"
    help_window.show_page(page)
    if help_window.isVisible():  # already open, perhaps behind the main window: bring it forward
        help_window.raise_()
        help_window.activateWindow()
    help_window.show()
    return help_window
