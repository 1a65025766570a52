"""Known failures (disk full, read-only, damaged) reach the GM as StoreError sentences; bugs stay bugs."""

from __future__ import annotations

import sqlite3

import pytest

from store_helpers import entry
from gmdesk.campaign.model import Character
from gmdesk.campaign.sheets import new_sheet
from gmdesk.store import CampaignFileError, CampaignStore, StoreError
from gmdesk.store.errors import known_error


def test_disk_full_is_known_and_loses_nothing_committed(store: CampaignStore) -> None:
    store.log.append_many([entry(i) for i in range(10)])
    conn = store._db.conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")  # the file may not grow: a full disk for SQLite
    with pytest.raises(StoreError) as err:
        store.log.append_many([entry(i, label="x" * 2000) for i in range(200)])
    assert err.value.kind == "disk_full" and "full" in str(err.value)
    assert not isinstance(err.value, CampaignFileError)
    with pytest.raises(StoreError):
        store.characters.add(Character(None, "Big " * 2000, "pc", "pf2", new_sheet("pf2")))
    assert store.log.count() == 10 and store.characters.count() == 0
    conn.execute("PRAGMA max_page_count = 1073741823")  # space again: the store carries on
    assert store.log.append(entry(99)) == 11
    assert store.integrity_check() == []


def test_classification() -> None:
    def err(name: str) -> sqlite3.OperationalError:
        e = sqlite3.OperationalError("boom")
        e.sqlite_errorname = name
        return e

    assert known_error(err("SQLITE_FULL"), "p", "save").kind == "disk_full"
    assert known_error(err("SQLITE_READONLY_DBMOVED"), "p", "save").kind == "read_only"
    assert known_error(err("SQLITE_IOERR_WRITE"), "p", "save").kind == "io"
    damaged = known_error(err("SQLITE_CORRUPT"), "p", "save")
    assert isinstance(damaged, CampaignFileError) and damaged.kind == "damaged"
    assert known_error(err("SQLITE_NOTADB"), "p", "save").kind == "damaged"
    assert known_error(err("SQLITE_ERROR"), "p", "save") is None  # a syntax error is a bug
    assert known_error(err("SQLITE_CONSTRAINT_CHECK"), "p", "save") is None


def test_bugs_are_not_disguised(store: CampaignStore) -> None:
    with pytest.raises(sqlite3.OperationalError):
        store._db.write(lambda c: c.execute("SELECT * FROM no_such_table"))
    # and the connection is not left inside a transaction
    assert not store._db.conn.in_transaction
    assert store.log.append(entry(1)) == 1
