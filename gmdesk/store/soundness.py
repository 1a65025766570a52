"""What is checked at every open, so that a damaged campaign is found before anything reads or writes it.

``gmdesk check`` runs SQLite's full ``integrity_check`` (every page, every index against its table),
the foreign keys, and reads every stored object back: seconds of work on a million-roll log. An open
must take well under 0.3 s, so it runs what finds damage in proportion to the time it has:

- always: the 100-byte header (``fileformat.read_header``: a gmdesk campaign, a sane page size, not
  shorter than its page count says), the schema (every table gmdesk needs), the campaign row; the
  ``integrity_check`` of every table but the roll log and its facts (the sheets, scenes, checks, the
  fight: a few thousand rows with their indexes, what an edit or an import writes), and their JSON;
- a file (with its write-ahead log) up to ``INTEGRITY_BYTES``: the ``integrity_check`` of the whole
  file, indexes against their tables included (a flipped byte in an index page sends a search astray
  while every page still looks well formed: only this finds it), and every roll's JSON;
- up to ``FULL_CHECK_BYTES``: SQLite's ``quick_check`` of the whole file (every b-tree page, every
  cell, every page used once, the free list; not the indexes against their tables): it reads the
  file at about 1 GB/s, which this bound keeps under 0.1 s;
- a larger file: a read of the newest rolls, every column and their JSON, and their entries found
  through every index of the roll log and its facts: the pages an append and the window's first
  screen touch.

Damage met later, while reading an old page of a large log, is caught where it is met: the store
stops writing from then on (``Database``) and the window says so. An export compares what it read
through the indexes with a scan of the table (``RollLog.verified_count``).
"""

from __future__ import annotations

import re
import sqlite3

from gmdesk.store import schema
from gmdesk.store.errors import error_name

INTEGRITY_BYTES = 4 << 20  # 4 MiB: about 4,500 logged rolls, ~0.05 s
FULL_CHECK_BYTES = 64 << 20  # 64 MiB: about 75,000 logged rolls
# Tables whose integrity_check (indexes included) is cheap at every open, with their JSON columns.
SMALL_TABLES = {"campaign": "data", "characters": "sheet", "scenes": "data", "prepared_checks": "data",
                "encounter": "data", "roll_groups": None, "roll_odds": "tiers", "roll_outcomes": None,
                "roll_dice": None}
ROLL_JSON = ("check_json", "dice_json", "breakdown_json", "notes_json")
NEWEST_ROLLS = 200
_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT")


def quick_problems(conn: sqlite3.Connection, file_bytes: int) -> list[str]:
    """What the open-time checks find wrong with the campaign behind ``conn`` (empty: sound enough
    to read and write). ``file_bytes`` is the size of the file and its write-ahead log."""
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
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    small = [t for t in SMALL_TABLES if t in tables]
    if file_bytes <= INTEGRITY_BYTES:
        problems = _ok_or_rows(conn.execute("PRAGMA integrity_check(20)"))
    else:
        problems = [p for t in small for p in _ok_or_rows(conn.execute(f"PRAGMA integrity_check({t})"))]
        if file_bytes <= FULL_CHECK_BYTES:
            problems += _ok_or_rows(conn.execute("PRAGMA quick_check(20)"))
        else:
            problems += _ok_or_rows(conn.execute("PRAGMA quick_check(sqlite_schema)"))
    if problems:
        return problems
    for table in small:
        column = SMALL_TABLES[table]
        if column is not None:
            problems += bad_json(conn, table, (column,), "")
    newest = "" if file_bytes <= INTEGRITY_BYTES else \
        f" WHERE id > (SELECT coalesce(max(id), 0) FROM roll_log) - {NEWEST_ROLLS}"
    problems += bad_json(conn, "roll_log", ROLL_JSON, newest)
    if file_bytes > INTEGRITY_BYTES and not problems:
        problems += _newest_indexed(conn, tables)
    return problems


def bad_json(conn: sqlite3.Connection, table: str, columns: tuple[str, ...], where: str) -> list[str]:
    # json_valid runs in SQLite's C code: a million rolls take a fraction of a second.
    valid = " AND ".join(f"json_valid({c})" for c in columns)
    rows = f"(SELECT rowid AS id, * FROM {table}{where})"
    count, first = conn.execute(f"SELECT count(*), min(id) FROM {rows} WHERE NOT ({valid})").fetchone()
    if not count:
        return []
    what = "logged rolls" if table == "roll_log" else f"rows of {table}"
    return [f"{count} {what} hold unreadable data (first: #{first})"]


_INDEX = re.compile(r"CREATE INDEX (\w+) ON (\w+)\(([^)]*)\)(?: WHERE (.+))?$")


def indexes(tables: tuple[str, ...]) -> list[tuple[str, str, list[str], str]]:
    """(name, table, columns, partial-index condition or '') of gmdesk's own indexes on ``tables``,
    read from the schema gmdesk wrote (never from the file: its text is not ours to run)."""
    found = []
    for step in schema.STEPS:
        for statement in step.statements:
            m = _INDEX.match(statement) if isinstance(statement, str) else None
            if m and m.group(2) in tables:
                found.append((m.group(1), m.group(2), [c.strip() for c in m.group(3).split(",")], m.group(4) or ""))
    return found


def _newest_indexed(conn: sqlite3.Connection, tables: set[str]) -> list[str]:
    """Each of the newest rolls found through every index of the roll log and of its facts, as
    ``integrity_check`` does for every row: a search that goes astray there is a damaged index."""
    have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    problems = []
    for name, table, columns, condition in indexes(("roll_log", "roll_facts")):
        if name not in have or table not in tables:
            continue
        where = f" AND ({condition})" if condition else ""
        match = " AND ".join(f"x.{c} IS t.{c}" for c in columns)  # IS: odds_id may be NULL
        (missing,) = conn.execute(
            f"SELECT count(*) FROM (SELECT rowid AS r, * FROM {table} WHERE rowid > "
            f"(SELECT coalesce(max(rowid), 0) FROM {table}) - {NEWEST_ROLLS}{where}) t "
            # Unqualified, the condition names the index's own table (x): the innermost one.
            f"WHERE NOT EXISTS (SELECT 1 FROM {table} x INDEXED BY {name} WHERE {match} AND x.rowid = t.r{where})"
        ).fetchone()
        if missing:
            problems.append(f"{missing} of the newest rows of {table} missing from index {name}")
    return problems


def _ok_or_rows(cursor: sqlite3.Cursor) -> list[str]:
    rows = [r[0] for r in cursor]
    return [] if rows == ["ok"] else rows
