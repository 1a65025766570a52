"""Conditions that run out by themselves (issue 5): putting them on, taking them off, and the clock
that counts them down as turns start and end. Operations mutate the encounter and return
``Event``s (see ``initiative``).

``rounds_left`` counts the ticks still to come; a condition ticks at the start or the end
("ticks") of its anchor's turn (``anchor_id``, else its bearer's) and expires at 0. Given a
number of rounds while the anchor's turn is under way and the condition ticks at its end, the end
of this very turn does not count as a round. pf2 frightened without a duration drops by 1 at the
end of each of the bearer's turns (``GameSystem.fight.drops_at_end_of_turn``). Adding a condition the combatant already has replaces it
(conditions of one name never stack). A removed combatant's anchored conditions tick on their
bearer's turn from then on (``turns.remove_combatant``).
"""

from __future__ import annotations

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import check_str

from .fight_queue import Event, _current
from .model import TICKS, Combatant, ConditionState, Encounter

def add_condition(enc: Encounter, combatant_id: int, key: str, value: int | None = None,
                  rounds: int | None = None, ticks: str = "end", anchor_id: int | None = None) -> list[Event]:
    """Put a condition on a combatant for ``rounds`` rounds (None = until removed), ticking at the
    ``ticks`` of ``anchor_id``'s turn (None = the bearer's). Replaces one of the same key."""
    c = enc.by_id(combatant_id)
    check_str("ticks", ticks, TICKS)
    if rounds is not None:
        check_int("rounds", rounds, 1, 9999)
    anchor = enc.by_id(anchor_id) if anchor_id is not None else c
    left = rounds
    if rounds is not None and ticks == "end" and anchor is _current(enc):
        left += 1  # the end of the turn under way is not a whole round
    state = ConditionState(key, value, left, ticks, anchor_id)
    replaced = c.condition(key) is not None
    c.conditions = [x for x in c.conditions if x.key != key] + [state]
    what = f"{key} {value}" if value is not None else key
    return [Event("condition_added", c.id, f"{c.name}: {what}" + (f" for {rounds} round(s)" if rounds else ""),
                  {"key": key, "value": value, "rounds": rounds, "replaced": replaced})]


def remove_condition(enc: Encounter, combatant_id: int, key: str) -> list[Event]:
    c = enc.by_id(combatant_id)
    if c.condition(key) is None:
        raise RulesError("condition", f"{c.name} has no condition {key!r}")
    c.conditions = [x for x in c.conditions if x.key != key]
    return [Event("condition_removed", c.id, f"{c.name}: {key} removed", {"key": key})]


def _tick(enc: Encounter, system: str, anchor: Combatant | None, moment: str) -> list[Event]:
    """Count down every condition anchored to ``anchor``'s turn at this moment; drop the expired."""
    if anchor is None:
        return []
    events = []
    drops = systems.get(system).fight.drops_at_end_of_turn
    for bearer in enc.queue():
        kept = []
        for cond in bearer.conditions:
            owner = cond.anchor_id if cond.anchor_id is not None else bearer.id
            label = f"{cond.key} {cond.value}" if cond.value is not None else cond.key
            data = {"key": cond.key, "value": cond.value, "anchor": anchor.id, "moment": moment}
            if cond.rounds_left is not None and cond.ticks == moment and owner == anchor.id:
                if cond.rounds_left <= 1:
                    events.append(Event("condition_expired", bearer.id, f"{bearer.name}: {label} expired", data))
                    continue
                cond.rounds_left -= 1
                events.append(Event("condition_ticked", bearer.id, f"{bearer.name}: {label}, "
                                    f"{cond.rounds_left} round(s) left", {**data, "rounds_left": cond.rounds_left}))
            elif (cond.rounds_left is None and moment == "end" and bearer is anchor and cond.value
                  and cond.key in drops):
                cond.value -= 1
                if cond.value == 0:
                    events.append(Event("condition_expired", bearer.id, f"{bearer.name}: {cond.key} ended", data))
                    continue
                events.append(Event("condition_reduced", bearer.id, f"{bearer.name}: {cond.key} {cond.value}",
                                    {**data, "value": cond.value}))
            kept.append(cond)
        bearer.conditions = kept
    return events
