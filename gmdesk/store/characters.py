"""Characters: player characters and NPCs/monsters, their sheets as JSON, in the GM's order."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Callable

from gmdesk.campaign.model import Character
from gmdesk.store.db import Database
from gmdesk.store.errors import InvalidInput
from gmdesk.store.fresh import fresh
from gmdesk.store.records import check_order, dumps, load, now


# Characters already read, by (id, stored JSON): the panels list the party several times when a
# campaign opens (a bestiary of 2,000 NPCs too), and reading (checking) each sheet again cost seconds
# there, 5 to 7 ms a campaign switch here. Only exact same bytes hit, and each caller gets its own copy
# (``fresh``; a stat block its own ``copy``), so nothing read here is shared or stale.
_READ: dict[tuple[int, str], Character] = {}
MAX_READ = 20_000


def _character(row: tuple) -> Character:
    cid, sheet = row
    known = _READ.get((cid, sheet))
    if known is not None:
        return _copy(known)

    def build(d: dict) -> Character:
        d["id"] = cid  # the column is the truth; the JSON copy may be stale after a duplicate
        return Character.from_dict(d)

    character = load(f"character #{cid}", sheet, build)
    if len(_READ) >= MAX_READ:
        _READ.clear()
    _READ[(cid, sheet)] = _copy(character)
    return character


def _copy(character: Character) -> Character:
    out = Character.__new__(Character)
    out.__dict__.update(character.__dict__)
    own_copy = getattr(character.sheet, "copy", None)  # a stat block's: faster than a generic one
    out.sheet = own_copy() if own_copy is not None else fresh(character.sheet)
    return out


class Characters:
    """Add, update, delete, list, reorder and duplicate characters; each call is committed."""

    def __init__(self, db: Database, system: Callable[[], str]):
        self._db = db
        self._system = system

    def _check(self, character: Character) -> None:
        if not isinstance(character, Character):
            raise TypeError(f"expected a Character, got {type(character).__name__}")
        character.validate()
        system = self._system()
        if character.system != system:
            raise InvalidInput("system", f"a {character.system} character in a {system} campaign")

    def add(self, character: Character) -> Character:
        """Store a new character (its ``id`` is ignored) at the end of the list; returns it with its id."""
        return self.add_many([character])[0]

    def add_many(self, characters: list[Character]) -> list[Character]:
        """Store several new characters in one transaction (an import: all or none)."""
        characters = list(characters)
        for character in characters:
            self._check(character)

        def insert(c: sqlite3.Connection) -> list[int]:
            position = c.execute("SELECT coalesce(max(position) + 1, 0) FROM characters").fetchone()[0]
            return [_insert(c, character, position + i) for i, character in enumerate(characters)]

        ids = self._db.write(insert, "add the character")
        return [self.get(i) for i in ids]

    def add_and_update(self, added: list[Character], updated: list[Character]) -> list[Character]:
        """An import in one transaction (all or none): ``added`` go at the end of the list, ``updated``
        (stored characters, by id) are saved in place. Returns the added ones with their ids."""
        added, updated = list(added), list(updated)
        for character in added + updated:
            self._check(character)
        for character in updated:
            if character.id is None:
                raise InvalidInput("id", "a character not yet stored cannot be updated; add it")

        def run(c: sqlite3.Connection) -> list[int]:
            for character in updated:
                cur = c.execute(
                    "UPDATE characters SET kind = ?, name = ?, origin = ?, sheet = ?, updated_utc = ? WHERE id = ?",
                    (character.kind, character.name, character.origin, dumps(character.to_dict()), now(), character.id))
                if cur.rowcount == 0:
                    raise KeyError(character.id)
            position = c.execute("SELECT coalesce(max(position) + 1, 0) FROM characters").fetchone()[0]
            return [_insert(c, character, position + i) for i, character in enumerate(added)]

        ids = self._db.write(run, "import the characters")
        return [self.get(i) for i in ids]

    def update(self, character: Character) -> Character:
        self._check(character)
        if character.id is None:
            raise InvalidInput("id", "a character not yet stored cannot be updated; add it")

        def save(c: sqlite3.Connection) -> None:
            cur = c.execute(
                "UPDATE characters SET kind = ?, name = ?, origin = ?, sheet = ?, updated_utc = ? WHERE id = ?",
                (character.kind, character.name, character.origin, dumps(character.to_dict()), now(), character.id),
            )
            if cur.rowcount == 0:
                raise KeyError(character.id)

        self._db.write(save, "save the character")
        return self.get(character.id)

    def delete(self, character_id: int) -> None:
        """Remove a character; combatants linked to it become ad hoc, prepared checks forget it."""

        def remove(c: sqlite3.Connection) -> None:
            if c.execute("DELETE FROM characters WHERE id = ?", (character_id,)).rowcount == 0:
                raise KeyError(character_id)
            _forget_in_encounter(c, character_id)
            _forget_in_prepared_checks(c, character_id)

        self._db.write(remove, "delete the character")

    def get(self, character_id: int) -> Character:
        row = self._db.read(lambda c: c.execute("SELECT id, sheet FROM characters WHERE id = ?", (character_id,)).fetchone())
        if row is None:
            raise KeyError(character_id)
        return self._db.loaded(lambda: _character(row))

    def list(self, kind: str | None = None) -> list[Character]:
        """Every character in the GM's order, or only ``"pc"`` or ``"npc"``."""
        if kind is None:
            rows = self._db.read(lambda c: c.execute("SELECT id, sheet FROM characters ORDER BY position, id").fetchall())
        else:
            rows = self._db.read(
                lambda c: c.execute("SELECT id, sheet FROM characters WHERE kind = ? ORDER BY position, id", (kind,)).fetchall()
            )
        return self._db.loaded(lambda: [_character(r) for r in rows])

    def count(self, kind: str | None = None) -> int:
        if kind is None:
            return self._db.read(lambda c: c.execute("SELECT count(*) FROM characters").fetchone()[0])
        return self._db.read(lambda c: c.execute("SELECT count(*) FROM characters WHERE kind = ?", (kind,)).fetchone()[0])

    def reorder(self, ids: list[int]) -> None:
        """Put ``ids`` in this order (all characters, or a subset among the places they hold)."""

        def run(c: sqlite3.Connection) -> None:
            current = dict(c.execute("SELECT id, position FROM characters"))
            for position, cid in check_order("ids", list(ids), current):
                c.execute("UPDATE characters SET position = ? WHERE id = ?", (position, cid))
            _renumber(c)

        self._db.write(run, "reorder the characters")

    def duplicate(self, character_id: int, name: str | None = None) -> Character:
        """A copy placed right after the original, named ``name`` or ``"<name> (2)"``, ``(3)``…"""

        def run(c: sqlite3.Connection) -> int:
            row = c.execute("SELECT position, name, sheet FROM characters WHERE id = ?", (character_id,)).fetchone()
            if row is None:
                raise KeyError(character_id)
            position, original, sheet = row
            new_name = name or _copy_name(original, {r[0] for r in c.execute("SELECT name FROM characters")})
            copy = load(f"character #{character_id}", sheet, lambda d: Character.from_dict({**d, "id": None, "name": new_name}))
            c.execute("UPDATE characters SET position = position + 1 WHERE position > ?", (position,))
            return _insert(c, copy, position + 1)

        return self.get(self._db.write(run, "duplicate the character"))


