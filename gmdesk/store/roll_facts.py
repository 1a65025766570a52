"""What the analytics need of every logged roll, kept beside it from the moment it is logged (issue 17).

``roll_facts`` has one row per roll, with the roll's id: its group, its tier, its exact tier odds and
the dice it really rolled. Appending a roll writes its facts in the same transaction
(``RollLog.append_many``); schema step 4 computed them for the rolls logged before, from their stored
check descriptions (``backfill``). The log itself stays append-only: nothing here updates a roll.

- ``roll_groups``: one row per (session, actor, kind of check, secret) — what the analytics group by.
  ``first_id`` is the first roll of the group (sessions are listed in the order they began).
- ``roll_odds``: one row per distinct set of exact odds, ``{"tier": "a/b", …}`` worst tier first
  (a campaign repeats a few hundred checks; a million rolls share them).
- ``roll_outcomes``: the tier ids met so far; ``roll_dice``: the faces a roll really threw, sorted,
  by die: ``"20:4,17"``, ``"6:1,3,5;20:9"`` (NULL: none). A reroll restates the dice it kept from the
  roll it replaced (a Luck reroll replays them): those are left out, so no face is counted twice.

A million rolls are then tallied by two covering indexes in a fraction of a second (benchmarks/).

**Sessions.** A roll's session is the one the log records: the window names each session after the
day it is played (``2026-11-30``), the demo "Session 1", "Session 2". A roll logged without one
(``gmdesk roll --log``) joins the sitting of the unnamed roll before it when less than
``SESSION_GAP_HOURS`` hours passed in between, and otherwise starts a sitting named after its own
UTC date: rolls made on one evening are one session, even past midnight.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from datetime import datetime
from fractions import Fraction
from functools import lru_cache
from typing import Collection, Iterable, Iterator, NamedTuple

from gmdesk.store import check_odds, session_rows
from gmdesk.store.log_filter import NOT_UNDONE, LogFilter
from gmdesk.store.progress import Progress, watched

SESSION_GAP_HOURS = 6
BATCH = 5000

STATEMENTS = (
    "ALTER TABLE roll_log ADD COLUMN fight TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE roll_log ADD COLUMN round INTEGER",
    """CREATE TABLE roll_groups (
        id INTEGER PRIMARY KEY,
        session TEXT NOT NULL,
        actor TEXT NOT NULL,
        kind TEXT NOT NULL,
        secret INTEGER NOT NULL CHECK (secret IN (0, 1)),
        first_id INTEGER NOT NULL,
        UNIQUE (session, actor, kind, secret)
    )""",
    "CREATE TABLE roll_odds (id INTEGER PRIMARY KEY, tiers TEXT NOT NULL UNIQUE)",
    "CREATE TABLE roll_outcomes (id INTEGER PRIMARY KEY, tier TEXT NOT NULL UNIQUE)",
    "CREATE TABLE roll_dice (id INTEGER PRIMARY KEY, faces TEXT NOT NULL UNIQUE)",
    # Small integers only: the two covering indexes a tally scans stay a few bytes per roll.
    """CREATE TABLE roll_facts (
        id INTEGER PRIMARY KEY REFERENCES roll_log(id),
        grp INTEGER NOT NULL REFERENCES roll_groups(id),
        outcome INTEGER NOT NULL REFERENCES roll_outcomes(id),
        odds_id INTEGER REFERENCES roll_odds(id),
        dice INTEGER REFERENCES roll_dice(id)
    )""",
    "CREATE INDEX roll_facts_tally ON roll_facts(grp, outcome, odds_id)",
    "CREATE INDEX roll_facts_dice ON roll_facts(grp, dice)",
    "CREATE INDEX roll_groups_session ON roll_groups(session)",
    "CREATE INDEX roll_groups_actor ON roll_groups(actor)",
)


class Roll(NamedTuple):
    """The columns of a logged roll its facts are made from."""

    id: int
    time_utc: str
    session: str
    actor: str
    system: str
    tier: str
    total: int | None
    dc: int | None
    secret: int
    reroll_of: int | None
    check_json: str
    dice_json: str


_ROLL_COLUMNS = "id, time_utc, session, actor, system, tier, total, dc, secret, reroll_of, check_json, dice_json"


@lru_cache(maxsize=4096)  # a batch of rolls of one check shares its odds: written once
def odds_text(odds: check_odds.Odds) -> str:
    return json.dumps({t: str(p) for t, p in odds}, separators=(",", ":"))


def odds_from_text(text: str) -> dict[str, Fraction]:
    return {t: Fraction(p) for t, p in json.loads(text).items()}


def fresh_dice(dice_json: str, replayed_json: str | None = None) -> str:
    """The faces a roll threw, sorted by die (``"20:4,17"``), leaving out those it restates from
    ``replayed_json`` (the roll a reroll replaced)."""
    faces = Counter((d["sides"], d["face"]) for d in json.loads(dice_json))
    if replayed_json:
        faces -= Counter((d["sides"], d["face"]) for d in json.loads(replayed_json))
    by_sides: dict[int, list[int]] = {}
    for (sides, face), n in sorted(faces.items()):
        by_sides.setdefault(sides, []).extend([face] * n)
    return ";".join(f"{s}:{','.join(map(str, fs))}" for s, fs in sorted(by_sides.items()))


def parse_dice(text: str) -> dict[int, list[int]]:
    """``"6:1,3;20:9"`` → ``{6: [1, 3], 20: [9]}``."""
    out: dict[int, list[int]] = {}
    for part in filter(None, text.split(";")):
        sides, _, faces = part.partition(":")
        out[int(sides)] = [int(f) for f in faces.split(",") if f]
    return out


def _hours_between(a: str, b: str) -> float:
    try:
        ta = datetime.fromisoformat(a.replace("Z", "+00:00"))
        tb = datetime.fromisoformat(b.replace("Z", "+00:00"))
    except ValueError:
        return float("inf")
    return abs((tb - ta).total_seconds()) / 3600


def record(c: sqlite3.Connection, rolls: list[Roll]) -> None:
    """Write the facts of ``rolls`` (in id order, already in ``roll_log``), in the caller's transaction."""
    if not rolls:
        return
    first_id = rolls[0].id
    # The unnamed sitting the batch continues, if any.
    last = c.execute(
        "SELECT l.time_utc, g.session FROM roll_log l JOIN roll_facts f ON f.id = l.id "
        "JOIN roll_groups g ON g.id = f.grp WHERE l.session = '' AND l.id < ? ORDER BY l.id DESC LIMIT 1",
        (first_id,)).fetchone()
    batch = {r.id: r for r in rolls}
    rows = []
    for r in rolls:
        session = r.session
        if not session:
            if last is not None and _hours_between(last[0], r.time_utc) < SESSION_GAP_HOURS:
                session = last[1]
            else:
                session = r.time_utc[:10]
            last = (r.time_utc, session)
        first = batch.get(r.reroll_of) if r.reroll_of is not None else None
        if r.reroll_of is not None and first is None:
            got = c.execute(f"SELECT {_ROLL_COLUMNS} FROM roll_log WHERE id = ?", (r.reroll_of,)).fetchone()
            first = Roll(*got) if got else None
        if first is None:
            odds = check_odds.tier_odds(r.system, r.check_json)
            dice = _fresh(r.dice_json, None)
        else:
            key = check_odds.reroll_key(first.system, first.tier, first.total, first.dc, first.dice_json)
            odds = check_odds.reroll_odds(r.system, r.check_json, key)
            dice = _fresh(r.dice_json, first.dice_json)
        group = (session, r.actor, check_odds.check_kind(r.check_json), 1 if r.secret else 0)
        rows.append((r.id, group, r.tier, odds_text(odds) if odds is not None else None, dice))
    firsts: dict = {}
    for i, g, *_ in rows:
        firsts.setdefault(g, i)
    groups = _ids(c, "roll_groups", firsts)
    odds_ids = _ids(c, "roll_odds", {o: 0 for *_, o, _ in rows if o is not None})
    outcomes = _ids(c, "roll_outcomes", {tier: 0 for _, _, tier, _, _ in rows})
    dice_ids = _ids(c, "roll_dice", {d: 0 for *_, d in rows if d})
    c.executemany("INSERT INTO roll_facts (id, grp, outcome, odds_id, dice) VALUES (?, ?, ?, ?, ?)",
                  [(i, groups[g], outcomes[tier], odds_ids.get(o) if o is not None else None,
                    dice_ids[d] if d else None) for i, g, tier, o, d in rows])


