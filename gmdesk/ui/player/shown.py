"""What the GM's window tells the player window: the check its check panel shows, and the names of
the campaign's checks in both languages (a roll's label is logged in the GM's words; the players
may read another language).

The check panel calls ``shown_check`` each time it shows a check and announces the result on the bus
(``checkShown``); deciding what of it the players see is ``gmdesk.campaign.player_view``'s.
"""

from __future__ import annotations

from fractions import Fraction

from gmdesk.campaign.checks import available_checks
from gmdesk.campaign.player_view import ShownCheck
from gmdesk.rules.core import RulesError
from gmdesk.ui.panels.check_setup import TARGET_WORDS, tr


def shown_check(panel, view, chance) -> ShownCheck | None:
    """The check ``panel`` (the check panel) shows with ``view`` (its ``CheckView``); ``chance`` is
    the chance of success it shows."""
    actor = panel.actor()
    options = getattr(panel, "_options", [])
    index = panel.check_combo.currentIndex()
    if actor is None or not 0 <= index < len(options):
        return None
    option = options[index]
    # The target's name as the panel shows it (translated) back to its key, for the players' words.
    key = next((k for k, source in TARGET_WORDS.items() if tr(source) == view.target_word), "dc")
    return ShownCheck(actor.id, actor.name, actor.kind, (("en", option.label_en), ("fr", option.label_fr)),
                      Fraction(chance), key, view.target, panel.options.secret.isChecked())


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