def _insert(c: sqlite3.Connection, character: Character, position: int) -> int:
    cid = c.execute(
        "INSERT INTO characters (position, kind, name, origin, sheet, updated_utc) VALUES (?, ?, ?, ?, '{}', ?)",
        (position, character.kind, character.name, character.origin, now()),
    ).lastrowid
    d = character.to_dict()
    d["id"] = cid  # the JSON copy carries the id it was given, for exports
    c.execute("UPDATE characters SET sheet = ? WHERE id = ?", (dumps(d), cid))
    return cid


def _copy_name(name: str, taken: set[str]) -> str:
    base = re.sub(r" \(\d+\)\Z", "", name)
    n = 2
    while f"{base} ({n})" in taken:
        n += 1
    return f"{base} ({n})"


def _renumber(c: sqlite3.Connection) -> None:
    ids = [r[0] for r in c.execute("SELECT id FROM characters ORDER BY position, id")]
    c.executemany("UPDATE characters SET position = ? WHERE id = ?", list(enumerate(ids)))


def _forget_in_encounter(c: sqlite3.Connection, character_id: int) -> None:
    row = c.execute("SELECT data FROM encounter WHERE id = 1").fetchone()
    if row is None:
        return
    d = json.loads(row[0])
    changed = False
    for combatant in d.get("combatants", []):
        if combatant.get("character_id") == character_id:
            combatant["character_id"] = None
            changed = True
    if changed:
        c.execute("UPDATE encounter SET data = ?, updated_utc = ? WHERE id = 1", (dumps(d), now()))


def _forget_in_prepared_checks(c: sqlite3.Connection, character_id: int) -> None:
    for cid, data in c.execute("SELECT id, data FROM prepared_checks").fetchall():
        d = json.loads(data)
        if character_id in d.get("rollers", []):
            d["rollers"] = [r for r in d["rollers"] if r != character_id]
            c.execute("UPDATE prepared_checks SET data = ? WHERE id = ?", (dumps(d), cid))
