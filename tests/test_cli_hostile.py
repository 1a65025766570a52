"""Issue 22: hostile command-line arguments. Each gets one line on stderr naming the argument and exit
2, and changes nothing: no traceback, no hang, no file written, no option silently ignored."""

import argparse
import io
import json
import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest

from gmdesk.cli import build_parser, main
from gmdesk.systems.kit import cli as kit_cli

BAD = b"\xff\xfe".decode("utf-8", "surrogateescape")  # what Python makes of `--actor $'\xff\xfe'`


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main([str(a) for a in argv], out, err)
    return rc, out.getvalue(), err.getvalue()


def refused(named, *argv):
    rc, out, err = run(*argv)
    assert rc == 2 and out == "", (rc, out, err)
    assert len(err.strip().splitlines()) == 1 and named in err and "Traceback" not in err, err
    return err


@contextmanager
def within(seconds):
    """A hang (a named pipe opened) fails the test instead of the whole run."""
    def expired(*_):
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    for system in ("dnd5e", "cof"):
        assert run("new", folder / f"{system}.gmdesk", "--system", system, "--demo", "--lang", "en")[0] == 0
    assert run("roll", "cof", "--mod", "1", "--dc", "5", "--log", folder / "cof.gmdesk", "--actor", "Bardin")[0] == 0
    sheets = folder / "party.json"
    assert run("sheets", "export", folder / "cof.gmdesk", sheets)[0] == 0
    os.mkfifo(folder / "pipe")
    return folder


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# -- text that is not UTF-8 -------------------------------------------------------------------------

@pytest.mark.parametrize("argv,named", [
    (["roll", "dnd5e", "--mod", "1", "--dc", "10", "--log", "{dnd5e}", "--actor", BAD], "--actor"),
    (["roll", "dnd5e", "--mod", "1", "--dc", "10", "--log", "{dnd5e}", "--label", BAD], "--label"),
    (["new", "{dir}/" + BAD + ".gmdesk", "--system", "cof"], "CAMPAIGN.gmdesk"),
    (["new", "{dir}/named.gmdesk", "--system", "cof", "--name", BAD], "--name"),
    (["export", "{dnd5e}", "--format", "csv", "--session", BAD], "--session"),
    (["stats", "{dnd5e}", "--actor", "x" + BAD], "--actor"),
    (["sheets", "export", "{cof}", "--name", BAD], "--name"),
    (["odds", BAD, "--mod", "1", "--dc", "5"], "system"),
])
def test_text_that_is_not_utf8_is_refused_naming_the_argument(home, argv, named):
    before = snapshot(home)
    argv = [a.format(dnd5e=home / "dnd5e.gmdesk", cof=home / "cof.gmdesk", dir=home) for a in argv]
    err = refused(named, *argv)
    assert "UTF-8" in err
    assert snapshot(home) == before


def test_non_utf8_bytes_from_a_real_terminal(home):
    """The bytes as a shell passes them (``$'\\xff\\xfe'``), through Python's own argv decoding."""
    before = snapshot(home)
    p = subprocess.run([sys.executable, "-m", "gmdesk", "roll", "cof", "--mod", "1", "--dc", "5",
                        "--log", str(home / "cof.gmdesk"), "--actor", b"\xff\xfe"], capture_output=True, timeout=60)
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode().strip().splitlines() == ["gmdesk: error: argument --actor: not valid UTF-8 text "
                                                     "(check the terminal's encoding)"]
    assert snapshot(home) == before


# -- numbers: one range for every command and every system --------------------------------------------

@pytest.mark.parametrize("system,option", [("dnd5e", "--mod"), ("cof", "--mod"), ("cof", "--dc"),
                                           ("pf2", "--mod"), ("dnd35", "--mod")])
@pytest.mark.parametrize("value", [10**30, 2**63, -(2**63)])
def test_a_number_no_gm_means_is_refused_before_the_log(home, system, option, value):
    before = snapshot(home)
    base = {"--mod": "3", "--dc": "15"}
    argv = [system, *(a for o, v in base.items() if o != option for a in (o, v)), option, str(value)]
    refused(option, "odds", *argv)
    log = ["--log", home / f"{system}.gmdesk"] if system in ("dnd5e", "cof") else []
    err = refused(option, "roll", *argv, *log)
    assert "must be from -50 to 100" in err
    assert snapshot(home) == before


