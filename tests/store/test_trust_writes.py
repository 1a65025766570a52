"""Issue 22 ("Nothing gmdesk writes can destroy a campaign — round two"): one guard for every path
gmdesk writes (``gmdesk.store.write_guard``), no campaign under a side file's name, and no temp file
left for ever by a gmdesk that was killed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmdesk.__main__ import main
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, StoreError
from gmdesk.store.repair import save_repaired_copy
from gmdesk.store.write_guard import HOST, temp_beside, tidy

from store_helpers import entry, sha256, worker_env

SIDE = ("-wal", "-shm", "-journal")


def one_line_refusal(capsys, code: int, *words: str) -> str:
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (code, err)
    for word in words:
        assert word in err, (word, err)
    return err


def campaign(path: Path) -> Path:
    with CampaignStore.create(path, CampaignInfo("Table", "pf2")) as store:
        store.log.append_many([entry(i) for i in range(3)])
    return path


@pytest.fixture
def table(tmp_path: Path) -> dict[str, Path]:
    """A campaign, another one, a foreign SQLite database; their hashes are what must not change."""
    foreign = tmp_path / "other.sqlite"
    c = sqlite3.connect(foreign)
    c.execute("CREATE TABLE t (x)")
    c.commit()
    c.close()
    return {"g": campaign(tmp_path / "g.gmdesk"), "other": campaign(tmp_path / "other.gmdesk"), "foreign": foreign}


# -- item 1: screenshots go through the one guard -------------------------------------------------

@pytest.mark.parametrize("option", ["--screenshot", "--player-screenshot"])
def test_no_screenshot_lands_on_a_campaign_a_database_or_a_side_file(table, tmp_path, capsys, option) -> None:
    before = {p: sha256(p) for p in table.values()}
    siblings = sorted(os.listdir(tmp_path))
    g = table["g"]
    for target in (g, table["other"], table["foreign"], Path(f"{g}-wal"), Path(f"{table['foreign']}-journal"),
                   tmp_path / "new.gmdesk"):
        one_line_refusal(capsys, main([str(g), option, str(target)]), option, target.name)
    assert {p: sha256(p) for p in table.values()} == before
    assert sorted(os.listdir(tmp_path)) == siblings  # no PNG, no campaign named new.gmdesk


def test_export_recap_and_sheets_refuse_a_side_file_of_a_campaign_not_yet_made(table, tmp_path, capsys) -> None:
    """``later.gmdesk-wal`` would be taken for the write-ahead log of a campaign created later."""
    target = tmp_path / "later.gmdesk-wal"
    for argv in (["export", table["g"], "--format", "csv", "--out", target],
                 ["export", table["g"], "--format", "recap", "--out", target],
                 ["sheets", "export", table["g"], target]):
        one_line_refusal(capsys, main([str(a) for a in argv]), target.name)
        assert not target.exists()


def test_backups_and_repaired_copies_never_take_a_side_file_name(table, tmp_path) -> None:
    with CampaignStore.open(table["g"]) as store:
        for suffix in SIDE:
            with pytest.raises(StoreError, match="not a campaign's name"):
                store.backup(tmp_path / f"copy.gmdesk{suffix}")
    for suffix in SIDE:
        with pytest.raises(StoreError, match="not a campaign's name"):
            save_repaired_copy(table["g"], tmp_path / f"fixed.gmdesk{suffix}")
    assert not [n for n in os.listdir(tmp_path) if n.startswith(("copy", "fixed"))]


# -- item 2: `gmdesk new` onto a side file ------------------------------------------------------

@pytest.mark.parametrize("suffix", [*SIDE, "-WAL"])
def test_new_refuses_a_side_file_name_and_the_campaign_beside_stays_whole(tmp_path, capsys, suffix) -> None:
    side = tmp_path / f"pf2.gmdesk{suffix}"
    one_line_refusal(capsys, main(["new", str(side), "--system", "dnd5e"]), side.name, "ending in .gmdesk")
    assert not side.exists()
    assert main(["new", str(tmp_path / "pf2.gmdesk"), "--system", "pf2"]) == 0
    with CampaignStore.open(tmp_path / "pf2.gmdesk") as store:
        assert store.info.system == "pf2"


def test_a_campaign_already_named_as_a_side_file_is_not_opened(tmp_path, capsys) -> None:
    """Made by an older gmdesk: refused by name, before SQLite creates its own side files beside it."""
    made = campaign(tmp_path / "made.gmdesk")
    side = tmp_path / "pf2.gmdesk-shm"
    made.rename(side)
    before, siblings = sha256(side), sorted(os.listdir(tmp_path))
    with pytest.raises(StoreError, match="shared-memory index of pf2.gmdesk"):
        CampaignStore.open(side)
    one_line_refusal(capsys, main(["export", str(side), "--format", "csv"]), side.name)
    one_line_refusal(capsys, main([str(side), "--screenshot", str(tmp_path / "x.png")]), side.name)
    assert sha256(side) == before and sorted(os.listdir(tmp_path)) == siblings


# -- item 4: temp files of a killed gmdesk are tidied, and only those ------------------------------

_CHILD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from gmdesk.campaign.model import CampaignInfo
    from gmdesk.store import CampaignStore
    from gmdesk.store.atomic import atomic_text

    folder = Path(sys.argv[1])
    def wait(_=None):
        print("ready", flush=True)
        time.sleep(120)
    if sys.argv[2] == "export":
        with atomic_text(folder / "log.csv") as f:
            f.write("x" * 100_000)
            f.flush()
            wait()
    else:  # a campaign being made: its temp file, with SQLite's -wal and -shm beside it
        CampaignStore.create(folder / "big.gmdesk", CampaignInfo("Big", "pf2"), wait)
""")


