"""`gmdesk new`, `export`, `check` and `roll --log`: exit statuses, one line on stderr, no traceback."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from store_helpers import entry, sha256, worker_env
from gmdesk.cli.campaign import log_rolls, main
from gmdesk.store import CampaignFileError, CampaignStore, InvalidInput
from gmdesk.store.checkup import check_file


def run(*argv: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in argv], out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35", "cof", "anarchy"])
def test_new_demo_campaign(tmp_path: Path, system: str) -> None:
    path = tmp_path / f"{system}.gmdesk"
    status, out, err = run("new", path, "--system", system, "--demo")
    assert (status, err) == (0, "")
    assert "4 player characters" in out
    with CampaignStore.open(path) as s:
        assert s.info.system == system
        assert s.characters.count("pc") == 4 and s.characters.count("npc") >= 1
        assert s.scenes.list() and all(sc.checks for sc in s.scenes.list())
        encounter = s.encounter.get()
        assert encounter is not None and encounter.round >= 1
        ids = {c.id for c in s.characters.list()}
        assert all(c.character_id in ids for c in encounter.combatants if c.character_id is not None)
        assert s.log.count() > 0
    assert check_file(path).status == 0


def test_new_plain_and_refusals(tmp_path: Path) -> None:
    path = tmp_path / "plain.gmdesk"
    assert run("new", path, "--system", "cof", "--name", "Osgild")[0] == 0
    with CampaignStore.open(path) as s:
        assert (s.info.name, s.info.system, s.characters.count(), s.log.count()) == ("Osgild", "cof", 0, 0)
    before = sha256(path)
    status, out, err = run("new", path, "--system", "pf2")
    assert status == 2 and err.count("\n") == 1 and "already exists" in err and out == ""
    assert sha256(path) == before
    status, _, err = run("new", tmp_path / "missing" / "x.gmdesk", "--system", "pf2")
    assert status == 2 and err.count("\n") == 1


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    path = tmp_path / "demo.gmdesk"
    assert run("new", path, "--system", "pf2")[0] == 0
    with CampaignStore.open(path) as s:
        s.log.append_many([entry(i, secret=i == 2, actor="<script>alert(1)</script>" if i == 3 else "Kyra")
                           for i in range(6)])
    return path


def test_export_to_stdout_and_file(demo: Path, tmp_path: Path) -> None:
    status, out, err = run("export", demo, "--format", "csv")
    assert (status, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    assert [r["#"] for r in rows] == ["1", "2", "4", "5", "6"]
    status, out, _ = run("export", demo, "--format", "json", "--include-secret", "--actor", "Kyra", "--since", "2026-11-01")
    assert [json.loads(line)["id"] for line in out.splitlines()] == [1, 2, 3, 5, 6]
    target = tmp_path / "log.html"
    status, out, err = run("export", demo, "--format", "html", "--out", target)
    assert status == 0 and "5 rolls" in out and err == ""
    page = target.read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_export_bad_input(demo: Path, tmp_path: Path) -> None:
    status, out, err = run("export", demo, "--format", "csv", "--since", "last tuesday")
    assert status == 2 and out == "" and err.count("\n") == 1 and "--since" in err
    junk = tmp_path / "junk.gmdesk"
    junk.write_bytes(b"\x00" * 10)
    before = sha256(junk)
    status, out, err = run("export", junk, "--format", "md")
    assert status == 2 and err.count("\n") == 1 and "not a gmdesk campaign" in err
    assert sha256(junk) == before
    status, _, err = run("export", demo, "--format", "csv", "--out", tmp_path / "no" / "dir" / "x.csv")
    assert status == 2 and err.count("\n") == 1


def test_check_statuses(demo: Path, tmp_path: Path) -> None:
    status, out, err = run("check", demo)
    assert status == 0 and "sound" in out and err == ""
    text = tmp_path / "notes.gmdesk"
    text.write_text("hello")
    status, out, err = run("check", text)
    assert status == 2 and out == "" and err.count("\n") == 1
    data = demo.read_bytes()
    cut = tmp_path / "cut.gmdesk"
    cut.write_bytes(data[: len(data) // 2])
    status, out, err = run("check", cut)
    assert status == 1 and err.count("\n") == 1 and "damaged" in err
    assert run("check", tmp_path / "absent.gmdesk")[0] == 2


def test_log_rolls(demo: Path) -> None:
    ids = log_rolls(demo, [entry(100), entry(101, secret=True)])
    assert ids == [7, 8]
    with CampaignStore.open(demo) as s:
        assert s.log.get(8).secret and s.log.count() == 8
    with pytest.raises(InvalidInput) as err:
        log_rolls(demo, [entry(102, system="cof", tier="success")])
    assert err.value.field == "log"
    with pytest.raises(CampaignFileError):
        log_rolls(demo.with_name("nope.gmdesk"), [entry(1)])


def test_processes_print_one_line_and_no_traceback(demo: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.gmdesk"
    bad.write_bytes(b"SQLite format 3\x00" + bytes(200))
    for argv, status in ((["check", bad], 2), (["export", bad, "--format", "csv"], 2), (["check", demo], 0)):
        p = subprocess.run([sys.executable, "-m", "gmdesk.cli.campaign", *map(str, argv)], env=worker_env(),
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == status, p.stderr
        assert "Traceback" not in p.stderr and p.stderr.count("\n") == (0 if status == 0 else 1)


def test_roll_log_through_gmdesk_roll(demo: Path) -> None:
    """The lead's `gmdesk roll --log` calls log_rolls: every roll it reports is in the log."""
    cli = pytest.importorskip("gmdesk.cli")
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["roll", "pf2", "--mod", "7", "--dc", "18", "--seed", "3", "--count", "3", "--json",
                       "--log", str(demo), "--actor", "Kyra", "--label", "Stealth", "--secret"], out, err)
    assert status == 0, err.getvalue()
    reported = [json.loads(line) for line in out.getvalue().splitlines()]
    with CampaignStore.open(demo) as s:
        logged = s.log.page(offset=6, limit=10)
    assert [e.faces for e in logged] == [r["dice"] for r in reported]
    assert all(e.secret and e.actor == "Kyra" and e.label == "Stealth" for e in logged)


