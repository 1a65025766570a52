"""D&D 3.5: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.target import DC, Target

from .data import DC_LADDER

NAME = Word.same('D&D 3.5')
DESCRIPTION = Word('Skill ranks and synergies, take 10 and take 20, aid another, opposed checks.', "Rangs de compétence et synergies, faire 10 et faire 20, aider quelqu'un, tests opposés.")


def ladder(house_rules) -> list[tuple[int, Word]]:
    """The seed's DC table (0..40)."""
    return [(step.dc, Word(step.en, step.fr)) for step in DC_LADDER]


TARGET = Target(DC, Word("DC", "DD"), Word("AC", "CA"), ladder)
