"""The player window's words, in the players' language — which need not be the GM's.

Qt's translators are application-wide: installing the players' catalogue would turn the GM's window
into it too. So the player window never calls ``QCoreApplication.translate``: ``PlayerWords`` holds
its own ``QTranslator``, loaded with the players' catalogue and never installed, and asks it
directly. Its strings are marked ``QT_TRANSLATE_NOOP("PlayerWindow", …)`` so that ``make i18n``
collects them into the same catalogue (``gmdesk/resources/i18n/fr_player.tsv``); tier names reuse the
engine's tier names (``gmdesk.engine.words``); condition names, check names and the target's name ("DC", "seuil") are
the campaign's game system's own words, in both languages.
A language switch of the GM sends LanguageChange to every widget: the player window ignores it.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTranslator

from gmdesk.campaign import conditions as condition_table
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.engine.words import COMPLICATION, TIER_NAMES, fill, tier_text
from gmdesk.ui.i18n import LANGUAGES, SOURCE_LANGUAGE, catalogue
from gmdesk.ui.theme import TIER_ORDER

CONTEXT = "PlayerWindow"
CUSTOM = "custom:"  # a GM's own condition (gmdesk.ui.panels.encounter.text): shown as typed

HEALTH = {
    "unhurt": QT_TRANSLATE_NOOP("PlayerWindow", "unhurt"),
    "wounded": QT_TRANSLATE_NOOP("PlayerWindow", "wounded"),
    "badly_wounded": QT_TRANSLATE_NOOP("PlayerWindow", "badly wounded"),
    "down": QT_TRANSLATE_NOOP("PlayerWindow", "down"),
}
# Tier names: the engine's (``gmdesk.engine.words.TIER_NAMES``), the one place the window, the exports
# and this window read them from.
assert set(TIER_NAMES) == set(TIER_ORDER)


class PlayerWords:
    """Every word the player window shows, in ``language``."""

    def __init__(self, language: str):
        self.language = language if language in LANGUAGES else SOURCE_LANGUAGE
        self._translator: QTranslator | None = None
        if self.language != SOURCE_LANGUAGE:
            translator = QTranslator()
            if translator.load(str(catalogue(self.language))):
                self._translator = translator
            else:  # no catalogue (a broken install): English rather than half-translated texts
                self.language = SOURCE_LANGUAGE
        self.decimal_point = "," if self.language == "fr" else "."

    def translate(self, context: str, source: str) -> str:
        if self._translator is None:
            return source
        return self._translator.translate(context, source) or source

    def tr(self, source: str, *args: object) -> str:
        """``source`` (marked in the PlayerWindow context) in the players' language, %1, %2… filled."""
        return fill(self.translate(CONTEXT, source), *args)  # "tour d’Aldric": French elision

    # -- what the window shows ----------------------------------------------------------------
    def health(self, key: str | None) -> str:
        return self.tr(HEALTH[key]) if key in HEALTH else ""

    def hp(self, hp: int, max_hp: int, temp_hp: int = 0) -> str:
        text = (f"{hp}/{max_hp}" if max_hp else str(hp)).replace("-", "−")
        return text + (f" +{temp_hp}" if temp_hp else "")

    def condition(self, system: str, key: str, value: int | None, rounds_left: int | None) -> str:
        if key.startswith(CUSTOM):
            name = key[len(CUSTOM):]
        else:
            try:
                name = condition_table.condition(system, key).name(self.language)
            except RulesError:
                name = key.replace("_", " ")
        label = f"{name} {value}" if value is not None else name
        return self.tr(QT_TRANSLATE_NOOP("PlayerWindow", "%1 (%2 rd)"), label, rounds_left) if rounds_left else label

    def tier(self, tier: str) -> str:
        return tier_text(tier, self.language)

    def complication(self, degree: int) -> str:
        return f"{COMPLICATION.text(self.language)} {degree}"

    def hits(self, n: int) -> str:
        singular = n == 1 or (n == 0 and self.language == "fr")  # French counts 0 and 1 as singular
        return self.tr(QT_TRANSLATE_NOOP("PlayerWindow", "%1 hit") if singular
                       else QT_TRANSLATE_NOOP("PlayerWindow", "%1 hits"), n)

    def percent(self, p: Fraction) -> str:
        return percent_text(p, self.decimal_point)
