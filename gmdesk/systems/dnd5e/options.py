"""D&D 5e in the check panel: advantage and disadvantage, Heroic Inspiration (from the sheet, spent
on a reroll after the roll), a saving throw failed on purpose; and the dice in words."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from gmdesk.engine.words import Word
from gmdesk.systems.kit.explain import TICKED, favour_lines
from gmdesk.systems.kit.options import CheckOptions, Reroll, Resource, Toggle

from .rules import Dnd5eTest, odds_for_difference

TOGGLES = (
    Toggle("advantage", Word("Advantage", "Avantage"),
           Word("Roll two d20 and keep the higher; any disadvantage cancels it",
                "Lancer deux d20 et garder le plus haut\u202f; tout désavantage l’annule")),
    Toggle("disadvantage", Word("Disadvantage", "Désavantage"),
           Word("Roll two d20 and keep the lower; any advantage cancels it",
                "Lancer deux d20 et garder le plus bas\u202f; tout avantage l’annule")),
    # Sent even when unticked: off overrides the sheet's Heroic Inspiration for this roll.
    Toggle("inspiration", Word("Heroic Inspiration", "Inspiration héroïque"),
           Word("The odds count it as spent on a failure (ruling R-2)",
                "Les probabilités la comptent dépensée sur un échec (décision R-2)"),
           always_sent=True, from_sheet=lambda sheet: bool(getattr(sheet, "heroic_inspiration", False))),
    Toggle("fail_voluntarily", Word("Fails on purpose", "Échoue volontairement"),
           Word("The creature chooses to fail the saving throw: no roll",
                "La créature choisit de rater le jet de sauvegarde\u202f: pas de jet"), only_for=frozenset({"save"})),
)
INSPIRATION = Resource("heroic_inspiration", Word("Spend {name}'s Heroic Inspiration",
                                                  "Dépenser l’Inspiration héroïque de {name}"))
REROLL = Reroll("inspiration", Word("Spend Heroic Inspiration: reroll the lower d20",
                                    "Dépenser l’Inspiration héroïque\u202f: relancer le d20 le plus bas"), "inspiration")


def as_rolled(check):
    """The roll is made without Heroic Inspiration (the odds shown may count it, R-2): it is offered
    after the roll, and spent only if the GM takes the reroll."""
    return replace(check, inspiration=False) if getattr(check, "inspiration", False) else check


def offer_reroll(check, result, sheet, secret: bool) -> Reroll | None:
    """Heroic Inspiration when the actor holds it and a reroll can better the result (not after a
    success of a check, nor a critical hit); never on a secret roll (the player does not know)."""
    if secret or not hasattr(check, "reroll") or not getattr(sheet, "heroic_inspiration", False):
        return None
    if result.tier == check.tiers[-1]:
        return None
    return REROLL


def reroll(kind: str, check, previous, rng):
    return check, check.reroll(previous, rng)


def explain(check, lang: str) -> list[tuple[str, str]]:
    """Advantage and disadvantage with their sources (a condition, the Help action…), and a saving
    throw failed on purpose."""
    favour = list(check.advantages) + ([TICKED] if check.advantage else [])
    disfavour = list(check.disadvantages) + ([TICKED] if check.disadvantage else [])
    lines = favour_lines(favour, disfavour, Word("Advantage", "Avantage"), Word("Disadvantage", "Désavantage"), lang)
    if check.inspiration:
        lines.append((Word("Heroic Inspiration", "Inspiration héroïque").text(lang),
                      Word("a failed roll is rerolled, counted in these odds",
                           "un jet raté est relancé, compté dans ces chances").text(lang)))
    if check.fail_voluntarily:
        lines.append((Word("Fails on purpose", "Échoue volontairement").text(lang),
                      Word("no roll: the saving throw fails", "pas de jet\u202f: le jet de sauvegarde est raté").text(lang)))
    return lines


@lru_cache(maxsize=4096)
def _odds(diff: int, kind: str, mode: str, inspiration: bool) -> tuple[Fraction, ...]:
    return odds_for_difference(diff, kind, mode, inspiration)


def sweep(check):
    """A test's odds depend only on DC − modifier, its kind, the d20 mode and Heroic Inspiration:
    memoised for the session (with Inspiration and advantage, 8,000 cases per DC otherwise)."""
    if type(check) is not Dnd5eTest or check.fail_voluntarily:
        return None
    mod, kind, mode, inspiration, tiers = check.modifier, check.kind, check.mode, check.inspiration, check.tiers
    return lambda dc: dict(zip(tiers, _odds(dc - mod, kind, mode, inspiration)))


OPTIONS = CheckOptions(TOGGLES, resources={"inspiration": INSPIRATION}, as_rolled=as_rolled,
                       offer_reroll=offer_reroll, reroll=reroll, explain=explain, sweep=sweep)
