"""Pathfinder 2's ruling (R-1) as the house-rules dialog shows it, with its worked example."""

from __future__ import annotations

from fractions import Fraction

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.fields import check_str
from gmdesk.systems.kit.house import HouseOption
from gmdesk.systems.kit.rulings import RulingExample, Rulings

from .rules import Pf2Check

PLAYTEST, RELEASE = "playtest", "release"
# Proficiency by the playtest's table (the rules gmdesk's pf2 follows) or as in the release rules,
# for a GM who plays those (characters built in Pathbuilder keep their ranks and abilities).
PROFICIENCY = HouseOption(
    "pf2_proficiency", lambda: PLAYTEST, lambda value, field: check_str(field, value, (PLAYTEST, RELEASE)),
    title=Word("Pathfinder 2: proficiency", "Pathfinder 2\u202f: maîtrise"),
    choices=((PLAYTEST, Word("As in the playtest (the default): untrained is level − 2; trained, expert, master, "
                             "legendary are level + 0, 1, 2, 3.",
                             "Comme dans la version d’essai (par défaut)\u202f: non entraîné = niveau − 2\u202f; entraîné, "
                             "expert, maître, légendaire = niveau + 0, 1, 2, 3.")),
             (RELEASE, Word("As in the release rules: untrained is +0; trained, expert, master, legendary are "
                            "level + 2, 4, 6, 8.",
                            "Comme dans les règles publiées\u202f: non entraîné = +0\u202f; entraîné, expert, maître, "
                            "légendaire = niveau + 2, 4, 6, 8."))),
    explain=Word("Changes every built character's checks, DCs and AC (odds, rolls, prep); a stat block keeps the "
                 "numbers it prints.",
                 "Change les tests, DD et CA de chaque personnage construit (chances, jets, préparation)\u202f; un "
                 "bloc de stats garde les nombres qu’il imprime."))

OPTIONS = (PROFICIENCY,)


def release(rules) -> bool:
    """True when the campaign computes proficiency as in the release rules."""
    return getattr(rules, PROFICIENCY.name, PLAYTEST) == RELEASE


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
             "+7 contre DD 20, un échec relancé\u202f: échec critique {ruling} avec la décision, {house} avec la règle maison."),
        "critical_failure", _r1),
}
