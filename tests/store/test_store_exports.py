"""Exports parsed back with real parsers: csv, json, html.parser; secret rolls out by default; every
user text escaped; files written atomically. Sheets to JSON and back."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from store_helpers import entry
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.model import Character
from gmdesk.campaign.sheets import new_sheet
from gmdesk.store import CampaignStore, InvalidInput, LogFilter, StoreError
from gmdesk.store.exports import FORMATS, export_log, md_cell
from gmdesk.store.sheet_files import export_characters, import_characters

EVIL = '<script>alert("x")</script> | *b* & co'


@pytest.fixture
def logged(store: CampaignStore) -> CampaignStore:
    store.log.append_many([
        entry(1, actor=EVIL, label="Perception\nsecond line", session="Session 1"),
        entry(2, actor="Kyra", secret=True, label="Sense Motive", session="Session 1",
              time_utc="2026-11-02T10:00:00.000Z"),
        entry(3, actor="Ezren", session="Session 2", time_utc="2026-11-05T10:00:00.000Z",
              notes=["automatic success"], dice=[{"sides": 20, "face": 17, "state": "dropped"},
                                                 {"sides": 20, "face": 4, "state": "kept"}]),
        entry(4, system="anarchy", tier="success", total=None, hits=3, complication=1, dc=2, actor="Ezren",
              time_utc="2026-11-06T10:00:00.000Z", session="Session 2"),
    ])
    store.log.append(entry(5, reroll_of=3, actor="Ezren", time_utc="2026-11-06T11:00:00.000Z", session="Session 2"))
    return store


def export(store: CampaignStore, fmt: str, flt: LogFilter = LogFilter(include_secret=False)) -> str:
    out = io.StringIO(newline="")
    export_log(store.log, fmt, out, flt, title="Les <Oubliés>")
    return out.getvalue()


def test_csv(logged: CampaignStore) -> None:
    rows = list(csv.DictReader(io.StringIO(export(logged, "csv"), newline="")))
    assert [r["#"] for r in rows] == ["1", "3", "4", "5"]  # the secret roll #2 stays out
    first = rows[0]
    # A label is a name: its line break became a space as it was logged (issue 22 §7, ``campaign.names``).
    assert first["Actor"] == EVIL and first["Check"] == "Perception second line"
    # A text cell that a spreadsheet would read as a formula starts with an apostrophe (OWASP); the
    # breakdown in the GM's words ("WIS", not "Wis").
    assert first["Breakdown"] == "'+4 ability WIS, +3 proficiency trained"
    assert first["Secret"] == ""
    assert rows[1]["Dice"] == "d20:17(dropped) d20:4" and rows[1]["Notes"] == "automatic success"
    assert (rows[2]["Hits"], rows[2]["Complication"], rows[2]["Total"], rows[2]["DC"]) == ("3", "1", "", "2")
    assert rows[3]["Reroll of"] == "3"
    with_secret = list(csv.DictReader(io.StringIO(export(logged, "csv", LogFilter(include_secret=True)), newline="")))
    assert [r["#"] for r in with_secret] == ["1", "2", "3", "4", "5"] and with_secret[1]["Secret"] == "yes"


def test_jsonl_holds_everything(logged: CampaignStore) -> None:
    lines = export(logged, "json", LogFilter(include_secret=True)).splitlines()
    assert len(lines) == 5
    for line in lines:
        d = json.loads(line)
        assert d == logged.log.get(d["id"]).to_dict()
    assert all(not json.loads(line)["secret"] for line in export(logged, "json").splitlines())


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.rows: list[list[str]] = []
        self.title = ""
        self._cell: list[str] | None = None
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None
        self._in_title = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._in_title:
            self.title += data


def test_html_escapes_every_user_text(logged: CampaignStore) -> None:
    page = export(logged, "html")
    parser = _Cells()
    parser.feed(page)
    parser.close()
    assert "script" not in parser.tags  # the actor's <script> is text, not a tag
    assert parser.title == "Les <Oubliés>"
    header, *rows = parser.rows
    assert header[:5] == ["#", "Time", "Session", "Actor", "Check"]
    assert [r[0] for r in rows] == ["1", "3", "4", "5"]
    assert rows[0][3] == EVIL
    assert "Sense Motive" not in page
    assert not any(tag in parser.tags for tag in ("link", "img", "iframe")) and "http" not in page  # self-contained
    with_secret = _Cells()
    with_secret.feed(export(logged, "html", LogFilter(include_secret=True)))
    assert any("Sense Motive (secret)" in r[4] for r in with_secret.rows)


def test_markdown_table_cannot_be_broken(logged: CampaignStore) -> None:
    text = export(logged, "md")
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 4
    for line in table:  # every row has the header's number of cells: no pipe leaked
        cells = [c for c in __import__("re").split(r"(?<!\\)\|", line)[1:-1]]
        assert len(cells) == 13  # twelve columns and the rulings
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert md_cell("a|b\nc") == "a\\|b c"


def test_filters(logged: CampaignStore) -> None:
    def ids(flt: LogFilter) -> list[str]:
        return [r["#"] for r in csv.DictReader(io.StringIO(export(logged, "csv", flt), newline=""))]

    assert ids(LogFilter(actor="Ezren", include_secret=False)) == ["3", "4", "5"]
    assert ids(LogFilter(session="Session 1", include_secret=True)) == ["1", "2"]
    assert ids(LogFilter(since="2026-11-05", include_secret=False)) == ["3", "4", "5"]
    assert ids(LogFilter(since="2026-11-06T10:30:00Z", include_secret=False)) == ["5"]
    assert ids(LogFilter(until="2026-11-05", include_secret=True)) == ["1", "2", "3"]
    assert ids(LogFilter(actor="nobody")) == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_file_written_atomically(logged: CampaignStore, tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / f"log.{fmt}"
    assert export_log(logged.log, fmt, out) == 4
    good = out.read_bytes()
    assert good.decode("utf-8")
    # A failure half-way through (the disk fills up) leaves the previous export whole, no temp file.
    def breaking(real):
        def read(*a, **k):
            it = real(*a, **k)
            yield next(it)
            raise OSError(28, "No space left on device")

        return read

    monkeypatch.setattr(logged.log, "iter", breaking(logged.log.iter))
    monkeypatch.setattr(logged.log, "rows", breaking(logged.log.rows))
    monkeypatch.setattr(logged.log, "batches", breaking(logged.log.batches))
    with pytest.raises(StoreError) as err:
        export_log(logged.log, fmt, out)
    assert err.value.kind == "disk_full"
    assert out.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("party")) == [out.name]


def test_unknown_format(logged: CampaignStore) -> None:
    with pytest.raises(InvalidInput):
        export_log(logged.log, "xlsx", io.StringIO())


def test_sheets_to_json_and_back(tmp_path: Path) -> None:
    for system in ("pf2", "anarchy"):
        party = demo_campaign(system, "en").characters
        path = tmp_path / f"{system}.json"
        export_characters(party, path)
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["format"] == "gmdesk-characters" and doc["system"] == system
        back = import_characters(path, system)
        assert [{**c.to_dict(), "id": None} for c in back] == [{**c.to_dict(), "id": None} for c in party]
    single = io.StringIO(json.dumps(Character(7, "Solo", "pc", "cof", new_sheet("cof")).to_dict()))
    assert [c.name for c in import_characters(single)] == ["Solo"]


def test_sheet_import_names_the_bad_field(tmp_path: Path) -> None:
    party = demo_campaign("pf2", "en").characters[:2]
    doc = json.loads(json.dumps({"format": "gmdesk-characters", "version": 1, "characters": [c.to_dict() for c in party]}))
    doc["characters"][1]["sheet"]["abilities"]["str"] = "strong"
    with pytest.raises(InvalidInput) as err:
        import_characters(io.StringIO(json.dumps(doc)))
    assert err.value.field.startswith("characters[1].sheet.")
    with pytest.raises(InvalidInput):
        import_characters(io.StringIO("not json"))
    with pytest.raises(InvalidInput):
        import_characters(io.StringIO('{"format": "something else"}'))
    with pytest.raises(InvalidInput) as err:
        import_characters(io.StringIO(json.dumps({"format": "gmdesk-characters", "version": 1,
                                                  "characters": [party[0].to_dict()]})), "cof")
    assert err.value.field == "characters[0].system"


def test_imported_sheets_go_into_a_campaign(store: CampaignStore, tmp_path: Path) -> None:
    party = demo_campaign("pf2", "en").characters
    export_characters(party, tmp_path / "party.json")
    added = store.characters.add_many(import_characters(tmp_path / "party.json", store.info.system))
    assert [c.name for c in added] == [c.name for c in party]


def test_entries_in_memory_export_like_the_store(logged: CampaignStore) -> None:
    from gmdesk.store.exports import write_csv, write_markdown

    everything = LogFilter(include_secret=True)
    entries = list(logged.log.iter(everything))
    mem = io.StringIO(newline="")
    write_csv(entries, mem)
    assert mem.getvalue() == export(logged, "csv", everything)
    mem = io.StringIO()
    write_markdown(entries, mem, "Les <Oubliés>")
    assert mem.getvalue() == export(logged, "md", everything)
    # The cached breakdown wording is the window's (``BreakdownWords``).
    from gmdesk.campaign.breakdown_words import BreakdownWords

    rows = list(csv.DictReader(io.StringIO(export(logged, "csv", everything), newline="")))
    assert [r["Breakdown"] for r in rows] == [neutral(BreakdownWords(e.system).logged_text(e.breakdown))
                                              for e in entries]


def neutral(text: str) -> str:
    """What a CSV cell holds for ``text``: a would-be formula behind an apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12), min_size=2, max_size=6))  # rows have 16 fields
def test_csv_fields_parse_back(fields: list[str]) -> None:
    from gmdesk.store.exports import csv_field

    line = ",".join(csv_field(f) for f in fields) + "\r\n"
    assert next(csv.reader(io.StringIO(line, newline=""))) == [neutral(f) for f in fields]
