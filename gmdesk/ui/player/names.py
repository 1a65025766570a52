"""The names of the campaign's checks in both languages, for the player window: a roll's label is
logged in the GM's words; the players may read another language.

(The check the GM's check panel shows comes on the bus, ``checkShown``, from
``gmdesk.ui.panels.check.shown``; deciding what of it the players see is
``gmdesk.campaign.player_view``'s.)
"""

from __future__ import annotations

from gmdesk.campaign.checks import available_checks
from gmdesk.engine.core import RulesError


class CheckNames:
    """The campaign's check names in every language, to say a logged roll's label in the players'."""

    def __init__(self, characters=()):
        self._names: dict[str, dict[str, str]] = {}
        for character in characters:
            try:
                options = available_checks(character)
            except RulesError:
                continue
            for option in options:
                both = {"en": option.label_en, "fr": option.label_fr}
                for label in both.values():
                    self._names.setdefault(label, both)
        # Longest first: "Lore (warfare)" before "Lore".
        self._prefixes = sorted(self._names, key=len, reverse=True)

    def say(self, label: str, language: str) -> str:
        """``label`` in ``language``: a known check name, or one followed by more words ("Perception
        vs the guard": the name is translated, the rest kept); anything else as it was logged."""
        known = self._names.get(label)
        if known is not None:
            return known.get(language, label)
        for prefix in self._prefixes:
            if label.startswith(prefix + " "):
                return self._names[prefix].get(language, prefix) + label[len(prefix):]
        return label
