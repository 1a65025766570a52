"""The roll-log model stays virtual over a big log: right row count, rows read a page at a time."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QTableView

from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, LogFilter
from gmdesk.ui.panels.log.model import CACHE_PAGES, PAGE_SIZE, RollLogModel, dice_text
from gmdesk.ui.panels.log.panel import SecretOnlyFilter
from gmdesk.ui.theme import tier_color

TIERS = ("critical_failure", "failure", "success", "critical_success")


def fill_log(path, n: int) -> None:
    """n rolls straight into the file (200k LogEntry objects through Python would take seconds):
    roll i has actor ``Actor i%5``, session ``Session i%4``, tier TIERS[i%4], total i%30, secret when i%7 == 0."""
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("PRAGMA synchronous = OFF")
    c.execute("BEGIN IMMEDIATE")
    start = c.execute("SELECT coalesce(max(id), 0) FROM roll_log").fetchone()[0]
    c.execute(
        """WITH RECURSIVE n(i) AS (SELECT ? + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO roll_log (time_utc, session, actor, label, system, tier, total, dc, secret, check_json,
                              dice_json, breakdown_json, notes_json)
        SELECT printf('2026-11-%02dT10:00:00.000Z', 1 + i % 28), 'Session ' || (i % 4), 'Actor ' || (i % 5),
               'Stealth', 'pf2',
               CASE i % 4 WHEN 0 THEN 'critical_failure' WHEN 1 THEN 'failure' WHEN 2 THEN 'success'
                          ELSE 'critical_success' END,
               i % 30, 15, i % 7 = 0, '{}', '[{"sides":20,"face":' || (1 + i % 20) || ',"state":"kept"}]', '[]', '[]'
        FROM n""",
        (start, start + n),
    )
    c.execute("COMMIT")
    c.close()


@pytest.fixture(scope="module")
def big_store(tmp_path_factory):
    path = tmp_path_factory.mktemp("log") / "big.gmdesk"
    CampaignStore.create(path, CampaignInfo("Big", "pf2")).close()
    fill_log(path, 200_000)
    store = CampaignStore.open(path)
    yield store
    store.close()


@pytest.fixture
def small_store(tmp_path):
    store = CampaignStore.create(tmp_path / "small.gmdesk", CampaignInfo("Small", "pf2"))
    fill_log(store.path, 450)
    yield store
    store.close()


def test_qtmodeltester_small(qtmodeltester, small_store):
    model = RollLogModel(small_store.log)
    qtmodeltester.check(model)
    model.set_filter(LogFilter(actor="Actor 1"))
    qtmodeltester.check(model)


def test_row_count_is_the_store_count_and_nothing_is_loaded_up_front(big_store):
    model = RollLogModel(big_store.log)
    assert model.rowCount() == 200_000 == big_store.log.count()
    assert model.page_reads == 0 and model.cached_pages() == []
    assert model.columnCount() == 11  # the roll's number, then what it was
    # newest first
    assert model.index(0, 0).data(RollLogModel.IdRole) == 200_000
    assert model.index(199_999, 0).data(RollLogModel.IdRole) == 1
    assert model.page_reads == 2


def test_rows_are_fetched_by_page_and_the_cache_stays_small(big_store):
    model = RollLogModel(big_store.log)
    row = 123_456
    entry = model.index(row, RollLogModel.DICE).data(RollLogModel.EntryRole)
    assert entry.id == 200_000 - row
    assert model.page_reads == 1
    # every row of that page now comes from the cache
    page_start = row - row % PAGE_SIZE
    for r in range(page_start, page_start + PAGE_SIZE):
        model.index(r, 0).data()
    assert model.page_reads == 1
    for k in range(40):
        model.index(k * 5_000, 0).data()
    assert len(model.cached_pages()) <= CACHE_PAGES


def test_cells_show_the_roll(big_store):
    model = RollLogModel(big_store.log)
    i = 200_000 - 10  # row 10 is roll 199990
    cell = lambda column, role=Qt.ItemDataRole.DisplayRole: model.index(10, column).data(role)  # noqa: E731
    assert cell(RollLogModel.ACTOR) == f"Actor {i % 5}"
    assert cell(RollLogModel.SESSION) == f"Session {i % 4}"
    assert cell(RollLogModel.DICE) == f"d20: {1 + i % 20}"
    assert cell(RollLogModel.RESULT) == str(i % 30)
    assert cell(RollLogModel.TARGET) == "15"
    assert cell(RollLogModel.TIER, RollLogModel.TierRole) == TIERS[i % 4]
    assert cell(RollLogModel.TIER, Qt.ItemDataRole.ForegroundRole).color() == tier_color(TIERS[i % 4])
    secret_row = next(r for r in range(20) if (200_000 - r) % 7 == 0)
    assert model.index(secret_row, RollLogModel.SECRET).data() == "secret"
    assert model.index(secret_row, RollLogModel.ACTOR).data(Qt.ItemDataRole.FontRole).italic()


@pytest.mark.parametrize("flt", [LogFilter(actor="Actor 3"), LogFilter(tier="success", include_secret=False),
                                 SecretOnlyFilter(session="Session 2")])
def test_filtered_pages_read_in_either_direction_match_the_store(big_store, flt):
    """Scrolling down, then up, through a filtered list: the keyset reads give the same rows as
    reading each page by its offset."""
    model = RollLogModel(big_store.log)
    model.set_filter(flt)
    assert model.rowCount() == big_store.log.count(flt)
    rows = list(range(0, 3 * PAGE_SIZE)) + list(range(60_000 % model.rowCount(), 60_000 % model.rowCount() + 10))
    down = [model.index(r, 0).data(RollLogModel.IdRole) for r in rows]
    expected = [e.id for e in big_store.log.page(flt, 0, 3 * PAGE_SIZE, newest_first=True)]
    assert down[: 3 * PAGE_SIZE] == expected
    # jump far, then walk upwards across a page boundary (keyset read from the page below)
    model2 = RollLogModel(big_store.log)
    model2.set_filter(flt)
    start = 10 * PAGE_SIZE
    ids = [model2.index(r, 0).data(RollLogModel.IdRole) for r in range(start + 5, start - PAGE_SIZE - 5, -1)]
    truth = [e.id for e in big_store.log.page(flt, start - PAGE_SIZE - 4, PAGE_SIZE + 10, newest_first=True)]
    assert list(reversed(ids)) == truth
    for e in big_store.log.page(flt, start, 3, newest_first=True):
        if flt.actor:
            assert e.actor == flt.actor
        if isinstance(flt, SecretOnlyFilter):
            assert e.secret


def test_secret_only_and_public_only_counts(big_store):
    everything = big_store.log.count()
    public = big_store.log.count(LogFilter(include_secret=False))
    secret = big_store.log.count(SecretOnlyFilter())
    assert secret == len([i for i in range(1, 200_001) if i % 7 == 0])
    assert public + secret == everything


def test_new_roll_appears_at_the_top(qtbot, small_store):
    model = RollLogModel(small_store.log)
    model.index(0, 0).data()
    inserted = []
    model.rowsInserted.connect(lambda parent, first, last: inserted.append((first, last)))
    entry = LogEntry(system="pf2", tier="success", actor="Valeros", label="Athletics", total=21, dc=18,
                     dice=[{"sides": 20, "face": 14, "state": "kept"}])
    new_id = small_store.log.append(entry)
    assert model.rows_logged() == 1
    assert inserted == [(0, 0)]
    assert model.rowCount() == 451
    assert model.index(0, 0).data(RollLogModel.IdRole) == new_id
    assert model.index(0, RollLogModel.ACTOR).data() == "Valeros"
    assert model.index(1, 0).data(RollLogModel.IdRole) == new_id - 1
    assert model.rows_logged() == 0  # nothing new


def test_new_roll_outside_the_filter_adds_no_row(small_store):
    model = RollLogModel(small_store.log)
    model.set_filter(LogFilter(actor="Actor 1"))
    before = model.rowCount()
    small_store.log.append(LogEntry(system="pf2", tier="failure", actor="Someone else"))
    assert model.rows_logged() == 0 and model.rowCount() == before


def test_view_scrolling_to_the_end_reads_only_the_pages_on_screen(qtbot, big_store):
    model = RollLogModel(big_store.log)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.verticalHeader().setDefaultSectionSize(20)
    view.resize(800, 400)
    view.show()
    qtbot.waitExposed(view)
    view.scrollToBottom()
    qtbot.wait(10)
    view.viewport().repaint()
    assert model.page_reads <= 3
    bottom = view.indexAt(view.viewport().rect().bottomLeft() - view.viewport().rect().topLeft())
    assert model.index(model.rowCount() - 1, 0).data(RollLogModel.IdRole) == 1
    assert bottom.row() < 0 or bottom.row() > 199_900


def test_dice_text():
    assert dice_text([{"sides": 20, "face": 17, "state": "kept"}, {"sides": 20, "face": 4, "state": "dropped"}]) \
        == "d20: 17 (4)"
    assert dice_text([{"sides": 6, "face": 5, "state": "kept"}, {"sides": 6, "face": 1, "state": "rerolled"}]) \
        == "d6: 5 1\u0336"
    assert dice_text([]) == "—"


def test_no_log_no_rows():
    model = RollLogModel(None)
    assert model.rowCount() == 0 and model.rows_logged() == 0
    assert model.data(model.index(0, 0)) is None
    assert model.rowCount(model.index(0, 0)) == 0 and not QModelIndex().isValid()