@lru_cache(maxsize=1 << 14)  # a log repeats the same few hundred dice
def _fresh(dice_json: str, replayed: str | None) -> str:
    try:
        return fresh_dice(dice_json, replayed)
    except (ValueError, KeyError, TypeError):  # dice edited by hand: none counted
        return ""


_DIMENSIONS = {"roll_odds": "tiers", "roll_outcomes": "tier", "roll_dice": "faces"}


def _ids(c: sqlite3.Connection, table: str, wanted: dict) -> dict:
    """Ids of the rows ``wanted`` in ``roll_groups`` (keys: group tuples, values: first roll id) or in
    one of the one-column tables (keys: their texts), inserted when new. Read back in this transaction
    every time: an id kept from a transaction that was rolled back would point nowhere."""
    out = {}
    for key, first in wanted.items():
        if table == "roll_groups":
            c.execute("INSERT OR IGNORE INTO roll_groups (session, actor, kind, secret, first_id) VALUES (?, ?, ?, ?, ?)",
                      (*key, first))
            out[key] = c.execute("SELECT id FROM roll_groups WHERE session = ? AND actor = ? AND kind = ? AND secret = ?",
                                 key).fetchone()[0]
        else:
            column = _DIMENSIONS[table]
            c.execute(f"INSERT OR IGNORE INTO {table} ({column}) VALUES (?)", (key,))
            out[key] = c.execute(f"SELECT id FROM {table} WHERE {column} = ?", (key,)).fetchone()[0]
    return out


