"""The engine's breakdown words in the window's language: ``gmdesk.campaign.breakdown_words``, the
one place the exports, the prep sheet and the window read a breakdown's words from, with the
window's current language as the default.

    words = EngineWords("pf2", names={"acrobatics": "Acrobaties"}, lang="fr")
    words.kind("proficiency")             # "maîtrise"
    words.source("acrobatics (trained)")  # "Acrobaties (entraîné)"
"""

from __future__ import annotations

from gmdesk.campaign.breakdown_words import BreakdownWords, check_names
from gmdesk.ui import i18n

__all__ = ["EngineWords", "check_names"]


class EngineWords(BreakdownWords):
    """``BreakdownWords`` in ``lang``, by default the language the window speaks now."""

    def __init__(self, system: str, names: dict[str, str] | None = None, *, lang: str | None = None):
        super().__init__(system, names, lang=lang or i18n.current_language())
