"""A creature's card: what its stat block prints, then its key odds against each player character
("Perception +3: spots Tobias 35 % of the time"), every figure the engine's (``campaign.threat``)."""

from __future__ import annotations

import random
import sqlite3
from fractions import Fraction
from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from gmdesk.campaign.bestiary import new_npcs
from gmdesk.campaign.bestiary_card import kind_text
from gmdesk.campaign.checks import available_checks
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.model import Character
from gmdesk.campaign.threat import STEALTH, best_attack, contest, perception_ref
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.engine.words import fill
from gmdesk.store.errors import StoreError
from gmdesk.systems.kit.bestiary import Creature
from gmdesk.ui.i18n import current_language

translate = QCoreApplication.translate


def percent(p: Fraction, lang: str) -> str:
    """"35 %" (French: "35 %" with a narrow no-break space and a decimal comma)."""
    text = percent_text(p, "," if lang == "fr" else ".", 0)
    return text.replace(" %", "\u202f%") if lang == "fr" else text


def thousands(n: int, lang: str) -> str:
    """"1,000" (French: "1 000", a narrow no-break space)."""
    return f"{n:,}".replace(",", "\u202f") if lang == "fr" else f"{n:,}"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def strength(creature: Creature, lang: str | None = None) -> str:
    """"CR 1/4 (50 XP)" or "Level 3"."""
    if creature.challenge:
        text = translate("Bestiary", "CR %1").replace("%1", creature.challenge)
    elif creature.level is not None:
        text = translate("Bestiary", "Level %1").replace("%1", str(creature.level))
    else:
        text = ""
    if creature.xp is not None:
        text += " " + translate("Bestiary", "(%1 XP)").replace("%1", thousands(creature.xp, lang or current_language()))
    return text.strip()


def row_text(creature: Creature) -> str:
    """One line of the results list: "Goblin — CR 1/4 (50 XP) · Small humanoid"."""
    kind = kind_text(creature, current_language())
    return " · ".join(x for x in (f"{creature.name} — {strength(creature)}".rstrip(" —"), kind) if x)


SHOWN_ABOVE = ("armor", "hit_dice", "hp", "ac", "size", "type")  # a bestiary's details the card already says
# The headings of the details a bestiary prints (the SRD's); what follows each stays as printed.
DETAIL_HEADINGS = {
    "alignment": QT_TRANSLATE_NOOP("Bestiary", "Alignment"),
    "languages": QT_TRANSLATE_NOOP("Bestiary", "Languages"),
    "proficiency_bonus": QT_TRANSLATE_NOOP("Bestiary", "Proficiency bonus"),
    "speed": QT_TRANSLATE_NOOP("Bestiary", "Speed"),
    "special_abilities": QT_TRANSLATE_NOOP("Bestiary", "Special abilities"),
    "damage_immunities": QT_TRANSLATE_NOOP("Bestiary", "Damage immunities"),
    "condition_immunities": QT_TRANSLATE_NOOP("Bestiary", "Condition immunities"),
    "damage_resistances": QT_TRANSLATE_NOOP("Bestiary", "Damage resistances"),
    "damage_vulnerabilities": QT_TRANSLATE_NOOP("Bestiary", "Damage vulnerabilities"),
}


def heading(key: str) -> str:
    known = DETAIL_HEADINGS.get(key)
    return translate("Bestiary", known) if known else key.replace("_", " ")


def plain(value) -> str:
    """A detail as printed: a list as "a, b", a mapping as "walk 30 ft., fly 60 ft."."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value)
    return str(value)


def as_npc(creature: Creature) -> Character:
    """The creature as the NPC Add would make (not stored), for the engine's odds."""
    return new_npcs(creature, 1, random.Random(0))[0]


