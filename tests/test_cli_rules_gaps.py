"""The CLI options issue 13 adds (`gmdesk odds|roll`): pf2 reroll effects, house rules, dnd5e saves
failed voluntarily, anarchy teamwork and extended tests; exact against the engine, run for real."""

import io
import json
import subprocess
import sys
from fractions import Fraction as F

import pytest

from gmdesk.cli import main
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.systems.anarchy.rules import AnarchyTest
from gmdesk.engine.core import Modifier
from gmdesk.systems.kit.rulings import Rulings


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main(list(argv), out, err)
    return rc, out.getvalue(), err.getvalue()


def odds_json(*argv):
    rc, out, err = run("odds", *argv, "--json")
    assert rc == 0, err
    return json.loads(out)


def floats(odds):
    return {t: float(p) for t, p in odds.tiers.items()}


@pytest.mark.parametrize("argv,check", [
    (["pf2", "--mod", "7", "--dc", "20", "--reroll-failure"],
     pf2.Pf2Check(20, (Modifier(7, "m", "ability"),), reroll_failure=True)),
    (["pf2", "--mod", "7", "--dc", "20", "--reroll-success"],
     pf2.Pf2Check(20, (Modifier(7, "m", "ability"),), reroll_success=True)),
    (["pf2", "--mod", "7", "--dc", "20", "--reroll-failure", "--house-rule", "R-1"],
     pf2.Pf2Check(20, (Modifier(7, "m", "ability"),), reroll_failure=True, rulings=Rulings(reroll_keeps_new=False))),
    (["pf2", "--mod", "7", "--dc", "20", "--reroll-failure", "--misfortune"],
     pf2.Pf2Check(20, (Modifier(7, "m", "ability"),))),
    (["pf2", "--dc", "11", "--flat", "--reroll-success"], pf2.FlatCheck((11,), reroll_success=True)),
    (["dnd5e", "--mod", "5", "--dc", "15", "--save", "--fail-voluntarily"],
     dnd5e.Dnd5eTest(15, (Modifier(5, "m"),), "save", fail_voluntarily=True)),
    (["dnd5e", "--mod", "5", "--dc", "15", "--inspiration", "--house-rule", "R-2"],
     dnd5e.Dnd5eTest(15, (Modifier(5, "m"),))),
    (["anarchy", "--pool", "3", "--helper", "2", "--helper", "1", "--threshold", "2"],
     AnarchyTest(pool=3, helpers=(2, 1), threshold=2)),
    (["anarchy", "--pool", "4", "--threshold", "5", "--intervals", "3"],
     AnarchyTest(pool=4, threshold=5, intervals=3)),
    (["anarchy", "--pool", "4", "--luck-after", "--reroll", "2", "--house-rule", "R-3", "--house-rule", "R-4",
      "--house-rule", "R-5"],
     AnarchyTest(pool=4, threshold=1, luck_after=True, rerolls=2, rulings=Rulings(
         one_reroll_per_test=False, complication_needs_a_one=False, complication_after_luck=False))),
])
def test_new_options_match_the_engine(argv, check):
    d = odds_json(*argv)
    odds = check.odds()
    assert d["tiers"] == floats(odds)
    for key in ("complication", "expected_complications"):
        if key in odds.extra:
            assert d[key] == float(odds.extra[key])
    if "complication_count" in odds.extra:
        assert d["complication_count"] == {str(k): float(p) for k, p in odds.extra["complication_count"].items()}


def test_the_issue_figures_from_the_command_line():
    assert odds_json("pf2", "--mod", "7", "--dc", "20", "--reroll-failure")["tiers"]["critical_success"] == 0.08
    assert odds_json("pf2", "--mod", "7", "--dc", "20", "--fortune")["tiers"]["critical_success"] == 0.0975


def test_cannot_succeed_is_explained():
    d = odds_json("pf2", "--mod", "30", "--dc", "10", "--cannot-succeed")
    assert d["tiers"]["critical_success"] == 0.95
    assert "natural 20 no longer raises the degree" in d["notes"][0]
    rc, out, _ = run("odds", "pf2", "--mod", "30", "--dc", "10", "--cannot-succeed")
    assert rc == 0 and "note: cannot succeed" in out
    assert "notes" not in odds_json("pf2", "--mod", "7", "--dc", "20")  # CLI.md's exact shape stays


@pytest.mark.parametrize("argv,option", [
    (["pf2", "--mod", "1", "--dc", "15", "--fortune", "--reroll-failure"], "--fortune"),
    (["pf2", "--mod", "1", "--dc", "15", "--misfortune", "--reroll-success"], "--misfortune"),
    (["pf2", "--mod", "1", "--dc", "15", "--house-rule", "R-4"], "--house-rule"),
    (["dnd5e", "--mod", "1", "--dc", "15", "--fail-voluntarily"], "--fail-voluntarily"),
    (["dnd5e", "--mod", "1", "--dc", "15", "--save", "--attack"], "--attack"),
    (["dnd35", "--mod", "1", "--dc", "15", "--reroll-failure"], "--reroll-failure"),
    (["cof", "--mod", "1", "--dc", "15", "--house-rule", "R-1"], "--house-rule"),
    (["anarchy", "--pool", "4", "--intervals", "3"], "--intervals"),
    (["anarchy", "--pool", "4", "--luck-after", "--reroll", "2"], "--luck-after"),
    (["anarchy", "--pool", "4", "--helper", "-1"], "--helper"),
])
def test_bad_combinations_exit_2_naming_the_option(argv, option):
    rc, out, err = run("odds", *argv)
    assert rc == 2 and out == ""
    assert err.startswith("gmdesk: error: ") and option in err and err.count("\n") == 1


def test_roll_reports_every_complication_as_a_subprocess():
    proc = subprocess.run([sys.executable, "-m", "gmdesk", "roll", "anarchy", "--pool", "3", "--helper", "2",
                           "--helper", "2", "--seed", "4", "--count", "40", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(rows) == 40
    assert all(r["complication_count"] == len(r["complications"]) for r in rows)
    assert any(r["complication_count"] >= 2 for r in rows)  # seed 4 has several at once
    for r in rows:
        assert r["complication"] == (max(r["complications"]) if r["complications"] else None)


def test_roll_with_reroll_failure_shows_both_dice():
    proc = subprocess.run([sys.executable, "-m", "gmdesk", "roll", "pf2", "--mod", "0", "--dc", "15",
                           "--reroll-failure", "--seed", "3", "--count", "30", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    rerolled = [r for r in rows if len(r["dice"]) == 2]
    assert rerolled and all(r["dice_detail"][0]["state"] == "rerolled" for r in rerolled)
    assert all(r["natural"] == r["dice"][-1] for r in rerolled)
    assert F(len(rerolled), 30) > 0
