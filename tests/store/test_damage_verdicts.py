"""Issue 22 ("Nothing gmdesk writes can destroy a campaign — round two"): damage that only `check` used
to see, one verdict for one file in every command, and a disk that fills up in the middle of a run.

Every command runs as the GM runs it (a subprocess); each refusal is exit 2 and one line, and the file
keeps its bytes, with nothing left beside it."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from gmdesk.store import CampaignFileError, CampaignStore, LogFilter, soundness
from gmdesk.store.checkup import check_file
from gmdesk.store.exports import export_log

from damage_helpers import flip_an_index_key, flip_in_json
from mount_helpers import small_disk
from store_helpers import entry, sha256
from test_trust_files_cli import gmdesk, listing, new_campaign, refused, sheets_file

ROLL = ("roll", "pf2", "--mod", "3", "--dc", "15")


def refused_by_every_command(campaign: Path, sheets: Path, *words: str) -> None:
    before, siblings = sha256(campaign), listing(campaign.parent)
    for argv in ((*ROLL, "--log", campaign), (*ROLL, "--count", "50", "--log", campaign),
                 ("export", campaign, "--format", "csv", "--actor", "Merisiel", "--include-secret"),
                 ("sheets", "import", campaign, sheets), ("import", campaign, sheets),
                 ("sheets", "export", campaign), ("stats", campaign), ("checks", campaign, "--actor", "Kyra")):
        refused(gmdesk(*argv), *words)
    assert sha256(campaign) == before and listing(campaign.parent) == siblings


# -- item 1: damage only `check` saw ----------------------------------------------------------------

def test_a_flipped_byte_in_an_index_is_damage_to_every_command(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.gmdesk", rolls=3000)
    sheets = sheets_file(tmp_path)
    flip_an_index_key(campaign)
    check = gmdesk("check", campaign)
    assert check.returncode == 1 and "missing from index roll_log_actor" in check.stderr, check.stderr
    refused_by_every_command(campaign, sheets, "damaged", f"gmdesk check {campaign}")


@pytest.mark.parametrize("where", ["sheet", "roll"])
def test_damaged_json_in_a_sheet_or_a_roll_is_damage_to_every_command(tmp_path: Path, where: str) -> None:
    campaign = tmp_path / "c.gmdesk"
    if where == "sheet":
        assert gmdesk("new", campaign, "--system", "pf2", "--demo").returncode == 0
    else:
        new_campaign(campaign)
    sheets = sheets_file(tmp_path)
    flip_in_json(campaign, b'"sheet":{' if where == "sheet" else b'"dc":18,"i":17}')
    check = gmdesk("check", campaign)
    assert check.returncode == 1 and "damaged" in check.stderr, check.stderr
    refused_by_every_command(campaign, sheets, "damaged", "unreadable", f"gmdesk check {campaign}")


def test_a_long_log_checks_its_newest_rolls_through_every_index(tmp_path: Path, monkeypatch) -> None:
    """Above the bounds of the whole-file checks, an open still finds the newest rolls through every
    index (where an append writes); an export counts through the index and by a scan of the table."""
    monkeypatch.setattr(soundness, "INTEGRITY_BYTES", 0)
    monkeypatch.setattr(soundness, "FULL_CHECK_BYTES", 0)  # as if it held a million rolls
    campaign = new_campaign(tmp_path / "c.gmdesk", rolls=3000)
    flip_an_index_key(campaign, oldest=True)  # Merisiel's oldest rolls: not what an open reads of a long log
    before = sha256(campaign)
    with CampaignStore.open(campaign) as store:
        assert not store.read_only
        out = tmp_path / "merisiel.csv"
        with pytest.raises(CampaignFileError) as err:
            export_log(store.log, "csv", out, LogFilter(actor="Merisiel"))
        assert err.value.kind == "damaged" and "where the log holds 750" in str(err.value)
        assert not out.exists() and store.read_only_reason == "damaged"
        with pytest.raises(CampaignFileError) as err:
            store.log.append(entry(3000))  # nothing more is written to it
        assert err.value.kind == "damaged"
        assert export_log(store.log, "csv", io.StringIO(), LogFilter(actor="Kyra")) == 750  # what is sound reads
    assert sha256(campaign) == before
    newest = new_campaign(tmp_path / "newest.gmdesk", rolls=3000)
    with sqlite3.connect(newest) as c:
        key = c.execute("SELECT actor FROM roll_log ORDER BY id DESC LIMIT 1").fetchone()[0].encode()
    c.close()
    data = bytearray(newest.read_bytes())
    data[data.rindex(key)] ^= 0x20  # the newest roll's actor, in its table page at the end of the file
    newest.write_bytes(bytes(data))
    problems = soundness.quick_problems(sqlite3.connect(f"{newest.as_uri()}?mode=ro", uri=True), 1 << 40)
    assert problems and "missing from index" in problems[0], problems


# -- item 2: one verdict for one file ---------------------------------------------------------------

@pytest.mark.parametrize("version", [0, -1])
def test_a_format_number_no_gmdesk_wrote_is_named_alike_everywhere(tmp_path: Path, version: int) -> None:
    campaign = new_campaign(tmp_path / "c.gmdesk")
    sheets = sheets_file(tmp_path)
    with sqlite3.connect(campaign) as c:
        c.execute(f"PRAGMA user_version = {version}")
    c.close()
    words = f"its format number reads {version}"
    report = check_file(campaign)
    assert report.status == 1 and words in report.summary and "tables missing" not in report.summary
    refused_by_every_command(campaign, sheets, "damaged", words)
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(campaign)
    assert err.value.kind == "damaged" and words in str(err.value)


@pytest.mark.parametrize("where", ["column", "column and data"])
def test_an_unknown_game_system_is_named_alike_everywhere(tmp_path: Path, where: str) -> None:
    campaign = new_campaign(tmp_path / "c.gmdesk")
    sheets = sheets_file(tmp_path)
    data = ", data = json_set(data, '$.system', 'gurps')" if where != "column" else ""
    with sqlite3.connect(campaign) as c:
        c.execute(f"UPDATE campaign SET system = 'gurps'{data}")
    c.close()
    words = "game system 'gurps', which this gmdesk does not know"
    check = gmdesk("check", campaign)
    assert check.returncode == 2 and words in check.stderr, check.stderr
    refused_by_every_command(campaign, sheets, words)
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(campaign, damaged_ok=True)  # as the window opens it: refused with the reason
    assert err.value.kind == "unknown_system"


# -- item 3: a disk that fills up mid-run -----------------------------------------------------------

def test_a_disk_filling_up_mid_run_keeps_what_was_logged_and_says_so(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", "6m") as disk:
        campaign = new_campaign(disk / "c.gmdesk", rolls=0)
        siblings = listing(disk)
        p = gmdesk(*ROLL, "--count", "50000", "--seed", "3", "--log", campaign)
        line = refused(p, "the disk is full", "of 50,000 rolls were logged")
        printed = p.stdout.count("\n")
        assert f"{printed:,} of 50,000" in line and 0 < printed < 50000
        assert listing(disk) == siblings  # no -wal, no -shm
        p = gmdesk("check", campaign)
        assert p.returncode == 0 and f"{printed} rolls" in p.stdout, p.stderr


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_an_old_roll_with_damaged_json_in_a_long_log_stops_its_export(tmp_path: Path, monkeypatch, fmt) -> None:
    """A long log's open reads the JSON of its newest rolls only: an older one met by an export is
    damage met there, refused with one line, not a traceback."""
    monkeypatch.setattr(soundness, "INTEGRITY_BYTES", 0)
    monkeypatch.setattr(soundness, "FULL_CHECK_BYTES", 0)
    campaign = new_campaign(tmp_path / "c.gmdesk", rolls=3000)
    flip_in_json(campaign, b'"sides":20,"face"')  # the first roll's dice
    with CampaignStore.open(campaign) as store:
        assert not store.read_only
        with pytest.raises(CampaignFileError) as err:
            export_log(store.log, fmt, io.StringIO(), LogFilter())
        assert err.value.kind == "damaged" and "unreadable" in str(err.value)
        assert store.read_only_reason == "damaged"


def test_a_sheet_that_no_longer_reads_stops_every_write(tmp_path: Path) -> None:
    """JSON that parses but no longer makes a sheet: `check` calls it damaged, and so does every
    command about to write (it reads the sheets back first)."""
    campaign = new_campaign(tmp_path / "c.gmdesk")
    sheets = sheets_file(tmp_path)
    with sqlite3.connect(campaign) as c:
        c.execute("INSERT INTO characters (id, position, kind, name, sheet, updated_utc) "
                  "VALUES (1, 0, 'pc', 'Bad', '{\"name\": 3}', '2026-01-01')")
    c.close()
    assert check_file(campaign).status == 1
    before, siblings = sha256(campaign), listing(tmp_path)
    for argv in ((*ROLL, "--log", campaign), ("sheets", "import", campaign, sheets), ("import", campaign, sheets)):
        refused(gmdesk(*argv), "damaged", "character #1", f"gmdesk check {campaign}")
    assert sha256(campaign) == before and listing(tmp_path) == siblings
