"""The encounter in progress: one row, saved whole at every change (it is small, and a turn changes
several combatants at once)."""

from __future__ import annotations

import json
import sqlite3

from gmdesk.campaign.model import Combatant, ConditionState, Encounter
from gmdesk.store.db import Database
from gmdesk.store.records import dumps, load, now

ENCOUNTER_ID = 1


class EncounterStore:
    def __init__(self, db: Database):
        self._db = db
        # The last fight read, by its stored text: every panel that shows the fight reads it after a
        # change (eight of them); the text is one small row, rebuilding it is what costs. Keyed on
        # the text itself, so a change from anywhere (this window, undo, another program) is read.
        self._last: tuple[str, Encounter, str] | None = None

    def get(self) -> Encounter | None:
        """The encounter in progress, or None when there is none."""
        row = self._db.read(lambda c: c.execute("SELECT data FROM encounter WHERE id = ?", (ENCOUNTER_ID,)).fetchone())
        if row is None:
            return None
        last = self._last
        if last is not None and last[0] == row[0]:
            return _fresh(last[1], last[2])  # a copy: callers change what they are given (a turn, HP)

        def build(d: dict) -> Encounter:
            d["id"] = ENCOUNTER_ID
            return Encounter.from_dict(d)

        # Not ``Database.loaded``: a fight that no longer reads leaves the file writable, so that the
        # panel can say so and a new fight replace it (the rest of the campaign is whole).
        encounter = load("encounter", row[0], build)
        marks = json.dumps(encounter.rewind)
        self._last = (row[0], _fresh(encounter, marks), marks)
        return encounter

    def save(self, encounter: Encounter) -> Encounter:
        """Replace the encounter in progress with ``encounter`` (committed); returns it as stored."""
        encounter.validate()
        d = encounter.to_dict()
        d["id"] = ENCOUNTER_ID

        def run(c: sqlite3.Connection) -> None:
            c.execute(
                "INSERT INTO encounter (id, data, updated_utc) VALUES (?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_utc = excluded.updated_utc",
                (ENCOUNTER_ID, dumps(d), now()),
            )

        self._db.write(run, "save the encounter")
        stored = self.get()
        assert stored is not None
        return stored

    def clear(self) -> None:
        """End the encounter: there is none in progress afterwards."""
        self._db.write(lambda c: c.execute("DELETE FROM encounter WHERE id = ?", (ENCOUNTER_ID,)), "end the encounter")


def _fresh(encounter: Encounter, marks: str) -> Encounter:
    """A copy sharing nothing changeable with ``encounter``, made without validating it again (it
    was when it was read) — a fraction of what rebuilding it from its text costs. ``marks`` is its
    turn marks as JSON: read back, not deep-copied (they are many small dicts: ten times slower)."""
    out = Encounter.__new__(Encounter)
    out.__dict__.update(encounter.__dict__)
    out.combatants = [_fresh_combatant(c) for c in encounter.combatants]
    out.rewind = json.loads(marks)
    return out


def _fresh_combatant(combatant: Combatant) -> Combatant:
    out = Combatant.__new__(Combatant)
    out.__dict__.update(combatant.__dict__)
    out.conditions = [_fresh_condition(c) for c in combatant.conditions]
    return out


def _fresh_condition(condition: ConditionState) -> ConditionState:
    out = ConditionState.__new__(ConditionState)
    out.__dict__.update(condition.__dict__)
    return out
