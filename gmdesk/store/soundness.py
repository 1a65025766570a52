"""What is checked at every open, so that a damaged campaign is found before anything writes to it.

``gmdesk check`` runs SQLite's full ``integrity_check`` (every page, every index against its table),
the foreign keys, and reads every stored object back: minutes of work on a long campaign's log. An
open must take well under a second, so it runs what finds damage in proportion to the time it has:

- always: the 100-byte header (``fileformat.read_header``: a gmdesk campaign, a sane page size, not
  shorter than its page count says), the schema (every table gmdesk needs), and the campaign row;
- a file (with its write-ahead log) up to ``FULL_CHECK_BYTES``: SQLite's ``quick_check`` of the whole
  file: every b-tree page, every cell, every page used once, the free list; it reads the whole file at
  about 1 GB/s, so this bound keeps an open under 0.1 s;
- a larger file: ``quick_check`` of every table but the roll log and of the schema itself, and a read
  of the newest rolls (what the window shows first, and where new rolls are written).

Damage met later, while reading an old page of a large log, is caught where it is met: the store
stops writing from then on (``Database``) and the window says so.
"""

from __future__ import annotations

import sqlite3

from gmdesk.store.errors import error_name

FULL_CHECK_BYTES = 64 << 20  # 64 MiB: about 75,000 logged rolls
SMALL_TABLES = ("sqlite_schema", "campaign", "characters", "scenes", "prepared_checks", "encounter")
NEWEST_ROLLS = 200
_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT")


def quick_problems(conn: sqlite3.Connection, file_bytes: int) -> list[str]:
    """What the open-time checks find wrong with the campaign behind ``conn`` (empty: sound enough
    to write). ``file_bytes`` is the size of the file and its write-ahead log."""
    try:
        problems = _quick_checks(conn, file_bytes)
        if not problems:
            (rows,) = conn.execute("SELECT count(*) FROM campaign").fetchone()
            if rows != 1:
                problems.append("the campaign row is missing")
        return problems
    except sqlite3.DatabaseError as exc:
        if not error_name(exc).startswith(_DAMAGE):
            raise
        return [str(exc)]


def _quick_checks(conn: sqlite3.Connection, file_bytes: int) -> list[str]:
    if file_bytes <= FULL_CHECK_BYTES:
        return _ok_or_rows(conn.execute("PRAGMA quick_check(20)"))
    problems: list[str] = []
    for table in SMALL_TABLES:
        problems += _ok_or_rows(conn.execute(f"PRAGMA quick_check({table})"))
    # The newest rolls, every column: the pages an append and the window's first screen touch.
    conn.execute(
        "SELECT id, time_utc, session, actor, label, check_json, dice_json, breakdown_json, notes_json "
        f"FROM roll_log ORDER BY id DESC LIMIT {NEWEST_ROLLS}"
    ).fetchall()
    return problems


def _ok_or_rows(cursor: sqlite3.Cursor) -> list[str]:
    rows = [r[0] for r in cursor]
    return [] if rows == ["ok"] else rows