def _stopped_mid_write(folder: Path, what: str) -> subprocess.Popen:
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(folder), what], env=worker_env(),
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "ready\n"
    return child


def test_what_a_killed_gmdesk_left_is_removed_when_gmdesk_next_writes_there(tmp_path, capsys) -> None:
    table = campaign(tmp_path / "table.gmdesk")
    live = _stopped_mid_write(tmp_path, "export")
    killed = [_stopped_mid_write(tmp_path, what) for what in ("export", "new")]
    for child in killed:
        child.send_signal(signal.SIGKILL)
        child.wait()
    try:
        def temps(pid: int) -> list[str]:
            return sorted(n for n in os.listdir(tmp_path) if f".gmdesk-{HOST}-{pid}-" in n)

        left = [n for child in killed for n in temps(child.pid)]
        assert len(left) == 4 and any(n.endswith("-wal") for n in left), left  # the export's, the campaign's ×3
        live_temp = temps(live.pid)
        assert len(live_temp) == 1
        # Not gmdesk's, or another machine's gmdesk's (a shared folder): never touched.
        strangers = [f".log.csv.{os.getpid()}.tmp", f".log.csv.gmdesk-{'f' * 6 if HOST != 'f' * 6 else 'e' * 6}"
                     f"-{killed[0].pid}-0123abcd.tmp", "notes.gmdesk-999999-0123abcd.tmp"]
        for name in strangers:
            (tmp_path / name).write_text("mine")

        assert main(["export", str(table), "--format", "csv", "--out", str(tmp_path / "log.csv")]) == 0
        capsys.readouterr()
        names = set(os.listdir(tmp_path))
        assert not names & set(left)
        assert set(live_temp) | set(strangers) <= names
        assert (tmp_path / live_temp[0]).stat().st_size > 0  # still being written
    finally:
        live.kill()
        live.wait()
    assert tidy(tmp_path) == [tmp_path / live_temp[0]]


def test_temp_files_name_gmdesk_and_their_process(tmp_path) -> None:
    fd, tmp = temp_beside(tmp_path / "party.json")
    os.close(fd)
    assert tmp.parent == tmp_path and tmp.name.startswith(f".party.json.gmdesk-{HOST}-{os.getpid()}-")
    assert tidy(tmp_path) == [] and tmp.exists()  # this process is alive
