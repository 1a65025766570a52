"""Turns and rounds of a fight (issue 5): starting it, passing the turn on and back, delay and
ready, and combatants joining, leaving or being moved in the queue mid-fight. Operations mutate the
encounter and return ``Event``s (see ``initiative``).

Turns: ``next_turn`` ends the current turn (end ticks), moves on (a new round after the last) and
starts the next (start ticks). Dead combatants are always passed over, downed ones on request;
time still passes over their slot (their start and end ticks run). ``previous_turn`` takes the last
turn change back for real — the marker, and the conditions, durations and delay/ready flags that
change touched (``turn_rewind``) — and, with no record of that change, only moves the marker.

Delay (pf2, dnd35; offered everywhere): only the combatant whose turn it is delays; it stays at
its slot, marked, and the turn passes on. It comes back when the GM says (``return_from_delay``,
at the end of the current combatant's turn, the place it chose): it moves right after that
combatant, takes its initiative, and its postponed turn resumes — its start ticks already ran, its
end ticks run when that turn ends. If its slot comes round again first, the delay lapses (pf2,
dnd35): it acts there as usual, its lost turn's end ticks running first. Ready: ``ready`` marks a
readied action; it lapses at the start of the combatant's next turn or is spent with ``use_ready``
(dnd35: optionally moving it just before the current combatant).
"""

from __future__ import annotations

import re
from typing import Iterable

from gmdesk.engine.core import RulesError, check_int

from .condition_clock import _tick
from .fight_queue import Event, _at, _current, _place, _take, ensure_ids
from .model import Combatant, Encounter
from .turn_rewind import fits, remember, rewind


def _acts(c: Combatant, skip_downed: bool) -> bool:
    return c.state != "dead" and not (skip_downed and c.state == "downed")


def _can_come_up(c: Combatant, skip_downed: bool) -> bool:
    return c.delayed or _acts(c, skip_downed)


def start_fight(enc: Encounter, system: str, skip_downed: bool = False) -> list[Event]:
    """Round 1, the first combatant who can act has the turn (its start ticks run)."""
    q = enc.queue()
    if not any(_acts(c, skip_downed) for c in q):
        raise RulesError("turn", "nobody can act: every combatant is downed or dead")
    ensure_ids(enc)
    for c in q:
        c.delayed = False
    enc.rewind = []  # a new fight: nothing before its first turn
    enc.round = 1
    enc.turn = next(i for i, c in enumerate(q) if _acts(c, skip_downed))
    return [Event("round", None, "round 1", {"round": 1})] + _begin(enc, system, q[enc.turn])


def next_turn(enc: Encounter, system: str, skip_downed: bool = False) -> list[Event]:
    """End the current turn and pass to the next combatant who can act."""
    q = enc.queue()
    if not q:
        raise RulesError("turn", "the queue is empty")
    if not any(_can_come_up(c, skip_downed) for c in q):
        raise RulesError("turn", "nobody can act: every combatant is downed or dead")
    ensure_ids(enc)
    return remember(enc, lambda e: _tick(e, system, q[e.turn], "end") + _advance(e, system, q, e.turn, skip_downed))


def _advance(enc: Encounter, system: str, q: list[Combatant], start: int, skip_downed: bool) -> list[Event]:
    """Move from index ``start`` to the next combatant who comes up; time passes over skipped slots."""
    events, i = [], start
    for _ in range(len(q) + 1):
        i += 1
        if i >= len(q):
            i = 0
            enc.round += 1
            events.append(Event("round", None, f"round {enc.round}", {"round": enc.round}))
        c = q[i]
        if c.delayed:  # its slot came round again: the delay lapses and it acts here (pf2, dnd35)
            c.delayed = False
            events.append(Event("delay_lapsed", c.id, f"{c.name} did not come back: the delayed turn is lost"))
            events += _tick(enc, system, c, "end")
            break
        if _acts(c, skip_downed):
            break
        events.append(Event("skipped", c.id, f"{c.name} is {c.state}: turn skipped", {"state": c.state}))
        events += _tick(enc, system, c, "start") + _tick(enc, system, c, "end")
    enc.turn = i
    return events + _begin(enc, system, c)


