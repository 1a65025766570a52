"""Help › Rules and Help › Command line: the project's own docs (docs/rules.md, docs/cli.md).

``doc_path`` is the one place that knows where those files live: inside the installed package
(``gmdesk/docs/``, when packaging ships them as package data) or in the checkout beside the sources
(``docs/``). Packaging may move them; only this function follows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

DOCS = ("rules.md", "cli.md")


def doc_path(name: str) -> Path | None:
    """The file ``docs/<name>`` of this gmdesk, or None when neither place has it."""
    if name not in DOCS:
        raise ValueError(f"unknown document {name!r}; one of {', '.join(DOCS)}")
    package = Path(__file__).resolve().parents[1]  # gmdesk/
    for folder in (package / "docs", package.parent / "docs"):
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


def open_doc(name: str) -> Path | None:
    """Open the document in the desktop's viewer for Markdown; its path, or None when missing."""
    path = doc_path(name)
    if path is not None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
    return path
