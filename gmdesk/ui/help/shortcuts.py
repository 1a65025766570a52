"""The keyboard shortcuts page, written from the main window's actions as they are now: the keys
listed are the keys that work, in the window's language, never a copy that could go stale."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


def anywhere() -> str:
    return QCoreApplication.translate("Help", "Anywhere in the window")


def _where(action: QAction, window: QWidget) -> str:
    """Where the keys work: the whole window, or the panel they belong to (its dock's title)."""
    if action.shortcutContext() in (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut) \
            or action in window.actions():  # a panel's action the window took too: its keys work all over it
        return anywhere()
    docks = getattr(window, "docks", {})
    owner = action.parent()
    while owner is not None and owner is not window:
        for dock in docks.values():
            if dock.widget() is owner:
                return dock.windowTitle()
        owner = owner.parent()
    return anywhere()


def rows(window: QWidget) -> list[tuple[str, str, str]]:
    """(keys, what they do, where) for every action of ``window`` that has keys, without repeats."""
    seen, out = set(), []
    for action in window.findChildren(QAction):
        native = QKeySequence.SequenceFormat.NativeText
        keys = ", ".join(k.toString(native) for k in action.shortcuts() if not k.isEmpty())
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if not any(c.isalpha() for c in text):  # an arrow on a button: its tooltip says what it does
            text = action.toolTip() or text
        if not keys or not text:
            continue
        row = (keys, text, _where(action, window))
        if row not in seen:
            seen.add(row)
            out.append(row)
    return sorted(out, key=lambda r: (r[2] != anywhere(), r[2], r[1].casefold()))


def page_html(window: QWidget) -> str:
    """The page as HTML (the texts escaped: an action's text is never markup)."""
    head = "".join(f"<th align='left'>{html.escape(h)}</th>" for h in
                   (QCoreApplication.translate("Help", "Keys"), QCoreApplication.translate("Help", "What they do"),
                    QCoreApplication.translate("Help", "Where")))
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows(window))
    intro = html.escape(QCoreApplication.translate(
        "Help", "The keys of the window's commands, as they are set now. A panel's keys work when the panel has the focus."))
    return (f"<h1>{html.escape(title())}</h1><p>{intro}</p>"
            f"<table cellspacing='0' cellpadding='4' border='1'><tr>{head}</tr>{body}</table>")


def title() -> str:
    return QCoreApplication.translate("Help", "Keyboard shortcuts")
