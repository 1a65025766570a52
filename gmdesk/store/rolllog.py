"""The roll log: every roll made at the table, append-only, listed a page at a time.

Sized for a long campaign's million rolls: appends go in one transaction per batch; lists are pages
read through indexes (actor, session, tier, secret, time), and the unfiltered list maps a row number
straight to an id, because ids are the contiguous append order (nothing is ever deleted).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Iterable, Iterator

from gmdesk.campaign.log import LogEntry
from gmdesk.store.db import Database
from gmdesk.store import roll_facts
from gmdesk.store.errors import InvalidInput
from gmdesk.store.log_filter import LogFilter, canonical_time  # noqa: F401  (LogFilter: re-exported)

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads

_COLUMNS = (
    "id, time_utc, session, actor, label, system, tier, total, dc, hits, complication, secret, "
    "reroll_of, check_json, dice_json, breakdown_json, notes_json, fight, round"
)
_INSERT = (
    "INSERT INTO roll_log (time_utc, session, actor, label, system, tier, total, dc, hits, complication, "
    "secret, reroll_of, check_json, dice_json, breakdown_json, notes_json, rulings_json, fight, round) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
def _row(e: LogEntry, described: dict[int, tuple] | None = None) -> tuple:
    """The columns of one entry. ``described``: the check descriptions already written in this batch,
    by identity (``gmdesk roll --count`` logs a million rolls of one check: written once, not a
    million times); each keeps its description alive, so that an identity is never reused."""
    if not isinstance(e, LogEntry):
        raise TypeError(f"expected a LogEntry, got {type(e).__name__}")
    if not e.system or not e.tier:
        raise InvalidInput("system" if not e.system else "tier", "a logged roll needs a system and a tier")
    known = described.get(id(e.check)) if described is not None else None
    if known is None:
        known = (e.check, _dumps(e.check), rulings_json(e.check))
        if described is not None:
            described[id(e.check)] = known
    return (
        canonical_time(e.time_utc),
        e.session or "",
        e.actor or "",
        e.label or "",
        e.system,
        e.tier,
        e.total,
        e.dc,
        e.hits,
        e.complication,
        1 if e.secret else 0,
        e.reroll_of,
        known[1],
        _dumps(e.dice),
        _dumps(e.breakdown),
        _dumps(list(e.notes)),
        known[2],
        e.fight or "",
        e.round,
    )


def rulings_json(check: object) -> str:
    """The rulings a check description records, as the ``rulings_json`` column keeps them ('' = none)."""
    recorded = check.get("rulings") if isinstance(check, dict) else None
    return "" if recorded is None else _dumps(recorded)


def entry_from_row(r: tuple) -> LogEntry:
    return LogEntry(
        id=r[0],
        time_utc=r[1],
        session=r[2],
        actor=r[3],
        label=r[4],
        system=r[5],
        tier=r[6],
        total=r[7],
        dc=r[8],
        hits=r[9],
        complication=r[10],
        secret=bool(r[11]),
        reroll_of=r[12],
        check=_loads(r[13]),
        dice=_loads(r[14]),
        breakdown=_loads(r[15]),
        notes=_loads(r[16]),
        fight=r[17],
        round=r[18],
    )


class RollLog:
    """Append, count, page through and fetch logged rolls. There is no update or delete."""

    def __init__(self, db: Database):
        self._db = db
        self._contiguous_ids: bool | None = None
        self.facts = roll_facts.FactsReader(db)  # what the analytics read (gmdesk.analytics)

    # -- writing ------------------------------------------------------------------------------

    def append(self, entry: LogEntry) -> int:
        """Log one roll; committed when this returns. Returns its id."""
        return self.append_many([entry])[0]

    def append_many(self, entries: Iterable[LogEntry]) -> list[int]:
        """Log several rolls in one transaction (all or none); returns their ids in order."""
        described: dict[int, tuple] = {}
        rows = [_row(e, described) for e in entries]
        if not rows:
            return []

        def insert(c: sqlite3.Connection) -> list[int]:
            try:
                c.executemany(_INSERT, rows)
            except sqlite3.IntegrityError as exc:
                if "FOREIGN KEY" in str(exc):
                    raise InvalidInput("reroll_of", "refers to a roll that is not in the log") from None
                raise
            last = c.execute("SELECT last_insert_rowid()").fetchone()[0]
            # Under the write lock, without explicit ids, SQLite gives max(id) + 1 each time.
            ids = list(range(last - len(rows) + 1, last + 1))
            roll_facts.record(c, roll_facts.rolls_of(ids, rows))  # the analytics' facts, in this transaction
            return ids

        return self._db.write(insert, "log the roll")

    # -- reading ------------------------------------------------------------------------------

    def get(self, roll_id: int) -> LogEntry:
        row = self._db.read(lambda c: c.execute(f"SELECT {_COLUMNS} FROM roll_log WHERE id = ?", (roll_id,)).fetchone())
        if row is None:
            raise KeyError(roll_id)
        return entry_from_row(row)

    def count(self, flt: LogFilter = LogFilter()) -> int:
        where, args = flt.where()
        return self._db.read(lambda c: c.execute(f"SELECT count(*) FROM roll_log{where}", args).fetchone()[0])

    def last_id(self) -> int:
        return self._db.read(lambda c: c.execute("SELECT coalesce(max(id), 0) FROM roll_log").fetchone()[0])

    def page(
        self, flt: LogFilter = LogFilter(), offset: int = 0, limit: int = 100, *, newest_first: bool = False
    ) -> list[LogEntry]:
        """Rows ``offset`` .. ``offset + limit - 1`` of the filtered list (append order, or newest first)."""
        if offset < 0 or limit < 0:
            raise InvalidInput("offset" if offset < 0 else "limit", "must not be negative")
        order = "DESC" if newest_first else "ASC"

        def run(c: sqlite3.Connection) -> list[tuple]:
            where, args = flt.where()
            if flt.is_everything and self._contiguous(c):
                # Row n is id n + 1 (or counted from the top): no skipping through a million rows.
                top = c.execute("SELECT coalesce(max(id), 0) FROM roll_log").fetchone()[0]
                if newest_first:
                    hi = top - offset
                    return c.execute(
                        f"SELECT {_COLUMNS} FROM roll_log WHERE id <= ? AND id > ? ORDER BY id DESC",
                        (hi, hi - limit),
                    ).fetchall()
                return c.execute(
                    f"SELECT {_COLUMNS} FROM roll_log WHERE id > ? AND id <= ? ORDER BY id",
                    (offset, offset + limit),
                ).fetchall()
            return c.execute(
                f"SELECT {_COLUMNS} FROM roll_log{where} ORDER BY id {order} LIMIT ? OFFSET ?", [*args, limit, offset]
            ).fetchall()

        return [entry_from_row(r) for r in self._db.read(run)]

    def after(
        self, flt: LogFilter = LogFilter(), after_id: int | None = None, limit: int = 100, *, newest_first: bool = False
    ) -> list[LogEntry]:
        """Keyset paging: the next ``limit`` matching rolls after ``after_id`` in list order."""
        where, args = flt.where()
        if after_id is not None:
            where += (" AND " if where else " WHERE ") + ("id < ?" if newest_first else "id > ?")
            args = [*args, after_id]
        order = "DESC" if newest_first else "ASC"
        rows = self._db.read(
            lambda c: c.execute(f"SELECT {_COLUMNS} FROM roll_log{where} ORDER BY id {order} LIMIT ?", [*args, limit]).fetchall()
        )
        return [entry_from_row(r) for r in rows]

    def iter(self, flt: LogFilter = LogFilter(), *, batch: int = 5000) -> Iterator[LogEntry]:
        """Every matching roll in append order, read in batches (for exports)."""
        last: int | None = None
        while True:
            chunk = self.after(flt, last, batch)
            yield from chunk
            if len(chunk) < batch:
                return
            last = chunk[-1].id

    def batches(self, flt: LogFilter, columns: str, *, batch: int = 5000) -> Iterator[list[tuple]]:
        """Raw rows (``columns`` must start with ``id``) of every matching roll in append order, a
        list per keyset batch: the exports' fast path, decoding nothing they do not show."""
        where, args = flt.where()
        where += (" AND " if where else " WHERE ") + "id > ?"
        sql = f"SELECT {columns} FROM roll_log{where} ORDER BY id LIMIT ?"
        last = 0
        while True:
            chunk = self._db.read(lambda c: c.execute(sql, [*args, last, batch]).fetchall())
            if chunk:
                yield chunk
            if len(chunk) < batch:
                return
            last = chunk[-1][0]

    def rows(self, flt: LogFilter, columns: str, *, batch: int = 5000) -> Iterator[tuple]:
        for chunk in self.batches(flt, columns, batch=batch):
            yield from chunk

    def actors(self) -> list[str]:
        return self._distinct("actor")

    def sessions(self) -> list[str]:
        return self._distinct("session")

    def _distinct(self, column: str) -> list[str]:
        # A loose index scan: one index seek per distinct value instead of reading every row.
        sql = (
            f"WITH RECURSIVE v(x) AS (SELECT min({column}) FROM roll_log "
            f"UNION ALL SELECT (SELECT min({column}) FROM roll_log WHERE {column} > v.x) FROM v WHERE v.x IS NOT NULL) "
            "SELECT x FROM v WHERE x IS NOT NULL"
        )
        return [r[0] for r in self._db.read(lambda c: c.execute(sql).fetchall())]

    def _contiguous(self, c: sqlite3.Connection) -> bool:
        """True when ids are exactly 1..count: always, unless the file was edited by hand.

        Checked once per open store: appends keep it true (each id is the previous maximum + 1) and
        the log refuses DELETE.
        """
        if self._contiguous_ids is None:
            # Two statements: together, max(id) loses its one-seek shortcut and reads every row.
            top = c.execute("SELECT coalesce(max(id), 0) FROM roll_log").fetchone()[0]
            self._contiguous_ids = c.execute("SELECT count(*) FROM roll_log").fetchone()[0] == top
        return self._contiguous_ids
