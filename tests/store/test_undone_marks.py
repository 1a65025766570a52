"""The marks of the rolls an undo took back (issue 23, item 6; schema step 6): kept by a repaired copy,
required of a file of that version, and never a change to the append-only log itself."""

from __future__ import annotations

import sqlite3

import pytest
from store_helpers import entry

from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignFileError, CampaignStore
from gmdesk.store.checkup import check_file
from gmdesk.store.repair import save_repaired_copy


def test_a_mark_changes_no_roll_and_a_redo_removes_it(store):
    ids = store.log.append_many([entry(i) for i in range(4)])
    rows = lambda: store._db.read(lambda c: c.execute("SELECT * FROM roll_log ORDER BY id").fetchall())  # noqa: E731
    before = rows()
    store.log.mark_undone(ids[1:3])
    store.log.mark_undone(ids[1:2])  # marked twice: still one mark
    assert rows() == before and store.log.undone() == set(ids[1:3])
    store.log.mark_undone(ids[1:3], False)
    assert store.log.undone() == frozenset() and rows() == before


def test_a_repaired_copy_keeps_the_marks_of_the_rolls_it_kept(store, tmp_path):
    ids = store.log.append_many([entry(i) for i in range(5)])
    store.log.mark_undone([ids[0], ids[3]])
    copy = tmp_path / "copy.gmdesk"
    save_repaired_copy(store.path, copy)
    with CampaignStore.open(copy) as repaired:
        assert repaired.log.undone() == {ids[0], ids[3]}
        assert [e.undone for e in repaired.log.page()] == [True, False, False, True, False]


def test_a_file_of_this_version_without_the_marks_table_is_damaged(campaign_path):
    CampaignStore.create(campaign_path, CampaignInfo("Les Oubliés", "pf2")).close()
    c = sqlite3.connect(campaign_path)
    c.execute("DROP TABLE roll_undone")
    c.commit()
    c.close()
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(campaign_path)
    assert err.value.kind == "damaged"
    report = check_file(campaign_path)
    assert report.status == 1 and "roll_undone" in report.summary

