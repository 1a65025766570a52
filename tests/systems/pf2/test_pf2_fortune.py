"""pf2 fortune and misfortune effects (issue 13 item 3): reroll a failure, must reroll a success,
one effect of each side, cancelling, R-1 either way, secret checks; exact against brute force and
icepool."""

import itertools
import random
from fractions import Fraction as F

import icepool
import pytest

from gmdesk.systems.pf2 import rules as pf2
from gmdesk.systems.pf2 import fortune as pf2_fortune
from gmdesk.engine.core import DEGREES as PF2_TIERS, PASS_FAIL, Modifier, RulesError
from gmdesk.systems.kit.rulings import Rulings

FAILED = ("critical_failure", "failure")


def check(mod, dc, **kw):
    return pf2.Pf2Check(dc, (Modifier(mod, "test", "ability"),), **kw)


def brute(mod, dc, *, fortune=False, misfortune=False, reroll_failure=False, reroll_success=False,
          keeps_new=True, cannot_succeed=False):
    """Every face of every d20 that may be rolled: two dice always (the second unused or rerolled)."""
    tier = lambda n: pf2.degree(n, n + mod, dc, cannot_succeed)  # noqa: E731
    rank = PF2_TIERS.index
    favour, disfavour = fortune or reroll_failure, misfortune or reroll_success
    counts = dict.fromkeys(PF2_TIERS, 0)
    for a, b in itertools.product(range(1, 21), repeat=2):
        if favour and disfavour:
            t = tier(a)
        elif fortune:
            t = tier(max(a, b))
        elif misfortune:
            t = tier(min(a, b))
        elif reroll_failure and tier(a) in FAILED:
            t = tier(b) if keeps_new else max(tier(a), tier(b), key=rank)
        elif reroll_success and tier(a) not in FAILED:
            t = tier(b) if keeps_new else min(tier(a), tier(b), key=rank)
        else:
            t = tier(a)
        counts[t] += 1
    return {t: F(c, 400) for t, c in counts.items()}


def test_the_issue_figures_reroll_a_failure_is_not_roll_twice():
    # +7 vs DC 20: critical success 8 % when a failure is rerolled, 9.75 % rolling twice.
    assert check(7, 20, reroll_failure=True).odds()["critical_success"] == F(8, 100)
    assert check(7, 20, fortune=True).odds()["critical_success"] == F(975, 10000)
    # and the whole distribution: 12/20 of the first rolls fail and are rolled again
    odds = check(7, 20, reroll_failure=True).odds()
    assert odds["success"] == F(7, 20) + F(12, 20) * F(7, 20)
    assert odds["critical_failure"] == F(12, 20) * F(3, 20)


@pytest.mark.parametrize("keeps_new", [True, False])
def test_every_effect_against_brute_force(keeps_new):
    rng = random.Random(13)
    rulings = Rulings(reroll_keeps_new=keeps_new)
    for _ in range(150):
        mod, dc = rng.randint(-5, 30), rng.randint(0, 45)
        flags = dict(fortune=rng.random() < .3, misfortune=rng.random() < .3)
        flags["reroll_failure"] = not flags["fortune"] and rng.random() < .5
        flags["reroll_success"] = not flags["misfortune"] and rng.random() < .5
        cannot = rng.random() < .2
        got = check(mod, dc, cannot_succeed=cannot, rulings=rulings, **flags).odds()
        assert dict(got.tiers) == brute(mod, dc, keeps_new=keeps_new, cannot_succeed=cannot, **flags)
        assert sum(got.tiers.values()) == 1


def test_reroll_effects_against_icepool():
    for mod, dc in [(7, 20), (0, 15), (12, 18), (-3, 10), (25, 20)]:
        tier = lambda n: PF2_TIERS.index(pf2.degree(n, n + mod, dc))  # noqa: E731
        plain = icepool.d20.map(tier)
        fail_reroll = icepool.d20.map(lambda n: plain if tier(n) <= 1 else tier(n))
        success_reroll = icepool.d20.map(lambda n: plain if tier(n) >= 2 else tier(n))
        better = icepool.d20.map(lambda n: plain.map(lambda t: max(t, tier(n))) if tier(n) <= 1 else tier(n))
        for die, kw in [(fail_reroll, dict(reroll_failure=True)), (success_reroll, dict(reroll_success=True)),
                        (better, dict(reroll_failure=True, rulings=Rulings(reroll_keeps_new=False)))]:
            got = check(mod, dc, **kw).odds()
            want = {PF2_TIERS[t]: F(die.quantity(t), die.denominator()) for t in range(4)}
            assert dict(got.tiers) == want


