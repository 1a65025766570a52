"""D&D 5e's own house-rule option (which ability a finesse weapon uses: the better of Str and Dex, as
the rules say, or always the one the GM names), and its ruling (R-2) as the house-rules dialog shows it."""

from __future__ import annotations

from fractions import Fraction

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.fields import check_str
from gmdesk.systems.kit.house import HouseOption
from gmdesk.systems.kit.rulings import RulingExample

from .rules import Dnd5eTest

FINESSE = ("best", "str", "dex")



def _finesse(choice: str) -> Fraction:
    """A rapier attack by a level 1 character with Str 12 (+1) and Dex 16 (+3) against AC 15: the chance to hit."""
    ability = {"best": 3, "str": 1, "dex": 3}[choice]
    odds = Dnd5eTest(15, (Modifier(ability, "ability"), Modifier(2, "proficiency")), kind="attack").odds()
    return sum((p for tier, p in odds.tiers.items() if tier != "miss"), Fraction(0))


OPTIONS = (HouseOption(
    "dnd5e_finesse", lambda: "best", lambda value, field: check_str(field, value, FINESSE),
    title=Word("D&D 5e: finesse weapons", "D&D 5e\u202f: armes de finesse"),
    choices=(("best", Word("The better of Strength and Dexterity, as the rules say.",
                           "La meilleure de la Force et de la Dextérité, comme le disent les règles.")),
             ("str", Word("Always Strength.", "Toujours la Force.")),
             ("dex", Word("Always Dexterity.", "Toujours la Dextérité."))),
    example=Word("A rapier, Str 12 and Dex 16, +2 proficiency, against AC 15: hits {0} with the better, {1} with "
                 "Strength, {2} with Dexterity.",
                 "Une rapière, For 12 et Dex 16, maîtrise +2, contre CA 15\u202f: touche {0} avec la meilleure, {1} "
                 "avec la Force, {2} avec la Dextérité."),
    figure=_finesse),)


def _r2(ruling_on: bool) -> Fraction:
    """+5 vs DC 15 with Heroic Inspiration (RULES.md's worked case): the chance of success."""
    return Dnd5eTest(15, (Modifier(5, "modifier"),), inspiration=ruling_on).odds()["success"]


RULING_EXAMPLES = {
    "R-2": RulingExample(
        Word("R-2 · D&D 5e: Heroic Inspiration in the odds", "R-2 · D&D 5e : l'Inspiration héroïque dans les chances"),
        Word("The odds count it as spent on a failed test, rerolling the lower d20.",
             "Les chances la comptent comme dépensée sur un test raté, en relançant le plus bas des d20."),
        Word("The odds leave it out; the player rerolls by hand after the roll.",
             "Les chances l’ignorent\u202f; le joueur relance à la main après le jet."),
        Word("+5 against DC 15 with Heroic Inspiration: success {ruling} with the ruling, {house} with the house rule.",
             "+5 contre DD 15 avec l’Inspiration héroïque\u202f: réussite {ruling} avec la décision, {house} avec la règle maison."),
        "success", _r2),
}
