"""A sheet form's labels in the window's language: the systems write them as ``Word``s (English and
French, ``gmdesk.engine.words``), or as text shown as it is (a code such as "STR", a name)."""

from __future__ import annotations

from gmdesk.systems.kit.form import text
from gmdesk.ui import i18n


def label_text(label) -> str:
    """A label, a tip or a derived value in the GM's language."""
    return text(label, i18n.current_language())