def test_one_effect_of_each_side_and_opposite_sides_cancel():
    with pytest.raises(RulesError, match="at most one fortune effect") as err:
        check(5, 15, fortune=True, reroll_failure=True)
    assert err.value.field == "reroll_failure"
    with pytest.raises(RulesError, match="at most one misfortune effect"):
        check(5, 15, misfortune=True, reroll_success=True)
    with pytest.raises(RulesError, match="at most one fortune effect"):
        pf2.FlatCheck((11,), fortune=True, reroll_failure=True)
    plain = check(5, 15).odds()
    for kw in (dict(reroll_failure=True, misfortune=True), dict(fortune=True, reroll_success=True),
               dict(reroll_failure=True, reroll_success=True)):
        c = check(5, 15, **kw)
        assert c.odds() == plain and c.mode == pf2_fortune.NORMAL
        assert "cancel" in " ".join(c.explain())


def test_flat_check_effects_exact():
    # DC 11: plain 1/2; roll twice keep the higher 3/4; reroll a failure 1/2 + 1/2 · 1/2 = 3/4 as well
    assert pf2.FlatCheck((11,)).odds()["success"] == F(1, 2)
    assert pf2.FlatCheck((11,), fortune=True).odds()["success"] == F(3, 4)
    assert pf2.FlatCheck((11,), reroll_failure=True).odds()["success"] == F(3, 4)
    assert pf2.FlatCheck((11,), reroll_success=True).odds()["success"] == F(1, 4)
    # DC 15: they differ (6/20 plain): twice 1 − (14/20)² = 51/100, reroll 6/20 + 14/20 · 6/20 = 51/100
    # — equal for a pass/fail check by construction; the keep-better house rule changes nothing either
    for dc in range(2, 21):
        p = F(21 - dc, 20)
        assert pf2.FlatCheck((dc,), reroll_failure=True).odds()["success"] == p + (1 - p) * p
        keep_better = pf2.FlatCheck((dc,), reroll_failure=True, rulings=Rulings(reroll_keeps_new=False))
        assert keep_better.odds()["success"] == p + (1 - p) * p
    assert list(pf2.FlatCheck((11,), reroll_failure=True).odds().tiers) == list(PASS_FAIL)


def test_rolling_a_reroll_effect_records_both_dice():
    c = check(0, 15, reroll_failure=True)
    seen_reroll = seen_plain = False
    rng = random.Random(3)
    for _ in range(60):
        r = c.roll(rng)
        if r.rerolled:
            seen_reroll = True
            first, second = r.dice
            assert first.state == "rerolled" and second.state == "kept"
            assert pf2.degree(first.face, first.face, 15) in FAILED
            assert r.natural == second.face and r.total == second.face
            assert any("new result stands" in n for n in r.notes)
        else:
            seen_plain = True
            assert len(r.dice) == 1 and r.tier not in FAILED
    assert seen_reroll and seen_plain


def test_keep_better_house_rule_rolls_the_better_face():
    c = check(0, 15, reroll_failure=True, rulings=Rulings(reroll_keeps_new=False))
    rng = random.Random(8)
    for _ in range(80):
        r = c.roll(rng)
        if r.rerolled:
            assert r.natural == max(d.face for d in r.dice)
            assert [d.state for d in r.dice].count("kept") == 1


