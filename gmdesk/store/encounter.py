"""The encounter in progress: one row, saved whole at every change (it is small, and a turn changes
several combatants at once)."""

from __future__ import annotations

import sqlite3

from gmdesk.campaign.model import Encounter
from gmdesk.store.db import Database
from gmdesk.store.records import dumps, load, now

ENCOUNTER_ID = 1


class EncounterStore:
    def __init__(self, db: Database):
        self._db = db

    def get(self) -> Encounter | None:
        """The encounter in progress, or None when there is none."""
        row = self._db.read(lambda c: c.execute("SELECT data FROM encounter WHERE id = ?", (ENCOUNTER_ID,)).fetchone())
        if row is None:
            return None

        def build(d: dict) -> Encounter:
            d["id"] = ENCOUNTER_ID
            return Encounter.from_dict(d)

        # Not ``Database.loaded``: a fight that no longer reads leaves the file writable, so that the
        # panel can say so and a new fight replace it (the rest of the campaign is whole).
        return load("encounter", row[0], build)

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
