"""Issue 17, items 1 and 6, the real path: ``gmdesk roll --log`` logs, ``gmdesk stats`` answers (JSON
with exact expected counts that agree with the hand sums), ``gmdesk export --format recap`` writes one
self-contained page per session; bad input gets one line and status 2, and changes nothing."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.log import LogEntry
from gmdesk.store import CampaignStore
from gmdesk.store.demo_seed import seed

REPO = Path(__file__).resolve().parents[2]


def gmdesk(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    full = dict(os.environ, PYTHONPATH=str(REPO), **(env or {}))
    return subprocess.run([sys.executable, "-m", "gmdesk", *args], capture_output=True, text=True, timeout=120,
                          env=full)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def logged(tmp_path) -> Path:
    """Rolls logged by the command line itself: +3 vs DC 15 (9/20) three times, +0 vs DC 10 (11/20) twice."""
    path = tmp_path / "cli.gmdesk"
    assert gmdesk("new", str(path), "--system", "dnd35").returncode == 0
    for mod, dc, count, seed_ in (("3", "15", "3", "11"), ("0", "10", "2", "12")):
        done = gmdesk("roll", "dnd35", "--mod", mod, "--dc", dc, "--count", count, "--seed", seed_, "--log", str(path),
                      "--actor", "Eberk", "--json")
        assert done.returncode == 0, done.stderr
    return path


def test_stats_json_agrees_with_the_exact_sums(logged):
    with CampaignStore.open(logged) as store:
        tiers = [e.tier for e in store.log.iter()]
    done = gmdesk("stats", str(logged), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["system"] == "dnd35" and out["rolls"] == 5 and out["level"] == 0.01
    whole = out["groups"][0]
    assert whole["group"] == "campaign" and whole["names"] == {}
    assert {t: F(v) for t, v in whole["expected_exact"].items()} == {"success": F(49, 20), "failure": F(51, 20)}
    assert whole["expected"] == {"failure": 2.55, "success": 2.45}
    assert whole["observed"] == {"failure": tiers.count("failure"), "success": tiers.count("success")}
    assert 0 < whole["p_value"] <= 1 and whole["flagged"] is False
    # a roll logged without a session joined a sitting named after its UTC date
    (session,) = {g["name"] for g in out["groups"] if g["group"] == "session"} or {None}
    assert session is None or re.fullmatch(r"\d{4}-\d\d-\d\d", session)
    assert out["dice"][0]["sides"] == 20 and out["dice"][0]["thrown"] == 5


def test_stats_filters_and_text(tmp_path):
    demo = demo_campaign("pf2", "en")
    path = tmp_path / "demo.gmdesk"
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    brunhild = json.loads(gmdesk("stats", str(path), "--actor", "Brunhild", "--json").stdout)
    assert brunhild["filter"]["actor"] == "Brunhild"
    assert brunhild["rolls"] == sum(1 for e in demo.log_entries if e.actor == "Brunhild")
    # Four families, as the docs say: Brunhild's own group is all the rolls shown, one test, not two.
    (hers,) = [g for g in brunhild["groups"] if g["group"] == "actor"]
    assert hers["name"] == "Brunhild" and hers["same_as_all"] and hers["rolls"] == brunhild["groups"][0]["rolls"]
    assert hers["p_value"] == brunhild["groups"][0]["p_value"]
    session = json.loads(gmdesk("stats", str(path), "--session", "Session 1", "--json").stdout)
    assert session["rolls"] == sum(1 for e in demo.log_entries if e.session == "Session 1")
    late = sorted(e.time_utc for e in demo.log_entries)[10]
    since = json.loads(gmdesk("stats", str(path), "--since", late, "--json").stdout)
    assert since["rolls"] == sum(1 for e in demo.log_entries if e.time_utc >= late)
    text = gmdesk("stats", str(path), "--level", "5", "--details", "--lang", "en")
    assert text.returncode == 0
    lines = text.stdout.splitlines()
    assert lines[0] == "The Ruins of Fort Rivage: 20 rolls, 9 successes where 9.5 were expected."
    numbers = lines[lines.index("Details") + 1:]
    assert numbers[0].startswith("The Ruins of Fort Rivage: 20 rolls, level 5 %")
    assert any(line.startswith("actor 'Brunhild':") for line in numbers) and any(line.startswith("d20:") for line in numbers)


def test_stats_speak_plain_words_first_and_keep_the_numbers_behind_details(tmp_path):
    """Issue 26: without --details, no p-value, Holm or χ²: a sentence per finding, in the GM's language."""
    demo = demo_campaign("pf2", "en")
    path = tmp_path / "demo.gmdesk"
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    report = json.loads(gmdesk("stats", str(path), "--json").stdout)
    brunhild = next(g for g in report["groups"] if g["names"] == {"actor": "Brunhild"})
    english = gmdesk("stats", str(path), "--lang", "en").stdout
    for statistician in ("p =", "Holm", "chi2", "critical_failure", "band"):
        assert statistician not in english
    said = f"Brunhild succeeded {brunhild['successes']['observed']} times where " \
           f"{brunhild['successes']['expected']:.1f} were expected — "
    assert said in english and "Nobody was luckier or unluckier than chance explains" in english
    assert "Too few d20 rolls (20) to judge the die" in english
    french = gmdesk("stats", str(path), "--lang", "fr").stdout
    assert f"Brunhild a réussi {brunhild['successes']['observed']} fois, là où les chances en promettaient " \
           f"{brunhild['successes']['expected']:.1f}".replace(".", ",") in french
    assert "\n  Athletics: " in english and "\n  Athlétisme\u202f: " in french  # kinds in the GM's words
    assert "Personnages\n" in french and "p =" not in french and "pour juger le dé\u202f: il en faut" in french


