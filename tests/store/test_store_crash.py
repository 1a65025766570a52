"""Durability: a logging process killed with SIGKILL at random moments, many times, loses no roll
that ``append`` reported, and the file stays sound. Two processes logging at once lose nothing and
never see "database is locked"."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from store_helpers import worker_cmd, worker_env
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore
from gmdesk.store.checkup import check_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def test_sigkill_loses_no_committed_roll(campaign_path: Path) -> None:
    CampaignStore.create(campaign_path, CampaignInfo("crash", "pf2")).close()
    rng = random.Random(20261130)
    reported: dict[int, str] = {}
    kills = 0
    # At least ten kills, and on until the workers reported enough rolls for the test to prove
    # something: a loaded machine (CI, other jobs) logs fewer rolls per kill, so it runs longer.
    budget = time.monotonic() + 90.0
    while kills < 10 or (len(reported) <= 100 and time.monotonic() < budget):
        proc = subprocess.Popen(
            worker_cmd("forever", campaign_path, f"run{kills}"),
            env=worker_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n", proc.stderr.read() if proc.stderr else ""
        time.sleep(rng.uniform(0.01, 0.25))  # kill it mid-stream: in a commit, between, mid-batch
        os.kill(proc.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL, err
        lines = out.splitlines()
        if lines and not out.endswith("\n"):
            lines.pop()  # a line cut by the kill was not fully reported
        for line in lines:
            rid, label = line.split(" ", 1)
            assert int(rid) not in reported, "an id was given twice"
            reported[int(rid)] = label
        kills += 1
    assert len(reported) > 100, "the workers hardly logged anything: the test proves little"
    report = check_file(campaign_path)
    assert report.status == 0, report.problems
    with CampaignStore.open(campaign_path) as store:
        assert store.integrity_check() == []
        total = store.log.count()
        assert total >= len(reported)
        got = {e.id: e.label for e in store.log.iter()}
    for rid, label in reported.items():
        assert got.get(rid) == label, f"roll #{rid} ({label}) was reported but is lost"
    # Ids stay the contiguous append order after crashes.
    assert sorted(got) == list(range(1, total + 1))


def test_two_writers_lose_nothing(campaign_path: Path) -> None:
    CampaignStore.create(campaign_path, CampaignInfo("busy", "pf2")).close()
    go = campaign_path.with_name("go")
    n = 400
    procs = [
        subprocess.Popen(worker_cmd("append", campaign_path, tag, n, go), env=worker_env(),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for tag in ("left", "right")
    ]
    for p in procs:  # both have the campaign open: start them at once
        assert p.stdout is not None and p.stdout.readline() == "ready\n"
    go.write_text("go")
    outputs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0 and "locked" not in err, err
        outputs.append(out.splitlines())
    with CampaignStore.open(campaign_path) as store:
        assert store.log.count() == 2 * n
        labels = {e.id: e.label for e in store.log.iter()}
    for tag, lines in zip(("left", "right"), outputs):
        assert len(lines) == n
        for line in lines:
            rid, label = line.split(" ", 1)
            assert labels[int(rid)] == label
        # each writer's rolls are in its own order
        ids = [int(line.split()[0]) for line in lines]
        assert ids == sorted(ids)
    assert check_file(campaign_path).status == 0


def test_busy_file_is_retried_not_reported(campaign_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With SQLite's own wait cut to 1 ms, the store's retry loop carries the contention."""
    import threading

    from gmdesk.store import db as dbmod
    from store_helpers import entry

    monkeypatch.setattr(dbmod, "BUSY_TIMEOUT_MS", 1)
    retries = []
    real_sleep = time.sleep

    def counting_sleep(s: float) -> None:
        retries.append(s)
        real_sleep(s)

    monkeypatch.setattr(dbmod.time, "sleep", counting_sleep)
    CampaignStore.create(campaign_path, CampaignInfo("busy", "pf2")).close()
    errors: list[BaseException] = []

    def writer(tag: str) -> None:
        try:
            with CampaignStore.open(campaign_path) as s:
                for i in range(150):
                    if i % 10 == 0:
                        s.log.append_many([entry(i, label=f"{tag}:{i}:{k}") for k in range(20)])
                    else:
                        s.log.append(entry(i, label=f"{tag}:{i}"))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in ("a", "b", "c")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    with CampaignStore.open(campaign_path) as s:
        assert s.log.count() == 3 * (135 + 15 * 20)
    assert retries, "no contention happened: the test proves nothing"


