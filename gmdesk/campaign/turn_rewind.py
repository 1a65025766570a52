"""Going back a turn for real: what a turn's end changed, kept so that "previous turn" can put it back.

``next_turn`` ends a turn: conditions count down or expire (frightened 2 → 1, "flat-footed, 1
round" gone), a delay or a readied action lapses. Before it does, ``remember`` keeps a *mark* in the
encounter (``Encounter.rewind``, saved with it, so undo, redo and a reopened file agree): whose
turn it was and whose it became, and each combatant's conditions and delay/ready flags before and
after. ``rewind`` takes the last mark back when the fight is still where that turn change left it:
the marker returns to the turn before, and every condition or flag the change touched is as it was —
unless the GM changed it since (then the GM's change stays: nothing the GM did is taken back here;
the undo stack does that). Without a mark that fits (the fight was started or reordered since, or
the file comes from an older gmdesk), the caller only moves the marker, and says so.
"""

from __future__ import annotations

from .fight_queue import Event, _current
from .model import ConditionState, Encounter

MARKS_KEPT = 50  # a long fight: the last fifty turn changes can be taken back one by one


def _state(enc: Encounter) -> dict:
    return {str(c.id): {"conditions": [x.to_dict() for x in c.conditions], "delayed": c.delayed,
                        "readied": c.readied} for c in enc.combatants}


def remember(enc: Encounter, change) -> list[Event]:
    """Run ``change(enc)`` (a turn change, returning its events) and keep its mark."""
    current = _current(enc)
    before, spot = _state(enc), (enc.round, current.id if current else None)
    events = change(enc)
    now, after = _current(enc), _state(enc)
    # Only the combatants the change touched: one whose conditions and flags the turn left as they
    # were has nothing to take back (``rewind`` passes over a combatant the mark does not name). The
    # fight is saved, and read by every panel, at each change: fifty marks of every combatant made
    # its row ten times longer, and each turn read it whole some eight times.
    touched = [key for key, state in after.items() if key in before and before[key] != state]
    mark = {"from_round": spot[0], "from_id": spot[1], "to_round": enc.round, "to_id": now.id if now else None,
            "before": {key: before[key] for key in touched}, "after": {key: after[key] for key in touched}}
    enc.rewind = (list(enc.rewind) + [mark])[-MARKS_KEPT:]
    return events


def fits(enc: Encounter) -> bool:
    """Is the fight where the last kept turn change left it?"""
    if not enc.rewind:
        return False
    mark, now = enc.rewind[-1], _current(enc)
    ids = {c.id for c in enc.combatants}
    return (now is not None and mark.get("to_id") == now.id and mark.get("to_round") == enc.round
            and mark.get("from_id") in ids)


def rewind(enc: Encounter) -> list[Event]:
    """Take the last turn change back (``fits`` must hold): the marker, the conditions, the flags."""
    mark = enc.rewind[-1]
    enc.rewind = list(enc.rewind[:-1])
    events = []
    for c in enc.combatants:
        before, after = mark["before"].get(str(c.id)), mark["after"].get(str(c.id))
        if before is None or after is None:
            continue  # joined the fight since
        restored = _conditions(c.conditions, before["conditions"], after["conditions"])
        if [x.to_dict() for x in restored] != [x.to_dict() for x in c.conditions]:
            c.conditions = restored
            events.append(Event("condition_restored", c.id, f"{c.name}: conditions as before the turn's end",
                                {"conditions": [x.to_dict() for x in restored]}))
        for flag in ("delayed", "readied"):
            if getattr(c, flag) == after[flag] != before[flag]:
                setattr(c, flag, before[flag])
    q = enc.queue()
    index = next(i for i, c in enumerate(q) if c.id == mark["from_id"])
    rnd = mark["from_round"]
    if rnd != enc.round:
        events.append(Event("round", None, f"back to round {rnd}", {"round": rnd}))
    enc.turn, enc.round = index, rnd
    return events + [Event("turn", q[index].id, f"back to {q[index].name}'s turn", {"round": rnd, "rewound": True})]


def _conditions(current: list[ConditionState], before: list[dict], after: list[dict]) -> list[ConditionState]:
    """The conditions with the turn change taken back, the GM's own changes since kept."""
    was = {d["key"]: d for d in before}
    became = {d["key"]: d for d in after}
    now = {c.key: c for c in current}
    out = []
    for key in list(was) + [k for k in now if k not in was]:
        if key in now:
            untouched = key in became and now[key].to_dict() == became[key]
            out.append(ConditionState.parse(was[key]) if untouched and key in was else now[key])
        elif key in was and key not in became:
            out.append(ConditionState.parse(was[key]))  # expired at the turn's end: back
        # else: the GM removed it after the turn change: it stays removed
    return out
