"""D&D 5e, 2024 rules: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import SystemWords
from gmdesk.systems.kit.target import DC, Target

from .against import AGAINST
from .rules import DC_LADDER
from .sheet import SKILLS

NAME = Word.same('D&D 5e (2024)')
DESCRIPTION = Word('d20 tests against a DC, advantage and disadvantage, Heroic Inspiration.', 'Tests de d20 contre un DD, avantage et désavantage, Inspiration héroïque.')


# The 2024 rules' typical DCs, named.
LADDER_NAMES = {"very_easy": Word("very easy", "très facile"), "easy": Word("easy", "facile"),
                "moderate": Word("moderate", "modéré"), "hard": Word("hard", "difficile"),
                "very_hard": Word("very hard", "très difficile"),
                "nearly_impossible": Word("nearly impossible", "presque impossible")}


def ladder(house_rules) -> list[tuple[int, Word]]:
    return [(dc, LADDER_NAMES[key]) for key, dc in DC_LADDER]


# Against an opponent: its passive value (10 + modifier) sets the DC, an attack aims at its AC.
TARGET = Target(DC, Word("DC", "DD"), Word("AC", "CA"), ladder, defence=Word("its AC", "sa CA"),
                opposing_kinds=("skill", "ability", "save"), against=AGAINST)


def check_names(lang: str) -> dict[str, str]:
    """Skill keys ("sleight_of_hand") in the GM's language."""
    return {key: fr if lang == "fr" else en for key, (_, en, fr) in SKILLS.items()}


WORDS = SystemWords(check_names, phrases={"expertise": Word("expertise", "expertise")})
