"""D&D 5e, 2024 rules: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import ATTACK_KINDS, SystemWords, keyed
from gmdesk.systems.kit.target import DC, Target

from .against import AGAINST
from .creature_words import creature_kind
from .rules import DC_LADDER
from .sheet import ABILITY_NAMES, SKILLS

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


def kind_names(lang: str) -> dict[str, str]:
    """The roll log's kinds (abilities, whose saves read "Force (sauvegarde)", attacks) in the GM's language."""
    return keyed(ABILITY_NAMES, ATTACK_KINDS, lang=lang)


WORDS = SystemWords(check_names, phrases={"expertise": Word("expertise", "expertise")}, kind_names=kind_names,
                    creature_kind=creature_kind)
