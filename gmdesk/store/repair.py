"""A repaired copy of a damaged campaign: everything SQLite can still read, in a new file.

The damaged file is only read (``fileformat.reading``). Each table is read by rowid in batches; a batch
that meets a damaged page is read again row by row, so a bad page loses the rows on it and no more.
A row is kept when it reads back as gmdesk wrote it (its JSON rebuilds through the domain model, its
roll columns are valid JSON); a prepared check whose scene is lost goes with it, a reroll whose first
roll is lost keeps its roll and loses the link. The copy is built under a temporary name and appears
complete, under a name that did not exist (``Database.create_file``): nothing is ever overwritten.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from gmdesk.store import roll_facts
from gmdesk.store.db import Database
from gmdesk.store.errors import CampaignFileError, error_name
from gmdesk.store.fileformat import reading, read_header
from gmdesk.store.write_guard import refuse_campaign_name, temp_beside

BATCH = 500
_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT", "SQLITE_IOERR")

# Table → its columns (the first is the integer primary key), in the order rows are copied.
TABLES = {
    "campaign": ("id", "system", "name", "data", "created_utc"),
    "characters": ("id", "position", "kind", "name", "sheet", "updated_utc"),
    "scenes": ("id", "position", "name", "data"),
    "prepared_checks": ("id", "scene_id", "position", "name", "data"),
    "encounter": ("id", "data", "updated_utc"),
    "roll_log": ("id", "time_utc", "session", "actor", "label", "system", "tier", "total", "dc", "hits",
                 "complication", "secret", "reroll_of", "check_json", "dice_json", "breakdown_json", "notes_json"),
}


@dataclass
class RepairReport:
    path: Path
    kept: dict[str, int] = field(default_factory=dict)
    dropped: dict[str, int] = field(default_factory=dict)  # read, but not as gmdesk wrote it
    rolls_lost: int = 0  # roll ids (contiguous from 1) that could not be read at all

    def summary(self) -> str:
        k = self.kept
        parts = [f"{k.get('characters', 0)} characters", f"{k.get('scenes', 0)} scenes",
                 f"{k.get('prepared_checks', 0)} prepared checks",
                 "the encounter" if k.get("encounter") else "no encounter",
                 f"{k.get('roll_log', 0)} rolls"]
        lost = self.rolls_lost + self.dropped.get("roll_log", 0)
        text = "recovered " + ", ".join(parts)
        if lost:
            text += f" ({lost} rolls lost)"
        return text


def save_repaired_copy(damaged: str | Path, dest: str | Path) -> RepairReport:
    """Copy what can be read of ``damaged`` into the new campaign file ``dest`` (which must not exist)."""
    damaged, dest = Path(damaged), Path(dest)
    refuse_campaign_name(dest)
    if os.path.lexists(dest):
        raise CampaignFileError(f"{dest}: already exists; a repaired copy goes into a new file", "exists", dest)
    source, scratch = damaged, None
    try:
        read_header(damaged)  # a gmdesk campaign, even if damaged: never "repair" a foreign file
    except CampaignFileError as exc:
        if exc.kind != "damaged":
            raise
        source = scratch = _fitted_copy(damaged, dest.parent, exc)
    report = RepairReport(dest)
    try:
        with reading(source) as src:
            src.execute("PRAGMA query_only = ON")

            def fill(c: sqlite3.Connection) -> None:
                _copy(src, c, report)

            Database.create_file(dest, fill)
    finally:
        if scratch is not None:
            scratch.unlink(missing_ok=True)
    return report


def _fitted_copy(damaged: Path, folder: Path, why: CampaignFileError) -> Path:
    """A truncated campaign, copied with its header's page count fitted to the pages that are there:
    SQLite refuses a file shorter than its header says, but reads the pages of one that is not."""
    with open(damaged, "rb") as f:
        head = f.read(100)
        size = os.fstat(f.fileno()).st_size
    if len(head) < 100:
        raise why
    (raw,) = struct.unpack(">H", head[16:18])
    page_size = 65536 if raw == 1 else raw
    pages = size // page_size
    if page_size < 512 or page_size & (page_size - 1) or pages < 1:
        raise why
    fd, scratch = temp_beside(folder / damaged.name, "reading")
    os.close(fd)
    try:
        shutil.copyfile(damaged, scratch)
        with open(scratch, "r+b") as f:
            f.truncate(pages * page_size)
            f.seek(28)
            f.write(struct.pack(">I", pages))
            f.seek(92)
            f.write(head[24:28])  # "valid for" = the change counter: SQLite trusts the page count
    except BaseException:
        scratch.unlink(missing_ok=True)
        raise
    return scratch


def _copy(src: sqlite3.Connection, dst: sqlite3.Connection, report: RepairReport) -> None:
    from gmdesk.campaign.model import CampaignInfo, Character, Encounter, PreparedCheck

    scenes: set[int] = set()
    rolls: set[int] = set()

    def check_json(column: int, build: Callable[[dict], object] | None = None, also=None):
        def ok(row: tuple) -> bool:
            d = json.loads(row[column])
            if build is not None:
                build(d)
            return also is None or also(row, d)
        return ok

    def scene_ok(row: tuple) -> bool:
        json.loads(row[3])
        scenes.add(row[0])
        return isinstance(row[2], str)

    def roll_ok(row: tuple) -> bool:
        for column in range(13, 17):
            json.loads(row[column])
        return True

    valid = {
        "campaign": check_json(3, CampaignInfo.from_dict),
        "characters": check_json(4, lambda d: Character.from_dict({**d, "id": None})),
        "scenes": scene_ok,
        "prepared_checks": check_json(4, lambda d: PreparedCheck.from_dict({**d, "id": None}),
                                      lambda row, d: row[1] in scenes),
        "encounter": check_json(1, Encounter.from_dict),
        "roll_log": roll_ok,
    }
    for table, columns in TABLES.items():
        insert = (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})")
        kept = dropped = 0
        for row in _readable_rows(src, table, columns):
            try:
                good = valid[table](row)
            except Exception:  # noqa: BLE001 - any failure to rebuild means the row is not kept
                good = False
            if not good:
                dropped += 1
                continue
            if table == "roll_log":
                if row[12] is not None and row[12] not in rolls:
                    row = row[:12] + (None,) + row[13:]
                rolls.add(row[0])
            dst.execute(insert, row)
            kept += 1
        report.kept[table], report.dropped[table] = kept, dropped
        if table == "campaign" and not kept:
            raise CampaignFileError("nothing to recover: the campaign's own row (its system) is lost", "damaged")
    _copy_undone_marks(src, dst, rolls)
    roll_facts.backfill(dst)  # the analytics' facts of the rolls kept, from their check descriptions
    highest = _highest(src, "roll_log")
    if highest is not None:
        report.rolls_lost = max(0, highest - report.kept["roll_log"] - report.dropped["roll_log"])


def _copy_undone_marks(src: sqlite3.Connection, dst: sqlite3.Connection, rolls: set[int]) -> None:
    """The marks of the rolls an undo took back, for the rolls kept: an undone roll stays out of the
    statistics in the copy too. A file older than the marks, or marks unreadable: none."""
    try:
        marked = [r[0] for r in src.execute("SELECT id FROM roll_undone").fetchall()]
    except sqlite3.DatabaseError:
        return
    dst.executemany("INSERT INTO roll_undone (id) VALUES (?)", [(i,) for i in marked if i in rolls])


def _readable_rows(src: sqlite3.Connection, table: str, columns: tuple[str, ...]) -> Iterator[tuple]:
    key, select = columns[0], f"SELECT {', '.join(columns)} FROM {table}"
    highest = _highest(src, table)
    after, misses = -(1 << 62), 0
    while True:
        try:
            rows = src.execute(f"{select} WHERE {key} > ? ORDER BY {key} LIMIT {BATCH}", (after,)).fetchall()
        except sqlite3.DatabaseError as exc:
            if not error_name(exc).startswith(_DAMAGE):
                raise
            rows = None
        if rows is not None:
            if not rows:
                return
            yield from rows
            after = rows[-1][0]
            continue
        # A damaged page on the way: the next ids one at a time, then batches again.
        start = max(after, 0)
        found = False
        for rid in range(start + 1, start + 1 + BATCH):
            try:
                row = src.execute(f"{select} WHERE {key} = ?", (rid,)).fetchone()
            except sqlite3.DatabaseError as exc:
                if not error_name(exc).startswith(_DAMAGE):
                    raise
                continue
            if row is not None:
                found = True
                yield row
        after = start + BATCH
        misses = 0 if found else misses + 1
        if (highest is not None and after >= highest) or (highest is None and misses > 200):
            return


def _highest(src: sqlite3.Connection, table: str) -> int | None:
    try:
        return src.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0
    except sqlite3.DatabaseError:
        return None
