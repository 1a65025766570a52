"""Chroniques Oubliées Fantasy: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import ATTACK_KINDS, SystemWords, keyed
from gmdesk.systems.kit.target import DC, Target

from .against import AGAINST

NAME = Word.same('Chroniques Oubliées Fantasy')
DESCRIPTION = Word('d20 + characteristic against a difficulty (ND), plus the best path rank.', 'd20 + caractéristique contre une difficulté (ND), plus le meilleur rang de voie.')


def ladder(house_rules) -> list[tuple[int, Word]]:
    """The campaign's ND ladder (a house-rule option: ``house.OPTIONS``)."""
    return [(step.nd, Word(step.label_en, step.label_fr)) for step in house_rules.cof_nd_ladder]


# Against an opponent: only an attack, at its DEF (cof sets no ND from another's roll).
TARGET = Target(DC, Word.same("ND"), Word.same("DEF"), ladder, defence=Word("its DEF", "sa DEF"), against=AGAINST)


def tidy(source: str) -> str:
    """The builder writes "voie " + the path's name: a path named "voie du traqueur" reads once, as
    the books print it ("Voie du traqueur"); a path named "traqueur" reads "Voie traqueur"."""
    if not source.startswith("voie "):
        return source
    name = source[len("voie "):]
    if name.lower().startswith("voie "):
        name = name[len("voie "):]
    return "Voie " + name


# cof is a French game: its sheets say FOR, SAG, ATC… in both languages, as the seed does; its
# "skill" modifier is a path rank.
def kind_names(lang: str) -> dict[str, str]:
    """The roll log's kinds (characteristics, attacks) in the GM's language."""
    from .sheet import CHARACTERISTICS

    return keyed(CHARACTERISTICS, ATTACK_KINDS, lang=lang)


WORDS = SystemWords(kind_names=kind_names, kinds={"skill": Word("path rank", "rang de voie")}, abbreviations=False, tidy=tidy)