def _last_frame_of_page_1(wal: bytes, page_size: int) -> bytes:
    """The newest copy of page 1 in a write-ahead log (32-byte header, then 24-byte frame headers)."""
    found, offset = None, 32
    while offset + 24 + page_size <= len(wal):
        if int.from_bytes(wal[offset:offset + 4], "big") == 1:
            found = wal[offset + 24:offset + 24 + page_size]
        offset += 24 + page_size
    assert found is not None, "page 1 is not in the log: the test did not grow the file"
    return found


def test_killed_in_the_middle_of_a_checkpoint_opens_sound(tmp_path: Path) -> None:
    """A checkpoint copies page 1 (whose header holds the new page count) before the pages after it.
    Killed just then, the main file is shorter than its header says and the log holds the rest: that
    file is sound (SQLite completes it from the log), not "truncated". This freezes that moment."""
    import shutil
    import sqlite3

    from store_helpers import entry

    live = tmp_path / "live.gmdesk"
    CampaignStore.create(live, CampaignInfo("checkpoint", "pf2")).close()
    keep_open = sqlite3.connect(live)  # holds the log: no checkpoint when the store closes
    keep_open.execute("PRAGMA wal_autocheckpoint = 0")
    keep_open.execute("SELECT count(*) FROM roll_log").fetchone()
    with CampaignStore.open(live) as store:
        ids = store.log.append_many([entry(i) for i in range(1500)])
    crashed = tmp_path / "crashed.gmdesk"
    shutil.copyfile(live, crashed)
    shutil.copyfile(f"{live}-wal", f"{crashed}-wal")
    keep_open.close()
    page_size = int.from_bytes(crashed.read_bytes()[16:18], "big")
    wal = Path(f"{crashed}-wal").read_bytes()
    page_1 = _last_frame_of_page_1(wal, page_size)
    with open(crashed, "r+b") as f:  # the checkpoint's first write, and nothing after it
        f.write(page_1)
    claimed = int.from_bytes(page_1[28:32], "big") * page_size
    assert crashed.stat().st_size < claimed, "the frozen moment needs a file shorter than its header"

    assert check_file(crashed).status == 0
    with CampaignStore.open(crashed) as store:
        assert store.integrity_check() == []
        assert [e.id for e in store.log.iter()][-1500:] == ids


def test_a_connection_opened_while_side_files_are_tidied_waits_for_it(tmp_path: Path, monkeypatch) -> None:
    """Tidying a closed campaign's -wal/-shm opens and closes descriptors of the file, which drops every
    POSIX lock this process holds on it: a connection another thread opens meanwhile would lose its
    locks (SQLite then reported an input/output error). It waits until the tidying is done."""
    import threading

    from gmdesk.store import sidefiles

    path = tmp_path / "party.gmdesk"
    path.write_bytes(b"")
    files = sidefiles.before_connect(path)
    for suffix in sidefiles.SUFFIXES:
        files.side(suffix).write_bytes(b"")
    order = []
    real = sidefiles._remove_if_unused

    def tidy(found, created):
        opener = threading.Thread(target=lambda: order.append(("opened", sidefiles.before_connect(path))))
        opener.start()
        opener.join(0.3)  # before the fix it got in at once
        order.append(("tidied", real(found, created)))
        return order[-1][1]

    monkeypatch.setattr(sidefiles, "_remove_if_unused", tidy)
    sidefiles.after_close(files)
    deadline = time.monotonic() + 10
    while len(order) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [what for what, _ in order] == ["tidied", "opened"]
    # What it found was after the tidying: none of the side files (it will remove those it makes).
    assert order[1][1].existed == frozenset()
    sidefiles.after_close(order[1][1])
