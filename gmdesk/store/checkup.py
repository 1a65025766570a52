"""``gmdesk check``: is this file a sound campaign? Read-only from start to end.

Beyond SQLite's ``integrity_check`` and ``foreign_key_check``, a sound campaign is one gmdesk can read
back: every stored object rebuilds through the domain model and every roll's JSON parses.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from gmdesk.store import schema
from gmdesk.store.errors import CampaignFileError, StoreError
from gmdesk.store.fileformat import APPLICATION_ID, REQUIRED_TABLES, connect_readonly, read_header

SOUND, DAMAGED, UNUSABLE = 0, 1, 2  # also the exit statuses of `gmdesk check`


@dataclass
class CheckReport:
    status: int
    summary: str
    problems: list[str] = field(default_factory=list)
    rolls: int = 0
    characters: int = 0
    version: int = 0


def check_file(path: str | Path) -> CheckReport:
    path = Path(path)
    try:
        read_header(path)
    except CampaignFileError as exc:
        return CheckReport(DAMAGED if exc.kind == "damaged" else UNUSABLE, str(exc), [str(exc)])
    leftovers = [p for p in (Path(f"{path}-wal"), Path(f"{path}-shm")) if not p.exists()]
    try:
        conn = connect_readonly(path)
    except sqlite3.Error as exc:
        return CheckReport(UNUSABLE, f"{path}: cannot be read: {exc}", [str(exc)])
    try:
        return _check(conn, path)
    except sqlite3.DatabaseError as exc:
        # Reading the damaged part: corrupt pages, a truncated file.
        return CheckReport(DAMAGED, f"{path} is damaged: {exc}", [str(exc)])
    finally:
        conn.close()
        if leftovers:
            _tidy(path)


def _tidy(path: Path) -> None:
    """Remove the -wal/-shm a read-only connection leaves behind, the way SQLite does: the last
    read-write connection to close deletes them (the main file is not written: the WAL is empty).
    Never by hand, which could pull them from under a gmdesk that opened the campaign meanwhile."""
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True)
        try:
            conn.execute("PRAGMA busy_timeout = 100")
            conn.execute("PRAGMA schema_version").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # read-only media or folder: the files stay, harmless


def _check(conn: sqlite3.Connection, path: Path) -> CheckReport:
    conn.execute("PRAGMA query_only = ON")
    conn.execute("PRAGMA busy_timeout = 5000")
    (app_id,) = conn.execute("PRAGMA application_id").fetchone()
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if app_id != APPLICATION_ID:
        return CheckReport(UNUSABLE, f"{path}: an SQLite database but not a gmdesk campaign")
    problems = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    if problems == ["ok"]:
        problems = []
    for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
        problems.append(f"{table} row {rowid} refers to a missing {parent} row")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = REQUIRED_TABLES - tables
    if version < 1 or missing:
        problems.append(f"tables missing: {', '.join(sorted(missing)) or 'all'}")
    newer = version > schema.CURRENT_VERSION
    rolls = characters = 0
    if not problems and not newer:
        problems += _readable(conn)
        rolls = conn.execute("SELECT count(*) FROM roll_log").fetchone()[0]
        characters = conn.execute("SELECT count(*) FROM characters").fetchone()[0]
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        return CheckReport(DAMAGED, f"{path} is damaged: {problems[0]}{more}", problems, version=version)
    if newer:
        summary = (f"{path}: the file is sound, made by a newer gmdesk (campaign format {version}; "
                   f"this gmdesk reads up to {schema.CURRENT_VERSION})")
    else:
        summary = f"{path}: sound (campaign format {version}, {characters} characters, {rolls} rolls)"
    return CheckReport(SOUND, summary, [], rolls, characters, version)


def _readable(conn: sqlite3.Connection) -> list[str]:
    """Problems reading the stored objects back (a file gmdesk wrote should have none)."""
    from gmdesk.campaign.model import CampaignInfo, Character, Encounter, PreparedCheck
    from gmdesk.store.records import load

    problems: list[str] = []
    reads = [
        ("campaign", "SELECT 1, data FROM campaign", CampaignInfo.from_dict),
        ("character", "SELECT id, sheet FROM characters", Character.from_dict),
        ("prepared check", "SELECT id, data FROM prepared_checks", PreparedCheck.from_dict),
        ("encounter", "SELECT id, data FROM encounter", Encounter.from_dict),
    ]
    for what, sql, build in reads:
        for rid, data in conn.execute(sql):
            try:
                load(f"{what} #{rid}", data, build)
            except StoreError as exc:
                problems.append(str(exc))
    if conn.execute("SELECT count(*) FROM campaign").fetchone()[0] != 1:
        problems.append("the campaign row is missing")
    # Checked in SQLite's C code: a million rolls take a fraction of a second.
    bad = conn.execute(
        "SELECT count(*), min(id) FROM roll_log WHERE NOT (json_valid(check_json) AND json_valid(dice_json) "
        "AND json_valid(breakdown_json) AND json_valid(notes_json))"
    ).fetchone()
    if bad[0]:
        problems.append(f"{bad[0]} logged rolls hold unreadable data (first: #{bad[1]})")
    return problems