def card_html(creature: Creature, party: list[Character], house_rules: HouseRules | None, lang: str,
              party_hp: dict | None = None, conditions: dict | None = None) -> str:
    """``party_hp``, ``conditions``: the party's in the fight as it stands (character id → …), counted as the
    threat table counts them: the card is the column the table would show once the creature joins."""
    npc = as_npc(creature)
    rules = house_rules or HouseRules()
    out = [f"<h3>{escape(creature.name)}</h3>"]
    kind = kind_text(creature, lang)
    out.append(f"<p><i>{escape(kind)}</i> {escape(strength(creature, lang))}</p>" if kind or strength(creature, lang) else "")
    numbers = []
    if creature.ac is not None:
        numbers.append(translate("Bestiary", "AC %1").replace("%1", str(creature.ac)))
    hp = translate("Bestiary", "HP %1").replace("%1", str(creature.hp))
    numbers.append(f"{hp} ({escape(creature.hit_dice)})" if creature.hit_dice else hp)
    out.append("<p>" + " · ".join(escape(n) for n in numbers) + "</p>")
    for key, value in list(creature.details.items())[:12]:
        if key not in SHOWN_ABOVE:
            out.append(f"<p><b>{escape(heading(str(key)))}</b> {escape(plain(value))[:300]}</p>")
    checks = []
    for option in available_checks(npc)[:40]:
        value = npc.sheet.value(option.ref) if hasattr(npc.sheet, "value") else None
        if value is not None:
            checks.append(f"{escape(option.label(lang))} {signed(value)}")
    if checks:
        out.append("<p>" + ", ".join(checks) + "</p>")
    for action in creature.actions[:20]:
        bits = [f"<b>{escape(action.name)}</b>"]
        if action.bonus is not None:
            bits.append(signed(action.bonus))
        bits += [escape(f"{d.dice} {d.type}".strip()) for d in action.damage]
        if action.dc is not None:
            bits.append(escape(translate("Bestiary", "DC %1 %2").replace("%1", str(action.dc))
                               .replace("%2", action.save)))
        out.append("<p>" + " ".join(bits) + "</p>")
    out.append(f"<p><small>{escape(creature.source)}</small></p>")
    if party:
        out.append("<h4>" + escape(translate("Bestiary", "Against the party")) + "</h4><ul>")
        out += [f"<li>{escape(line)}</li>" for line in odds_lines(npc, party, rules, lang, party_hp, conditions)]
        out.append("</ul>")
    return "".join(out)


def held_names(held: dict, c, lang: str) -> list[str]:
    """The names of ``c``'s conditions the figures count ("Frightened 2"; a GM's own condition, a
    reminder without effect, is not one of them)."""
    from gmdesk.campaign import conditions as catalogue

    out = []
    for x in held.get(c.id, ()):
        try:
            name = catalogue.condition(c.system, x.key).name(lang)
        except RulesError:
            continue
        out.append(name if x.value is None else f"{name} {x.value}")
    return out


def counting(held: dict, who, lang: str) -> str:
    """" (counting Frightened, Prone)": said after a hit or save figure that counts conditions ("" when none)."""
    names = [n for c in who for n in held_names(held, c, lang)]
    return " " + fill(translate("Bestiary", "(counting %1)"), ", ".join(names)) if names else ""


def party_in_fight(store) -> tuple[dict, dict]:
    """Each combatant's HP and conditions in the fight as it stands (character id → …); none when there
    is no fight, or it cannot be read (the Initiative says so)."""
    from gmdesk.campaign.fight_odds import as_it_stands

    try:
        return as_it_stands(store.encounter.get())
    except (StoreError, RulesError, sqlite3.Error):  # a damaged fight: the Initiative says so
        return {}, {}


def odds_lines(npc: Character, party: list[Character], rules: HouseRules, lang: str, hp: dict | None = None,
               conditions: dict | None = None) -> list[str]:
    """For each player character: the creature spotting them, and its best attack hitting them; then its
    rounds to drop each (``bestiary_card.rounds_lines``: as it would join, against the party at full HP)."""
    from gmdesk.campaign.bestiary_card import rounds_lines

    held = conditions or {}
    lines = []
    seen = perception_ref(npc)
    for pc in party:
        if seen is not None:
            cell = contest(npc, seen, pc, STEALTH, rules, lang)
            if cell is not None:
                lines.append(translate("Bestiary", "%1 %2: spots %3 %4 of the time")
                             .replace("%1", cell.label).replace("%2", signed(cell.modifier))
                             .replace("%3", pc.name).replace("%4", percent(cell.success, lang)))
        cell = best_attack(npc, pc, rules, lang, target_conditions=held.get(pc.id, ()))
        if cell is not None:
            lines.append(translate("Bestiary", "%1 %2: hits %3 (AC %4) %5 of the time")
                         .replace("%1", cell.label).replace("%2", signed(cell.modifier)).replace("%3", pc.name)
                         .replace("%4", str(cell.dc)).replace("%5", percent(cell.success, lang))
                         + counting(held, (pc,), lang))
    return lines + rounds_lines(npc, party, rules, lang, hp, held)
