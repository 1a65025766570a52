"""Running a fight (issue 5): initiative per system, the queue and its ties, turns and rounds, delay
and ready, HP, and conditions that run out by themselves.

Style: every operation **mutates** the ``Encounter`` (and its ``Combatant``s) in place and returns a
list of ``Event``s saying what happened, in order, so the UI can show it ("Goblin 2: frightened
expired") and log it. For undo, snapshot ``encounter.to_dict()`` before the call. An operation that
refuses (``RulesError`` naming the field) changes nothing.

The queue is ``encounter.queue()`` (by ``position``, renumbered 0..n−1 after every change) and
``encounter.turn`` indexes it; every reordering keeps the turn on the same combatant. Combatants
without an id get the next free one (conditions and ticks refer to combatants by id).

Initiative (RULES.md §6; ``init_modifier`` is the number each system rolls with):
pf2 d20 + Perception modifier; dnd5e d20 + Dex modifier; dnd35 d20 + Dex + misc (the total
modifier); cof no roll, the Init score (``init_modifier`` holds it); anarchy no roll, the GM orders
the queue by hand (``move_combatant``). ``sheet_initiative`` fills ``init_modifier`` and ``kind`` of
linked combatants from their sheets (conditions included) and gives the engine checks to roll.

Ties (``house_rules.TIE_RULES``, per campaign): modifier_then_gm, modifier_then_reroll (rerolls
d20s between the still-tied until the tie breaks, seeded), modifier_then_pcs, pcs_first, manual.
"GM's choice" keeps the queue's previous order. A tied combatant's ``tiebreak`` says what placed
it against its tied neighbour: against the next one ("Perception +7 > +5", "reroll 14 > 3",
"PC before NPC", "GM's choice"), or, for the last of a tie, against the previous one ("+5 < +7").

Turns: ``next_turn`` ends the current turn (end ticks), moves on (a new round after the last) and
starts the next (start ticks). Dead combatants are always passed over, downed ones on request;
time still passes over their slot (their start and end ticks run). ``previous_turn`` only moves
the marker back (ticks are not undone: that is the undo stack's job).

Delay (pf2, dnd35; offered everywhere): only the combatant whose turn it is delays; it stays at
its slot, marked, and the turn passes on. It comes back when the GM says (``return_from_delay``,
at the end of the current combatant's turn, the place it chose): it moves right after that
combatant, takes its initiative, and its postponed turn resumes — its start ticks already ran, its
end ticks run when that turn ends. If its slot comes round again first, the delay lapses (pf2,
dnd35): it acts there as usual, its lost turn's end ticks running first. Ready: ``ready`` marks a
readied action; it lapses at the start of the combatant's next turn or is spent with ``use_ready``
(dnd35: optionally moving it just before the current combatant).

Conditions: ``rounds_left`` counts the ticks still to come; a condition ticks at the start or the
end ("ticks") of its anchor's turn (``anchor_id``, else its bearer's) and expires at 0. Given a
number of rounds while the anchor's turn is under way and the condition ticks at its end, the end
of this very turn does not count as a round. pf2 frightened without a duration drops by 1 at the
end of each of the bearer's turns. Adding a condition the combatant already has replaces it
(conditions of one name never stack). A removed combatant's anchored conditions tick on their
bearer's turn from then on.

HP entry: "-7" damage (temporary HP absorb first), "+5" healing (not above ``max_hp``; a
``max_hp`` of 0 means not tracked: no cap), "t10" temporary HP (not cumulative: the higher stays).
Downed and dead, a simple rule per system (the GM can always ``set_state``):

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

import random
import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from gmdesk.rules.core import SYSTEMS, RulesError, check_int

from ._fields import check_str
from .house_rules import DEFAULT_TIES, TIE_RULES, HouseRules
from .model import STATES, TICKS, Combatant, ConditionState, Encounter

ROLLED = ("pf2", "dnd5e", "dnd35")
MODIFIER_LABEL = {"pf2": "Perception", "dnd5e": "Dex", "dnd35": "modifier", "cof": "Init", "anarchy": "modifier"}
# Conditions whose value drops by 1 at the end of each of the bearer's turns (when no duration is set).
DROPS_AT_END_OF_TURN = {"pf2": frozenset({"frightened"})}


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


# -- the queue ------------------------------------------------------------------------------------

def _system(system: str) -> str:
    return check_str("system", system, SYSTEMS)


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


def move_combatant(enc: Encounter, combatant_id: int, index: int) -> list[Event]:
    """Drag and drop: put the combatant at ``index`` of the queue (anarchy's whole ordering)."""
    c, current, q = enc.by_id(combatant_id), _current(enc), enc.queue()
    check_int("index", index, 0, len(q) - 1)
    _take(q, c)
    q.insert(index, c)
    _place(enc, q, current)
    return [Event("moved", c.id, f"{c.name} moved to place {index + 1}", {"index": index})]


def numbered_copies(template: Combatant, count: int, taken: Iterable[str] = ()) -> list[Combatant]:
    """``count`` copies of a monster named "Goblin 1", "Goblin 2"… skipping names already ``taken``."""
    check_int("count", count, 1, 100)
    taken, out, n = set(taken), [], 0
    while len(out) < count:
        n += 1
        name = f"{template.name} {n}"
        if name not in taken:
            d = template.to_dict()
            d.update(id=None, name=name, conditions=[c.to_dict() for c in template.conditions])
            out.append(Combatant.from_dict(d))
    return out


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
    cof takes the Init score with no roll; anarchy rolls nothing and returns no event.
    """
    system = _system(system)
    if system == "anarchy":
        return []
    chosen = _select(enc, who)
    for cid, check in (checks or {}).items():  # refuse before anything changes
        check_int(f"checks[{cid}].modifier", check.modifier, -100, 100)
    ensure_ids(enc)
    events = []
    for c in chosen:
        if system == "cof":
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
    Returns combatant id → the engine check to roll (pf2, dnd5e, dnd35), for ``roll_initiative``."""
    from .checks import Situation, build_check
    from .refs import CheckRef

    system = _system(system)
    ensure_ids(enc)
    out = {}
    for c in enc.queue():
        character = characters.get(c.character_id) if c.character_id is not None else None
        if character is None:
            continue
        c.kind = character.kind
        if system == "cof":
            from .build.cof import init_score

            c.init_modifier = init_score(character, c.conditions, lang)[0]
        elif system in ROLLED:
            # The DC is irrelevant to initiative; Heroic Inspiration is not spent on it.
            check = build_check(character, CheckRef("initiative"), Situation(dc=10, inspiration=False),
                                c.conditions, house_rules, lang=lang)
            c.init_modifier = check.modifier
            out[c.id] = check
    return out


def tie_rule_for(system: str, tie_rule: str | None = None, house_rules: HouseRules | None = None) -> str:
    if tie_rule is None:
        tie_rule = house_rules.tie_rule(system) if house_rules else DEFAULT_TIES[_system(system)]
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
    label = MODIFIER_LABEL[system]

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


# -- turns and rounds -----------------------------------------------------------------------------

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
    return _tick(enc, system, q[enc.turn], "end") + _advance(enc, system, q, enc.turn, skip_downed)


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
    """Move the turn marker back to the previous combatant who could act (nothing is un-ticked)."""
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
    return events + [Event("turn", q[i].id, f"back to {q[i].name}'s turn", {"round": rnd})]


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


# -- conditions -----------------------------------------------------------------------------------

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
                  and cond.key in DROPS_AT_END_OF_TURN.get(system, ())):
                cond.value -= 1
                if cond.value == 0:
                    events.append(Event("condition_expired", bearer.id, f"{bearer.name}: {cond.key} ended", data))
                    continue
                events.append(Event("condition_reduced", bearer.id, f"{bearer.name}: {cond.key} {cond.value}",
                                    {**data, "value": cond.value}))
            kept.append(cond)
        bearer.conditions = kept
    return events



