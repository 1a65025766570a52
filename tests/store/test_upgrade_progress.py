"""Issue 25: the upgrade of a big campaign made by an older gmdesk says how far it got and can be
stopped; stopped (or failed), it leaves the file exactly as it was: every missing step is one
transaction, and the backup taken for it is removed. The file then opens as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from store_helpers import many_rolls_v1, sha256
from gmdesk.store import CURRENT_VERSION, CampaignStore, db, progress as progress_module
from gmdesk.store.progress import Cancelled


def left_beside(path: Path) -> list[str]:
    return sorted(f.name for f in path.parent.iterdir())


def test_the_upgrade_says_how_far_it_got(tmp_path):
    old = tmp_path / "old.gmdesk"
    rolls = many_rolls_v1(old, 8)
    told = []
    with CampaignStore.open(old, progress=lambda done, total: told.append((done, total)) or True) as store:
        assert store.schema_version == CURRENT_VERSION and store.log.count() == rolls
        assert store.migration_backup is not None
    assert (rolls, rolls) in told  # the facts of every roll logged before, computed
    pages = [(d, t) for d, t in told if t != rolls]
    assert pages and pages[-1][0] == pages[-1][1]  # the backup first, page by page, to its end


@pytest.mark.parametrize("where", ["backup", "facts", "statement"])
def test_a_stopped_upgrade_leaves_the_file_as_it_was_and_it_opens_as_before(tmp_path, monkeypatch, where):
    old = tmp_path / "old.gmdesk"
    rolls = many_rolls_v1(old, 10)
    before = sha256(old)
    seen = []
    if where == "statement":  # stopped inside a long statement (a new index over every roll)
        monkeypatch.setattr(progress_module, "STATEMENT_STEPS", 50)
    monkeypatch.setattr(db, "BACKUP_PAGES", 100)  # the backup copied in several steps

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        if where == "backup":
            return len(seen) < 2
        if where == "facts":
            return total != rolls or done < 5000
        return not any(t != rolls and d == t for d, t in seen[:-1])  # the backup done: stop at the next ask

    with pytest.raises(Cancelled):
        CampaignStore.open(old, progress=progress)
    if where != "facts":
        assert all(t != rolls for _, t in seen)  # stopped before the facts: in the backup or a statement
    if where == "backup":
        assert seen[-1][0] < seen[-1][1]
    assert sha256(old) == before
    assert left_beside(old) == ["old.gmdesk"]  # no backup, no -wal or -shm, no temporary file
    with CampaignStore.open(old) as store:  # as before: upgraded, every roll there
        assert store.schema_version == CURRENT_VERSION and store.log.count() == rolls
    assert left_beside(old) == ["old.gmdesk", "old.gmdesk.v1.bak"]