def test_a_number_of_thousands_of_digits_is_one_short_line():
    err = refused("--seed", "roll", "cof", "--mod", "1", "--dc", "5", "--seed", "9" * 5000)
    assert len(err) < 200


def test_the_range_is_the_sheets_and_its_edges_are_accepted():
    from gmdesk.systems.kit.statblock import DICE, MODIFIER, VALUE_RANGE
    from gmdesk.systems.pf2 import rules as pf2
    from gmdesk.engine.core import Modifier

    assert kit_cli.MODIFIER_RANGE == VALUE_RANGE[MODIFIER] and kit_cli.DICE_RANGE == VALUE_RANGE[DICE]
    lo, hi = kit_cli.MODIFIER_RANGE
    rc, out, err = run("odds", "pf2", "--mod", hi, "--dc", lo, "--json")
    assert rc == 0, err
    engine = pf2.Pf2Check(lo, (Modifier(hi, "m", "ability"),)).odds()
    assert json.loads(out)["tiers"] == {t: float(p) for t, p in engine.tiers.items()}


@pytest.mark.parametrize("argv,named,says", [
    (["anarchy", "--pool", "61"], "--pool", "from 0 to 60"),
    (["anarchy", "--pool", "5", "--opposed-pool", str(10**20)], "--opposed-pool", "from 0 to 60"),
    (["anarchy", "--pool", "5", "--helper", "61"], "--helper", "from 0 to 60"),
    (["anarchy", "--pool", "5", "--dice-mod", "-11"], "--dice-mod", "from -10 to 10"),
    (["anarchy", "--pool", "5", *["--helper", "1"] * 11], "--helper", "at most 10 times, got 11"),
    (["dnd35", "--mod", "1", "--dc", "5", "--aid", "101"], "--aid", "from -50 to 100"),
    (["dnd35", "--mod", "1", "--dc", "5", *["--aid", "0"] * 11], "--aid", "at most 10 times, got 11"),
])
def test_pools_helpers_and_aid_have_the_rules_bounds(argv, named, says):
    assert says in refused(named, "odds", *argv)


def test_ten_helpers_of_sixty_dice_answer_at_once(home):
    """Before: one helper of 60 dice beside a pool of 60 took 2 s, eight never ended in a sitting."""
    helpers = [a for _ in range(kit_cli.MAX_HELPERS) for a in ("--helper", "60")]
    start = time.perf_counter()
    with within(30):
        rc, out, err = run("odds", "anarchy", "--pool", "60", "--dice-mod", "-10", *helpers, "--json")
    assert rc == 0, err
    assert time.perf_counter() - start < 8  # well under a second on an idle machine
    from gmdesk.engine.core import Modifier
    from gmdesk.systems.anarchy.rules import AnarchyTest

    # Exact as the engine counts it (helpers past the +5 cap add no die, their complications count).
    few = AnarchyTest(pool=4, helpers=(6, 6, 6), modifiers=(Modifier(-1, "--dice-mod"),)).odds()
    rc, out, err = run("odds", "anarchy", "--pool", "4", "--dice-mod", "-1", *["--helper", "6"] * 3, "--json")
    assert rc == 0, err
    assert json.loads(out)["tiers"] == {t: float(p) for t, p in few.tiers.items()}
    assert json.loads(out)["expected_complications"] == float(few.extra["expected_complications"])


# -- dates ---------------------------------------------------------------------------------------------

def test_the_last_day_of_the_calendar_and_beyond(home):
    rc, out, err = run("export", home / "cof.gmdesk", "--format", "csv", "--until", "9999-12-31")
    assert rc == 0 and "Bardin" in out, err
    refused("--until", "export", home / "cof.gmdesk", "--format", "csv", "--until", "9999-12-31T23:00-05:00")
    refused("--since", "export", home / "cof.gmdesk", "--format", "csv", "--since", "0001-01-01T00:00+01:00")
    refused("--since", "stats", home / "cof.gmdesk", "--since", "0001-01-01T00:00+01:00")


# -- what is not a regular file ------------------------------------------------------------------------