def _begin(enc: Encounter, system: str, c: Combatant) -> list[Event]:
    events = []
    if c.readied:
        c.readied = False
        events.append(Event("ready_lapsed", c.id, f"{c.name}: the readied action lapses"))
    events += _tick(enc, system, c, "start")
    return events + [Event("turn", c.id, f"{c.name}'s turn", {"round": enc.round})]


def previous_turn(enc: Encounter, skip_downed: bool = False) -> list[Event]:
    """Back to the turn before: the last turn change taken back (marker, conditions, durations,
    flags) when the encounter kept it; else the marker only moves back to the previous combatant who
    could act (its turn event then says ``"rewound": False``)."""
    if fits(enc):
        return rewind(enc)
    enc.rewind = []  # marks that no longer fit this fight would only mislead later
    q = enc.queue()
    i, rnd = enc.turn, enc.round
    for _ in range(len(q)):
        if i == 0:
            if rnd == 1:
                return []  # the fight's first turn has nothing before it
            i, rnd = len(q) - 1, rnd - 1
        else:
            i -= 1
        if not q[i].delayed and _acts(q[i], skip_downed):
            break
    else:
        return []
    events = [Event("round", None, f"back to round {rnd}", {"round": rnd})] if rnd != enc.round else []
    enc.turn, enc.round = i, rnd
    return events + [Event("turn", q[i].id, f"back to {q[i].name}'s turn (nothing un-ticked)",
                           {"round": rnd, "rewound": False})]


def delay(enc: Encounter, system: str, combatant_id: int, skip_downed: bool = False) -> list[Event]:
    """The current combatant delays: it stays at its slot, marked, and the turn passes on (no ticks
    for it now: its turn is postponed, not over)."""
    c = enc.by_id(combatant_id)
    if c is not _current(enc):
        raise RulesError("delay", f"only the combatant whose turn it is can delay, not {c.name}")
    c.delayed = True
    events = [Event("delayed", c.id, f"{c.name} delays")]
    return events + _advance(enc, system, enc.queue(), enc.turn, skip_downed)


def return_from_delay(enc: Encounter, system: str, combatant_id: int) -> list[Event]:
    """A delayed combatant comes back now, at the end of the current combatant's turn: it moves
    right after it, takes its initiative, and its postponed turn resumes."""
    c, current = enc.by_id(combatant_id), _current(enc)
    if not c.delayed:
        raise RulesError("delay", f"{c.name} is not delaying")
    events = _tick(enc, system, current, "end")
    q = enc.queue()
    _take(q, c)
    q.insert(_at(q, current) + 1, c)
    c.delayed = False
    c.initiative, c.tiebreak = current.initiative, f"back from delay after {current.name}"
    _place(enc, q, c)
    return events + [Event("returned", c.id, f"{c.name} comes back after {current.name}",
                           {"after": current.id}),
                     Event("turn", c.id, f"{c.name}'s turn", {"round": enc.round})]


def ready(enc: Encounter, combatant_id: int) -> list[Event]:
    c = enc.by_id(combatant_id)
    c.readied = True
    return [Event("readied", c.id, f"{c.name} readies an action")]


def use_ready(enc: Encounter, combatant_id: int, move_before_current: bool = False) -> list[Event]:
    """The readied action goes off. ``move_before_current`` (dnd35): the combatant now acts just
    before the one whose action triggered it, from now on (the turn stays where it is)."""
    c, current = enc.by_id(combatant_id), _current(enc)
    if not c.readied:
        raise RulesError("readied", f"{c.name} has no readied action")
    c.readied = False
    events = [Event("ready_used", c.id, f"{c.name} takes the readied action")]
    if move_before_current and current is not None and current is not c:
        q = enc.queue()
        _take(q, c)
        q.insert(_at(q, current), c)
        c.initiative, c.tiebreak = current.initiative, f"readied action before {current.name}"
        _place(enc, q, current)
        events.append(Event("moved", c.id, f"{c.name} now acts before {current.name}", {"before": current.id}))
    return events


