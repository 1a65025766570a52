"""Chroniques Oubliées Fantasy's own house-rule option: the ND ladder (the seed names a difficulty
table without giving it, RULES.md §4: this one is gmdesk's own, and a campaign may edit it)."""

from __future__ import annotations

from dataclasses import dataclass

from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import at, check_str, get_str, need_dict, need_list
from gmdesk.engine.words import Word
from gmdesk.systems.kit.house import HouseOption


@dataclass(frozen=True)
class NdStep:
    """One step of the ND ladder."""

    nd: int
    label_fr: str
    label_en: str

    def to_dict(self) -> dict:
        return {"nd": self.nd, "label_fr": self.label_fr, "label_en": self.label_en}


DEFAULT_LADDER = (
    NdStep(5, "facile", "easy"),
    NdStep(10, "moyen", "average"),
    NdStep(15, "difficile", "hard"),
    NdStep(20, "très difficile", "very hard"),
    NdStep(25, "héroïque", "heroic"),
)


def check_ladder(ladder, field: str) -> list[NdStep]:
    previous = None
    for i, step in enumerate(ladder):
        sf = at(field, i)
        check_int(at(sf, "nd"), step.nd, 0, 100)
        check_str(at(sf, "label_fr"), step.label_fr)
        check_str(at(sf, "label_en"), step.label_en)
        if previous is not None and step.nd <= previous:
            raise RulesError(at(sf, "nd"), "the ladder goes up: each ND above the previous one")
        previous = step.nd
    return list(ladder)


def read_ladder(value, field: str) -> list[NdStep]:
    ladder = []
    for i, step in enumerate(need_list(field, value)):
        sf = at(field, i)
        step = need_dict(sf, step)
        ladder.append(NdStep(step.get("nd"), get_str(step, "label_fr", sf, default=""),
                             get_str(step, "label_en", sf, default="")))
    return check_ladder(ladder, field)


def ladder_words(ladder) -> Word:
    """The ladder as the check panel names it ("easy 5, average 10…"), for the dialog's example."""
    return Word(", ".join(f"{s.label_en} {s.nd}" for s in ladder), ", ".join(f"{s.label_fr} {s.nd}" for s in ladder))


OPTIONS = (HouseOption(
    "cof_nd_ladder", lambda: list(DEFAULT_LADDER), check_ladder, read_ladder, lambda ladder: [s.to_dict() for s in ladder],
    title=Word("Chroniques Oubliées: the ND ladder", "Chroniques Oubliées\u202f: l’échelle des ND"),
    explain=Word("The named difficulties the check panel offers beside the ND (gmdesk's own: the text names a "
                 "table without giving it). Each ND above the previous one; a row left empty is dropped.",
                 "Les difficultés nommées que le panneau de test propose à côté du ND (un choix de gmdesk\u202f: le "
                 "texte nomme une table sans la donner). Chaque ND au-dessus du précédent\u202f; une ligne vide est "
                 "retirée."),
    example=Word("The check panel offers: {0}.", "Le panneau de test propose\u202f: {0}."), figure=ladder_words,
    invalid=Word("each ND is a whole number from 0 to 100, above the ND of the row before it.",
                 "chaque ND est un nombre entier de 0 à 100, au-dessus du ND de la ligne précédente."),
    columns=(("nd", Word.same("ND")), ("label_en", Word("English", "Anglais")), ("label_fr", Word("French", "Français")))),)
