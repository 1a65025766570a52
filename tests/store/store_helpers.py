"""Helpers for the store tests: log entries, file hashes, the worker process, and the first (v1)
schema frozen as it was released, so that migrations are tested from real v1 files.

A module of its own name (not conftest) so that ``from store_helpers import …`` cannot pick up
another directory's conftest."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import sys
from pathlib import Path

from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store.fileformat import APPLICATION_ID

REPO = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("store_worker.py")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["LANGUAGE"] = "en"  # exports speak the terminal's language: these tests read English
    return env


def worker_cmd(*args: object) -> list[str]:
    return [sys.executable, str(WORKER), *map(str, args)]


def entry(i: int = 0, **overrides) -> LogEntry:
    """A plausible pf2 roll; ``i`` varies the dice and the total."""
    rng = random.Random(i)
    face = rng.randint(1, 20)
    fields = dict(
        system="pf2",
        tier=rng.choice(["critical_failure", "failure", "success", "critical_success"]),
        time_utc=f"2026-11-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}.{i % 1000:03d}Z",
        session=f"Session {1 + i % 3}",
        actor=["Valeros", "Kyra", "Merisiel", "Ezren"][i % 4],
        label="Perception",
        check={"kind": "check", "modifier": 7, "dc": 18, "i": i},
        dice=[{"sides": 20, "face": face, "state": "kept"}],
        breakdown=[{"value": 4, "source": "Wis", "kind": "ability", "suppressed": False},
                   {"value": 3, "source": "trained", "kind": "proficiency", "suppressed": False}],
        total=face + 7,
        dc=18,
        notes=[],
    )
    fields.update(overrides)
    return LogEntry(**fields)


# -- the v1 schema, frozen ------------------------------------------------------------------------
# Written out here rather than read from gmdesk.store.schema: a change to step 1 after release would
# go unnoticed if the fixture followed it.

V1_STATEMENTS = (
    "CREATE TABLE campaign (id INTEGER PRIMARY KEY CHECK (id = 1), system TEXT NOT NULL, name TEXT NOT NULL, "
    "data TEXT NOT NULL, created_utc TEXT NOT NULL)",
    "CREATE TABLE characters (id INTEGER PRIMARY KEY, position INTEGER NOT NULL, kind TEXT NOT NULL, "
    "name TEXT NOT NULL, sheet TEXT NOT NULL, updated_utc TEXT NOT NULL)",
    "CREATE TABLE scenes (id INTEGER PRIMARY KEY, position INTEGER NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL)",
    "CREATE TABLE prepared_checks (id INTEGER PRIMARY KEY, scene_id INTEGER NOT NULL REFERENCES scenes(id) "
    "ON DELETE CASCADE, position INTEGER NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL)",
    "CREATE TABLE encounter (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL, updated_utc TEXT NOT NULL)",
    "CREATE TABLE roll_log (id INTEGER PRIMARY KEY, time_utc TEXT NOT NULL, session TEXT NOT NULL DEFAULT '', "
    "actor TEXT NOT NULL DEFAULT '', label TEXT NOT NULL DEFAULT '', system TEXT NOT NULL, tier TEXT NOT NULL, "
    "total INTEGER, dc INTEGER, hits INTEGER, complication INTEGER, "
    "secret INTEGER NOT NULL DEFAULT 0 CHECK (secret IN (0, 1)), reroll_of INTEGER REFERENCES roll_log(id), "
    "check_json TEXT NOT NULL, dice_json TEXT NOT NULL, breakdown_json TEXT NOT NULL, notes_json TEXT NOT NULL)",
)


def build_v1(path: Path, rolls: int = 10, characters: list | None = None) -> None:
    """A campaign file as gmdesk schema 1 wrote it, with a campaign row, characters and rolls."""
    import json

    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("BEGIN")
    for s in V1_STATEMENTS:
        conn.execute(s)
    conn.execute("PRAGMA user_version = 1")
    info = CampaignInfo("Old campaign", "pf2")
    conn.execute("INSERT INTO campaign VALUES (1, 'pf2', ?, ?, '2026-01-01T00:00:00.000Z')",
                 (info.name, json.dumps(info.to_dict())))
    for pos, ch in enumerate(characters or []):
        d = ch.to_dict()
        d["id"] = pos + 1
        conn.execute("INSERT INTO characters VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')",
                     (pos + 1, pos, ch.kind, ch.name, json.dumps(d)))
    for i in range(rolls):
        e = entry(i)
        conn.execute(
            "INSERT INTO roll_log (time_utc, session, actor, label, system, tier, total, dc, hits, complication, "
            "secret, reroll_of, check_json, dice_json, breakdown_json, notes_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (e.time_utc, e.session, e.actor, e.label, e.system, e.tier, e.total, e.dc, e.hits, e.complication,
             int(i % 5 == 0), None, json.dumps(e.check), json.dumps(e.dice), json.dumps(e.breakdown), "[]"),
        )
    conn.execute("COMMIT")
    conn.close()


def many_rolls_v1(path: Path, doublings: int = 10) -> int:
    """A schema-1 campaign of 10 × 2^doublings rolls, grown by copying its rows inside SQLite."""
    build_v1(path, rolls=10)
    c = sqlite3.connect(path, isolation_level=None)
    columns = ("time_utc, session, actor, label, system, tier, total, dc, hits, complication, secret, reroll_of, "
               "check_json, dice_json, breakdown_json, notes_json")
    for _ in range(doublings):
        c.execute(f"INSERT INTO roll_log ({columns}) SELECT {columns} FROM roll_log")
    c.close()  # checkpointed: the file is whole, no -wal beside it
    return 10 << doublings
