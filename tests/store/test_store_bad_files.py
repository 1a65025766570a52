"""Every kind of file that is not a usable campaign is refused with a clear message and left
byte-for-byte as it was: never initialised, never given tables, WAL files or a new header."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from gmdesk.store.schema import CURRENT_VERSION

from store_helpers import build_v1, entry, sha256
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignFileError, CampaignStore
from gmdesk.store.checkup import check_file


def random_bytes(p: Path) -> None:
    p.write_bytes(os.urandom(8192))


def text(p: Path) -> None:
    p.write_text("Session 12 notes: the party met the lich.\n" * 50, encoding="utf-8")


def empty(p: Path) -> None:
    p.write_bytes(b"")


def foreign_sqlite(p: Path) -> None:
    c = sqlite3.connect(p)
    c.execute("CREATE TABLE bookmarks (url TEXT)")
    c.execute("INSERT INTO bookmarks VALUES ('https://example.org')")
    c.commit()
    c.close()


def foreign_sqlite_same_tables(p: Path) -> None:
    # Looks like a campaign inside, but no gmdesk application_id: still not ours.
    c = sqlite3.connect(p)
    for name in ("campaign", "characters", "scenes", "prepared_checks", "encounter", "roll_log"):
        c.execute(f"CREATE TABLE {name} (id INTEGER PRIMARY KEY)")
    c.execute("PRAGMA user_version = 1")
    c.commit()
    c.close()


def foreign_wal_sqlite(p: Path) -> None:
    c = sqlite3.connect(p)
    c.execute("PRAGMA journal_mode = WAL")
    c.execute("CREATE TABLE t (x)")
    c.commit()
    c.close()


def sqlite_magic_only(p: Path) -> None:
    p.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20)


def campaign_then(cut) -> callable:
    def make(p: Path) -> None:
        with CampaignStore.create(p, CampaignInfo("x", "pf2")) as s:
            s.log.append_many([entry(i, label="x" * 500) for i in range(300)])
        data = p.read_bytes()
        p.write_bytes(cut(data))

    return make


BAD_FILES = {
    "random bytes": (random_bytes, "not_campaign"),
    "text": (text, "not_campaign"),
    "empty": (empty, "not_campaign"),
    "foreign sqlite": (foreign_sqlite, "not_campaign"),
    "foreign sqlite, same tables": (foreign_sqlite_same_tables, "not_campaign"),
    "foreign sqlite in WAL mode": (foreign_wal_sqlite, "not_campaign"),
    "sqlite magic, short": (sqlite_magic_only, "damaged"),
    "campaign cut at 50 bytes": (campaign_then(lambda d: d[:50]), "damaged"),
    "campaign cut in the header": (campaign_then(lambda d: d[:80]), "damaged"),
    "campaign cut to one page": (campaign_then(lambda d: d[:4096]), "damaged"),
    "campaign cut in half": (campaign_then(lambda d: d[: len(d) // 2]), "damaged"),
    "campaign minus a byte": (campaign_then(lambda d: d[:-1]), "damaged"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_file_refused_untouched(tmp_path: Path, name: str) -> None:
    make, kind = BAD_FILES[name]
    p = tmp_path / "bad.gmdesk"
    make(p)
    before = sha256(p)
    siblings = sorted(os.listdir(tmp_path))
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(p)
    assert err.value.kind == kind, str(err.value)
    message = str(err.value)
    assert "bad.gmdesk" in message and "\n" not in message
    assert sha256(p) == before
    assert sorted(os.listdir(tmp_path)) == siblings  # no -wal, -shm or journal left beside it
    # `create` never overwrites it either.
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.create(p, CampaignInfo("x", "pf2"))
    assert err.value.kind == "exists"
    assert sha256(p) == before
    # `gmdesk check`: 2 for what is not a campaign, 1 for a damaged one.
    report = check_file(p)
    assert report.status == (1 if kind == "damaged" else 2), report.summary
    assert sha256(p) == before
    assert sorted(os.listdir(tmp_path)) == siblings


def test_check_leaves_a_sound_campaign_as_it_was(store: CampaignStore, campaign_path: Path) -> None:
    store.log.append_many([entry(i) for i in range(50)])
    store.close()
    before, siblings = sha256(campaign_path), sorted(os.listdir(campaign_path.parent))
    report = check_file(campaign_path)
    assert report.status == 0 and report.rolls == 50
    assert sha256(campaign_path) == before
    assert sorted(os.listdir(campaign_path.parent)) == siblings  # no -wal/-shm left by the check


def test_missing_file_is_not_created(tmp_path: Path) -> None:
    p = tmp_path / "nope.gmdesk"
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(p)
    assert err.value.kind == "missing"
    assert not p.exists()
    assert check_file(p).status == 2


def test_folder_refused(tmp_path: Path) -> None:
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(tmp_path)
    assert err.value.kind in ("not_campaign", "cant_open")


def test_newer_campaign_refused_untouched(campaign_path: Path) -> None:
    with CampaignStore.create(campaign_path, CampaignInfo("x", "pf2")) as s:
        s.log.append(entry(1))
    c = sqlite3.connect(campaign_path)
    c.execute("PRAGMA user_version = 99")
    c.commit()
    c.close()
    before, siblings = sha256(campaign_path), sorted(os.listdir(campaign_path.parent))
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(campaign_path)
    assert err.value.kind == "newer"
    assert f"made by a newer gmdesk (format 99; this one reads up to {CURRENT_VERSION})" in str(err.value)
    assert sha256(campaign_path) == before
    report = check_file(campaign_path)  # `check` agrees with every other command (issue 10, item 9)
    assert report.status == 2 and f"made by a newer gmdesk (format 99; this one reads up to {CURRENT_VERSION})" in report.summary
    assert sha256(campaign_path) == before
    assert sorted(os.listdir(campaign_path.parent)) == siblings


def test_corrupt_page_is_damaged(campaign_path: Path) -> None:
    with CampaignStore.create(campaign_path, CampaignInfo("x", "pf2")) as s:
        s.log.append_many([entry(i, label="y" * 300) for i in range(400)])
    data = bytearray(campaign_path.read_bytes())
    # Scribble over the middle of the file (b-tree pages of the roll log), not the header.
    mid = len(data) // 2 // 4096 * 4096
    data[mid : mid + 4096] = os.urandom(4096)
    campaign_path.write_bytes(bytes(data))
    assert check_file(campaign_path).status == 1


def test_unreadable_sheet_is_damaged(store: CampaignStore, campaign_path: Path) -> None:
    store.close()
    c = sqlite3.connect(campaign_path)
    c.execute("INSERT INTO characters (id, position, kind, name, sheet, updated_utc) VALUES (1, 0, 'pc', 'Bad', '{\"name\": 3}', '2026-01-01')")
    c.commit()
    c.close()
    report = check_file(campaign_path)
    assert report.status == 1 and "character #1" in report.summary


def test_create_refuses_existing_and_missing_folder(tmp_path: Path) -> None:
    p = tmp_path / "a.gmdesk"
    p.write_text("mine")
    with pytest.raises(CampaignFileError):
        CampaignStore.create(p, CampaignInfo("x", "pf2"))
    assert p.read_text() == "mine"
    from gmdesk.store import StoreError

    with pytest.raises(StoreError):
        CampaignStore.create(tmp_path / "no" / "such" / "a.gmdesk", CampaignInfo("x", "pf2"))
    assert sorted(os.listdir(tmp_path)) == ["a.gmdesk"]  # no temp file left behind


def test_v1_with_foreign_app_id_is_not_migrated(tmp_path: Path) -> None:
    p = tmp_path / "old.gmdesk"
    build_v1(p)
    c = sqlite3.connect(p)
    c.execute("PRAGMA application_id = 1")
    c.commit()
    c.close()
    before = sha256(p)
    with pytest.raises(CampaignFileError):
        CampaignStore.open(p)
    assert sha256(p) == before
    assert not any(n.endswith(".bak") for n in os.listdir(tmp_path))


def test_read_only_file_opens_read_only(store: CampaignStore, campaign_path: Path, tmp_path: Path) -> None:
    from mount_helpers import read_only_view

    store.log.append(entry(1))
    store.close()
    with read_only_view(campaign_path.parent, tmp_path / "ro") as ro:  # root writes through chmod 444
        with CampaignStore.open(ro / campaign_path.name) as s:
            assert s.read_only and s.read_only_reason == "read_only" and s.log.count() == 1
            from gmdesk.store import StoreError

            with pytest.raises(StoreError) as err:
                s.log.append(entry(2))
            assert err.value.kind == "read_only"


def test_read_only_open_refuses_writes(store: CampaignStore, campaign_path: Path) -> None:
    store.log.append(entry(1))
    store.close()
    from gmdesk.store import StoreError

    with CampaignStore.open(campaign_path, read_only=True) as s:
        assert s.log.count() == 1
        with pytest.raises(StoreError) as err:
            s.log.append(entry(2))
        assert err.value.kind == "read_only"
