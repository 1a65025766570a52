"""Shadowrun Anarchy's own house-rule option (opposed and variable tests break ties on the fewer 1s
of the initial roll; off: ties go to the acting character), and its rulings (R-3, R-4, R-5) as the
house-rules dialog shows them."""

from __future__ import annotations

from fractions import Fraction

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.systems.kit.house import HouseOption
from gmdesk.systems.kit.rulings import RulingExample, Rulings

from .rules import AnarchyTest


def _flag(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(field, "must be true or false")
    return value


def _tiebreak_example(ones: bool) -> Fraction:
    """4 dice against an opposing pool of 4: the acting character's chance to win."""
    return AnarchyTest(pool=4, kind="opposed", opposing_pool=4, tie_break_ones=ones).odds()["success"]


# The seed offers it as an option; off by default: a tie goes to the acting character.
ONES_TIEBREAK = HouseOption(
    "anarchy_ones_tiebreak", lambda: False, _flag,
    title=Word("Shadowrun Anarchy: ties on hits", "Shadowrun Anarchy : égalité de réussites"),
    choices=((False, Word("An opposed or variable test tied on hits goes to the acting character (net hits 0).",
                          "Un test opposé ou variable à égalité de réussites revient au personnage qui agit "
                          "(réussites nettes 0).")),
             (True, Word("It goes to the side with fewer 1s on its initial roll (an option the text offers); "
                         "equal 1s, to the acting character.",
                         "Il revient au camp qui a le moins de 1 sur son jet initial (une option du texte) ; "
                         "à égalité de 1, au personnage qui agit."))),
    example=Word("4 dice against 4: the acting character wins {0} with ties to them, {1} with the 1s tie-break.",
                 "4 dés contre 4 : le personnage qui agit l’emporte {0} avec l’égalité en sa faveur, {1} avec le "
                 "départage par les 1."),
    figure=_tiebreak_example)
OPTIONS = (ONES_TIEBREAK,)


def _r3(ruling_on: bool) -> Fraction:
    """6 dice, threshold 3, Luck after the roll with 2 Edge rerolls (Luck alone when refused)."""
    rerolls = 0 if ruling_on else 2
    return AnarchyTest(pool=6, threshold=3, luck_after=True, rerolls=rerolls,
                       rulings=Rulings(one_reroll_per_test=ruling_on)).odds()["success"]


def _r4(ruling_on: bool) -> Fraction:
    """4 dice: the chance of a complication."""
    return AnarchyTest(pool=4, rulings=Rulings(complication_needs_a_one=ruling_on)).odds().extra["complication"]


def _r5(ruling_on: bool) -> Fraction:
    """4 dice, Luck after the roll: the chance of a complication."""
    return AnarchyTest(pool=4, luck_after=True,
                       rulings=Rulings(complication_after_luck=ruling_on)).odds().extra["complication"]


RULING_EXAMPLES = {
    "R-3": RulingExample(
        Word("R-3 · Shadowrun Anarchy: Luck and Edge rerolls", "R-3 · Shadowrun Anarchy : relances de Chance et d'Atout"),
        Word("Luck after the roll and an Edge or Trait reroll are both rerolls: a test takes one or the other.",
             "La Chance après le jet et une relance d’Atout ou de Trait sont deux relances\u202f: un test prend l’une ou l’autre."),
        Word("They combine: Luck rerolls every die that missed, then the Edge rerolls take dice that still miss.",
             "Elles se cumulent\u202f: la Chance relance tous les dés ratés, puis les relances d’Atout prennent des dés encore ratés."),
        Word("6 dice, threshold 3, Luck after the roll and 2 Edge rerolls: success {ruling} with the ruling (Luck alone), "
             "{house} with the house rule.",
             "6 dés, seuil 3, Chance après le jet et 2 relances d’Atout\u202f: réussite {ruling} avec la décision (la Chance "
             "seule), {house} avec la règle maison."),
        "success", _r3),
    "R-4": RulingExample(
        Word("R-4 · Shadowrun Anarchy: a complication needs a 1", "R-4 · Shadowrun Anarchy : une complication demande un 1"),
        Word("No 1, no complication, even without a hit.", "Pas de 1, pas de complication, même sans réussite."),
        Word("The seed's letter: as many 1s as hits or more, so a roll with no hit and no 1 is a minor complication.",
             "La lettre du texte\u202f: au moins autant de 1 que de réussites, donc un jet sans réussite ni 1 est une "
             "complication mineure."),
        Word("4 dice: complication {ruling} with the ruling, {house} with the house rule.",
             "4 dés\u202f: complication {ruling} avec la décision, {house} avec la règle maison."),
        "complication", _r4),
    "R-5": RulingExample(
        Word("R-5 · Shadowrun Anarchy: complications after a Luck reroll",
             "R-5 · Shadowrun Anarchy\u202f: complications après une relance de Chance"),
        Word("The complication is judged on the dice as they stand after the Luck reroll.",
             "La complication se juge sur les dés tels qu’ils sont après la relance de Chance."),
        Word("It is judged on the initial roll, before the Luck reroll: a 1 rerolled by Luck still counts.",
             "Elle se juge sur le jet initial, avant la relance de Chance\u202f: un 1 relancé par la Chance compte encore."),
        Word("4 dice, Luck after the roll: complication {ruling} with the ruling, {house} with the house rule.",
             "4 dés, Chance après le jet\u202f: complication {ruling} avec la décision, {house} avec la règle maison."),
        "complication", _r5),
}
