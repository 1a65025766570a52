"""Running a fight (issue 5): initiative per system, sorting the queue and breaking its ties — and
the one place the UI imports the whole fight from.

The fight is split by responsibility; every public name of those modules is re-exported here:

- ``fight_queue``: ``Event`` and the queue's bookkeeping (ids, positions, the turn marker);
- ``initiative`` (this module): rolling initiative, ``sheet_initiative``, tie rules, ``sort_queue``;
- ``turns``: start the fight, next/previous turn, delay and ready, add/remove/move combatants;
- ``condition_clock``: conditions with a duration and the ticks that count them down;
- ``hp``: the quick HP entry, damage, healing, temporary HP, downed and dead.

Style: every operation **mutates** the ``Encounter`` (and its ``Combatant``s) in place and returns a
list of ``Event``s saying what happened, in order, so the UI can show it ("Goblin 2: frightened
expired") and log it. For undo, snapshot ``encounter.to_dict()`` before the call. An operation that
refuses (``RulesError`` naming the field) changes nothing.

The queue is ``encounter.queue()`` (by ``position``, renumbered 0..n−1 after every change) and
``encounter.turn`` indexes it; every reordering keeps the turn on the same combatant. Combatants
without an id get the next free one (conditions and ticks refer to combatants by id).

Initiative (RULES.md §6; ``init_modifier`` is the number each system rolls with) is each system's
(``GameSystem.fight``): rolled (pf2 d20 + Perception modifier; dnd5e d20 + Dex modifier; dnd35 d20 +
Dex + misc), a score with no roll (cof: the Init score, which ``init_modifier`` holds), or none (anarchy:
the GM orders the queue by hand, ``move_combatant``). ``sheet_initiative`` fills ``init_modifier`` and
``kind`` of linked combatants from their sheets (conditions included) and gives the engine checks to
roll.

Ties (``house_rules.TIE_RULES``, per campaign): modifier_then_gm, modifier_then_reroll (rerolls
d20s between the still-tied until the tie breaks, seeded), modifier_then_pcs, pcs_first, manual.
"GM's choice" keeps the queue's previous order. A tied combatant's ``tiebreak`` says what placed
it against its tied neighbour: against the next one ("Perception +7 > +5", "reroll 14 > 3",
"PC before NPC", "GM's choice"), or, for the last of a tie, against the previous one ("+5 < +7").
"""

from __future__ import annotations

import random
from typing import Mapping

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import check_str

from .condition_clock import add_condition, remove_condition
from .fight_queue import Event, _current, _place, _system, ensure_ids
from .house_rules import TIE_RULES, HouseRules
from .hp import HP_KINDS, HpEntry, apply_hp, parse_hp_entry, set_state
from .model import Combatant, Encounter
from .turns import (add_combatant, delay, move_combatant, next_turn, numbered_copies, previous_turn, ready,
                    remove_combatant, return_from_delay, start_fight, use_ready)

__all__ = [
    # fight_queue
    "Event", "ensure_ids",
    # initiative
    "roll_initiative", "sheet_initiative", "tie_rule_for", "sort_queue",
    # turns
    "start_fight", "next_turn", "previous_turn", "delay", "return_from_delay", "ready", "use_ready",
    "add_combatant", "remove_combatant", "move_combatant", "numbered_copies",
    # condition_clock
    "add_condition", "remove_condition",
    # hp
    "HpEntry", "HP_KINDS", "parse_hp_entry", "apply_hp", "set_state",
]

# -- initiative -----------------------------------------------------------------------------------

def _select(enc: Encounter, who: str | int) -> list[Combatant]:
    if who == "all":
        return enc.queue()
    if who == "npcs":
        return [c for c in enc.queue() if c.kind == "npc"]
    if isinstance(who, int) and not isinstance(who, bool):
        return [enc.by_id(who)]
    raise RulesError("who", f"'all', 'npcs' or a combatant id, got {who!r}")


def roll_initiative(enc: Encounter, system: str, rng: random.Random, who: str | int = "all", *,
                    checks: Mapping[int, object] | None = None, tie_rule: str | None = None,
                    sort: bool = True) -> list[Event]:
    """Roll initiative for ``who`` ("all", "npcs" or a combatant id), then sort the queue.

    ``checks``: combatant id → an engine check to roll instead of d20 + ``init_modifier`` (from
    ``sheet_initiative``: conditions, advantage…); its ``modifier`` becomes the ``init_modifier``.
    A system whose initiative is a score (cof) takes it with no roll; one ordered by hand
    (anarchy) rolls nothing and returns no event.
    """
    system = _system(system)
    fight = systems.get(system).fight
    if fight.by_hand:
        return []
    chosen = _select(enc, who)
    for cid, check in (checks or {}).items():  # refuse before anything changes
        check_int(f"checks[{cid}].modifier", check.modifier, -100, 100)
    ensure_ids(enc)
    events = []
    for c in chosen:
        if not fight.rolled:  # a score: the number is the initiative
            c.initiative = c.init_modifier
            events.append(Event("initiative", c.id, f"{c.name}: Init {c.initiative}", {"initiative": c.initiative}))
            continue
        check = (checks or {}).get(c.id)
        if check is not None:
            result = check.roll(rng)
            c.init_modifier = check.modifier
            faces, total, roll = tuple(result.faces), result.total, result.to_dict()
        else:
            face = rng.randint(1, 20)
            faces, total, roll = (face,), face + c.init_modifier, None
        c.initiative = total
        data = {"initiative": total, "dice": faces, "modifier": c.init_modifier}
        if roll is not None:
            data["roll"] = roll
        events.append(Event("initiative", c.id, f"{c.name}: initiative {total} ({'/'.join(map(str, faces))}"
                                                f"{c.init_modifier:+d})", data))
    if sort:
        events += sort_queue(enc, system, rng, tie_rule)
    return events


