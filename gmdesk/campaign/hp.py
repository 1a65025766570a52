"""Hit points in a fight (issue 5): the GM's quick entry, damage, healing, temporary HP, and when a
combatant is downed or dead. Operations mutate the encounter and return ``Event``s (see
``initiative``).

HP entry: "-7" damage (temporary HP absorb first), "+5" healing (not above ``max_hp``; a
``max_hp`` of 0 means not tracked: no cap), "t10" temporary HP (not cumulative: the higher stays).
Downed and dead, a simple rule per system (``GameSystem.fight``: how low HP go, ``hp_floor``, and
the state damage leaves a combatant in, ``after_damage``; the GM can always ``set_state``):

- dnd5e: HP stop at 0. A PC at 0 is downed; dead when the damage left over after 0 is at least
  its max HP (massive damage). An NPC at 0 is dead.
- pf2: HP stop at 0. A PC at 0 is downed (dying); dead when one hit deals at least twice its max
  HP (massive damage). An NPC at 0 is dead.
- dnd35: HP go negative: at 0 or below downed (disabled, dying), at −10 or below dead; everyone.
- cof: HP stop at 0. A PC at 0 is downed, an NPC at 0 is dead.
- anarchy: at 0 downed (out of the fight); never dead by itself, the GM decides.

Healing above 0 brings a downed combatant back to active; the dead are not healed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import check_str

from .fight_queue import Event, _system
from .model import STATES, Combatant, Encounter


@dataclass(frozen=True)
class HpEntry:
    kind: str  # damage | heal | temp
    amount: int


_HP_ENTRY = re.compile(r"^([+\-−]|[tT])\s*(\d{1,6})$")
HP_KINDS = {"-": "damage", "−": "damage", "+": "heal", "t": "temp", "T": "temp"}


def parse_hp_entry(text: str) -> HpEntry:
    """"-7" damage, "+5" healing, "t10" temporary HP (spaces allowed: "- 7")."""
    m = _HP_ENTRY.match(text.strip()) if isinstance(text, str) else None
    if m is None:
        raise RulesError("hp", f"type -7 for damage, +5 for healing, t10 for temporary HP; got {text!r}")
    return HpEntry(HP_KINDS[m.group(1)], int(m.group(2)))


def apply_hp(enc: Encounter, system: str, combatant_id: int, entry: str | HpEntry) -> list[Event]:
    """Apply a quick HP entry, then the system's downed/dead rule (see the module docstring)."""
    system, c = _system(system), enc.by_id(combatant_id)
    e = parse_hp_entry(entry) if isinstance(entry, str) else entry
    check_str("hp", e.kind, ("damage", "heal", "temp"))
    check_int("hp", e.amount, 0, 100000)
    hp, temp = c.hp, c.temp_hp
    if e.kind == "temp":
        c.temp_hp = max(temp, e.amount)  # temporary HP never add up: the higher stays
        kept = "kept" if c.temp_hp == temp and e.amount < temp else "now"
        return [Event("temp_hp", c.id, f"{c.name}: temporary HP {kept} {c.temp_hp}",
                      {"temp_hp": c.temp_hp, "before": temp, "offered": e.amount})]
    if e.kind == "heal":
        if c.state == "dead":
            raise RulesError("hp", f"{c.name} is dead: healing does not bring them back (set the state by hand)")
        c.hp = hp + e.amount if c.max_hp == 0 else max(hp, min(c.max_hp, hp + e.amount))
        events = [Event("heal", c.id, f"{c.name} heals {c.hp - hp}", {"amount": c.hp - hp, "hp": c.hp, "before": hp})]
        if c.state == "downed" and c.hp > 0:
            events += set_state(enc, c.id, "active")
        return events
    absorbed = min(temp, e.amount)
    rest = e.amount - absorbed
    c.temp_hp = temp - absorbed
    fight = systems.get(system).fight
    c.hp = max(hp - rest, fight.hp_floor)
    on_temp = f" ({absorbed} on temporary HP)" if absorbed else ""
    events = [Event("damage", c.id, f"{c.name} takes {e.amount}{on_temp}",
                    {"amount": e.amount, "absorbed": absorbed, "hp": c.hp, "before": hp, "temp_hp": c.temp_hp})]
    state = fight.after_damage(c, hp, rest)
    if state != c.state and STATES.index(state) > STATES.index(c.state):  # damage only ever makes it worse
        events += set_state(enc, c.id, state)
    return events


def set_state(enc: Encounter, combatant_id: int, state: str) -> list[Event]:
    """The GM says so: active, downed or dead."""
    c = enc.by_id(combatant_id)
    check_str("state", state, STATES)
    before, c.state = c.state, state
    return [Event("state", c.id, f"{c.name} is {state}", {"state": state, "before": before})] if before != state else []