def test_parser_is_light_and_formats_agree() -> None:
    """Building the parser (every `gmdesk odds` call does) must not load the store."""
    from gmdesk.store.exports import FORMATS

    from gmdesk.cli import campaign as cli_campaign

    assert cli_campaign.FORMATS == FORMATS + ("recap",)  # the session recap: gmdesk.analytics.recap
    # The analytics' words (a dict and the terminal's language: the command line's French) are light.
    code = ("import sys, gmdesk.cli.campaign; "
            "print(any(m.startswith(('gmdesk.store', 'gmdesk.analytics.')) and m != 'gmdesk.analytics.words' "
            "for m in sys.modules))")
    p = subprocess.run([sys.executable, "-c", code], env=worker_env(), capture_output=True, text=True, timeout=60)
    assert p.stdout.strip() == "False", p.stderr


def test_sheets_move_characters_between_campaigns(tmp_path: Path) -> None:
    demo = tmp_path / "full.gmdesk"
    assert run("new", demo, "--system", "dnd35", "--demo")[0] == 0
    with CampaignStore.open(demo) as store:
        system = store.info.system
        chosen = [c for c in store.characters.list()][:2]
    other = tmp_path / "other.gmdesk"
    assert run("new", other, "--system", system)[0] == 0
    sheets = tmp_path / "party.json"
    rc, out, err = run("sheets", "export", demo, sheets, "--name", chosen[0].name, "--name", chosen[1].name)
    assert rc == 0, err
    assert run("sheets", "import", other, sheets)[0] == 0
    with CampaignStore.open(other) as store:
        moved = store.characters.list()
    assert [(c.name, c.sheet) for c in moved] == [(c.name, c.sheet) for c in chosen]
    # Bad input: one line, status 2, nothing imported.
    wrong = tmp_path / "wrong.gmdesk"
    assert run("new", wrong, "--system", "anarchy" if system != "anarchy" else "cof")[0] == 0
    rc, _, err = run("sheets", "import", wrong, sheets)
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "system" in err
    rc, _, err = run("sheets", "export", other, "--name", "Nobody")
    assert rc == 2 and "--name" in err
    sheets.write_text('{"format": "gmdesk-characters", "version": 1, "characters": [{"name": 3}]}')
    rc, _, err = run("sheets", "import", other, sheets)
    assert rc == 2 and "characters[0]" in err
    with CampaignStore.open(other) as store:
        assert store.characters.count() == 2