def backfill(c: sqlite3.Connection, progress=None) -> int:
    """Facts for every roll that has none (schema step 4, a repaired copy), in id order; returns how many.
    ``progress(done, total)`` is told after each batch (``gmdesk.store.progress``)."""
    done, after = 0, 0
    total = c.execute("SELECT (SELECT count(*) FROM roll_log) - (SELECT count(*) FROM roll_facts)").fetchone()[0]
    while True:
        if progress is not None:
            progress(done, total)
        columns = ", ".join(f"l.{name}" for name in _ROLL_COLUMNS.split(", "))
        rolls = [Roll(*row) for row in c.execute(
            f"SELECT {columns} FROM roll_log l LEFT JOIN roll_facts f ON f.id = l.id "
            f"WHERE l.id > ? AND f.id IS NULL ORDER BY l.id LIMIT {BATCH}", (after,))]
        if not rolls:
            return done
        record(c, rolls)
        done += len(rolls)
        after = rolls[-1].id


def rolls_of(ids: Iterable[int], rows: Iterable[tuple]) -> list[Roll]:
    """``Roll``s from rows in ``rolllog``'s insert order (time_utc, session, actor, label, system, tier,
    total, dc, hits, complication, secret, reroll_of, check_json, dice_json, …) and their new ids."""
    return [Roll(i, r[0], r[1], r[2], r[4], r[5], r[6], r[7], r[10], r[11], r[12], r[13]) for i, r in zip(ids, rows)]


# -- reading, for the analytics ----------------------------------------------------------------

class Group(NamedTuple):
    session: str
    actor: str
    kind: str
    secret: bool


class Counts(NamedTuple):
    newest: int
    groups: dict
    odds: dict
    tally: list
    dice: list
    unfacted: int


