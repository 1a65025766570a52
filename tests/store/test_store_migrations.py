"""Migrations from the first released schema: data kept, a backup taken first through SQLite's
backup API, every missing step in one transaction, the same schema as a new file, concurrent upgrades
safe."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

from store_helpers import build_v1, sha256, worker_cmd, worker_env
from gmdesk.campaign.model import CampaignInfo, Character
from gmdesk.campaign.sheets import new_sheet
from gmdesk.store import CURRENT_VERSION, CampaignStore, LogFilter, schema
from gmdesk.store.checkup import check_file


def schema_of(path: Path) -> set[tuple[str, str, str]]:
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {
            (t, n, re.sub(r"\s*([(),])\s*", r"\1", " ".join(sql.split())))
            for t, n, sql in c.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
        }
    finally:
        c.close()


def version_of(path: Path) -> int:
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return c.execute("PRAGMA user_version").fetchone()[0]
    finally:
        c.close()


def test_v1_fixture_matches_step_one(tmp_path: Path) -> None:
    """Step 1 must never change once released: the frozen fixture and step 1 build the same tables."""
    build_v1(tmp_path / "fixture.gmdesk", rolls=0)
    c = sqlite3.connect(tmp_path / "step1.gmdesk")
    for s in schema.STEPS[0].statements:
        c.execute(s)
    c.commit()
    c.close()
    assert schema_of(tmp_path / "fixture.gmdesk") == schema_of(tmp_path / "step1.gmdesk")


def test_v1_upgraded_with_backup(tmp_path: Path) -> None:
    old = tmp_path / "old.gmdesk"
    party = [Character(None, "Valeros", "pc", "pf2", new_sheet("pf2")), Character(None, "Gobelin", "npc", "pf2", new_sheet("pf2"))]
    build_v1(old, rolls=25, characters=party)
    before = sha256(old)
    with CampaignStore.open(old) as s:
        assert s.schema_version == CURRENT_VERSION
        assert s.migration_backup is not None and s.migration_backup.name == "old.gmdesk.v1.bak"
        assert s.info.name == "Old campaign"
        assert [c.name for c in s.characters.list()] == ["Valeros", "Gobelin"]
        assert s.log.count() == 25 and s.log.count(LogFilter(include_secret=False)) == 20
        assert s.log.get(4).actor == "Ezren"
        # What step 2 added works on the old rows.
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            s._db.conn.execute("DELETE FROM roll_log WHERE id = 1")
        assert s.log.actors() == ["Ezren", "Kyra", "Merisiel", "Valeros"]
        backup = s.migration_backup
    # The backup is the v1 file as it was (same content; not necessarily the same bytes).
    assert version_of(backup) == 1
    c = sqlite3.connect(backup)
    assert c.execute("SELECT count(*) FROM roll_log").fetchone()[0] == 25
    c.close()
    assert sha256(old) != before
    # A migrated file has exactly the schema of a new one.
    fresh = tmp_path / "fresh.gmdesk"
    CampaignStore.create(fresh, CampaignInfo("x", "pf2")).close()
    assert schema_of(old) == schema_of(fresh)
    assert check_file(old).status == 0
    # Opening again migrates nothing and backs up nothing.
    with CampaignStore.open(old) as s:
        assert s.migration_backup is None
    assert sorted(n for n in os.listdir(tmp_path) if n.endswith(".bak")) == ["old.gmdesk.v1.bak"]


def test_a_failed_step_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every missing step in one transaction (issue 25): never a half-upgraded file."""
    old = tmp_path / "old.gmdesk"
    build_v1(old, rolls=5)
    before = sha256(old)
    last = schema.STEPS[-1].version
    broken = schema.Step(last + 1, "a step that fails half-way", ("CREATE TABLE extra (x)", "CREATE TABLE extra (y)"))
    monkeypatch.setattr(schema, "STEPS", schema.STEPS + (broken,))
    monkeypatch.setattr(schema, "CURRENT_VERSION", last + 1)
    with pytest.raises(sqlite3.OperationalError, match="already exists"):  # a bug in a step is a bug
        CampaignStore.open(old)
    assert version_of(old) == 1 and sha256(old) == before  # the real steps rolled back with the broken one
    assert ("table", "extra") not in {(t, n) for t, n, _ in schema_of(old)}
    assert (tmp_path / "old.gmdesk.v1.bak").exists()


def test_concurrent_upgrades_apply_each_step_once(tmp_path: Path) -> None:
    old = tmp_path / "old.gmdesk"
    build_v1(old, rolls=50)
    procs = [
        subprocess.Popen(worker_cmd("append", old, f"p{n}", 20), env=worker_env(), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for n in range(2)
    ]
    for p in procs:
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    with CampaignStore.open(old) as s:
        assert s.schema_version == CURRENT_VERSION
        assert s.log.count() == 90
    assert check_file(old).status == 0
    # One upgrade, one backup, of the v1 file.
    backups = [n for n in os.listdir(tmp_path) if ".bak" in n]
    assert backups == ["old.gmdesk.v1.bak"]
    assert version_of(tmp_path / backups[0]) == 1


def test_a_gmdesk_arriving_between_anothers_steps_takes_no_second_backup(tmp_path: Path) -> None:
    """The race behind a rare failure of the test above: gmdesk B reads the file at v1, then gmdesk A
    applies step 2 (and took the v1 backup); B's first step finds nothing to do, and B must not back
    up the part-upgraded v2 file as if it were the original."""
    from gmdesk.store.db import Database

    old = tmp_path / "old.gmdesk"
    build_v1(old, rolls=5)
    late = Database.connect(old)
    try:
        first_read = late.user_version()
        assert first_read == 1
        early = sqlite3.connect(old, isolation_level=None)  # gmdesk A's step 2, committed
        early.execute("BEGIN IMMEDIATE")
        schema.step_runner(schema.STEPS[1])(early)
        early.execute("COMMIT")
        early.close()
        late.user_version = lambda: first_read  # what B read before A's step
        assert late.migrate() is None
        assert late.read(schema.user_version) == CURRENT_VERSION
    finally:
        late.close()
    assert [n for n in os.listdir(tmp_path) if ".bak" in n] == []