# -- hit points -----------------------------------------------------------------------------------

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
    c.hp = max(hp - rest, -100000) if system == "dnd35" else max(hp - rest, 0)
    on_temp = f" ({absorbed} on temporary HP)" if absorbed else ""
    events = [Event("damage", c.id, f"{c.name} takes {e.amount}{on_temp}",
                    {"amount": e.amount, "absorbed": absorbed, "hp": c.hp, "before": hp, "temp_hp": c.temp_hp})]
    state = _state_after_damage(system, c, hp, rest)
    if state != c.state and STATES.index(state) > STATES.index(c.state):  # damage only ever makes it worse
        events += set_state(enc, c.id, state)
    return events


def _state_after_damage(system: str, c: Combatant, hp_before: int, rest: int) -> str:
    pc = c.kind == "pc"
    if system == "dnd35":
        return "dead" if c.hp <= -10 else "downed" if c.hp <= 0 else c.state
    if c.hp > 0:
        return c.state
    if system == "anarchy":
        return "downed"
    if not pc:
        return "dead"
    massive = {"dnd5e": rest - max(hp_before, 0) >= c.max_hp > 0, "pf2": rest >= 2 * c.max_hp > 0}
    return "dead" if massive.get(system, False) else "downed"


def set_state(enc: Encounter, combatant_id: int, state: str) -> list[Event]:
    """The GM says so: active, downed or dead."""
    c = enc.by_id(combatant_id)
    check_str("state", state, STATES)
    before, c.state = c.state, state
    return [Event("state", c.id, f"{c.name} is {state}", {"state": state, "before": before})] if before != state else []
