"""Issue 26, items 4 and 5: the recap opens with three sentences (the rolls and successes against the
odds, the luckiest and the unluckiest moment with their odds), keeps the statistician's numbers in its
appendix, draws whole-number count axes and the GM's decimal separator, and has a player-safe version
without secret rolls, hidden combatants or DCs."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest

from gmdesk.analytics import plain, svg
from gmdesk.analytics.recap import recap_html
from gmdesk.analytics.report import build
from gmdesk.analytics.tally import StatsFilter, Tally
from gmdesk.analytics.words import percent
from gmdesk.campaign.demo import demo_campaign
from gmdesk.store import CampaignStore
from gmdesk.store.check_odds import success_of, tier_odds
from gmdesk.store.demo_seed import seed

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def demo(tmp_path) -> Path:
    game = demo_campaign("pf2", "en")
    path = tmp_path / "demo.gmdesk"
    CampaignStore.create(path, game.info, lambda s: seed(s, game)).close()
    return path


def lead(html: str) -> str:
    return unescape(re.search(r'<p class="lead">(.*?)</p>', html).group(1))


def test_the_recap_opens_with_what_happened_and_its_luckiest_and_unluckiest_moments(demo):
    with CampaignStore.open(demo) as store:
        html = recap_html(store, "Session 2", lang="en")
        shown = [e for e in store.log.iter() if e.session == "Session 2" and not e.secret]
        report = build(Tally.load(store.log.facts, StatsFilter(session="Session 2", include_secret=False)))
    assert not any(e.reroll_of for e in shown)  # each roll's odds are its own check's
    chance = {e.id: success_of(tier_odds(e.system, json.dumps(e.check))) for e in shown}
    won = [e for e in shown if e.tier in ("success", "critical_success") and chance[e.id] < 1]
    lost = [e for e in shown if e.tier in ("failure", "critical_failure") and chance[e.id] > 0]
    luckiest = min(won, key=lambda e: (chance[e.id], e.id))
    unluckiest = max(lost, key=lambda e: (chance[e.id], -e.id))
    opening = lead(html)
    assert opening == " ".join((
        plain.overview(report, "en"),
        f"Luckiest moment: {luckiest.actor} made “{luckiest.label}” with a "
        f"{percent(float(chance[luckiest.id]), 'en')} chance of success.",
        f"Unluckiest moment: {unluckiest.actor} failed “{unluckiest.label}” despite a "
        f"{percent(float(chance[unluckiest.id]), 'en')} chance of success."))
    assert opening.startswith(f"{len(shown)} rolls, ")
    # the numbers stay one click away: in the appendix, after the log, explained
    words, details = html.split("Details: the numbers behind the words")
    assert "p = " not in words and "Holm" not in words and "χ²" not in words
    assert "p-value: how often a fair table" in details and "<th>Holm</th>" in details


def test_the_recap_in_french_reads_french_in_its_text_and_its_charts(demo):
    with CampaignStore.open(demo) as store:
        html = recap_html(store, "Session 2", lang="fr")
    assert lead(html).startswith("10 jets, ") and "Plus beau coup de chance\u202f: " in lead(html)
    assert "Détails\u202f: les chiffres derrière les mots" in html and "Personnages" in html
    images = [base64.b64decode(b).decode("utf-8") for b in re.findall(r'base64,([A-Za-z0-9+/=]+)"', html)]
    labels = [t for image in images for t in re.findall(r">([^<>]+)</text>", image)]
    assert labels and not [t for t in labels if re.search(r"\d\.\d", t)]  # 1,5 never 1.5
    assert any(re.search(r"\d,\d", t) for t in labels)
    assert "au-dessus des chances" in labels and "au-dessous des chances" in labels  # hot/cold legend


def test_count_axes_read_whole_numbers_and_each_chart_has_one_title():
    assert svg.nice_ticks(0, 2.2, integer=True) == [0, 1, 2]
    assert svg.nice_ticks(0, 12, integer=True) == [0, 5, 10]  # roll numbers: never 2.5 written "2"
    streak = svg.streak_chart([("Nym", [(0, 0.0), (12, 1.5)])], "t", "roll", "successes", str)
    assert re.findall(r"text-anchor='middle'[^>]*>(\d+)</text>", streak) == ["0", "5", "10"]
    image = svg.dice_chart([0, 1, 2, 1, 0, 2], (0, 2), 1.0, "d6", "face", "count")
    y_labels = re.findall(r"text-anchor='end'[^>]*>([^<]+)</text>", image)
    assert y_labels == sorted(set(y_labels), key=int) and all(t.isdigit() for t in y_labels)
    assert ">d6</text>" not in image and "<title>d6</title>" in image  # the page's heading is its title


def gmdesk(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gmdesk", *args], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})


def test_a_player_safe_recap_leaves_out_secret_rolls_hidden_combatants_and_dcs(demo, tmp_path):
    with CampaignStore.open(demo) as store:
        fight = store.encounter.get()
        goblin = next(c for c in fight.combatants if c.name == "Goblin")
        goblin.hidden = True
        store.encounter.save(fight)
        everything = recap_html(store, "Session 2", lang="en")
    assert "Goblin" in everything and "<th>DC</th>" in everything
    page = tmp_path / "players.html"
    done = gmdesk("export", str(demo), "--format", "recap", "--session", "Session 2", "--player-safe", "--lang", "en",
                  "--out", str(page))
    assert done.returncode == 0, done.stderr
    html = page.read_text(encoding="utf-8")
    assert "Goblin" not in html.replace("Grikkit, goblin chief", "")  # its rolls, and the rolls aimed at it
    assert "<th>DC</th>" not in html and "How hard the checks were" not in html
    assert "Player-safe: no secret roll, no hidden combatant, no DC." in html
    assert "(secret)" not in html
    for refused, needle in ((("recap", "--include-secret"), "--include-secret: a player-safe recap never shows secret"),
                            (("csv",), "--player-safe: only a recap")):
        args = ["export", str(demo), "--player-safe", "--out", str(tmp_path / "x"), "--format", *refused]
        done = gmdesk(*args)
        assert done.returncode == 2 and needle in done.stderr and len(done.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "x").exists()
