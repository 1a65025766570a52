"""dnd35 opposed checks: tie rules, exact odds of winning against brute force and icepool."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.engine.core import Modifier, RulesError
from gmdesk.systems.dnd35.rules import Aid, LevelCheck, SkillCheck, check_from_dict
from gmdesk.systems.dnd35.opposed import OpposedCheck

D20 = range(1, 21)


def side(mod: int, take=None, helpers=()) -> SkillCheck:
    return SkillCheck(modifiers=(Modifier(mod, "test"),), take=take, helpers=tuple(helpers))


def outcomes(mod, take, helpers):
    """Every (modifier with the aid earned, total) of one side, by listing all its dice: the seed's
    skill modifier counts "modificateurs divers", and aid another's +2 is one of them."""
    main = [take] if take else D20
    for face, *hs in itertools.product(main, *[D20] * len(helpers)):
        modifier = mod + sum(2 for h, m in zip(hs, helpers) if h + m >= 10)
        yield modifier, face + modifier


def brute_compare(a, b):
    win = tie = n = 0
    for _, x in outcomes(*a):
        for _, y in outcomes(*b):
            win += x > y
            tie += x == y
            n += 1
    return Fraction(win, n), Fraction(tie, n), Fraction(n - win - tie, n)


def reroll_win(ma, mb) -> Fraction:
    """Equal modifiers: the two d20s alone are rolled again until they differ (nobody takes 10)."""
    w = sum(x + ma > y + mb for x in D20 for y in D20)
    l = sum(x + ma < y + mb for x in D20 for y in D20)
    return Fraction(w, w + l)


def brute_win(a, b) -> Fraction:
    """The seed's tie rules, every die listed: the higher total; on a tie the higher modifier (aid
    included); equal again, the d20s are rolled again (its limit written as W / (W + L))."""
    p, n = Fraction(0), 0
    for ma, x in outcomes(*a):
        for mb, y in outcomes(*b):
            n += 1
            if x > y or (x == y and ma > mb):
                p += 1
            elif x == y and ma == mb:
                p += reroll_win(ma, mb)
    return p / n


def random_side(rng, helpers=True):
    take = rng.choice([None, None, None, 10, 20])
    return (rng.randint(-3, 15), take, [rng.randint(-3, 12) for _ in range(rng.randint(0, 1) if helpers else 0)])


def test_odds_match_brute_force_and_icepool():
    rng = random.Random(7)
    for i in range(50):
        a, b = random_side(rng, helpers=i % 2 == 0), random_side(rng, helpers=i % 2 == 1)
        if i % 5 == 0:
            b = (a[0], b[1], b[2])  # equal modifiers: the reroll path
        check = OpposedCheck(side(a[0], a[1], a[2]), side(b[0], b[1], b[2]))
        odds = check.odds()
        assert odds["success"] == brute_win(a, b), (a, b)
        win, tie, lose = brute_compare(a, b)
        assert (odds.extra["win_first_roll"], odds.extra["tie_first_roll"]) == (win, tie)
        ice_a, ice_b = [_ice(*s) for s in (a, b)]
        assert Fraction((ice_a > ice_b).probability(True)) == win
        assert Fraction((ice_a == ice_b).probability(True)) == tie


def _ice(mod, take, helpers):
    total = (icepool.Die([take]) if take else icepool.d20) + mod
    for m in helpers:
        total = total + (icepool.d20 + m >= 10).map({True: 2, False: 0})
    return total


def test_tie_rules():
    # Equal modifiers, no aid: every tie is rerolled, a perfectly even contest.
    assert OpposedCheck(side(4), side(4)).odds()["success"] == Fraction(1, 2)
    # A tie goes to the higher modifier: d20+1 vs d20 wins 210/400 outright and the 19/400 ties.
    assert OpposedCheck(side(1), side(0)).odds()["success"] == Fraction(210 + 19, 400)
    assert OpposedCheck(side(0), side(1)).odds()["success"] == Fraction(171, 400)
    # Both take 10 with equal modifiers: the tie is rolled off, so still even.
    assert OpposedCheck(side(3, 10), side(3, 10)).odds()["success"] == Fraction(1, 2)
    # Taking 10 at +5 against a taken 10 at +4: certain.
    assert OpposedCheck(side(5, 10), side(4, 10)).odds()["success"] == 1


def test_intimidate_preset_uses_the_targets_level_check():
    actor = SkillCheck(skill="intimidate", ranks=6, ability_score=12)
    target = LevelCheck(level=5, wisdom_score=14, modifiers=(Modifier(2, "fear save bonus"),))
    check = OpposedCheck(actor, target, preset="bully")
    assert target.modifier == 5 + 2 + 2
    assert check.odds()["success"] == brute_win((7, None, []), (9, None, []))
    with pytest.raises(RulesError) as err:
        OpposedCheck(actor, SkillCheck(skill="spot"), preset="bully")
    assert err.value.field == "opponent"


@settings(max_examples=80, deadline=None)
@given(st.integers(-5, 20), st.integers(-5, 20), st.lists(st.integers(-3, 10), max_size=2))
def test_properties(ma, mb, aid):
    p = OpposedCheck(side(ma, helpers=aid), side(mb)).odds()["success"]
    assert 0 <= p <= 1
    assert OpposedCheck(side(ma + 1, helpers=aid), side(mb)).odds()["success"] >= p
    assert OpposedCheck(side(ma, helpers=aid), side(mb + 1)).odds()["success"] <= p
    assert OpposedCheck(side(ma, helpers=[*aid, 0]), side(mb)).odds()["success"] >= p
    if not aid:  # symmetric: one side's win is the other's loss
        assert OpposedCheck(side(mb), side(ma)).odds()["success"] == 1 - p