# -- joining, leaving and moving in the queue -----------------------------------------------------

def move_combatant(enc: Encounter, combatant_id: int, index: int) -> list[Event]:
    """Drag and drop: put the combatant at ``index`` of the queue (anarchy's whole ordering)."""
    c, current, q = enc.by_id(combatant_id), _current(enc), enc.queue()
    check_int("index", index, 0, len(q) - 1)
    _take(q, c)
    q.insert(index, c)
    _place(enc, q, current)
    return [Event("moved", c.id, f"{c.name} moved to place {index + 1}", {"index": index})]


def numbered_copies(template: Combatant, count: int, taken: Iterable[str] = ()) -> list[Combatant]:
    """``count`` copies of a monster named "Goblin 1", "Goblin 2"…, the numbering going on from the
    names ``taken``: after "Goblin 1…2" come "Goblin 3…", and a lone "Goblin" already there counts as
    the first (the copies are "Goblin 2…"), so that no two goblins of one fight share a number."""
    check_int("count", count, 1, 100)
    taken, out = set(taken), []
    n = last_number(template.name, taken)
    while len(out) < count:
        n += 1
        name = f"{template.name} {n}"
        if name not in taken:
            d = template.to_dict()
            d.update(id=None, name=name, conditions=[c.to_dict() for c in template.conditions])
            out.append(Combatant.from_dict(d))
    return out


def last_number(name: str, taken: Iterable[str]) -> int:
    """The highest N of the "``name`` N" in ``taken`` (1 for a lone ``name``, 0 for none)."""
    numbered = re.compile(re.escape(name) + r" (\d{1,6})\Z")
    found = [int(m.group(1)) for t in taken if (m := numbered.match(t))]
    return max(found, default=1 if name in taken else 0)


def add_combatant(enc: Encounter, combatant: Combatant, index: int | None = None) -> list[Event]:
    """Add a combatant mid-fight at ``index`` of the queue, or by its initiative (after those with
    the same or a higher one), or last. Placed before the current turn, it acts from next round."""
    combatant.validate()
    if index is not None:
        check_int("index", index, 0, len(enc.combatants))
    if combatant.id is not None and any(c.id == combatant.id for c in enc.combatants):
        raise RulesError("id", f"id {combatant.id} is already in this encounter")
    ensure_ids(enc)
    if combatant.id is None:
        combatant.id = max((c.id for c in enc.combatants), default=0) + 1
    current, q = _current(enc), enc.queue()
    if index is None:
        index = len(q)
        if combatant.initiative is not None:
            after = [i for i, c in enumerate(q) if c.initiative is not None and c.initiative >= combatant.initiative]
            below = [i for i, c in enumerate(q) if c.initiative is not None and c.initiative < combatant.initiative]
            index = after[-1] + 1 if after else (below[0] if below else len(q))
    q.insert(index, combatant)
    enc.combatants.append(combatant)
    _place(enc, q, current)
    return [Event("added", combatant.id, f"{combatant.name} joins the fight", {"index": index})]


def remove_combatant(enc: Encounter, system: str, combatant_id: int, skip_downed: bool = False) -> list[Event]:
    """Remove a combatant. If it was its turn, the turn passes to the next one (start ticks run)."""
    c, current, q = enc.by_id(combatant_id), _current(enc), enc.queue()
    events = [Event("removed", c.id, f"{c.name} leaves the fight")]
    for other in enc.combatants:
        for cond in other.conditions:
            if cond.anchor_id == c.id and other is not c:
                cond.anchor_id = None
                events.append(Event("reanchored", other.id, f"{other.name}: {cond.key} now counts on its own turns",
                                    {"key": cond.key}))
    idx = _take(q, c)
    _take(enc.combatants, c)
    if c is not current or not q:
        _place(enc, q, current)
        return events
    _place(enc, q, None)
    if not any(_can_come_up(x, skip_downed) for x in q):
        enc.turn = 0
        return events
    return events + _advance(enc, system, q, idx - 1, skip_downed)
