"""Shadowrun Anarchy in the check panel: Luck before and after the roll (spent from the sheet), a
specialization, Edge/Trait rerolls and fewer dice; teamwork; situational dice modifiers; and Luck
after the roll offered once a roll is made."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction

from gmdesk.engine.outcomes import Replay
from gmdesk.engine.words import Word
from gmdesk.systems.kit.options import CheckOptions, Number, Reroll, Resource, Toggle


def _has_luck(sheet, ref) -> bool:
    return sheet is not None and getattr(sheet, "luck", 0) > 0


LUCK_LEFT = Word("Luck left: {n}", "Chance restante\u202f: {n}")


def _luck_left(sheet) -> Word:
    return LUCK_LEFT.filled(n=getattr(sheet, "luck", 0))


def _specialized(sheet, ref) -> bool:
    if sheet is None or ref is None or ref.kind != "skill":
        return False
    if hasattr(sheet, "specialties"):  # a stat block: its specialties by check key
        return bool(sheet.specialties.get(str(ref)))
    skill = sheet.skill(ref.key)
    return bool(skill and skill.specialization)


TOGGLES = (
    Toggle("luck_before", Word("Luck before", "Chance avant"),
           Word("Luck before the roll: every die hits on 4, 5 or 6", "Chance avant le jet\u202f: chaque dé réussit sur 4, 5 ou 6"),
           available=_has_luck, tip_note=_luck_left, spends="luck"),
    Toggle("luck_after", Word("Luck after", "Chance après"),
           Word("Luck after the roll: reroll the dice that missed (replaces Edge rerolls)",
                "Chance après le jet\u202f: relancer les dés ratés (remplace les relances d’Atouts)"),
           available=_has_luck, tip_note=_luck_left, spends="luck"),
    Toggle("specialization", Word("Specialization (+2 dice)", "Spécialisation (+2 dés)"), available=_specialized),
)
# One reroll per test (R-3): Luck after the roll replaces the Edges' rerolls, unless the house rule combines them.
NUMBERS = (
    Number("rerolls", Word("Edge/Trait rerolls:", "Relances d’Atouts/Traits\u202f:"),
           Word("from the sheet", "selon la fiche"), 3, off_with="luck_after", off_ruling="one_reroll_per_test"),
    Number("dice", Word("Dice rolled:", "Dés lancés\u202f:"), Word("the whole pool", "toute la réserve"), 60),
)
LUCK = Resource("luck", Word("Spend {name}'s Luck", "Dépenser la Chance de {name}"))
LUCK_REROLL = Reroll("luck", Word("Spend a Luck point: reroll the dice that missed",
                                  "Dépenser un point de Chance\u202f: relancer les dés ratés"), "luck")


def offer_reroll(check, result, sheet, secret: bool) -> Reroll | None:
    """Luck after the roll, when the actor has Luck left, the test is not extended and no Edge
    reroll was used (R-3); never on a secret roll."""
    if secret or check.kind == "extended" or check.luck_after or getattr(sheet, "luck", 0) < 1:
        return None
    if any(d.state == "rerolled" for d in result.dice):
        return None
    hit = 4 if check.luck_before else 5
    if not any(d.state == "kept" and d.face < hit for d in result.dice):
        return None  # every die hit: a reroll of the misses would change nothing
    return LUCK_REROLL


class _Replay(random.Random):
    """Gives back recorded d6 faces in a planned order, fresh ones where the plan says so.

    The engine rolls a test in a fixed order (helpers, the leader's dice, the leader's rerolled
    dice, the opposing pool: ``roll``'s docstring). Replaying the first roll's faces through
    ``roll`` with Luck after the roll switched on makes the engine itself reroll the misses, judge
    hits, complications (R-5) and the outcome: the rules stay in one place.
    """

    def __init__(self, plan: list[int | None], fresh: random.Random):
        super().__init__()
        self.plan = list(plan)
        self.fresh = fresh

    def randint(self, a: int, b: int) -> int:
        face = self.plan.pop(0) if self.plan else None
        return self.fresh.randint(a, b) if face is None else face


def luck_reroll(check, previous, rng: random.Random):
    """Luck after a roll already made: the same faces, the misses rerolled. (check as logged, result)."""
    hit = 4 if check.luck_before else 5
    helpers = [d.face for d in previous.dice if d.state in ("helper", "helper_rerolled")]
    leader = [d.face for d in previous.dice if d.state == "kept"]
    opponent = [d.face for d in previous.dice if d.state == "opponent"]
    misses = sum(1 for f in leader if f < hit)
    plan: list[int | None] = helpers + leader + [None] * misses + opponent
    luck_check = replace(check, luck_after=True, rerolls=0)
    return luck_check, luck_check.roll(_Replay(plan, rng))


def reroll(kind: str, check, previous, rng):
    return luck_reroll(check, previous, rng)


def luck_reroll_odds(check, previous) -> dict[str, Fraction]:
    """The odds of a Luck reroll given the roll it replaced (``GameSystem.reroll_odds``): ``check``
    is the reroll's check as logged (``luck_reroll``'s, Luck after the roll on), ``previous`` the
    first roll. Its dice are replayed as ``luck_reroll`` replays them, the leader's misses rolled
    again; only the number of new hits matters to the outcome, so each count is played once with its
    binomial weight, and the engine judges it."""
    hit = 4 if check.luck_before else 5
    helpers = [d.face for d in previous.dice if d.state in ("helper", "helper_rerolled")]
    leader = [d.face for d in previous.dice if d.state == "kept"]
    opponent = [d.face for d in previous.dice if d.state == "opponent"]
    misses = sum(1 for f in leader if f < hit)
    p_hit = Fraction(7 - hit, 6)
    out: dict[str, Fraction] = {}
    for new_hits in range(misses + 1):
        fresh = [6] * new_hits + [2] * (misses - new_hits)  # 2 misses even with Luck before the roll
        tier = check.roll(Replay(helpers + leader + fresh + opponent)).tier
        weight = math.comb(misses, new_hits) * p_hit ** new_hits * (1 - p_hit) ** (misses - new_hits)
        out[tier] = out.get(tier, Fraction(0)) + weight
    return out


def explain(check, lang: str) -> list[tuple[str, str]]:
    """What moves the dice beyond the pool's lines: Luck before or after the roll, the Edges' and
    Traits' rerolls (from the sheet unless the GM set them), each helper's teamwork."""
    lines = []
    if check.luck_before:
        lines.append((Word("Luck before", "Chance avant").text(lang),
                      Word("every die hits on 4, 5 or 6", "chaque dé réussit sur 4, 5 ou 6").text(lang)))
    if check.luck_after:
        lines.append((Word("Luck after", "Chance après").text(lang),
                      Word("the dice that missed are rerolled", "les dés ratés sont relancés").text(lang)))
    if check.rerolls:
        lines.append((Word("Edge/Trait rerolls: {n}", "Relances d’Atouts/Traits : {n}").filled(n=check.rerolls).text(lang),
                      Word("up to {n} dice that missed are rerolled", "jusqu’à {n} dés ratés sont relancés")
                      .filled(n=check.rerolls).text(lang)))
    if check.helpers:
        names = ", ".join(h.label for h in check.helpers if h.label)
        lines.append((Word("Teamwork", "Travail d’équipe").text(lang),
                      (names + " — " if names else "") + Word("their hits add dice", "leurs réussites ajoutent des dés").text(lang)))
    return lines


OPTIONS = CheckOptions(
    TOGGLES, NUMBERS, explain=explain,
    helpers=Word("Teamwork (helpers' hits add dice):", "Travail d’équipe (les réussites des assistants ajoutent des dés)\u202f:"),
    dice_modifiers=True, resources={"luck": LUCK}, offer_reroll=offer_reroll, reroll=reroll,
)