def test_rolls_reproducible_and_frequencies_close():
    check = OpposedCheck(side(2, helpers=[0]), side(2))
    assert check.roll(random.Random(5)).to_dict() == check.roll(random.Random(5)).to_dict()
    rng = random.Random(11)
    n = 4000
    wins = sum(check.roll(rng).tier == "success" for _ in range(n))
    p = float(check.odds()["success"])
    assert abs(wins / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5


def test_a_tie_with_equal_modifiers_is_rerolled_and_the_dice_kept():
    check = OpposedCheck(side(0, 10), side(0, 10))
    result = check.roll(random.Random(1))
    states = [d.state for d in result.dice]
    assert "kept" in states and states.count("kept") == 2
    assert result.total != result.dc  # the final round is not tied
    assert any("reroll" in n for n in result.notes)
    assert result.tier == ("success" if result.total > result.dc else "failure")


def test_a_tie_with_different_modifiers_goes_to_the_higher():
    check = OpposedCheck(side(3), side(2))
    for seed in range(300):
        r = check.roll(random.Random(seed))
        if r.total == r.dc:
            assert r.tier == "success" and all(d.state == "kept" for d in r.dice)
            break
    else:
        pytest.fail("no tie in 300 rolls")


def test_describe_round_trip():
    check = OpposedCheck(SkillCheck(skill="hide", ranks=4, helpers=(Aid(1),)),
                         SkillCheck(skill="spot", ranks=2, take=10), preset="hide")
    again = check_from_dict(json.loads(json.dumps(check.describe())))
    assert again == check and again.odds() == check.odds()


@pytest.mark.parametrize("build,field", [
    (lambda: OpposedCheck(SkillCheck(dc=10), SkillCheck()), "actor.dc"),
    (lambda: OpposedCheck(SkillCheck(), SkillCheck(dc_modifiers=(Modifier(1, "x"),))), "opponent.dc"),
    (lambda: OpposedCheck(SkillCheck(), 5), "opponent"),
    (lambda: OpposedCheck(SkillCheck(), SkillCheck(), preset="arm_wrestling"), "preset"),
    (lambda: OpposedCheck(SkillCheck(skill="bluff"), SkillCheck(skill="spot"), preset="con"), "opponent.skill"),
    (lambda: OpposedCheck(SkillCheck(), SkillCheck(skill="spot"), preset="hide"), "actor.skill"),
    (lambda: OpposedCheck(SkillCheck(), SkillCheck()).with_target(10), "dc"),
])
def test_bad_input(build, field):
    with pytest.raises(RulesError) as err:
        build()
    assert err.value.field == field


def test_the_aid_earned_counts_in_the_modifier_that_breaks_a_tie():
    """The seed's skill modifier holds the "modificateurs divers", aid another's +2 among them: +0 aided
    by a sure helper (+2) against a bare +2 ties on the modifier too (an even reroll), and against a +1
    is a +2 against a +1."""
    aided = side(0, helpers=[15])  # the helper reaches DC 10 on any face
    assert OpposedCheck(aided, side(2)).odds()["success"] == Fraction(1, 2)
    assert OpposedCheck(aided, side(1)).odds()["success"] == OpposedCheck(side(2), side(1)).odds()["success"]
    # An uncertain helper (+3: aids on 7 or more): each of its outcomes sets the modifier of the tie.
    # Before, the tie compared +0 with +1 whatever the helper rolled.
    p = OpposedCheck(side(0, helpers=[3]), side(1)).odds()["success"]
    assert p == brute_win((0, None, [3]), (1, None, []))
    helped, unhelped = Fraction(14, 20), Fraction(6, 20)
    with_aid = OpposedCheck(side(2), side(1)).odds()["success"]
    without = OpposedCheck(side(0), side(1)).odds()["success"]
    assert p == helped * with_aid + unhelped * without


def test_a_tie_reroll_rolls_the_d20s_again_not_the_helpers():
    check = OpposedCheck(side(0, helpers=[15]), side(2))  # a sure +2: modifiers equal, ties rerolled
    seen = 0
    for seed in range(400):
        result = check.roll(random.Random(seed))
        rerolled = [d for d in result.dice if d.state == "rerolled"]
        if not rerolled:
            continue
        seen += 1
        assert len(rerolled) % 2 == 0  # the two sides' d20s, round after round
        assert len(result.dice) - len(rerolled) == 3  # the last round's two d20s and the helper's, once
        assert result.total != result.dc
        assert any("aid included" in n and "reroll the d20s" in n for n in result.notes)
        assert result.breakdown.total == 2  # the helper's +2 stays in the actor's modifier
        break
    assert seen, "no tie in 400 rolls"


def test_a_tie_goes_to_the_side_whose_aid_made_its_modifier_higher():
    check = OpposedCheck(side(0, helpers=[15]), side(1))  # +0 with a sure aid: modifier +2 against +1
    for seed in range(600):
        r = check.roll(random.Random(seed))
        if r.total == r.dc:
            assert r.tier == "success"
            assert any("higher modifier wins (+2 vs +1, aid included)" in n for n in r.notes)
            break
    else:
        pytest.fail("no tie in 600 rolls")
