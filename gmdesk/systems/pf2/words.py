"""Pathfinder 2, playtest rules: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import SystemWords
from gmdesk.systems.kit.options import Toggle
from gmdesk.systems.kit.target import DC, Target

from .against import AGAINST
from .sheet import SAVES, SKILLS

NAME = Word.same('Pathfinder 2 (playtest)')
DESCRIPTION = Word('Four degrees of success, critical at 10 over or under the DC; a natural 20 or 1 shifts the degree.', 'Quatre degrés de réussite, critique à ±10 du DD\u202f; un 20 ou un 1 naturel décale le degré.')


# Against an opponent: its roll of that kind sets the DC (10 + its modifier), an attack aims at its AC.
TARGET = Target(DC, Word("DC", "DD"), Word("AC", "CA"), defence=Word("its AC", "sa CA"),
                opposing_kinds=("perception", "skill", "save"),
                attack_toggles=(Toggle("touch", Word("Touch attack (TAC)", "Attaque de contact (CAC)")),
                                Toggle("opponent_shield_raised", Word("Shield raised", "Bouclier levé"))),
                against=AGAINST)


def check_names(lang: str) -> dict[str, str]:
    """Skill and save keys ("acrobatics", "fortitude") in the GM's language."""
    return {key: fr if lang == "fr" else en for key, (_, en, fr) in {**SKILLS, **SAVES}.items()}


WORDS = SystemWords(check_names)
