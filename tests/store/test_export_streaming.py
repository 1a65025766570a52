"""Exports of a big log (issue 25): every format read a batch at a time, told after each batch and
stopped when told (nothing half-written); JSON Lines from the raw rows, line for line what the
entries hold; a CSV file that Excel opens in UTF-8 and where the GM's texts stay as typed."""

from __future__ import annotations

import csv
import io
import json
from functools import partialmethod
from pathlib import Path

import pytest

from store_helpers import entry
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, LogFilter
from gmdesk.store.exports import FORMATS, export_log
from gmdesk.store.progress import Cancelled
from gmdesk.store.rolllog import RollLog

EVERYTHING = LogFilter(include_secret=True)


@pytest.mark.parametrize("system", ["pf2", "anarchy", "cof"])
def test_json_lines_hold_what_the_entries_hold(tmp_path: Path, system: str) -> None:
    demo = demo_campaign(system, "fr")
    with CampaignStore.create(tmp_path / "c.gmdesk", demo.info) as store:
        store.log.append_many(demo.log_entries)
        store.log.append_many([entry(i, system=system, actor='Sélène "<b>"\n', label="x\\y\u2028", reroll_of=1)
                               for i in range(3)])
        out = io.StringIO()
        n = export_log(store.log, "json", out, EVERYTHING)
        expected = [json.dumps(e.to_dict(), ensure_ascii=False, separators=(",", ":")) for e in store.log.iter(EVERYTHING)]
    assert n == len(expected) > 3
    assert out.getvalue().split("\n") == [*expected, ""]


@pytest.fixture
def many(store: CampaignStore, monkeypatch: pytest.MonkeyPatch) -> CampaignStore:
    store.log.append_many([entry(i) for i in range(7)])
    monkeypatch.setattr(RollLog, "batches", partialmethod(RollLog.batches, batch=3))  # 3 + 3 + 1
    return store


@pytest.mark.parametrize("fmt", FORMATS)
def test_progress_is_told_after_every_batch(many: CampaignStore, fmt: str) -> None:
    told: list[tuple[int, int]] = []
    n = export_log(many.log, fmt, io.StringIO(), EVERYTHING, progress=lambda done, total: told.append((done, total)))
    assert n == 7 and told == [(0, 7), (3, 7), (6, 7), (7, 7)]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_stopped_export_leaves_the_file_as_it_was(many: CampaignStore, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"log.{fmt}"
    out.write_text("the previous export\n", encoding="utf-8")
    with pytest.raises(Cancelled) as stopped:
        export_log(many.log, fmt, out, EVERYTHING, progress=lambda done, total: done < 3)
    assert (stopped.value.done, stopped.value.total) == (3, 7)
    assert out.read_text(encoding="utf-8") == "the previous export\n"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("party")) == [out.name]


def test_csv_file_opens_in_excel_and_keeps_the_gms_texts(tmp_path: Path) -> None:
    typed = ["3/4", "007", "Mar 12", "1e5", "19:30", "2026-11-30", "Sélène", "Session 2", "Marek 3"]
    with CampaignStore.create(tmp_path / "c.gmdesk", CampaignInfo("c", "pf2")) as store:
        store.log.append_many([entry(i, actor=text, session=text, label=text) for i, text in enumerate(typed)])
        path = tmp_path / "log.csv"
        export_log(store.log, "csv", path, EVERYTHING)
        stream = io.StringIO(newline="")
        export_log(store.log, "csv", stream, EVERYTHING)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf#,") and "Sélène".encode() in raw  # Excel: UTF-8, not Windows-1252
    assert not stream.getvalue().startswith("\ufeff")  # a stream is for a program
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    shown = ["'" + t for t in typed[:6]] + typed[6:]  # a spreadsheet would read these as dates or numbers
    for column in ("Actor", "Session", "Check"):
        assert [r[column] for r in rows] == shown
    assert all(r["#"].isdigit() and r["Total"].lstrip("-").isdigit() for r in rows)  # numbers stay numbers