@pytest.mark.parametrize("argv,named", [
    (["check", "{pipe}"], "CAMPAIGN.gmdesk"),
    (["export", "{pipe}", "--format", "csv"], "CAMPAIGN.gmdesk"),
    (["export", "{cof}", "--format", "csv", "--out", "{pipe}"], "--out"),
    (["stats", "{pipe}"], "CAMPAIGN.gmdesk"),
    (["checks", "{pipe}", "--actor", "Bardin"], "CAMPAIGN.gmdesk"),
    (["sheets", "import", "{cof}", "{pipe}"], "SHEETS.json"),
    (["sheets", "export", "{cof}", "{pipe}"], "SHEETS.json"),
    (["import", "{cof}", "{pipe}"], "FILE"),
    (["import", "{cof}", "--stat-block", "{pipe}"], "--stat-block"),
    (["roll", "cof", "--mod", "1", "--dc", "5", "--log", "{pipe}"], "--log"),
    (["new", "{pipe}", "--system", "cof"], "CAMPAIGN.gmdesk"),
    (["import", "{cof}", "{dir}"], "FILE"),
])
def test_a_named_pipe_or_a_folder_is_refused_without_opening_it(home, argv, named):
    before = snapshot(home)
    argv = [a.format(pipe=home / "pipe", cof=home / "cof.gmdesk", dir=home) for a in argv]
    with within(10):
        err = refused(named, *argv)
    assert "not a file" in err and ("named pipe" in err or "folder" in err)
    assert snapshot(home) == before and (home / "pipe").exists()


def test_the_window_refuses_a_named_pipe_too(home):
    from gmdesk.store import CampaignFileError
    from gmdesk.ui.campaign_files import open_store

    with within(10), pytest.raises(CampaignFileError, match="named pipe"):
        open_store(home / "pipe", False, "en")


# -- options that would do nothing ----------------------------------------------------------------------

@pytest.mark.parametrize("argv,named", [
    (["roll", "cof", "--mod", "1", "--dc", "5", "--actor", "Bardin"], "--actor"),
    (["roll", "cof", "--mod", "1", "--dc", "5", "--label", "Climb"], "--label"),
    (["roll", "cof", "--mod", "1", "--dc", "5", "--secret"], "--secret"),
    (["roll", "cof", "--mod", "1", "--dc", "5", "--log", ""], "--log"),
    (["sheets", "import", "{cof}", "{sheets}", "--name", "Bardin"], "--name"),
    (["export", "{cof}", "--format", "csv", "--level", "5"], "--level"),
    (["export", "{cof}", "--format", "csv", "--actor", "Nobody"], "--actor"),
    (["export", "{cof}", "--format", "md", "--session", "Nope"], "--session"),
])
def test_an_option_that_does_nothing_is_refused(home, argv, named):
    before = snapshot(home)
    refused(named, *(a.format(cof=home / "cof.gmdesk", sheets=home / "party.json") for a in argv))
    assert snapshot(home) == before


def _subparsers(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _value(action):
    if action.nargs == 0:
        return []
    if action.choices:
        return [str(next(iter(action.choices)))]
    return ["7"]


def test_every_option_of_every_command_given_twice_is_refused():
    """Switches too (``--json --json``); only the options meant to repeat (one per helper, house
    rule, name) take several."""
    checked = 0
    for command, sub in _subparsers(build_parser()):
        positionals = [a for a in sub._actions if not a.option_strings and a.nargs not in ("?", "*")]
        head = [command] + [_value(a)[0] if a.choices else ("pf2" if a.dest == "system" else "c.gmdesk")
                            for a in positionals]
        for action in sub._actions:
            if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._AppendAction)):
                continue
            flag = action.option_strings[0]
            with pytest.raises(Exception) as caught:
                build_parser().parse_args(head + [flag, *_value(action), flag, *_value(action)])
            assert f"{flag}: given more than once" in str(caught.value), (command, flag, caught.value)
            checked += 1
    assert checked > 60


def test_version_with_anything_else_is_refused(capsys):
    from gmdesk.__main__ import main as gmdesk_main

    assert gmdesk_main(["--version", "extra"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--version" in err[0] and "'extra'" in err[0], err