class FactsReader:
    """The facts as the analytics read them: a few grouped queries, never a million rows."""

    def __init__(self, db):
        self._db = db

    def _read(self, fn):
        try:
            return self._db.read(fn, "read the roll statistics")
        except sqlite3.OperationalError as exc:
            if "no such table" not in str(exc):
                raise
            # Only a file damaged by hand lacks them (every open checks them): say so in one line.
            from gmdesk.store.errors import CampaignFileError

            path = self._db.path
            raise CampaignFileError(f"{path}: the campaign file is damaged (tables missing)", "damaged", path) from None

    def groups(self, *, actor: str | None = None, session: str | None = None,
               include_secret: bool = True, leave_out: Collection[str] = ()) -> dict[int, Group]:
        return self._read(lambda c: self._groups(c, actor, session, include_secret, leave_out))

    def odds(self, after: int = 0) -> dict[int, dict[str, Fraction]]:
        """Every set of odds (with id > ``after``: the ones added since)."""
        rows = self._read(lambda c: c.execute("SELECT id, tiers FROM roll_odds WHERE id > ?", (after,)).fetchall())
        return {i: odds_from_text(t) for i, t in rows}

    def _where(self, groups: Iterable[int] | None, since: str | None, after: int,
               facts: str = "", undone: bool = True) -> tuple[str, list]:
        """The WHERE clause picking rolls (``facts``: how the query names roll_facts, with its dot),
        leaving out the rolls an undo took back (``undone``: there may be some)."""
        clauses, args = [], []
        if undone:
            clauses.append(facts + NOT_UNDONE)
        if after:
            clauses.append(f"{facts}id > ?")
            args.append(after)
        if groups is not None:
            ids = sorted(groups)
            clauses.append(f"{facts}grp IN ({','.join('?' * len(ids))})" if ids else "0")
            args += ids
        if since is not None:
            where, more = LogFilter(since=since).where()  # InvalidInput names a bad date
            clauses.append(f"{facts}id IN (SELECT id FROM roll_log{where})")
            args += more
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args

    def counts(self, *, actor: str | None = None, session: str | None = None, include_secret: bool = True,
               since: str | None = None, after: int = 0, odds_after: int = 0,
               leave_out: Collection[str] = (), progress: Progress | None = None) -> "Counts":
        """Everything a tally needs, read in one transaction (a roll logged meanwhile is in all of it or
        in none): the newest id, the groups picked, the odds added after ``odds_after``, and the rolls
        counted by (group, tier, odds id) and by dice thrown — those with ids above ``after`` (all of
        them: two scans of covering indexes, no sort)."""

        def run(c: sqlite3.Connection) -> Counts:
            began = not c.in_transaction
            if began:
                c.execute("BEGIN")
            try:
                newest = c.execute("SELECT coalesce(max(id), 0) FROM roll_facts").fetchone()[0]
                groups = self._groups(c, actor, session, include_secret, leave_out)
                everything = actor is None and session is None and include_secret and not leave_out
                # Most campaigns never undo a roll: their million-roll tally then skips the test.
                undone = c.execute("SELECT EXISTS (SELECT 1 FROM roll_undone)").fetchone()[0]
                where, args = self._where(None if everything else groups.keys(), since, after, undone=undone)
                # A first read scans the covering indexes in their order; an update reads the few
                # new rows by id and sorts them (left to itself, the planner would scan an index whole
                # to spare that little sort).
                tally_index = " NOT INDEXED" if after else " INDEXED BY roll_facts_tally"
                dice_index = " NOT INDEXED" if after else " INDEXED BY roll_facts_dice"
                tiers = dict(c.execute("SELECT id, tier FROM roll_outcomes"))
                rows = c.execute("SELECT count(*) FROM roll_facts").fetchone()[0] if progress else 0
                with watched(c, rows, progress):  # `gmdesk stats` on a big log: how far it got
                    tally = [(g, tiers[o], odds, n) for g, o, odds, n in c.execute(
                        f"SELECT grp, outcome, odds_id, count(*) FROM roll_facts{tally_index}{where} "
                        "GROUP BY grp, outcome, odds_id", args)]
                    # By group in index order (no sort of a million rows), then the few hundred per-group
                    # lines summed by dice, all inside SQLite.
                    counted = c.execute(f"SELECT dice, sum(n) FROM (SELECT grp, dice, count(*) AS n FROM "
                                        f"roll_facts{dice_index}{where} GROUP BY grp, dice) GROUP BY dice",
                                        args).fetchall()
                faces = dict(c.execute("SELECT id, faces FROM roll_dice")) if counted else {}
                dice = [(faces[d], n) for d, n in counted if d is not None]
                odds = {i: odds_from_text(t) for i, t in
                        c.execute("SELECT id, tiers FROM roll_odds WHERE id > ?", (odds_after,))}
                # Rolls with no facts can only come from another program writing the file by hand: counted
                # on a first read, not on every update (two counts of a million rows).
                unfacted = None if after else c.execute(
                    "SELECT (SELECT count(*) FROM roll_log) - (SELECT count(*) FROM roll_facts)").fetchone()[0]
                return Counts(newest, groups, odds, tally, dice, unfacted)
            finally:
                if began and c.in_transaction:
                    c.execute("COMMIT")

        return self._read(run)

    @staticmethod
    def _groups(c: sqlite3.Connection, actor: str | None, session: str | None,
                include_secret: bool, leave_out: Collection[str] = ()) -> dict[int, Group]:
        """``leave_out``: actors whose rolls are not read (the combatants hidden from the players, for a
        player-safe recap)."""
        clauses, args = [], []
        for column, value in (("actor", actor), ("session", session)):
            if value is not None:
                clauses.append(f"{column} = ?")
                args.append(value)
        if not include_secret:
            clauses.append("secret = 0")
        if leave_out:
            clauses.append(f"actor NOT IN ({', '.join('?' * len(leave_out))})")
            args += sorted(leave_out)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        rows = c.execute(f"SELECT id, session, actor, kind, secret FROM roll_groups{where}", args).fetchall()
        return {r[0]: Group(r[1], r[2], r[3], bool(r[4])) for r in rows}

    def sequence(self, groups: Iterable[int], since: str | None = None) -> list[tuple[int, int, str, int | None]]:
        """(roll id, group, tier, odds id) of every roll in ``groups``, in log order (a session's streaks)."""
        where, args = self._where(groups, since, 0, "f.")
        return self._read(lambda c: c.execute(
            "SELECT f.id, f.grp, o.tier, f.odds_id FROM roll_facts f JOIN roll_outcomes o ON o.id = f.outcome"
            f"{where} ORDER BY f.id", args).fetchall())

    def sessions(self) -> list[str]:
        """Every session, in the order it began."""
        return [r[0] for r in self._read(lambda c: c.execute(
            "SELECT session FROM roll_groups GROUP BY session ORDER BY min(first_id)").fetchall())]

    def actors(self) -> list[str]:
        return [r[0] for r in self._read(lambda c: c.execute(
            "SELECT DISTINCT actor FROM roll_groups ORDER BY actor").fetchall())]

    def session_rolls(self, session: str) -> list[int]:
        """The ids of a session's rolls, in log order."""
        return [r[0] for r in self._read(lambda c: c.execute(
            "SELECT f.id FROM roll_facts f WHERE f.grp IN (SELECT id FROM roll_groups WHERE session = ?) "
            f"AND f.{NOT_UNDONE} ORDER BY f.id",
            (session,)).fetchall())]

    def last_id(self) -> int:
        return self._read(lambda c: c.execute("SELECT coalesce(max(id), 0) FROM roll_facts").fetchone()[0])

    def unfacted(self) -> int:
        """Rolls with no facts (written into the file by something other than gmdesk): not analysed."""
        return self._read(lambda c: c.execute(
            "SELECT (SELECT count(*) FROM roll_log) - (SELECT count(*) FROM roll_facts)").fetchone()[0])

    def session_rows(self, session: str, include_secret: bool = True) -> tuple[int, Iterator[list[tuple]]]:
        """How many rolls a session's recap reads, and those rolls in batches (``session_rows``)."""
        total, newest = session_rows.count(self._read, session, include_secret)
        return total, session_rows.batches(self._read, session, include_secret, newest)
