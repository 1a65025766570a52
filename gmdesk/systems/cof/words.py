"""Chroniques Oubliées Fantasy: its words in English and French (``gmdesk.engine.words``)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.target import DC, Target

NAME = Word.same('Chroniques Oubliées Fantasy')
DESCRIPTION = Word('d20 + characteristic against a difficulty (ND), plus the best path rank.', 'd20 + caractéristique contre une difficulté (ND), plus le meilleur rang de voie.')


def ladder(house_rules) -> list[tuple[int, Word]]:
    """The campaign's ND ladder (a house-rule option: ``house.OPTIONS``)."""
    return [(step.nd, Word(step.label_en, step.label_fr)) for step in house_rules.cof_nd_ladder]


TARGET = Target(DC, Word.same("ND"), Word.same("DEF"), ladder)
