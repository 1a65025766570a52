"""The versions a bug report needs, for ``gmdesk --version`` and Help › About. Importable without Qt:
a Qt that cannot be loaded is exactly what the report must say."""

from __future__ import annotations


def version_text(lang: str | None = None) -> str:
    """gmdesk's, Python's, Qt's, PySide6's and pyqtgraph's versions and the data folder (gmdesk/about.py),
    labelled in ``lang`` (None: the window's language, English before any window)."""
    from gmdesk.about import NOT_FOUND, package_version, report

    try:
        from PySide6.QtCore import qVersion
    except ImportError as exc:  # missing system libraries: exactly what the report is asked for
        return report(f"cannot be loaded ({exc})")
    if package_version("pyqtgraph") == NOT_FOUND:  # the bundle keeps no metadata: ask the module
        try:
            import pyqtgraph  # noqa: F401
        except Exception:  # noqa: BLE001 - the report then says "not found"
            pass
    if lang is None:
        from gmdesk.ui.i18n import current_language

        lang = current_language()
    return report(qVersion(), lang)
