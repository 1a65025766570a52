"""The campaign schema as a list of migration steps; ``PRAGMA user_version`` is the step reached.

Following vorta's ``store/migrations.py`` and qutebrowser's ``misc/sql.py``: a new file runs every step
from 1, each in its own transaction; an older file runs the missing ones all in ONE transaction (SQLite
DDL is transactional, so an upgrade that fails, or that the GM stops, leaves the file exactly as it
was: never half upgraded); and a file from a newer gmdesk is refused before anything is written. Steps are lists of single statements because
``executescript`` would commit behind our back.

Never edit a step once released: add a new one.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable

from gmdesk.store import roll_facts
from gmdesk.store.progress import Watch


@dataclass(frozen=True)
class Step:
    version: int
    why: str
    statements: tuple[str, ...]
    # Run after the statements, in the same transaction: data a step derives from what is there
    # (given the upgrade's ``Watch``, or None, to say how far it got).
    fill: Callable[[sqlite3.Connection, Watch | None], object] | None = None


_APPEND_ONLY = "SELECT RAISE(ABORT, 'the roll log is append-only')"

STEPS: tuple[Step, ...] = (
    Step(
        1,
        "first schema: campaign, sheets, scenes and prepared checks, encounter, roll log",
        (
            # One row: the campaign's system, name and house rules (CampaignInfo.to_dict() as JSON).
            """CREATE TABLE campaign (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                system TEXT NOT NULL,
                name TEXT NOT NULL,
                data TEXT NOT NULL,
                created_utc TEXT NOT NULL
            )""",
            # Sheets are JSON (Character.to_dict()); the columns beside it are what lists filter and
            # sort on, kept in step with the JSON by the repository.
            """CREATE TABLE characters (
                id INTEGER PRIMARY KEY,
                position INTEGER NOT NULL,
                kind TEXT NOT NULL,
                name TEXT NOT NULL,
                sheet TEXT NOT NULL,
                updated_utc TEXT NOT NULL
            )""",
            """CREATE TABLE scenes (
                id INTEGER PRIMARY KEY,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                data TEXT NOT NULL
            )""",
            """CREATE TABLE prepared_checks (
                id INTEGER PRIMARY KEY,
                scene_id INTEGER NOT NULL REFERENCES scenes(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                data TEXT NOT NULL
            )""",
            # The encounter in progress (Encounter.to_dict()); it changes every turn, so one row.
            """CREATE TABLE encounter (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                data TEXT NOT NULL,
                updated_utc TEXT NOT NULL
            )""",
            # id is the rowid: append order, contiguous because nothing is ever deleted.
            """CREATE TABLE roll_log (
                id INTEGER PRIMARY KEY,
                time_utc TEXT NOT NULL,
                session TEXT NOT NULL DEFAULT '',
                actor TEXT NOT NULL DEFAULT '',
                label TEXT NOT NULL DEFAULT '',
                system TEXT NOT NULL,
                tier TEXT NOT NULL,
                total INTEGER,
                dc INTEGER,
                hits INTEGER,
                complication INTEGER,
                secret INTEGER NOT NULL DEFAULT 0 CHECK (secret IN (0, 1)),
                reroll_of INTEGER REFERENCES roll_log(id),
                check_json TEXT NOT NULL,
                dice_json TEXT NOT NULL,
                breakdown_json TEXT NOT NULL,
                notes_json TEXT NOT NULL
            )""",
        ),
    ),
    Step(
        2,
        "indexes for the roll log's filters and lists; the log refuses UPDATE and DELETE",
        (
            # Every SQLite index ends with the rowid, so "actor = ? ORDER BY id" walks one index.
            "CREATE INDEX roll_log_time ON roll_log(time_utc)",
            "CREATE INDEX roll_log_actor ON roll_log(actor)",
            "CREATE INDEX roll_log_session ON roll_log(session)",
            "CREATE INDEX roll_log_tier ON roll_log(tier)",
            # Exports and a table shown to the players leave secret rolls out: partial indexes answer
            # "secret = 0" (and with an actor or a session) without reading every row. No index on
            # secret itself: the planner would take "secret = 0" for a selective equality.
            "CREATE INDEX roll_log_public ON roll_log(id) WHERE secret = 0",
            "CREATE INDEX roll_log_secret ON roll_log(id) WHERE secret = 1",
            "CREATE INDEX roll_log_actor_public ON roll_log(actor) WHERE secret = 0",
            "CREATE INDEX roll_log_session_public ON roll_log(session) WHERE secret = 0",
            "CREATE INDEX roll_log_reroll ON roll_log(reroll_of) WHERE reroll_of IS NOT NULL",
            "CREATE INDEX characters_order ON characters(position)",
            "CREATE INDEX characters_kind ON characters(kind, position)",
            "CREATE INDEX prepared_checks_order ON prepared_checks(scene_id, position)",
            "CREATE INDEX scenes_order ON scenes(position)",
            f"CREATE TRIGGER roll_log_no_update BEFORE UPDATE ON roll_log BEGIN {_APPEND_ONLY}; END",
            f"CREATE TRIGGER roll_log_no_delete BEFORE DELETE ON roll_log BEGIN {_APPEND_ONLY}; END",
        ),
    ),
    Step(
        3,
        "the rulings (R-1…R-5) each roll was made under, beside its check description that records them",
        (
            # A copy of the description's "rulings" (JSON), so that the exports read a few bytes per row
            # rather than decode every description. '' = a roll logged before rulings were recorded:
            # it was made under the defaults (the house-rule options were not applied then).
            "ALTER TABLE roll_log ADD COLUMN rulings_json TEXT NOT NULL DEFAULT ''",
        ),
    ),
    Step(
        4,
        "the analytics' facts of every roll (group, exact tier odds, dice thrown) and the fight it was "
        "rolled in; the facts of the rolls already logged are computed from their check descriptions",
        roll_facts.STATEMENTS,
        roll_facts.backfill,
    ),
    Step(
        5,
        "where each imported character came from (Pathbuilder, Foundry, a pasted stat block), so that "
        "importing it again updates it; sheets may now be stat blocks, which older gmdesks cannot read",
        (
            # Character.origin, copied out of the sheet JSON like kind and name; '' = made in gmdesk.
            "ALTER TABLE characters ADD COLUMN origin TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX characters_origin ON characters(origin, name) WHERE origin != ''",
        ),
    ),
    Step(
        6,
        "rolls an undo took back (initiative rolled, then undone): marked, never deleted, so that the "
        "statistics, recaps and exports leave them out and the log shows them struck through",
        (
            # The log stays append-only: a roll is marked by a row here (redo removes it), not changed.
            "CREATE TABLE roll_undone (id INTEGER PRIMARY KEY REFERENCES roll_log(id))",
        ),
    ),
)

CURRENT_VERSION = STEPS[-1].version


def user_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def step_runner(step: Step, watch: Watch | None = None) -> Callable[[sqlite3.Connection], bool]:
    """A write-transaction body applying ``step`` unless another process already did.

    The version is re-read inside the write lock: two gmdesk processes upgrading one file at once
    apply each step once. ``watch``: how far a long step got (the facts of the rolls logged before);
    a statement the GM stopped (``Watch.interrupting``) ends in ``Cancelled``, which rolls it back.
    """

    def run(conn: sqlite3.Connection) -> bool:
        if user_version(conn) >= step.version:
            return False
        if user_version(conn) != step.version - 1:
            raise AssertionError(f"migration {step.version} on a file at {user_version(conn)}")
        try:
            for statement in step.statements:
                conn.execute(statement)
            if step.fill is not None:
                step.fill(conn, watch)
        except sqlite3.OperationalError:
            if watch is not None and watch.stopped:  # SQLite's "interrupted": the GM's Cancel
                raise watch.cancelled() from None
            raise
        conn.execute(f"PRAGMA user_version = {int(step.version)}")
        return True

    return run
