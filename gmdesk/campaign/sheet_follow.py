"""The fight in progress follows the sheets (issue 23): a combatant linked to a character shows what
it took from the sheet — its name, its maximum HP, its kind, its initiative modifier — as the sheet
says now, not as it said when the combatant joined the fight.

``follow_sheet(enc, before, after)`` is called with a character as it was and as it is after one
edit. A combatant's value follows only when it is the one the sheet gave (equal to what the old
sheet says): a copy the GM renamed ("Goblin chief"), or an HP maximum set by hand for one copy,
stays as the GM made it. Because each value is worked out from the two sheets alone, calling it
again with the sheets swapped undoes it exactly, and a number typed a keystroke at a time ("3",
then "33") ends where typing it at once does.

**Hit points.** The damage taken is kept: Aëlys at 22/26 whose maximum becomes 33 is at 29/33 (a
maximum lowered to 20: 16/20). Temporary HP, states and conditions are the fight's own and stay.
The initiative already rolled stays too (dice rolled stay rolled; I rolls again with the new
modifier), only the modifier that breaks ties follows.
"""

from __future__ import annotations

import re

from gmdesk.engine.core import RulesError

from .model import Character, Encounter

HP_LIMIT = 100_000  # a combatant's HP range (``Combatant.validate``)


def follow_sheet(enc: Encounter, before: Character, after: Character, house_rules=None,
                 lang: str = "en") -> bool:
    """Make the combatants linked to ``after`` (the same character as ``before``, edited) show what
    the edit changed; True if any changed."""
    linked = [c for c in enc.combatants if c.character_id is not None and c.character_id == after.id]
    if not linked:
        return False
    was = [c.to_dict() for c in linked]
    old_init, new_init = _init_modifiers(enc, before, house_rules, lang), _init_modifiers(enc, after, house_rules, lang)
    for c in linked:
        c.name = renamed(c.name, before.name, after.name)
        if c.max_hp == before.max_hp and after.max_hp != before.max_hp:
            damage = c.max_hp - c.hp
            c.max_hp = after.max_hp
            c.hp = max(-HP_LIMIT, min(HP_LIMIT, after.max_hp - damage))
        if c.kind == before.kind:
            c.kind = after.kind
        if c.id in old_init and c.id in new_init and c.init_modifier == old_init[c.id]:
            c.init_modifier = new_init[c.id]
    return [c.to_dict() for c in linked] != was


def renamed(name: str, old: str, new: str) -> str:
    """A combatant's name after its sheet's ``old`` name became ``new``: "Goblin" and the numbered
    copies "Goblin 2" follow; any other name is the GM's own and stays."""
    if old == new or not old:
        return name
    if name == old:
        return new
    match = re.fullmatch(re.escape(old) + r"( \d+)", name)
    return new + match.group(1) if match else name


def _init_modifiers(enc: Encounter, character: Character, house_rules, lang: str) -> dict[int, int]:
    """Combatant id → the initiative modifier ``character``'s sheet gives it (its conditions applied);
    empty where the system has none or the sheet cannot say (the modifier is then left alone)."""
    from .initiative import sheet_initiative

    work = Encounter.from_dict(enc.to_dict())
    try:
        sheet_initiative(work, character.system, {character.id: character}, house_rules, lang)
    except (RulesError, LookupError, ValueError, TypeError):
        return {}
    return {c.id: c.init_modifier for c in work.combatants if c.character_id == character.id}
