"""What the store's one write guard refused (``gmdesk.store.write_guard``), said in the GM's language.

The store speaks English; the window says the same thing in the window's language, naming the file
the GM picked. Any other refusal of the store (damaged, newer, read-only, the disk full, not a
campaign, an unknown game system) in the same words as ``gmdesk … --lang fr`` says it
(``gmdesk.store.refusal_words``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate


def refusal_text(exc: BaseException) -> str:
    """``exc`` as the window shows it: the guard's refusals translated, the store's and the importers'
    said in the window's language (``refusal_words.said``), anything else as it reads."""
    kind = getattr(exc, "kind", "")
    path = getattr(exc, "path", None)
    name = path.name if path is not None else ""
    if kind == "protected":
        return translate("WriteGuard", "“%1” is a campaign, a database or one of their side files, or has a "
                                       ".gmdesk name: gmdesk never writes over those. Choose another file.").replace("%1", name)
    if kind == "side_file":
        return translate("WriteGuard", "“%1” cannot be a campaign's name: SQLite keeps a database's side files "
                                       "under names ending in -wal, -shm or -journal. Choose a name ending in "
                                       ".gmdesk.").replace("%1", name)
    from gmdesk.engine.core import RulesError
    from gmdesk.store.refusal_words import said
    from gmdesk.ui.i18n import current_language

    lang = current_language()
    if isinstance(exc, RulesError) and exc.field.startswith("--"):  # a command line option: no such thing here
        return exc.said(lang) if exc.fr else said(exc.rule, lang)
    return said(exc, lang)


def refusal_line(exc: BaseException | str) -> str:
    """A refusal (or a "file: why" line) on one short line, in the window's language: the status line of a
    dock, a list of files refused."""
    text = refusal_text(exc) if isinstance(exc, BaseException) else _said_line(exc)
    return (text.splitlines() or [""])[0][:300] or type(exc).__name__


def _said_line(text: str) -> str:
    from gmdesk.store.refusal_words import said
    from gmdesk.ui.i18n import current_language

    return said(text, current_language())