@pytest.mark.parametrize(("args", "needle"), [
    (("--actor", "Nobody"), "gmdesk stats: --actor: no roll in the log by that name"),
    (("--session", "Session 9"), "gmdesk stats: --session: no roll in the log by that name"),
    (("--since", "2026-13-40"), "gmdesk stats: --since: not a date"),
    (("--level", "0"), "argument --level: must be more than 0 and less than 100"),
    (("--level", "１"), "argument --level: not a percentage"),
])
def test_bad_input_is_one_line_and_changes_nothing(logged, args, needle):
    before = digest(logged)
    done = gmdesk("stats", str(logged), *args)
    assert done.returncode == 2 and done.stdout == ""
    assert needle in done.stderr and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert digest(logged) == before


def test_a_file_that_is_not_a_campaign_is_refused(tmp_path):
    junk = tmp_path / "junk.gmdesk"
    junk.write_text("not sqlite")
    done = gmdesk("stats", str(junk))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert junk.read_text() == "not sqlite"


def recap_campaign(tmp_path: Path) -> Path:
    """The demo with a hostile name and a secret roll in Session 2 and a fight logged round by round."""
    demo = demo_campaign("pf2", "en")
    path = tmp_path / "recap.gmdesk"
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    with CampaignStore.open(path) as store:
        template = store.log.get(20)
        hostile = LogEntry.from_dict({**template.to_dict(), "id": None, "actor": "<script>alert(1)</script>",
                                      "label": "Sneak <b>past</b>", "secret": True, "fight": "", "round": None,
                                      "time_utc": "2025-01-11T21:00:00.000Z"})
        store.log.append(hostile)
    return path


