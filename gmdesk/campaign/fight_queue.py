"""What every fight operation shares (issue 5): the ``Event`` it returns, and the bookkeeping of
the queue — ids, positions and the turn marker.

The queue is ``encounter.queue()`` (by ``position``, renumbered 0..n−1 after every change) and
``encounter.turn`` indexes it; every reordering keeps the turn on the same combatant. Combatants
without an id get the next free one (conditions and ticks refer to combatants by id).

The underscored helpers are shared by the fight modules (``initiative``, ``turns``,
``condition_clock``, ``hp``) and are not part of the public API.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk import systems
from gmdesk.systems.kit.fields import check_str

from .model import Combatant, Encounter


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``kind``: initiative, sorted, round, turn, skipped, delayed,
    returned, delay_lapsed, readied, ready_used, ready_lapsed, added, removed, moved, reanchored,
    condition_added, condition_removed, condition_ticked, condition_reduced, condition_expired,
    damage, heal, temp_hp, state. ``text`` is a short English line for the log; ``data`` the
    numbers (the UI words it in its own language)."""

    kind: str
    combatant_id: int | None = None
    text: str = ""
    data: dict = field(default_factory=dict)


def _system(system: str) -> str:
    return check_str("system", system, systems.ids())


def ensure_ids(enc: Encounter) -> None:
    """Give every combatant without an id the next free one."""
    used = {c.id for c in enc.combatants if c.id is not None}
    for c in enc.queue():
        if c.id is None:
            c.id = max(used, default=0) + 1
            used.add(c.id)


def _at(order: list[Combatant], c: Combatant) -> int | None:
    """Where ``c`` itself is (by identity: two combatants may hold equal values)."""
    return next((i for i, x in enumerate(order) if x is c), None)


def _take(order: list[Combatant], c: Combatant) -> int:
    i = _at(order, c)
    del order[i]
    return i


def _place(enc: Encounter, order: list[Combatant], current: Combatant | None) -> None:
    """Renumber positions from ``order``; the turn stays on ``current``."""
    for i, c in enumerate(order):
        c.position = i
    at = _at(order, current) if current is not None else None
    enc.turn = at if at is not None else min(enc.turn, max(len(order) - 1, 0))


def _current(enc: Encounter) -> Combatant | None:
    q = enc.queue()
    return q[enc.turn] if q and 0 <= enc.turn < len(q) else None
