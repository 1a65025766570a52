"""``gmdesk encounter``'s text says the rounds to drop (docs/cli.md): per creature the party member it
drops fastest, per party member the creature it drops fastest, with the exact chance the JSON gives,
in English and in French."""

from __future__ import annotations

import io
import json

import pytest

from gmdesk.cli import main


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main([str(a) for a in argv], out, err)
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    path = tmp_path_factory.mktemp("rounds") / "party.gmdesk"
    assert run("new", path, "--system", "dnd5e", "--demo", "--lang", "en")[0] == 0
    return path


def quickest(rows, attacker):
    found = [r for r in rows if r["attacker"] == attacker and r["expected"] is not None]
    return min(found, key=lambda r: r["expected"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_side_says_whom_it_drops_fastest_with_the_exact_chance(campaign, lang):
    from gmdesk.analytics.words import percent

    rc, text, err = run("encounter", campaign, "--add", "goblin", "--count", "2", "--seed", "3", "--lang", lang)
    assert rc == 0, err
    rc, raw, _ = run("encounter", campaign, "--add", "goblin", "--count", "2", "--seed", "3", "--json")
    report = json.loads(raw)
    names = [c["name"] for c in report["creatures"]] + [p["name"] for p in report["party"]]
    for name in names:
        row = quickest(report["rounds"], name)
        n = max(1, round(row["expected"]))
        chance = percent(row["within"][n - 1], lang)
        if lang == "en":
            said = f"{name} drops {row['target']} in {n} rounds or fewer: {chance}" if n > 1 else \
                f"{name} drops {row['target']} in 1 round: {chance}"
        else:
            said = f"{name} met {row['target']} hors de combat en {n} rounds ou moins\u202f: {chance}" if n > 1 \
                else f"{name} met {row['target']} hors de combat en 1 round\u202f: {chance}"
        assert said in text, (said, text)
    head = "rounds to drop (exact" if lang == "en" else "rounds pour mettre hors de combat (exacts"
    assert head in text


def test_a_system_without_damage_rules_says_why_once(tmp_path):
    path = tmp_path / "c.gmdesk"
    assert run("new", path, "--system", "cof", "--demo", "--lang", "en")[0] == 0
    rc, text, err = run("encounter", path, "--lang", "en")
    assert rc == 0, err
    assert text.count("rounds to drop: none — ") == 1
