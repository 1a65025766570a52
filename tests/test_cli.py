"""`gmdesk odds` / `gmdesk roll` per CLI.md, in-process and as a real subprocess."""

import io
import json
import subprocess
import sys

import pytest

from gmdesk.cli import main
from gmdesk.systems.cof import rules as cof
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main(list(argv), out, err)
    return rc, out.getvalue(), err.getvalue()


def odds_json(*argv):
    rc, out, err = run("odds", *argv, "--json")
    assert rc == 0, err
    return json.loads(out)


def test_pf2_worked_case_json_exactly_as_contract():
    d = odds_json("pf2", "--mod", "7", "--dc", "20")
    assert d == {"system": "pf2", "tiers": {"critical_failure": 0.15, "failure": 0.45, "success": 0.35,
                                             "critical_success": 0.05}}


@pytest.mark.parametrize("argv,check", [
    (["pf2", "--mod", "3", "--dc", "18", "--fortune"],
     pf2.Pf2Check(18, (Modifier(3, "m", "ability"),), fortune=True)),
    (["pf2", "--dc", "11", "--flat"], pf2.FlatCheck((11,))),
    (["pf2", "--dc", "11", "--flat", "--fortune"], pf2.FlatCheck((11,), fortune=True)),
    (["dnd5e", "--mod", "5", "--dc", "15", "--inspiration", "--disadvantage"],
     dnd5e.Dnd5eTest(15, (Modifier(5, "m"),), disadvantage=True, inspiration=True)),
    (["dnd5e", "--mod", "4", "--dc", "17", "--attack", "--advantage"],
     dnd5e.Dnd5eTest(17, (Modifier(4, "m"),), "attack", advantage=True)),
    (["cof", "--mod", "2", "--dc", "13"], cof.CofTest(13, (Modifier(2, "m", "base"),))),
])
def test_odds_match_engine(argv, check):
    d = odds_json(*argv)
    assert d["tiers"] == {t: float(p) for t, p in check.odds().tiers.items()}
    assert abs(sum(d["tiers"].values()) - 1) < 1e-12


def test_dnd35_and_anarchy_contract_keys():
    d = odds_json("dnd35", "--mod", "3", "--dc", "15", "--aid", "0")
    assert set(d["tiers"]) == {"failure", "success"} and abs(d["tiers"]["success"] - 0.505) < 1e-12
    a = odds_json("anarchy", "--pool", "2")
    assert set(a["tiers"]) == {"failure", "success"}
    assert [round(p * 36, 9) for p in a["hits"]] == [16, 16, 4]
    assert abs(a["complication"] - 11 / 36) < 1e-12


def test_readable_table():
    rc, out, _ = run("odds", "pf2", "--mod", "7", "--dc", "20")
    assert rc == 0 and "critical_failure" in out and "15.00 %" in out and "█" in out


def test_roll_is_seeded_and_json_lines():
    argv = ("roll", "dnd5e", "--mod", "5", "--dc", "15", "--advantage", "--seed", "9", "--count", "5", "--json")
    rc, out, _ = run(*argv)
    rc2, out2, _ = run(*argv)
    assert rc == rc2 == 0 and out == out2
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 5
    for r in rows:
        assert len(r["dice"]) == 2 and r["total"] == max(r["dice"]) + 5
        assert r["tier"] == ("success" if r["total"] >= 15 else "failure")


def test_roll_anarchy_json_has_hits_and_complication():
    rc, out, err = run("roll", "anarchy", "--pool", "6", "--seed", "3", "--count", "20", "--json")
    assert rc == 0, err
    for line in out.splitlines():
        r = json.loads(line)
        assert r["hits"] == sum(1 for d in r["dice_detail"] if d["state"] == "kept" and d["face"] >= 5)
        assert r["complication"] is None or isinstance(r["complication"], int)


@pytest.mark.parametrize("argv,named", [
    (["odds", "gurps", "--mod", "1", "--dc", "2"], "system"),
    (["odds", "pf2", "--mod", "1"], "--dc"),
    (["odds", "pf2", "--mod", "1", "--dc", "x"], "--dc"),
    (["odds", "pf2", "--mod", "1", "--dc", "5", "--bogus"], "--bogus"),
    (["odds", "pf2", "--mod", "1", "--dc", "5", "--advantage"], "--advantage"),
    (["odds", "pf2", "--mod", "3", "--dc", "5", "--flat"], "--mod"),
    (["odds", "dnd35", "--mod", "1", "--dc", "5", "--take10", "--take20"], "--take10"),
    (["odds", "anarchy", "--pool", "5", "--luck-after", "--reroll", "2"], "--luck-after"),
    (["odds", "anarchy", "--pool", "5", "--reroll", "4"], "--reroll"),
    (["odds", "anarchy", "--pool", "-1"], "--pool"),
    (["odds", "anarchy", "--pool", "5", "--threshold", "2", "--opposed-pool", "6"], "--threshold"),
    (["roll", "cof", "--mod", "1", "--dc", "5", "--count", "0"], "--count"),
    (["odds", "anarchy", "--pool", "3", "--threshold", "0", "--opposed-pool", "4"], "--threshold"),
    (["odds", "pf2", "--mod", "3", "--dc", "15", "--reroll", "0"], "--reroll"),
    (["odds", "pf2", "--mod", "3", "--dc", "15", "--dice-mod", "0"], "--dice-mod"),
    (["odds", "dnd5e", "--mod", "3", "--dc", "15", "--aid", "0"], "--aid"),
    (["odds", "pf2", "--dc", "15", "--flat", "--cannot-succeed"], "--flat"),
])
def test_bad_input_exits_2_with_one_line_naming_the_argument(argv, named):
    rc, out, err = run(*argv)
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and named in err


def test_real_subprocess_no_traceback():
    result = subprocess.run([sys.executable, "-m", "gmdesk", "odds", "pf2", "--mod", "1", "--dc", "999"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr and "--dc" in result.stderr
    ok = subprocess.run([sys.executable, "-m", "gmdesk", "odds", "cof", "--mod", "1", "--dc", "9", "--json"],
                        capture_output=True, text=True, timeout=60)
    assert json.loads(ok.stdout)["tiers"]["success"] == pytest.approx(0.65)
