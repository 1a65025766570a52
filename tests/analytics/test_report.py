"""Issue 17, items 1–4 and 8: expected counts are the exact sums of the odds (a log computed by hand),
fair dice stay unflagged about as often as the level says over many seeds, loaded dice (a test-only
roller) are flagged, with the direction; the dice, calibration and streak figures count what they say."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from fractions import Fraction as F
from itertools import product

import pytest
from analytics_helpers import Faces, LoadedD20, campaign, cli_check, log

from gmdesk.analytics import exact
from gmdesk.analytics.report import analyse, build, streaks
from gmdesk.analytics.tally import StatsFilter, Tally
from gmdesk.campaign.log import LogEntry
from gmdesk.store.roll_facts import Group


def test_expected_counts_are_the_hand_computed_sums(tmp_path):
    # dnd3.5 skill checks have no natural 1 or 20: +3 against DC 15 succeeds on 12–20 (9/20),
    # +0 against DC 10 on 10–20 (11/20).
    hard, easy = cli_check("dnd35", "--mod", "3", "--dc", "15"), cli_check("dnd35", "--mod", "0", "--dc", "10")
    with campaign(tmp_path, "dnd35") as store:
        log(store, hard, Faces(12, 3, 20), count=3, actor="Eberk", session="S1")  # success, failure, success
        log(store, easy, Faces(9, 10), count=2, actor="Eberk", session="S1")  # failure, success
        report = analyse(store)
    whole = report.whole
    assert whole.expected == {"failure": F(51, 20), "success": F(49, 20)}
    assert whole.observed == {"failure": 2, "success": 3}
    assert whole.expected_successes == F(49, 20) and whole.successes == 3
    # p-value of 3 successes: the doubled smaller tail of the 32 outcomes, listed by hand
    chances = [F(9, 20)] * 3 + [F(11, 20)] * 2
    pmf = Counter()
    for outcome in product((0, 1), repeat=5):
        weight = F(1)
        for won, p in zip(outcome, chances):
            weight *= p if won else 1 - p
        pmf[sum(outcome)] += weight
    want = min(F(1), 2 * min(sum(pmf[k] for k in range(4)), sum(pmf[k] for k in range(3, 6))))
    assert whole.p_value == pytest.approx(float(want), rel=1e-15)
    # One actor, kind and session: each family's one group is the whole under its name, one test.
    assert [(g.family, g.name, g.same_as_all) for g in report.groups] == [
        ("campaign", "", False), ("actor", "Eberk", True), ("kind", "skill", True), ("session", "S1", True)]
    assert report.tests == 1 and [g.p_value for g in report.groups] == [whole.p_value] * 4
    assert [(g.family, g.name) for g in report.distinct] == [("campaign", "")]


def test_groups_cover_character_kind_and_session_and_secret_rolls_are_counted(tmp_path):
    perception = cli_check("pf2", "--mod", "7", "--dc", "20")
    with campaign(tmp_path) as store:
        log(store, perception, random.Random(1), count=6, actor="Kyra", session="S1")
        log(store, perception, random.Random(2), count=4, actor="Ezren", session="S2", secret=True)
        report = analyse(store)
        public = analyse(store, StatsFilter(include_secret=False))
        ezren = analyse(store, StatsFilter(actor="Ezren"))
    assert [(g.family, g.name, g.rolls) for g in report.groups] == [
        ("campaign", "", 10), ("actor", "Ezren", 4), ("actor", "Kyra", 6), ("kind", "check", 10),
        ("session", "S1", 6), ("session", "S2", 4)]
    assert report.tests == 5  # the one kind holds every roll: the whole, not a test of its own
    assert report.whole.secret == 4 and public.whole.rolls == 6 and public.whole.secret == 0
    assert [(g.family, g.name, g.rolls) for g in ezren.distinct] == [("campaign", "", 4)]
    assert {g.family for g in ezren.groups} == {"campaign", "actor", "kind", "session"}
    for g in report.groups:
        assert sum(g.expected.values()) == g.rolls  # every roll's probabilities add up to 1


@lru_cache(maxsize=None)
def _odds(check) -> tuple:
    return tuple(check.odds().tiers.items())


def synthetic(seed: int, loaded: set[str] = frozenset()) -> Tally:
    """A table's evening in memory: four characters, random pf2 checks, fair dice (or loaded ones for
    the characters in ``loaded``), counted as the store would count them."""
    rng = random.Random(seed)
    loaded_rng = LoadedD20(seed)
    tally = Tally()
    odds_ids: dict[tuple, int] = {}
    groups: dict[tuple, int] = {}
    for i in range(120):
        actor = ("Kyra", "Ezren", "Merisiel", "Valeros")[i % 4]
        mod, dc = rng.randint(0, 12), rng.randint(12, 25)
        check = cli_check("pf2", "--mod", str(mod), "--dc", str(dc))
        tier = check.roll(loaded_rng if actor in loaded else rng).tier
        odds = _odds(check)
        odds_id = odds_ids.setdefault(odds, len(odds_ids) + 1)
        tally.odds[odds_id] = dict(odds)
        key = (f"S{i // 60}", actor, ("athletics", "stealth")[i % 2], False)
        grp = groups.setdefault(key, len(groups) + 1)
        tally.groups[grp] = Group(*key)
        tally.add(grp, tier, odds_id)
    return tally


def test_fair_dice_stay_unflagged_about_as_often_as_the_level_says():
    """Over 300 seeded evenings, the whole table's p-value falls below 5 % about 5 % of the time (a
    little less: the test is conservative), and Holm keeps *any* flag among the 9 groups under 5 %."""
    level = F(5, 100)
    below, any_flag = 0, 0
    p_values = []
    for seed in range(300):
        report = build(synthetic(seed), level)
        p_values.append(report.whole.p_value)
        below += report.whole.p_value <= 0.05
        any_flag += bool(report.flagged)
    assert 0.01 <= below / 300 <= 0.05 + 3 * (0.05 * 0.95 / 300) ** 0.5
    assert any_flag / 300 <= 0.05 + 3 * (0.05 * 0.95 / 300) ** 0.5
    # and the p-values are spread over [0, 1], not piled at one end
    assert 0.35 <= sum(p <= 0.5 for p in p_values) / 300 <= 0.65


def test_loaded_dice_are_flagged_hot_and_the_d20_too(tmp_path):
    check = cli_check("pf2", "--mod", "5", "--dc", "20")
    with campaign(tmp_path) as store:
        log(store, check, LoadedD20(7), count=150, actor="Lucky", session="S1", label="athletics")
        log(store, check, random.Random(8), count=150, actor="Fair", session="S1", label="athletics")
        report = analyse(store)
    flagged = {(g.family, g.name): g.direction for g in report.flagged}
    assert flagged.get(("actor", "Lucky")) == "hot"
    assert ("actor", "Fair") not in flagged
    (d20,) = report.dice
    assert d20.sides == 20 and d20.thrown == 300 and d20.flagged
    assert sum(d20.counts[10:]) > sum(d20.counts[:10])  # the loaded faces are the high ones


def test_the_dice_count_every_face_thrown_once():
    tally = Tally()
    tally.dice = Counter({"20:3,17": 2, "20:17": 1, "6:1,1,6": 1, "20:5,25": 1})  # no face 25 on a d20
    faces = tally.faces()
    assert faces[20] == Counter({3: 2, 17: 3, 5: 1}) and faces[6] == Counter({1: 2, 6: 1})


def test_calibration_bins_and_bands():
    tally = Tally()
    tally.groups = {1: Group("S", "A", "k", False)}
    tally.odds = {1: {"failure": F(3, 10), "success": F(7, 10)}, 2: {"failure": F(1), "success": F(0)},
                  3: {"failure": F(1, 4), "success": F(3, 4)}}
    for tier, odds_id, n in (("success", 1, 5), ("failure", 1, 5), ("failure", 2, 7), ("success", 3, 10)):
        tally.add(1, tier, odds_id, n)
    (bin70,) = build(tally, F(5, 100)).calibration  # the sure failures are left out
    assert (bin70.low, bin70.high, bin70.rolls, bin70.successes) == (F(7, 10), F(8, 10), 20, 15)
    assert bin70.predicted == F(145, 200)  # (10·7/10 + 10·3/4) / 20
    assert bin70.band == pytest.approx(exact.clopper_pearson(15, 20, 0.95))


def test_streaks_are_running_sums_of_success_minus_chance(tmp_path):
    check = cli_check("cof", "--mod", "0", "--dc", "11")  # d20 ≥ 11: 1/2 (a natural 20 always succeeds)
    with campaign(tmp_path, "cof") as store:
        for actor, face in (("A", 15), ("B", 2), ("A", 3), ("A", 19), ("B", 12)):
            store.log.append(LogEntry.from_roll(check.roll(Faces(face)), check.describe(), actor=actor, session="S"))
        lines = {s.actor: s for s in streaks(store.log.facts, "S")}
    p = float(check.odds().success)
    assert lines["A"].points == [(0, 0.0), (1, 1 - p), (3, 1 - 2 * p), (4, 2 - 3 * p)]
    assert lines["B"].points == [(0, 0.0), (2, -p), (5, 1 - 2 * p)]
    assert lines["B"].steps(5) == [(0, 0.0), (2, 0.0), (2, -p), (5, -p), (5, 1 - 2 * p)]
    assert lines["A"].steps(5)[-1] == (5, 2 - 3 * p)  # flat to the session's last roll


def test_the_level_and_holm_decide_the_flag():
    tally = synthetic(3, loaded={"Kyra"})
    strict, loose = build(tally, F(1, 1000)), build(tally, F(20, 100))
    assert len(loose.flagged) >= len(strict.flagged)
    for g in loose.groups:
        assert g.flagged == (g.p_holm <= 0.2)
    m = sum(1 for g in loose.groups if g.rolls)
    smallest = min(g.p_value for g in loose.groups if g.rolls)
    assert min(g.p_holm for g in loose.groups if g.rolls) == pytest.approx(min(1.0, m * smallest))