def sheet_initiative(enc: Encounter, system: str, characters: Mapping[int, object],
                     house_rules: HouseRules | None = None, lang: str = "en") -> dict[int, object]:
    """For combatants linked to a character (``characters``: id → Character): copy its kind and
    its initiative modifier (cof: Init score) from the sheet, the combatant's conditions applied.
    Returns combatant id → the engine check to roll (systems that roll it), for ``roll_initiative``."""
    from .checks import CheckRef, Situation, build_check

    system = _system(system)
    fight = systems.get(system).fight
    ensure_ids(enc)
    out = {}
    for c in enc.queue():
        character = characters.get(c.character_id) if c.character_id is not None else None
        if character is None:
            continue
        c.kind = character.kind
        if fight.score is not None:
            c.init_modifier = fight.score(character, c.conditions, lang)
        elif fight.rolled:
            # The DC is irrelevant to initiative; Heroic Inspiration is not spent on it.
            check = build_check(character, CheckRef("initiative"), Situation(dc=10, inspiration=False),
                                c.conditions, house_rules, lang=lang)
            c.init_modifier = check.modifier
            out[c.id] = check
    return out


def tie_rule_for(system: str, tie_rule: str | None = None, house_rules: HouseRules | None = None) -> str:
    if tie_rule is None:
        tie_rule = house_rules.tie_rule(system) if house_rules else systems.get(_system(system)).fight.default_tie
    return check_str("tie_rule", tie_rule, tuple(TIE_RULES))


def sort_queue(enc: Encounter, system: str, rng: random.Random, tie_rule: str | None = None) -> list[Event]:
    """Sort by initiative (highest first) with the tie rule; those not rolled go last, in order."""
    system, rule = _system(system), tie_rule_for(system, tie_rule)
    if rule == "manual":
        return []
    ensure_ids(enc)
    current, before = _current(enc), enc.queue()
    was = {c.id: i for i, c in enumerate(before)}
    rolled = [c for c in before if c.initiative is not None]
    by_mod, by_pc = rule.startswith("modifier"), rule in ("modifier_then_pcs", "pcs_first")

    def key(c: Combatant) -> tuple:
        return (-c.initiative, -c.init_modifier if by_mod else 0, (c.kind != "pc") if by_pc else False)

    rerolls: dict[int, list[int]] = {c.id: [] for c in rolled}
    if rule == "modifier_then_reroll":
        groups: dict[tuple, list[Combatant]] = {}
        for c in rolled:
            groups.setdefault(key(c), []).append(c)
        for group in groups.values():
            _reroll(group, rng, rerolls)
    order = sorted(rolled, key=lambda c: (key(c), [-r for r in rerolls[c.id]], was[c.id]))
    order += [c for c in before if c.initiative is None]
    label = systems.get(system).fight.modifier_label

    def why(a: Combatant, b: Combatant) -> tuple[str, str]:
        """What puts ``a`` before ``b`` (same initiative), from a's side and from b's."""
        if by_mod and a.init_modifier != b.init_modifier:
            return (f"{label} {a.init_modifier:+d} > {b.init_modifier:+d}",
                    f"{label} {b.init_modifier:+d} < {a.init_modifier:+d}")
        if by_pc and a.kind != b.kind:
            return "PC before NPC", "NPC after PC"
        for x, y in zip(rerolls.get(a.id, []), rerolls.get(b.id, [])):
            if x != y:
                return f"reroll {x} > {y}", f"reroll {y} < {x}"
        return "GM's choice", "GM's choice"

    for i, c in enumerate(order):
        nxt = order[i + 1] if i + 1 < len(order) else None
        prev = order[i - 1] if i else None
        if c.initiative is not None and nxt is not None and nxt.initiative == c.initiative:
            c.tiebreak = why(c, nxt)[0]
        elif c.initiative is not None and prev is not None and prev.initiative == c.initiative:
            c.tiebreak = why(prev, c)[1]
        else:
            c.tiebreak = ""
    _place(enc, order, current)
    return [Event("sorted", None, "queue sorted by initiative", {"order": [c.id for c in order], "rule": rule,
                                                                  "rerolls": {k: v for k, v in rerolls.items() if v}})]


def _reroll(group: list[Combatant], rng: random.Random, rerolls: dict[int, list[int]]) -> None:
    """Each still-tied combatant rolls a d20, again and again until no two are tied (dnd35)."""
    pending = [group] if len(group) > 1 else []
    while pending:
        tied = pending.pop(0)
        faces: dict[int, list[Combatant]] = {}
        for c in tied:
            face = rng.randint(1, 20)
            rerolls[c.id].append(face)
            faces.setdefault(face, []).append(c)
        pending += [g for _, g in sorted(faces.items(), reverse=True) if len(g) > 1]

