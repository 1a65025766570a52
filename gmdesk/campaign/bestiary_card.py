"""A bestiary creature's card, as data: its stat block's numbers and its key odds against the party
("Perception +3: spots Tobias 35 % of the time", "Goblin drops Thalia in 3 rounds or fewer: 41 %"), in
the GM's language. The Bestiary dock paints it; the odds are the threat table's (``threat``) and the
rounds ``fight_odds``', for this one creature as it would join (full HP, no condition) against each
player character as they stand in the fight (``hp``, ``conditions``; full HP out of one): the column the
threat table would show once it joins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from gmdesk.engine.words import Word
from gmdesk.systems.kit.bestiary import Creature

from . import fight_odds
from .bestiary import new_npcs
from .cells import Cells, percent
from .checks import available_checks, option_label
from .house_rules import HouseRules
from .model import Character
from .threat import table

CARD_ID = 1_000_000_000  # the card's creature, not stored: an id no campaign character has
SAID_ROUNDS = 3  # "drops Thalia in 3 rounds or fewer": a short fight's length, as the threat table's hover says

SPOTS = Word("{check} {mod}: spots {name} {pct} of the time", "{check} {mod}\u202f: repère {name} {pct} du temps")
HITS = Word("{attack} {mod}: hits {name} {pct} of the time", "{attack} {mod}\u202f: touche {name} {pct} du temps")
KIND, CHALLENGE, LEVEL = Word("Size and type", "Taille et type"), Word("Challenge", "Puissance"), Word("Level", "Niveau")
XP, AC, HP, SENSES = Word("XP", "PX"), Word("AC", "CA"), Word("HP", "PV"), Word("Senses", "Sens")
SAVES = Word("{name} resists {what} (DC {dc}) {pct} of the time",
             "{name} résiste à {what} (DD {dc}) {pct} du temps")


@dataclass
class Card:
    name: str
    lines: list[tuple[str, str]] = field(default_factory=list)  # (label, value): the stat block
    checks: list[tuple[str, int]] = field(default_factory=list)  # each roll it offers and its modifier
    odds: list[str] = field(default_factory=list)  # key odds against the party, in the GM's language


def kind_text(creature: Creature, lang: str) -> str:
    """Its size and type ("Small humanoid (goblinoid)") in the GM's language where its system says them so."""
    from gmdesk import systems

    found = systems.find(creature.system)
    said = found.words.creature_kind if found is not None else None
    if said is None:
        return " ".join(x for x in (creature.size, creature.type) if x)
    return said(creature.size, creature.type, lang)


def card(creature: Creature, party: Sequence[Character], house_rules: HouseRules | None = None,
         lang: str = "en", hp: Mapping[int, int] | None = None, conditions: Mapping[int, tuple] | None = None) -> Card:
    # As Add would make it (its actions with a save kept, none in its round), at its printed HP.
    npc = new_npcs(creature, 1, random.Random(0))[0]
    npc.id, npc.name = CARD_ID, creature.name[:100] or "?"
    out = Card(creature.name)
    strength = f"{creature.challenge}" if creature.challenge else ("" if creature.level is None else str(creature.level))
    out.lines = [(label.text(lang), value) for label, value in (
        (KIND, kind_text(creature, lang)),
        (CHALLENGE if creature.challenge else LEVEL, strength),
        (XP, "" if creature.xp is None else f"{creature.xp:,}"),
        (AC, "" if creature.ac is None else str(creature.ac)),
        (HP, f"{creature.hp} ({creature.hit_dice})" if creature.hit_dice else str(creature.hp)),
        (SENSES, ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in creature.senses)),
    ) if value]
    out.lines += [(a.name, _action(a)) for a in creature.actions if a.bonus is not None or a.dc is not None]
    rules = house_rules or HouseRules()
    for option in available_checks(npc):
        if option.ref.kind in ("weapon", "attack"):
            continue
        value = creature.block.value(option.ref)
        if value is not None:
            out.checks.append((option_label(npc, option.ref, lang), value))
    threat = table(list(party), [npc], rules, {CARD_ID: creature.save_dcs()}, lang, hp, conditions=conditions)
    for pc in party:
        seen = threat.spotted.get((CARD_ID, pc.id))
        if seen is not None:
            out.odds.append(SPOTS.format(lang, check=seen.label, mod=f"{seen.modifier:+d}", name=pc.name,
                                         pct=percent(seen.success, lang)))
        hit = threat.on_party.get((CARD_ID, pc.id))
        if hit is not None:
            out.odds.append(HITS.format(lang, attack=hit.label, mod=f"{hit.modifier:+d}", name=pc.name,
                                        pct=percent(hit.success, lang)))
        for cell, action in zip(threat.saves.get((CARD_ID, pc.id), []), creature.save_dcs()):
            out.odds.append(SAVES.format(lang, name=pc.name, what=action.name, dc=cell.dc, pct=percent(cell.success, lang)))
    out.odds += rounds_lines(npc, party, rules, lang, hp, conditions)
    return out


def rounds_lines(npc: Character, party: Sequence[Character], house_rules: HouseRules | None = None,
                 lang: str = "en", hp: Mapping[int, int] | None = None,
                 conditions: Mapping[int, tuple] | None = None) -> list[str]:
    """"Goblin drops Thalia in 3 rounds or fewer: 41 %" for each player character (``fight_odds.words``),
    then the actions with a save its round leaves out ("Fire Breath not counted: set it in the round");
    why there is no figure instead, once, when its round has none (no damage model, no damage dice)."""
    cells = Cells(house_rules or HouseRules(), lang)
    lines, why = [], None
    for pc in party:
        rounds = fight_odds.drops(npc, pc, house_rules, (hp or {}).get(pc.id), cells=cells, conditions=conditions)
        if rounds is not None:
            lines.append(fight_odds.words(rounds, npc.name, pc.name, SAID_ROUNDS, lang))
        elif pc.max_hp and fight_odds.round_against(npc, pc, house_rules, lang, cells) is None:
            why = fight_odds.why_none(npc, lang)
    return lines + ([why] if why and not lines else []) + fight_odds.not_counted(npc, lang)


def _action(a) -> str:
    parts = []
    if a.bonus is not None:
        parts.append(f"{a.bonus:+d}")
    if a.damage:
        parts.append(" + ".join(f"{d.dice} {d.type}" for d in a.damage))
    if a.dc is not None:
        parts.append(f"DC {a.dc} {a.save}".strip())
    return ", ".join(parts)
