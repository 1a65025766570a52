"""The roll log: round-trips, ids, paging and filters checked against a plain Python model of the
list, the append-only guard."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store_helpers import entry
from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, InvalidInput, LogFilter
from gmdesk.store.rolllog import canonical_time

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
json_scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | texts
entries = st.builds(
    LogEntry,
    system=st.sampled_from(["pf2", "dnd5e", "dnd35", "cof", "anarchy"]),
    tier=st.sampled_from(["failure", "success", "critical_success", "hit"]),
    time_utc=st.datetimes(datetime(2000, 1, 1), datetime(2100, 1, 1), timezones=st.just(timezone.utc)).map(
        lambda d: f"{d:%Y-%m-%dT%H:%M:%S}.{d.microsecond // 1000:03d}Z"),
    session=texts, actor=texts, label=texts,
    check=st.dictionaries(texts, json_scalars, max_size=4),
    dice=st.lists(st.fixed_dictionaries({"sides": st.sampled_from([6, 20]), "face": st.integers(1, 20),
                                         "state": st.sampled_from(["kept", "dropped", "rerolled"])}), max_size=5),
    breakdown=st.lists(st.fixed_dictionaries({"value": st.integers(-9, 9), "source": texts,
                                              "kind": st.sampled_from(["untyped", "item"]),
                                              "suppressed": st.booleans()}), max_size=3),
    total=st.none() | st.integers(-50, 80), dc=st.none() | st.integers(0, 60),
    hits=st.none() | st.integers(0, 12), complication=st.none() | st.integers(1, 3),
    secret=st.booleans(), notes=st.lists(texts, max_size=2),
)


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory: pytest.TempPathFactory):
    s = CampaignStore.create(tmp_path_factory.mktemp("rt") / "c.gmdesk", CampaignInfo("x", "pf2"))
    yield s
    s.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(entries, min_size=1, max_size=12))
def test_entries_round_trip(shared_store: CampaignStore, batch: list[LogEntry]) -> None:
    s = shared_store
    first = s.log.last_id() + 1
    ids = s.log.append_many(batch)
    assert ids == list(range(first, first + len(batch)))
    for rid, e in zip(ids, batch):
        assert s.log.get(rid).to_dict() == {**e.to_dict(), "id": rid}


def test_append_returns_ids_and_commits(store: CampaignStore, campaign_path: Path) -> None:
    assert store.log.append(entry(0)) == 1
    assert store.log.append_many([entry(1), entry(2)]) == [2, 3]
    assert store.log.append_many([]) == []
    # Committed: another connection sees them while this store stays open.
    c = sqlite3.connect(campaign_path)
    assert c.execute("SELECT count(*) FROM roll_log").fetchone()[0] == 3
    c.close()


def test_log_is_append_only(store: CampaignStore) -> None:
    store.log.append(entry(0))
    assert not hasattr(store.log, "update") and not hasattr(store.log, "delete")
    conn = store._db.conn
    for sql in ("UPDATE roll_log SET actor = 'x'", "DELETE FROM roll_log"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(sql)
    assert store.log.get(1).actor == entry(0).actor


def test_reroll_points_at_a_logged_roll(store: CampaignStore) -> None:
    first = store.log.append(entry(0))
    second = store.log.append(entry(1, reroll_of=first))
    assert store.log.get(second).reroll_of == first
    with pytest.raises(InvalidInput) as err:
        store.log.append_many([entry(2), entry(3, reroll_of=999)])
    assert err.value.field == "reroll_of"
    assert store.log.count() == 2  # the batch is all or nothing


def test_bad_entries_refused(store: CampaignStore) -> None:
    with pytest.raises(InvalidInput) as err:
        store.log.append(entry(0, time_utc="yesterday"))
    assert err.value.field == "time_utc"
    with pytest.raises(InvalidInput):
        store.log.append(entry(0, tier=""))
    with pytest.raises(TypeError):
        store.log.append({"system": "pf2"})  # type: ignore[arg-type]
    assert store.log.count() == 0


def test_times_stored_in_one_utc_spelling() -> None:
    assert canonical_time("2026-11-30T10:15:02.123456+01:00") == "2026-11-30T09:15:02.123Z"
    assert canonical_time("2026-11-30T09:15:02") == "2026-11-30T09:15:02.000Z"
    assert canonical_time("2026-11-30T09:15:02.123Z") == "2026-11-30T09:15:02.123Z"
    with pytest.raises(InvalidInput):
        LogFilter(since="30/11/2026")
    with pytest.raises(InvalidInput):
        LogFilter(until="2026-02-30")


def _model(rows: list[LogEntry], f: LogFilter) -> list[LogEntry]:
    def keep(e: LogEntry) -> bool:
        return (
            (f.session is None or e.session == f.session)
            and (f.actor is None or e.actor == f.actor)
            and (f.tier is None or e.tier == f.tier)
            and (f.since is None or e.time_utc[:10] >= f.since)
            and (f.until is None or e.time_utc[:10] <= f.until)
            and (f.include_secret or not e.secret)
            and (not f.secret_only or e.secret)
        )

    return [e for e in rows if keep(e)]


@pytest.fixture(scope="module")
def big_log(tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("log") / "big.gmdesk"
    rows = [entry(i, secret=i % 7 == 0) for i in range(600)]
    with CampaignStore.create(path, CampaignInfo("x", "pf2")) as s:
        s.log.append_many(rows)
    s = CampaignStore.open(path)
    stored = list(s.log.iter(batch=128))
    yield s, stored
    s.close()


SECRECY = {"all": {}, "public": {"include_secret": False}, "secret": {"secret_only": True}}
filters = st.builds(
    lambda secrecy, **kw: LogFilter(**kw, **SECRECY[secrecy]),
    secrecy=st.sampled_from(list(SECRECY)),
    session=st.none() | st.sampled_from(["Session 1", "Session 2", "nope"]),
    actor=st.none() | st.sampled_from(["Kyra", "Ezren"]),
    tier=st.none() | st.sampled_from(["success", "failure"]),
    since=st.none() | st.sampled_from(["2026-11-03", "2026-11-20"]),
    until=st.none() | st.sampled_from(["2026-11-10", "2026-11-28"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(f=filters, offset=st.integers(0, 650), limit=st.integers(0, 80), newest=st.booleans())
def test_pages_match_the_filtered_list(big_log, f: LogFilter, offset: int, limit: int, newest: bool) -> None:
    s, stored = big_log
    expected = _model(stored, f)
    if newest:
        expected = expected[::-1]
    assert s.log.count(f) == len(expected)
    page = s.log.page(f, offset, limit, newest_first=newest)
    assert [e.id for e in page] == [e.id for e in expected[offset : offset + limit]]
    # Keyset paging walks the same list.
    after = expected[offset - 1].id if 0 < offset <= len(expected) else None
    if offset == 0 or after is not None:
        assert [e.id for e in s.log.after(f, after, limit, newest_first=newest)] == [e.id for e in expected[offset : offset + limit]]


def test_iter_and_distinct(big_log) -> None:
    s, stored = big_log
    assert [e.id for e in stored] == list(range(1, 601))
    assert s.log.actors() == ["Ezren", "Kyra", "Merisiel", "Valeros"]
    assert s.log.sessions() == ["Session 1", "Session 2", "Session 3"]
    assert s.log.last_id() == 600
    with pytest.raises(KeyError):
        s.log.get(601)
    with pytest.raises(InvalidInput):
        s.log.page(LogFilter(), -1, 10)


PLANNED = [
    LogFilter(include_secret=False),
    LogFilter(actor="Kyra"), LogFilter(actor="Kyra", include_secret=False),
    LogFilter(session="Session 1"), LogFilter(session="Session 1", include_secret=False),
    LogFilter(tier="success"), LogFilter(actor="Kyra", session="Session 2", include_secret=False),
    LogFilter(since="2026-11-20"), LogFilter(since="2026-11-20", include_secret=False),
    LogFilter(until="2026-11-03"), LogFilter(since="2026-11-03", until="2026-11-05", include_secret=False),
    LogFilter(secret_only=True), LogFilter(actor="Kyra", secret_only=True),
]


@pytest.mark.parametrize("flt", PLANNED, ids=lambda f: ",".join(f"{k}={v}" for k, v in vars(f).items() if v is not None))
def test_filtered_lists_never_read_the_whole_log(big_log, flt: LogFilter) -> None:
    """A million-roll log must page through indexes: no plan step may scan the roll_log table."""
    s, _ = big_log
    where, args = flt.where()
    conn = s._db.conn
    for sql in (f"SELECT count(*) FROM roll_log{where}",
                f"SELECT id FROM roll_log{where} ORDER BY id LIMIT 100 OFFSET 50",
                f"SELECT id FROM roll_log{where} ORDER BY id DESC LIMIT 100 OFFSET 50"):
        steps = [row[-1] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, args)]
        assert not any(step == "SCAN roll_log" or step.startswith("SEARCH roll_log") and " USING " not in step
                       for step in steps), (sql, steps)
