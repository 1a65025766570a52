"""Finding creatures in a bestiary and adding them to the fight: what the Bestiary dock and
``gmdesk bestiary|encounter`` do, without Qt and without I/O.

- ``Index(creatures)``: search as the GM types — every word of the query found in the name, the type,
  the size, the level or the challenge (accents and case ignored), best match first; ``lo``/``hi``
  filter by level or challenge (``Creature.rank``).
- ``new_npcs(creature, count, …)``: "Goblin 1…4", stat-block NPCs with their HP average (as printed)
  or rolled from the hit dice; ``join_fight(encounter, characters, …)`` puts them in the fight, their
  initiative rolled by the system's rule and placed without moving whose turn it is. The store adds
  both in one transaction (``gmdesk.store.bestiary.add_to_fight``): one operation, one undo step.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.notation import parse
from gmdesk.systems.kit.bestiary import Creature
from gmdesk.systems.kit.statblock_text import fold

from .fight_queue import Event
from .house_rules import HouseRules
from .model import Character, Combatant, Encounter
from .turns import add_combatant, last_number, numbered_copies

HP_MODES = ("average", "rolled")
MAX_ADD = 100  # creatures added in one go (numbered_copies' own limit)
MAX_QUERY = 200


@dataclass(frozen=True)
class _Entry:
    creature: Creature
    name: str  # folded
    spaced: str  # " name ": a word of the name starts after a space
    words: str  # " name type size challenge level N ", folded, space-padded
    rank: float  # Creature.rank as a float (exact for 1/8, 1/4, 1/2): compared thousands of times a keystroke


def _entry(c: Creature) -> _Entry:
    name = " ".join(fold(c.name).split())
    level = "" if c.level is None else f" level {c.level} niveau {c.level}"
    challenge = f" cr {c.challenge} fp {c.challenge}" if c.challenge else ""
    words = " ".join(f" {name} {fold(c.type)} {fold(c.size)}{challenge}{level} ".replace("(", " ")
                     .replace(")", " ").replace(",", " ").split())
    return _Entry(c, name, f" {name} ", f" {words} ", float(c.rank))


def _order(e: _Entry) -> tuple:
    return e.rank, len(e.name), e.name


class Index:
    """The creatures of a bestiary (shipped and packs), ready to search as the GM types.

    The entries are kept weakest first (then shortest name, then by name): a search sorts nothing,
    it sorts its matches into a few kinds of match in that order and stops once ``limit`` are found
    (what a list shows), so that a keystroke over thousands of creatures answers at once."""

    def __init__(self, creatures: Iterable[Creature] = ()):
        self._entries = sorted((_entry(c) for c in creatures), key=_order)
        self._sorted_names()

    def _sorted_names(self) -> None:
        self._by_name: list[_Entry] | None = None
        self._first: dict[str, list[_Entry]] | None = None  # by the name's first letter, weakest first
        self._last: tuple = ("", None, None, self._entries)  # the last search's words and what they kept
        # Alphabetical (made here, in the thread that reads the bestiary, not on a keystroke): the
        # names starting with what is typed are found by bisection, however many creatures match
        # the words elsewhere ("el" is in every "level").
        self._alpha = sorted(self._entries, key=lambda e: e.name)
        self._alpha_names = [e.name for e in self._alpha]

    def __len__(self) -> int:
        return len(self._entries)

    def extend(self, creatures: Iterable[Creature]) -> None:
        self._entries = sorted(self._entries + [_entry(c) for c in creatures], key=_order)
        self._sorted_names()

    def _starting(self, q: str, lo, hi) -> list[_Entry]:
        """The entries whose name starts with ``q`` within ``lo``…``hi``: the exact name first, then
        weakest first (the first two kinds of match of ``search``, in its order)."""
        start = bisect_left(self._alpha_names, q)
        end = bisect_left(self._alpha_names, q + "\U0010ffff", start)
        found = [e for e in self._alpha[start:end] if (lo is None or e.rank >= float(lo))
                 and (hi is None or e.rank <= float(hi))]
        found.sort(key=_order)
        return [e for e in found if e.name == q] + [e for e in found if e.name != q]

    @property
    def creatures(self) -> list[Creature]:
        return [e.creature for e in self._entries]

    def search(self, query: str = "", lo: Fraction | int | None = None, hi: Fraction | int | None = None,
               limit: int | None = None) -> list[Creature]:
        """The creatures matching every word of ``query`` within ``lo``…``hi`` (level or challenge),
        best match first: the name itself, a name starting so, every word starting a word of the
        name, found inside the name, then matched by type, size, level or challenge ("cr 1/4",
        "level 3"; a number is a whole word); within each, weakest first, then by name. An empty
        query lists them all (within the range) by name. ``limit``: the first ones only."""
        q = " ".join(fold(query[:MAX_QUERY]).split())
        tokens = q.split()
        if not tokens:
            if self._by_name is None:
                self._by_name = sorted(self._entries, key=lambda e: (e.name, e.rank))
            entries = self._by_name
        elif len(q) == 1 and limit is not None and lo is None and hi is None:
            # The first letter typed matches most of a big bestiary: the names starting with it are
            # the best matches, and usually more than a list shows.
            if self._first is None:
                self._first = {}
                for e in self._entries:
                    self._first.setdefault(e.name[:1], []).append(e)
            starting = self._first.get(q, [])
            if len(starting) >= limit:
                exact = [e for e in starting if e.name == q]
                return [e.creature for e in (exact + [e for e in starting if e.name != q])[:limit]]
            entries = self._entries
        else:
            # Typing on: the words so far kept these; the longer query keeps some of them.
            last_q, last_lo, last_hi, kept = self._last
            entries = kept if (last_q and q.startswith(last_q) and (last_lo, last_hi) == (lo, hi)) else self._entries
        # The names starting so come first (the first two kinds of match): found by bisection, they
        # are often a list's worth, and then no other creature is looked at ("el" is in every "level").
        out = [e for e in self._starting(q, lo, hi) if all(t in e.words for t in tokens)] if tokens else []
        if limit is not None and len(out) >= limit:
            return [e.creature for e in out[:limit]]
        if lo is not None:
            entries = [e for e in entries if e.rank >= float(lo)]
        if hi is not None:
            entries = [e for e in entries if e.rank <= float(hi)]
        # Each word anywhere first (a plain substring test, done in C), then the few left are sorted.
        for t in tokens:
            entries = [e for e in entries if t in e.words]
        if not tokens:
            return [e.creature for e in entries[:limit]]
        self._last = (q, lo, hi, entries)
        if out:  # every one of them is among those the words kept
            taken = set(map(id, out))
            entries = [e for e in entries if id(e) not in taken]
        for kind in _kinds(q, tokens)[2:]:
            left = []
            for e in entries:
                (out if kind(e) else left).append(e)
            entries = left
            if limit is not None and len(out) >= limit:
                break
        return [e.creature for e in out[:limit]]


def _kinds(q: str, tokens: list[str]) -> list:
    """The kinds of match, best first; the last accepts whatever the substring filter left that
    matches by type, size, level or challenge."""
    starts = [" " + t for t in tokens]
    whole = [(" " + t + " ") if t[:1].isdigit() else None for t in tokens]
    return [
        lambda e: e.name == q,
        lambda e: e.name.startswith(q),
        lambda e: all(s in e.spaced for s in starts),
        lambda e: all(t in e.name for t in tokens),
        lambda e: all((w in e.words) if w else (s in e.words or t in e.name) for t, s, w in zip(tokens, starts, whole)),
    ]


# -- adding creatures to the fight ---------------------------------------------------------------


def hit_points(creature: Creature, mode: str, rng: random.Random) -> int:
    """Its HP: the printed average, or rolled from its hit dice (at least 1; the average when the
    source prints no dice)."""
    if mode not in HP_MODES:
        raise RulesError("hp", f"'average' or 'rolled', got {mode!r}")
    if mode == "average" or not creature.hit_dice:
        return creature.hp
    return max(1, parse(creature.hit_dice, "hit_dice").roll(rng).total)


def new_npcs(creature: Creature, count: int, rng: random.Random, hp: str = "average",
             taken: Iterable[str] = ()) -> list[Character]:
    """``count`` stat-block NPCs made from ``creature`` (not stored: ``id`` None), named "Goblin 1",
    "Goblin 2"…, numbered on from the goblins ``taken`` (``turns.numbered_copies``); a single one
    keeps the plain name when no goblin, numbered or not, is there yet."""
    check_int("count", count, 1, MAX_ADD)
    taken = set(taken)
    if count == 1 and last_number(creature.name, taken) == 0:
        names = [creature.name]
    else:
        names = [c.name for c in numbered_copies(Combatant(None, creature.name), count, taken)]
    block = creature.block
    return [Character(None, name, "npc", creature.system, _with_save_actions(block.copy(), creature),
                      max_hp=hit_points(creature, hp, rng), origin=creature.origin) for name in names]


def _with_save_actions(block, creature: Creature):
    """The block with the creature's damaging actions by a save (a breath weapon), where its system has
    a damage model: kept on the NPC so that the GM can put them in its round (none is, until then)."""
    from gmdesk.systems.kit.save_actions import from_printed

    if systems.get(creature.system).damage is not None and hasattr(block, "save_actions"):
        block.save_actions = from_printed(creature.actions)
    return block


def join_fight(enc: Encounter, characters: Sequence[Character], rng: random.Random,
               house_rules: HouseRules | None = None, hidden: bool = False, lang: str = "en") -> list[Event]:
    """Put stored NPCs (with ids) in ``enc``: each its own combatant at full HP, initiative rolled by
    its system's rule (a score taken, by hand: none), placed by initiative; whose turn it is stays."""
    from .initiative import roll_initiative, sheet_initiative

    if not characters:
        return []
    system = characters[0].system
    if any(c.id is None or c.system != system for c in characters):
        raise RulesError("characters", "stored characters of one system")
    fresh = Encounter(None, "new", combatants=[
        Combatant(i + 1, c.name, c.id, hp=c.max_hp, max_hp=c.max_hp, kind=c.kind, hidden=hidden)
        for i, c in enumerate(characters)])
    by_id = {c.id: c for c in characters}
    checks = sheet_initiative(fresh, system, by_id, house_rules, lang)
    rolled = roll_initiative(fresh, system, rng, checks=checks, sort=False)
    events = []
    for combatant in fresh.combatants:
        old = combatant.id
        combatant.id = None
        events += add_combatant(enc, combatant)
        events += [Event(e.kind, combatant.id, e.text, e.data) for e in rolled if e.combatant_id == old]
    return events


def creature_of(system_id: str, name: str, creatures: Iterable[Creature]) -> Creature:
    """The creature named ``name`` (case and accents ignored; an exact spelling first)."""
    pool = list(creatures)
    exact = [c for c in pool if c.name == name]
    if exact:
        return exact[0]
    wanted = fold(name).strip()
    found = [c for c in pool if fold(c.name) == wanted]
    if not found:
        shown = name if len(name) <= 60 else name[:60] + "…"
        raise RulesError("--add", f"no creature named {shown!r} in the {system_id} bestiary")
    return found[0]


def shipped(system_id: str) -> tuple[Creature, ...]:
    """The creatures gmdesk ships for the system (none for most)."""
    system = systems.get(system_id)
    return tuple(system.bestiary()) if system.bestiary is not None else ()
