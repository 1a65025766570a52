"""The roll log: every roll made at the table, append-only, listed a page at a time.

Sized for a long campaign's million rolls: appends go in one transaction per batch; lists are pages
read through indexes (actor, session, tier, secret, time), and the unfiltered list maps a row number
straight to an id, because ids are the contiguous append order (nothing is ever deleted).
"""

from __future__ import annotations

import json
import os
import sqlite3
from typing import Iterable, Iterator, NoReturn

from gmdesk.campaign.log import LogEntry
from gmdesk.store.db import Database
from gmdesk.store import roll_facts
from gmdesk.store.errors import FULL_BELOW_BYTES, CampaignFileError, InvalidInput, StoreError, free_bytes
from gmdesk.store.log_filter import LogFilter, canonical_time  # noqa: F401  (LogFilter: re-exported)

# What a logged roll takes in the file before one is measured (a pf2 roll with its indexes and facts
# about 600 bytes, an anarchy roll of 12 dice 1,200): a generous guess, as it guards a full disk.
_ROLL_BYTES = 2048
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads

_COLUMNS = (
    "id, time_utc, session, actor, label, system, tier, total, dc, hits, complication, secret, "
    "reroll_of, check_json, dice_json, breakdown_json, notes_json, fight, round, "
    "EXISTS (SELECT 1 FROM roll_undone u WHERE u.id = roll_log.id)"
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


def _size(path) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _readable(r: tuple) -> bool:
    try:
        entry_from_row(r)
        return True
    except ValueError:
        return False


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
        undone=bool(r[19]) if len(r) > 19 else False,
    )


class RollLog:
    """Append, count, page through and fetch logged rolls. There is no update or delete."""

    def __init__(self, db: Database):
        self._db = db
        self._contiguous_ids: bool | None = None
        self._roll_bytes = _ROLL_BYTES
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

    def append_what_fits(self, entries: list[LogEntry]) -> list[int]:
        """``append_many`` for a long run of rolls (``gmdesk roll --count N --log``), batch by batch:
        the first rolls of ``entries`` the disk has room for, in one transaction; their ids (fewer than
        the entries, or none, when the disk is full).

        Room means three times what they take in the file (the last batch's size per roll,
        ``_ROLL_BYTES`` before the first): their -wal frames (the pages they change, a few more than
        they add), then their pages in the file, beyond the last MiB. Once committed they are merged
        into the file, so a disk that fills up mid-run keeps the rolls logged in the campaign itself,
        and nothing beside it (a -wal holding rolls it could not merge would have to stay).
        """
        room = free_bytes(self._db.path) - FULL_BELOW_BYTES
        entries = entries[:max(room, 0) // (3 * self._roll_bytes)]
        if not entries:
            return []
        before = _size(self._db.path)
        try:
            ids = self.append_many(entries)
        except StoreError as exc:
            if exc.kind == "disk_full":
                self._roll_bytes *= 2  # rolled back whole: the next try takes fewer rolls…
                try:
                    self._db.checkpoint(truncate=True)  # …in the room the grown -wal took
                except StoreError:
                    pass
            raise
        try:
            self._db.checkpoint()
        except StoreError:
            pass  # logged all the same (in the -wal): SQLite merges it into the file when it can
        grown = _size(self._db.path) - before  # the file's growth; the -wal took as much, then is reused
        if grown > 0:
            self._roll_bytes = max(grown // len(entries), _ROLL_BYTES // 4)
        return ids

    def mark_undone(self, ids: Iterable[int], undone: bool = True) -> None:
        """Mark rolls as taken back by an undo (``undone``), or no longer (a redo). The rolls stay in
        the log as they were; the statistics, recaps and exports leave the marked ones out."""
        rows = [(int(i),) for i in ids]
        if not rows:
            return
        sql = "INSERT OR IGNORE INTO roll_undone (id) VALUES (?)" if undone else "DELETE FROM roll_undone WHERE id = ?"
        self._db.write(lambda c: c.executemany(sql, rows), "mark the rolls undone" if undone else "mark the rolls redone")

    # -- reading ------------------------------------------------------------------------------

    def undone(self) -> frozenset[int]:
        """The ids of the rolls an undo took back (a handful: one per initiative roll undone)."""
        return frozenset(r[0] for r in self._db.read(lambda c: c.execute("SELECT id FROM roll_undone").fetchall()))


    def get(self, roll_id: int) -> LogEntry:
        row = self._db.read(lambda c: c.execute(f"SELECT {_COLUMNS} FROM roll_log WHERE id = ?", (roll_id,)).fetchone())
        if row is None:
            raise KeyError(roll_id)
        return self._entries([row])[0]

    def count(self, flt: LogFilter = LogFilter()) -> int:
        where, args = flt.where()
        return self._db.read(lambda c: c.execute(f"SELECT count(*) FROM roll_log{where}", args).fetchone()[0])

    def verified_count(self, flt: LogFilter) -> int:
        """How many rolls ``flt`` matches, counted through the indexes (as the lists and exports read
        them) and by a scan of the table alone: a damaged index (a flipped byte sends its searches
        astray while every page still looks well formed) counts fewer, and the file is then called
        damaged (nothing more is written to it). The scan costs 0.5–1 s on a million rolls."""
        where, args = flt.where()
        scan_where, scan_args = flt.where(by_index=False)

        def run(c: sqlite3.Connection) -> tuple[int, int]:
            indexed = c.execute(f"SELECT count(*) FROM roll_log{where}", args).fetchone()[0]
            return indexed, c.execute(f"SELECT count(*) FROM roll_log NOT INDEXED{scan_where}", scan_args).fetchone()[0]

        indexed, scanned = self._db.read(run, "read the roll log")
        self.confirm(indexed, scanned)
        return scanned

    def _entries(self, rows: list[tuple]) -> list[LogEntry]:
        """The rolls of ``rows``; one whose JSON no longer reads is damage met (the open checks the
        JSON of the newest rolls only, in a long log): CampaignFileError, and nothing more is written."""
        try:
            return [entry_from_row(r) for r in rows]
        except ValueError:
            bad = next(r[0] for r in rows if not _readable(r))
            self.damage_met(f"logged roll #{bad} holds unreadable data")

    def confirm(self, read: int, expected: int) -> None:
        """``read`` rolls were read where the table holds ``expected``: if they differ the file is
        damaged (CampaignFileError, and the store writes nothing more to it)."""
        if read != expected:
            self.damage_met(f"an index of the roll log gives {read:,} rolls where the log holds {expected:,}")

    def damage_met(self, what: str) -> NoReturn:
        """Damage met while reading the log: nothing more is written to the file, and CampaignFileError."""
        self._db.mark_damaged(f"{self._db.path}: the campaign file is damaged: {what}")
        raise CampaignFileError(f"cannot read the roll log: {self._db.damage}; `gmdesk check {self._db.path}` "
                                "says more", "damaged", self._db.path)

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

        return self._entries(self._db.read(run))

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
        return self._entries(rows)

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