def test_the_recap_is_one_self_contained_page_per_session(tmp_path):
    path = recap_campaign(tmp_path)
    page = tmp_path / "s2.html"
    done = gmdesk("export", str(path), "--format", "recap", "--session", "Session 2", "--out", str(page),
                  "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"exported the recap of Session 2 to {page}"
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="en">' in html
    for heading in ("Luck at the table", "How hard the checks were", "Fights", "The log", "Calibration"):
        assert heading in html
    assert html.count('src="data:image/svg+xml;base64,') >= 3  # successes, streaks, dice (and calibration)
    assert "<script" not in html.lower() and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "Secret rolls left out." in html and "alert(1)" not in html  # the secret roll is not shown
    # the fight, round by round, as the demo logged it from the queue
    fight = html[html.index("<h2>Fights</h2>"):html.index("<h2>The log</h2>")]
    assert "<h3>Ambush</h3>" in fight and "<h4>Round 1</h4>" in fight and "→ Goblin" in fight
    # Session 1's rolls are not in Session 2's recap
    assert "Force the gate" not in html


def test_the_recap_with_secret_rolls_escapes_what_was_typed_and_speaks_french(tmp_path):
    path = recap_campaign(tmp_path)
    done = gmdesk("export", str(path), "--format", "recap", "--include-secret", "--lang", "fr")
    assert done.returncode == 0, done.stderr
    html = done.stdout  # the latest session, to stdout
    assert '<html lang="fr">' in html and "La chance à la table" in html and "Le journal" in html
    assert "Jets secrets compris." in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script" not in html.lower()
    assert "Sneak &lt;b&gt;past&lt;/b&gt;" in html


def test_the_recap_takes_the_terminals_language(tmp_path):
    path = recap_campaign(tmp_path)
    french = gmdesk("export", str(path), "--format", "recap", env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
                                                                   "LANG": "fr_FR.UTF-8"})
    assert '<html lang="fr">' in french.stdout


@pytest.mark.parametrize(("args", "needle"), [
    (("--session", "Nope"), "gmdesk export: --session: no session named 'Nope'"),
    (("--actor", "Brunhild"), "gmdesk export: --actor: a recap covers one whole session"),
    (("--lang", "de"), "argument --lang: invalid choice"),
])
def test_a_recap_refused_writes_nothing(tmp_path, args, needle):
    path = recap_campaign(tmp_path)
    before = digest(path)
    out = tmp_path / "recap.html"
    done = gmdesk("export", str(path), "--format", "recap", "--out", str(out), *args)
    assert done.returncode == 2 and needle in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not out.exists() and digest(path) == before


@pytest.mark.parametrize("system, check_args", [("pf2", ["--mod", "5", "--dc", "15"]),
                                                 ("dnd35", ["--mod", "5", "--dc", "15"])])
def test_a_label_is_the_kind_and_a_secret_roll_is_secret_in_its_check(tmp_path, system, check_args):
    """``roll --label Stealth --log`` lands in the Stealth group (it was grouped by the bare check's
    type, "check" or "skill"), in ``gmdesk stats`` as in the panel and the recap (the same facts);
    ``--secret`` writes a secret check, not ``check.secret: false`` on a secret entry."""
    import io

    from gmdesk.cli import main

    path = tmp_path / "labels.gmdesk"
    assert main(["new", str(path), "--system", system], io.StringIO(), io.StringIO()) == 0
    for label, extra in (("Stealth", ["--secret"]), ("Perception", [])):
        err = io.StringIO()
        assert main(["roll", system, *check_args, "--count", "3", "--seed", "4", "--log", str(path),
                     "--actor", "Kyra", "--label", label, *extra], io.StringIO(), err) == 0, err.getvalue()
    out = io.StringIO()
    assert main(["stats", str(path), "--json"], out, io.StringIO()) == 0
    kinds = {g["name"]: g["rolls"] for g in json.loads(out.getvalue())["groups"] if g["group"] == "kind"}
    assert kinds == {"Stealth": 3, "Perception": 3}
    with CampaignStore.open(path, read_only=True) as store:
        entries = list(store.log.iter())
    for e in entries:
        assert e.label == e.check["label"]
        assert e.check.get("secret", e.secret) == e.secret  # dnd35 checks keep no secret of their own
    assert [e.secret for e in entries] == [True] * 3 + [False] * 3