def test_a_second_fortune_reroll_is_refused():
    rng = random.Random(6)
    c = check(2, 30)
    first = c.roll(rng)
    again = c.reroll(first, rng)
    assert again.rerolled
    with pytest.raises(RulesError, match="already rerolled"):
        c.reroll(again, rng)
    # a check already rolled with a fortune effect takes no other
    for kw in (dict(fortune=True), dict(reroll_failure=True)):
        fortunate = check(2, 30, **kw)
        r = fortunate.roll(random.Random(1))
        with pytest.raises(RulesError, match="at most one fortune effect"):
            fortunate.reroll(r, random.Random(2))


def test_fortune_reroll_on_a_misfortune_check_rolls_one_d20():
    c = check(0, 25, misfortune=True)
    rng = random.Random(4)
    first = c.roll(rng)
    assert len(first.dice) == 2 and first.tier in FAILED
    again = c.reroll(first, rng)
    assert len(again.dice) == 3  # the two first dice and ONE new d20, not two kept low again
    new = again.dice[-1]
    assert new.state == "kept" and again.natural == new.face
    assert [d.state for d in again.dice[:2]].count("rerolled") == 1


def test_fortune_reroll_keep_better_house_rule():
    c = check(0, 25, rulings=Rulings(reroll_keeps_new=False))
    rng = random.Random(11)
    for _ in range(20):
        first = c.roll(rng)
        if first.tier not in FAILED:
            continue
        again = c.reroll(first, rng)
        assert again.natural == max(first.natural, again.dice[-1].face)


def test_secret_checks_and_fortune_abilities():
    rng = random.Random(6)
    unknown = check(2, 30, secret=True)
    first = unknown.roll(rng)
    with pytest.raises(RulesError, match="does not know"):
        unknown.reroll(first, rng)
    known = check(2, 30, secret=True, player_knows=True)
    assert known.reroll(known.roll(random.Random(6)), rng).rerolled
    with pytest.raises(RulesError, match="only a secret check"):
        check(2, 30, player_knows=True)


def test_a_fortune_reroll_needs_a_failure():
    c = check(30, 10)
    r = c.roll(random.Random(1))
    assert r.tier == "critical_success"
    with pytest.raises(RulesError, match="rerolls a failed check"):
        c.reroll(r, random.Random(2))


def test_descriptions_keep_the_effects_and_the_rulings():
    c = check(3, 18, reroll_failure=True, secret=True, player_knows=True, rulings=Rulings(reroll_keeps_new=False))
    d = c.describe()
    assert d["reroll_failure"] and d["player_knows"] and d["rulings"] == {"reroll_keeps_new": False}
    assert pf2.check_from_dict(d) == c
    f = pf2.FlatCheck((11,), reroll_success=True)
    assert pf2.check_from_dict(f.describe()) == f
    # a description written before these options existed reads as the defaults
    old = {"system": "pf2", "type": "check", "dc": 15, "modifiers": [{"value": 3, "source": "x", "kind": "ability"}],
           "fortune": True, "misfortune": False, "cannot_succeed": False, "secret": False, "label": ""}
    assert pf2.check_from_dict(old) == check(3, 15, fortune=True).__class__(
        15, (Modifier(3, "x", "ability"),), fortune=True)


def test_the_sweep_table_takes_the_effects():
    table = pf2.odds_table([7], [20], reroll_failure=True)
    assert table[0][0][3] == F(8, 100)
    table = pf2.odds_table([7], [20], reroll_failure=True, reroll_keeps_new=False)
    assert dict(zip(PF2_TIERS, table[0][0])) == brute(7, 20, reroll_failure=True, keeps_new=False)


def test_cannot_succeed_explains_a_critical_success():
    # Item 7: +30 vs DC 10 marked "cannot succeed" still shows 95 % critical success; say why.
    c = check(30, 10, cannot_succeed=True)
    assert c.odds()["critical_success"] == F(19, 20) and c.odds()["failure"] == F(1, 20)
    (note,) = c.explain()
    assert "natural 20 no longer raises the degree" in note and "critical success (2–20 on the d20)" in note
    assert check(30, 10).explain() == ()
    # a task truly out of reach says so, one that only succeeds says success
    assert "no face of the d20 reaches the DC" in check(0, 40, cannot_succeed=True).explain()[0]
    assert "still a success (15–20" in check(0, 15, cannot_succeed=True).explain()[0]
