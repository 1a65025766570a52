"""Issue 26: the findings in plain words, in English and in French — "1 evening in N" is the p-value
turned around (Holm's when flagged), initiative rolls and rolls with unknown odds say why they are not
counted for luck, and the words module has every French text the sentences use."""

from __future__ import annotations

import ast
from fractions import Fraction as F
from pathlib import Path

from gmdesk.analytics import plain, words
from gmdesk.analytics.report import build
from gmdesk.analytics.tally import Tally
from gmdesk.store.roll_facts import Group


def report_of(rows, groups, odds):
    """A report of hand-made counts: ``rows`` (group, tier, odds id or None, rolls)."""
    tally = Tally()
    tally.groups, tally.odds = groups, odds
    for grp, tier, odds_id, n in rows:
        tally.add(grp, tier, odds_id, n)
    return build(tally)


COIN = {1: {"failure": F(1, 2), "success": F(1, 2)}}


def test_a_flagged_group_says_why_with_holms_odds_in_both_languages():
    groups = {1: Group("S1", "Brunhild", "athletics", False), 2: Group("S1", "Odile", "athletics", False)}
    report = report_of([(1, "success", 1, 14), (1, "failure", 1, 1), (2, "success", 1, 3), (2, "failure", 1, 3)], groups, COIN)
    brunhild = next(g for g in report.family("actor") if g.name == "Brunhild")
    assert brunhild.flagged and brunhild.direction == "hot"
    m = plain.tested_groups(report)
    n = round(1 / brunhild.p_holm, -(len(str(int(1 / brunhild.p_holm))) - 2))  # two significant figures
    english = plain.group_sentence(brunhild, "Brunhild", m, "en")
    assert english.startswith("Brunhild succeeded 14 times where 7.5 were expected — unusually lucky")
    assert f"about 1 evening in {words.number(n, 'en', 0)}, even counting that {m} groups were looked at" in english
    french = plain.group_sentence(brunhild, "Brunhild", m, "fr")
    assert french.startswith("Brunhild a réussi 14 fois, là où les chances en promettaient 7,5 — une chance "
                             "inhabituelle\u202f:")
    assert f"environ 1 soirée sur {words.number(n, 'fr', 0)}, même en tenant compte des {m} groupes" in french
    odile = next(g for g in report.family("actor") if g.name == "Odile")
    assert plain.group_sentence(odile, "Odile", m, "en").endswith("— just about what the odds said.")
    assert plain.verdict(report, "en") == f"Beyond chance, even counting that {m} groups were looked at:"


def test_rarity_reads_as_a_gm_says_it():
    assert plain.rarity(1 / 8, "en") == "about 1 evening in 8"
    assert plain.rarity(1 / 437, "fr") == "environ 1 soirée sur 440"
    assert plain.rarity(1 / 12345, "en", "time") == "about 1 time in 12,000"
    assert plain.rarity(0.0, "fr") == "moins d’1 soirée sur un million"


def test_initiative_and_unknown_odds_say_which_and_why():
    groups = {1: Group("S1", "Goblin", "initiative", False), 2: Group("S1", "Town guard 2", "perception", False),
              3: Group("S1", "Town guard 2", "athletics", False)}
    report = report_of([(1, "initiative", None, 3), (2, "failure", None, 2), (3, "success", 1, 1)], groups, COIN)
    assert report.initiative == 3 and report.unknown == [("Town guard 2", "perception", 2)]
    assert report.to_json()["unknown_odds"] == [{"actor": "Town guard 2", "kind": "perception", "rolls": 2}]
    english = plain.left_out(report, "en", str.capitalize)
    assert english[0].startswith("3 initiative rolls have no success or failure: their dice count for the dice")
    assert english[1].startswith("Unknown odds, left out of the count: 2 rolls of Town guard 2 (Perception) — "
                                 "gmdesk cannot rebuild the check")
    french = plain.left_out(report, "fr")
    assert french[0].startswith("3 jets d’initiative n’ont ni réussite ni échec\u202f:")
    assert "2 jets de Town guard 2 (perception)" in french[1]


def test_dice_sentences():
    from gmdesk.analytics.report import DiceStats

    fair = DiceStats(20, [7] * 20, (1, 14), 0.0, 19, 1.0, 1.0, False)
    assert plain.dice_sentence(fair, "en") == "The d20 looked fair over 140 rolls."
    assert plain.dice_sentence(fair, "fr") == "Le d20 a semblé honnête sur 140 lancers."
    few = DiceStats(6, [1] * 6, (0, 4), None, 5, None)
    assert plain.dice_sentence(few, "en") == "Too few d6 rolls (6) to judge the die: about 30 are needed."
    loaded = DiceStats(20, [1] * 19 + [121], (1, 14), 900.0, 19, 1e-9, 1e-9, True)
    assert plain.dice_sentence(loaded, "en").endswith("faces this uneven come less than 1 time in a million with "
                                                      "a fair die.")


def test_every_plain_text_has_its_french():
    """Every literal passed to ``tr`` or ``_count`` in the sentences and the command line has its French."""
    found = set()
    for path in (Path(plain.__file__), Path(plain.__file__).parents[1] / "cli" / "stats.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("tr", "_count"):
                found.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
            if isinstance(node, ast.IfExp) and path.name == "plain.py":  # tr("…" if … else "…")
                found.update(a.value for a in (node.body, node.orelse) if isinstance(a, ast.Constant)
                             and isinstance(a.value, str) and " " in a.value)
    found -= {"roll", "success"}  # stats.py's own _count(n, word) of the --details lines, English by design
    assert len(found) > 25
    from gmdesk.cli import words as cli_words  # the --details lines: the command line's own catalogue

    missing = sorted(t for t in found if t not in words.FRENCH and t not in cli_words.FRENCH)
    assert not missing, missing


def test_logged_initiative_rolls_count_for_the_dice_and_are_said_apart(tmp_path):
    from analytics_helpers import campaign

    from gmdesk.analytics.report import analyse
    from gmdesk.campaign.initiative_log import TIER
    from gmdesk.campaign.log import LogEntry

    with campaign(tmp_path) as store:
        store.log.append_many([LogEntry(system="pf2", tier=TIER, actor="Goblin", label="Initiative", session="S1",
                                        check={"type": "initiative", "label": "initiative", "modifier": 2},
                                        dice=[{"sides": 20, "face": face, "state": "kept"}], total=face + 2)
                               for face in (3, 17)])
        report = analyse(store)
    assert report.initiative == 2 and report.unknown == [] and report.whole.rolls == 0
    assert report.dice[0].thrown == 2  # their dice are the d20's
    assert plain.left_out(report, "en") == [
        "2 initiative rolls have no success or failure: their dice count for the dice, not for luck."]
    assert plain.overview(report, "fr") == "2 jets, aucun aux chances connues."
