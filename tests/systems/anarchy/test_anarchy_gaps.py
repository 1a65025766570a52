"""anarchy (issue 13 items 2 and 5): every complication of a teamwork or extended test reported and
counted; the R-3, R-4 and R-5 house rules in odds and rolls; exact against brute force."""

import itertools
import random
from fractions import Fraction as F

import pytest

from gmdesk.systems.anarchy.rules import AnarchyTest
from gmdesk.engine.core import Modifier, RulesError
from gmdesk.systems.kit.rulings import Rulings

NONE = -1


class Scripted(random.Random):
    """Gives the planned faces, in order."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0)


def outcomes(n, luck_before=False, luck_after=False, rerolls=0, rulings=Rulings()):
    """Every way a pool of ``n`` dice can fall, each with its exact probability: (final hits,
    complication degree or NONE). Luck first, then Edge rerolls (1s first) when both apply."""
    hit = 4 if luck_before else 5

    def deg(h, o):
        ok = o >= h and (o >= 1 or not rulings.complication_needs_a_one)
        return o - h if ok else NONE

    for initial in itertools.product(range(1, 7), repeat=n):
        p0 = F(1, 6 ** n)
        misses = [i for i, f in enumerate(initial) if f < hit] if luck_after else []
        for luck in itertools.product(range(1, 7), repeat=len(misses)):
            p1 = p0 / 6 ** len(misses)
            faces = list(initial)
            for i, f in zip(misses, luck):
                faces[i] = f
            after_luck = list(faces)
            k = rerolls if (rerolls and not (luck_after and rulings.one_reroll_per_test)) else 0
            still = [i for i, f in enumerate(faces) if f < hit]
            r = min(k, len(still))
            for edge in itertools.product(range(1, 7), repeat=r):
                p2 = p1 / 6 ** r
                final = list(faces)
                for i, f in zip(still[:r], edge):  # which misses are rerolled does not change the hits
                    final[i] = f
                judged = after_luck if luck_after and rulings.complication_after_luck else initial
                yield sum(f >= hit for f in final), deg(sum(f >= hit for f in judged), judged.count(1)), p2


def brute(n, **kw):
    hits, degrees = {}, {}
    for h, d, p in outcomes(n, **kw):
        hits[h] = hits.get(h, 0) + p
        degrees[d] = degrees.get(d, 0) + p
    return hits, degrees


CASES = [
    dict(),
    dict(rulings=Rulings(complication_needs_a_one=False)),
    dict(luck_after=True, rulings=Rulings(complication_after_luck=False)),
    dict(luck_after=True, rerolls=2, rulings=Rulings(one_reroll_per_test=False)),
    dict(luck_after=True, rerolls=1, luck_before=True,
         rulings=Rulings(one_reroll_per_test=False, complication_after_luck=False, complication_needs_a_one=False)),
    dict(rerolls=2, rulings=Rulings(complication_needs_a_one=False)),
    dict(luck_after=True, rulings=Rulings(complication_needs_a_one=False)),
]


@pytest.mark.parametrize("kw", CASES)
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_house_rules_against_brute_force(n, kw):
    hits, degrees = brute(n, **kw)
    odds = AnarchyTest(pool=n, luck_before=kw.get("luck_before", False), luck_after=kw.get("luck_after", False),
                       rerolls=kw.get("rerolls", 0), rulings=kw.get("rulings", Rulings())).odds()
    assert {i: p for i, p in enumerate(odds.extra["hits"]) if p} == {h: p for h, p in hits.items() if p}
    assert odds.extra["complication_degrees"] == {d: p for d, p in sorted(degrees.items()) if d != NONE and p}
    assert odds.extra["complication"] == 1 - degrees.get(NONE, 0)


def test_each_house_rule_changes_the_odds_it_names():
    # R-4 off: no hit and no 1 is a minor complication (1 die: faces 2, 3, 4 -> 3/6, plus the 1)
    assert AnarchyTest(pool=1).odds().extra["complication"] == F(1, 6)
    assert AnarchyTest(pool=1, rulings=Rulings(complication_needs_a_one=False)).odds().extra["complication"] == F(4, 6)
    # R-5 off: a 1 rerolled by Luck still counts (1 die: the initial 1 alone, 1/6)
    after = AnarchyTest(pool=1, luck_after=True).odds().extra["complication"]
    before = AnarchyTest(pool=1, luck_after=True, rulings=Rulings(complication_after_luck=False)).odds()
    assert after == F(4, 36) and before.extra["complication"] == F(1, 6)
    # refused by default, combined when off (more hits than either alone)
    with pytest.raises(RulesError, match="R-3"):
        AnarchyTest(pool=4, luck_after=True, rerolls=2)
    both = AnarchyTest(pool=4, threshold=3, luck_after=True, rerolls=2, rulings=Rulings(one_reroll_per_test=False))
    luck = AnarchyTest(pool=4, threshold=3, luck_after=True)
    assert both.odds()["success"] > luck.odds()["success"]


def test_the_helpers_complications_add_up_in_the_odds():
    # two helpers of 1 die and a leader of 1 die (+ their hits): brute force over every face
    test = AnarchyTest(pool=1, helpers=(1, 1))
    counts: dict[int, F] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        bonus = (a >= 5) + (b >= 5)
        for leader in itertools.product(range(1, 7), repeat=1 + bonus):
            p = F(1, 36) / 6 ** len(leader)
            hits, ones = sum(f >= 5 for f in leader), leader.count(1)
            k = (a == 1) + (b == 1) + (ones >= 1 and ones >= hits)
            counts[k] = counts.get(k, 0) + p
    odds = test.odds()
    assert odds.extra["complication_count"] == {k: p for k, p in sorted(counts.items()) if p}
    assert odds.extra["expected_complications"] == sum(k * p for k, p in counts.items())
    assert odds.extra["complication"] == 1 - counts[0]
    assert sum(odds.extra["complication_count"].values()) == 1


def test_extended_expected_complications_against_brute_force():
    # pool 1, threshold 2, 3 intervals: stop as soon as 2 hits are reached
    def walk(interval, total, p, comps):
        if interval == 3 or total >= 2:
            yield p, comps
            return
        for f in range(1, 7):
            yield from walk(interval + 1, total + (f >= 5), p / 6, comps + (f == 1))

    expected = sum(p * c for p, c in walk(0, 0, F(1), 0))
    odds = AnarchyTest(pool=1, threshold=2, intervals=3).odds()
    assert odds.extra["expected_complications"] == expected


def test_a_teamwork_roll_reports_every_complication():
    # helper 1 rolls 1 (degree 1), helper 2 rolls 1,1 (degree 2), leader 1,5 -> degree 0
    test = AnarchyTest(pool=2, helpers=(1, 2))
    r = test.roll(Scripted([1, 1, 1, 1, 5]))
    assert r.complications == (1, 2, 0) and r.complication == 2
    assert r.to_dict()["complication_count"] == 3 and r.to_dict()["complications"] == [1, 2, 0]
    assert any("3 complications, they add up" in n for n in r.notes)
    # the GM's Anarchy point raises the worst one only
    r = test.roll(Scripted([1, 1, 1, 1, 5]), gm_anarchy_point=True)
    assert r.complications == (1, 3, 0)


def test_an_extended_roll_reports_each_interval_complication():
    test = AnarchyTest(pool=2, threshold=3, intervals=3)
    r = test.roll(Scripted([1, 2, 1, 5, 6, 6]))  # interval 1: degree 1; 2: degree 0; 3: 2 hits -> 3 total
    assert r.complications == (1, 0) and r.hits == 3 and r.tier == "success"


def test_rolls_follow_the_house_rules():
    # R-4 off: 2 and 3, no hit and no 1: a minor complication
    r = AnarchyTest(pool=2, rulings=Rulings(complication_needs_a_one=False)).roll(Scripted([2, 3]))
    assert r.complication == 0
    assert AnarchyTest(pool=2).roll(Scripted([2, 3])).complication is None
    # R-5 off: the 1 rerolled by Luck still counts
    plain = AnarchyTest(pool=1, luck_after=True).roll(Scripted([1, 3]))
    house = AnarchyTest(pool=1, luck_after=True, rulings=Rulings(complication_after_luck=False)).roll(Scripted([1, 3]))
    assert plain.complication is None and house.complication == 1
    # R-3 off: Luck rerolls 1 and 2, then one Edge reroll takes the die that still misses
    both = AnarchyTest(pool=3, luck_after=True, rerolls=1, rulings=Rulings(one_reroll_per_test=False))
    r = both.roll(Scripted([1, 2, 6, 5, 3, 6]))
    assert r.hits == 3 and [d.state for d in r.dice] == ["rerolled", "rerolled", "kept", "kept", "rerolled", "kept"]


def test_descriptions_record_the_rulings_and_old_ones_read_as_defaults():
    test = AnarchyTest(pool=3, helpers=(2,), rulings=Rulings(complication_needs_a_one=False))
    d = test.describe()
    assert d["rulings"] == {"one_reroll_per_test": True, "complication_needs_a_one": False,
                            "complication_after_luck": True}
    from gmdesk.systems.anarchy.rules import check_from_dict
    assert check_from_dict(d) == test
    assert test.helpers[0].rulings == test.rulings  # helpers roll under the leader's rulings
    assert check_from_dict({"system": "anarchy", "kind": "open", "pool": 3}).rulings == Rulings()


def test_the_missing_skill_die_is_outside_the_dice_cap():
    # attribute 3, no skill: 3 − 1 = 2 dice, then +6 dice of modifiers capped to +5: 7 dice, not 6
    test = AnarchyTest(attribute=3, modifiers=(Modifier(6, "gear"),))
    assert test.pool_size() == 7
    # and the cap on −6 still allows the −1: 3 − 1 − 5 = 0 (floor)
    assert AnarchyTest(attribute=3, modifiers=(Modifier(-6, "wounds"),)).pool_size() == 0
    assert AnarchyTest(attribute=9, modifiers=(Modifier(-6, "wounds"),)).pool_size() == 3
