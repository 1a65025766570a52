"""A threat cell's rounds on hover, both ways: "Grikkit drops Brunhild in 3 rounds or fewer: 41 %"
(``fight_odds.words``), the rounds it takes on average, and the damage a round, exact (its mean and
its distribution, grouped when it has many values). Written when the GM hovers, never for every cell."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QCoreApplication

from gmdesk import systems
from gmdesk.campaign.bestiary_card import SAID_ROUNDS  # the card's length, said on hover too
from gmdesk.engine.core import RulesError
from gmdesk.engine.words import fill

from .card import held_names, percent

translate = QCoreApplication.translate
MAX_VALUES = 8  # values of a damage distribution said one by one; more are grouped into as many ranges


def number(x: Fraction | float, lang: str) -> str:
    """"4.5", "4,5" (one decimal, none when whole)."""
    text = f"{float(x):.1f}".removesuffix(".0")
    return text.replace(".", ",") if lang == "fr" else text


def damage_spread(dist, lang: str) -> str:
    """"0: 35 % · 4–6: 20 % · …": each value's chance, or ranges of values when there are many (no
    damage, a miss, stays apart: the GM reads it first)."""
    chances = dist.probabilities()
    hurt = sorted(v for v in chances if v != 0)
    width = 1
    if len(chances) > MAX_VALUES and hurt:
        width = -(-(hurt[-1] - hurt[0] + 1) // (MAX_VALUES - 1))  # ceiling
    groups: dict[int, list[int]] = {}
    for value in sorted(chances):
        start = value if value == 0 else hurt[0] + (value - hurt[0]) // width * width
        groups.setdefault(start, []).append(value)
    parts = []
    for values in groups.values():
        span = str(values[0]) if len(values) == 1 else f"{values[0]}–{values[-1]}"
        chance = sum((chances[v] for v in values), Fraction(0))
        parts.append(fill(translate("Bestiary", "%1: %2"), span, percent(chance, lang)))
    return " · ".join(parts)


def conditions_said(held: dict, who, lang: str) -> str:
    """"Goblin: prone · Grom: poisoned": the conditions of ``who`` the rounds count ("" when none)."""
    return " · ".join(fill(translate("Bestiary", "%1: %2"), c.name, ", ".join(held_names(held, c, lang)))
                      for c in who if held_names(held, c, lang))


def rounds_lines(t, creature, pc, house_rules, lang: str) -> list[str]:
    """The cell's rounds, the creature's on the character then the character's on the creature."""
    from gmdesk.campaign import fight_odds

    lines = fight_odds.not_counted(creature, lang)
    held = getattr(t, "conditions", {}) or {}
    said_conditions = conditions_said(held, (creature, pc), lang)
    if said_conditions:  # who holds which: the hit lines above name the conditions, not whose
        lines.append(fill(translate("Bestiary", "The rounds count the conditions as they stand: %1"), said_conditions))
    for attacker, target in ((creature, pc), (pc, creature)):
        rounds = t.rounds.get((attacker.id, target.id)) if t.rounds else None
        if rounds is None:  # no model: said once under the tab; else why (no damage dice, say)
            if systems.get(attacker.system).damage is not None:
                lines.append(fight_odds.why_none(attacker, lang))
            continue
        said = fight_odds.words(rounds, attacker.name, target.name, SAID_ROUNDS, lang)
        if rounds.never:
            lines.append(said)
            continue
        if rounds.expected is not None:
            said += " " + fill(translate("Bestiary", "(%1 rounds on average)"), number(rounds.expected, lang))
        lines.append(said)
        try:
            one = fight_odds.round_against(attacker, target, house_rules, lang, conditions=held.get(attacker.id, ()),
                                           target_conditions=held.get(target.id, ()))
        except RulesError:
            one = None
        damage = getattr(one, "damage", None)
        if damage is not None:
            lines.append(fill(translate("Bestiary", "Damage a round: %1 on average (%2)"),
                              number(damage.mean, lang), damage_spread(damage, lang)))
    return lines
