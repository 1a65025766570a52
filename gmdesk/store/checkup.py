"""``gmdesk check``: is this file a sound campaign? Read-only from start to end.

Beyond SQLite's ``integrity_check`` and ``foreign_key_check``, a sound campaign is one gmdesk can read
back: every stored object rebuilds through the domain model and every roll's JSON parses.

Nothing is written: the file is read through a read-only connection (``mode=ro``, or ``immutable``
where SQLite cannot create its side files), so a write-ahead log left by another gmdesk (open, or
killed) is read but never merged into the file; the -wal/-shm files the check itself created are
removed the way SQLite removes them (``sidefiles``), and no others.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from gmdesk.store import schema
from gmdesk.store.errors import CampaignFileError, StoreError, error_name, known_error
from gmdesk.store.soundness import ROLL_JSON, bad_json
from gmdesk.store.fileformat import _has_wal, close_readonly, judge, newer_message, open_readonly, read_header, \
    unknown_system

SOUND, DAMAGED, UNUSABLE = 0, 1, 2  # also the exit statuses of `gmdesk check`
_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT")


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
        header = read_header(path)
    except CampaignFileError as exc:
        return CheckReport(DAMAGED if exc.kind == "damaged" else UNUSABLE, str(exc), [str(exc)])
    if header.user_version > schema.CURRENT_VERSION and not _has_wal(path):
        return _newer(path, header.user_version)
    try:
        conn, files = open_readonly(path)
    except sqlite3.Error as exc:
        return _unreadable(exc, path)
    try:
        return _check(conn, path)
    except sqlite3.DatabaseError as exc:
        # Reading the damaged part: corrupt pages, a truncated file; or the disk failing under us.
        return _unreadable(exc, path)
    finally:
        close_readonly(conn, files)


def _newer(path: Path, version: int) -> CheckReport:
    message = newer_message(path, version, schema.CURRENT_VERSION)
    return CheckReport(UNUSABLE, message, [message], version=version)


def _unreadable(exc: sqlite3.Error, path: Path) -> CheckReport:
    """Damage is status 1; a disk that is full or failing says so, status 2: the file may be sound."""
    if error_name(exc).startswith(_DAMAGE):
        return CheckReport(DAMAGED, f"{path} is damaged: {exc}", [str(exc)])
    known = known_error(exc, path, "read the campaign")
    message = str(known) if known is not None else f"{path}: cannot be read: {exc}"
    return CheckReport(UNUSABLE, message, [message])


def _check(conn: sqlite3.Connection, path: Path) -> CheckReport:
    conn.execute("PRAGMA query_only = ON")
    conn.execute("PRAGMA busy_timeout = 5000")
    try:
        version, _ = judge(conn, path, schema.CURRENT_VERSION)
    except CampaignFileError as exc:  # the same verdict, in the same words, as every other command's
        return CheckReport(DAMAGED if exc.kind == "damaged" else UNUSABLE, str(exc), [str(exc)])
    problems = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    if problems == ["ok"]:
        problems = []
    for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
        problems.append(f"{table} row {rowid} refers to a missing {parent} row")
    if not problems:
        try:
            unknown_system(conn, path)
        except CampaignFileError as exc:
            return CheckReport(UNUSABLE, str(exc), [str(exc)], version=version)
    rolls = characters = 0
    if not problems:
        problems += _readable(conn)
        rolls = conn.execute("SELECT count(*) FROM roll_log").fetchone()[0]
        characters = conn.execute("SELECT count(*) FROM characters").fetchone()[0]
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        return CheckReport(DAMAGED, f"{path} is damaged: {problems[0]}{more}", problems, version=version)
    summary = f"{path}: sound (campaign format {version}, {characters} characters, {rolls} rolls)"
    return CheckReport(SOUND, summary, [], rolls, characters, version)


def _readable(conn: sqlite3.Connection) -> list[str]:
    """Problems reading the stored objects and the rolls back (a file gmdesk wrote should have none)."""
    return object_problems(conn) + bad_json(conn, "roll_log", ROLL_JSON, "")


def object_problems(conn: sqlite3.Connection) -> list[str]:
    """Problems reading the campaign row, sheets, prepared checks and fight back through the domain
    model (about 0.2 ms a character): JSON that parses but no longer makes a sheet, say."""
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
    return problems
