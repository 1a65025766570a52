"""D&D 3.5: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import ATTACK_KINDS, SystemWords, keyed
from gmdesk.systems.kit.target import DC, Target

from .against import AGAINST
from .data import DC_LADDER
from .data import SKILLS

NAME = Word.same('D&D 3.5')
DESCRIPTION = Word('Skill ranks and synergies, take 10 and take 20, aid another, opposed checks.', "Rangs de compétence et synergies, faire 10 et faire 20, aider quelqu’un, tests opposés.")


def ladder(house_rules) -> list[tuple[int, Word]]:
    """The seed's DC table (0..40)."""
    return [(step.dc, Word(step.en, step.fr)) for step in DC_LADDER]


# Against an opponent: an opposed check (its skill or ability check), or its AC for an attack.
TARGET = Target(DC, Word("DC", "DD"), Word("AC", "CA"), ladder, defence=Word("its AC", "sa CA"),
                opposing_kinds=("skill", "ability"), against=AGAINST)


def check_names(lang: str) -> dict[str, str]:
    """The engine names skills in French, as the seed does: back to English for an English GM."""
    return {} if lang == "fr" else {skill.fr: skill.en for skill in SKILLS.values()}


SAVES = {"fortitude": ("Fortitude", "Vigueur"), "reflex": ("Reflex", "Réflexes"), "will": ("Will", "Volonté")}


def kind_names(lang: str) -> dict[str, str]:
    """The roll log's kinds (skill ids, saves, attacks) in the GM's language."""
    skills = {key: (skill.en, skill.fr) for key, skill in SKILLS.items()}
    return keyed(skills, SAVES, ATTACK_KINDS, lang=lang)


WORDS = SystemWords(
    check_names,
    kind_names=kind_names,
    phrases={
        "base attack bonus": Word("base attack bonus", "bonus de base à l’attaque"),
        "base fortitude save": Word("base Fortitude save", "Vigueur de base"),
        "base reflex save": Word("base Reflex save", "Réflexes de base"),
        "base will save": Word("base Will save", "Volonté de base"),
        "caster level": Word("caster level", "niveau de lanceur de sorts"),
        "class level": Word("class level", "niveau de classe"),
        "armor check penalty ×2": Word("armor check penalty ×2", "malus d’armure aux tests ×2"),
    },
    # A skill used without ranks, another idea than pf2's "untrained" rank, with another French word.
    untrained=Word("used untrained", "sans formation"),
)
