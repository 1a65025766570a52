"""The help's pages: each game system's, then the rulings, the house rules, the keyboard shortcuts,
the files and the command line. A page's text is ``gmdesk/resources/help/<lang>/<page>.md``; its
title is the file's first heading. No Qt here but for the shortcuts page (``shortcuts.py``)."""

from __future__ import annotations

from gmdesk import resources, systems

SHORTCUTS = "shortcuts"
AFTER_SYSTEMS = ("rulings", "house-rules", SHORTCUTS, "files", "cli")


def page_ids() -> tuple[str, ...]:
    """Every page, in the contents' order: a page per registered game system first."""
    return tuple(systems.ids()) + AFTER_SYSTEMS


def markdown(page: str, lang: str) -> str | None:
    """The page's Markdown in ``lang`` (English when that language has none); None when missing."""
    for language in dict.fromkeys((lang, "en")):
        path = resources.path("help", language, f"{page}.md")
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def title(text: str) -> str:
    """A page's title: its first heading."""
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return ""
