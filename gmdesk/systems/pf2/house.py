"""Pathfinder 2's ruling (R-1) as the house-rules dialog shows it, with its worked example."""

from __future__ import annotations

from fractions import Fraction

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.rulings import RulingExample, Rulings

from .rules import Pf2Check

OPTIONS = ()


def _r1(ruling_on: bool) -> Fraction:
    """+7 vs DC 20, a failure rerolled: the chance of a critical failure."""
    return Pf2Check(20, (Modifier(7, "modifier", "ability"),), reroll_failure=True,
                    rulings=Rulings(reroll_keeps_new=ruling_on)).odds()["critical_failure"]


RULING_EXAMPLES = {
    "R-1": RulingExample(
        Word("R-1 · Pathfinder 2: a fortune or misfortune reroll", "R-1 · Pathfinder 2 : relance de chance ou de malchance"),
        Word("The new result stands.", "Le nouveau résultat compte."),
        Word("A fortune reroll keeps the better of the two results, a misfortune reroll the worse.",
             "Une relance de chance garde le meilleur des deux résultats, une relance de malchance le pire."),
        Word("+7 against DC 20, a failure rerolled: critical failure {ruling} with the ruling, {house} with the house rule.",
             "+7 contre DD 20, un échec relancé : échec critique {ruling} avec la décision, {house} avec la règle maison."),
        "critical_failure", _r1),
}
