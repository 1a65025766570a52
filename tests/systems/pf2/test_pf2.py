"""pf2 against RULES.md §1: worked cases, brute force, icepool, stacking and bad input."""

import itertools
import random
from fractions import Fraction as F

import icepool
import pytest
from hypothesis import given, strategies as st

from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier, RulesError


def check(mod, dc, **kw):
    return pf2.Pf2Check(dc, (Modifier(mod, "test", "ability"),), **kw)


@pytest.mark.parametrize("mod,dc,expected", [
    (7, 20, (F(3, 20), F(9, 20), F(7, 20), F(1, 20))),
    (0, 25, (F(15, 20), F(4, 20), F(1, 20), F(0))),
    (20, 15, (F(0), F(1, 20), F(3, 20), F(16, 20))),
])
def test_worked_cases(mod, dc, expected):
    odds = check(mod, dc).odds()
    assert tuple(odds.tiers.values()) == expected
    assert list(odds.tiers) == ["critical_failure", "failure", "success", "critical_success"]


def brute_force(mod, dc, dice, cannot_succeed=False):
    """Enumerate every face of every d20 rolled; ``dice`` = 1, or 2 with 'high'/'low'."""
    counts = dict.fromkeys(pf2.TIERS, 0)
    kind, n = dice
    for faces in itertools.product(range(1, 21), repeat=n):
        nat = max(faces) if kind == "high" else min(faces)
        counts[pf2.degree(nat, nat + mod, dc, cannot_succeed)] += 1
    total = 20 ** n
    return {t: F(c, total) for t, c in counts.items()}


def test_against_brute_force_on_random_checks():
    rng = random.Random(2026)
    for _ in range(300):
        mod, dc = rng.randint(-5, 30), rng.randint(0, 45)
        fortune, misfortune, cannot = rng.random() < .4, rng.random() < .4, rng.random() < .3
        dice = ("high", 2) if fortune and not misfortune else ("low", 2) if misfortune and not fortune else ("high", 1)
        got = check(mod, dc, fortune=fortune, misfortune=misfortune, cannot_succeed=cannot).odds()
        assert dict(got.tiers) == brute_force(mod, dc, dice, cannot)


def test_against_icepool():
    rng = random.Random(7)
    for _ in range(60):
        mod, dc = rng.randint(-3, 25), rng.randint(5, 45)
        for fortune, misfortune in [(False, False), (True, False), (False, True)]:
            die = icepool.d20
            if fortune:
                die = icepool.highest(icepool.d20, icepool.d20)
            elif misfortune:
                die = icepool.lowest(icepool.d20, icepool.d20)
            tiers = die.map(lambda n: pf2.degree(n, n + mod, dc))
            got = check(mod, dc, fortune=fortune, misfortune=misfortune).odds()
            for tier, p in got.tiers.items():
                assert p == (tiers.probability(tier) if tier in tiers else 0)


@given(st.integers(-10, 40), st.integers(-5, 60), st.booleans(), st.booleans(), st.booleans())
def test_properties(mod, dc, fortune, misfortune, cannot):
    odds = check(mod, dc, fortune=fortune, misfortune=misfortune, cannot_succeed=cannot).odds()
    assert sum(odds.tiers.values()) == 1
    # Harder DC never helps; a better modifier never hurts (chance of at least each tier).
    harder = check(mod, dc + 1, fortune=fortune, misfortune=misfortune, cannot_succeed=cannot).odds()
    better = check(mod + 1, dc, fortune=fortune, misfortune=misfortune, cannot_succeed=cannot).odds()
    for i in range(1, 4):
        at_least = sum(list(odds.tiers.values())[i:])
        assert sum(list(harder.tiers.values())[i:]) <= at_least <= sum(list(better.tiers.values())[i:])
    plain = check(mod, dc).odds()
    if fortune and not misfortune and not cannot:
        assert odds.success >= plain.success
    if fortune and misfortune:  # they cancel
        assert odds == check(mod, dc, cannot_succeed=cannot).odds()


def test_stacking_keeps_suppressed_entries():
    mods = (Modifier(2, "cover", "circumstance"), Modifier(1, "raised shield", "circumstance"),
            Modifier(-1, "MAP", "untyped"), Modifier(-2, "armor check", "untyped"),
            Modifier(-2, "sickened 2", "status"), Modifier(-1, "frightened 1", "status"),
            Modifier(2, "heroism", "status"))
    b = pf2.stack(mods)
    assert b.total == 2 - 1 - 2 - 2 + 2  # cover; both untyped; worst status penalty; status bonus
    suppressed = {line.modifier.source: line.reason for line in b.suppressed}
    assert set(suppressed) == {"raised shield", "frightened 1"}
    assert "cover" in suppressed["raised shield"]


@pytest.mark.parametrize("mod,field_text", [
    (Modifier(-1, "cover", "circumstance"), None),  # a penalty of a typed kind is fine
    (Modifier(6, "sword", "item"), "item bonus must be +1..+5"),
    (Modifier(5, "cover", "circumstance"), "circumstance bonus must be +1..+4"),
    (Modifier(-5, "sick", "status"), "status penalty must be -4..-1"),
    (Modifier(2, "MAP", "untyped"), "must be negative"),
    (Modifier(0, "nothing", "item"), "cannot be 0"),
    (Modifier(1, "x", "luck"), "unknown modifier type"),
])
def test_bad_modifiers_name_the_entry(mod, field_text):
    if field_text is None:
        pf2.stack([mod])
        return
    with pytest.raises(RulesError) as e:
        pf2.Pf2Check(15, (Modifier(3, "dex", "ability"), mod))
    assert e.value.field == "modifiers[1]"
    assert field_text in str(e.value)


def test_proficiency_ranks_playtest_values():
    assert [pf2.proficiency(r, 5) for r in pf2.RANKS] == [3, 5, 6, 7, 8]
    assert pf2.best_rank("trained", "expert") == "expert"
    assert pf2.armor_class_rank("master", "trained") == "trained"
    assert pf2.armor_class_rank("expert", None) == "expert"
    with pytest.raises(RulesError, match="rank"):
        pf2.proficiency("godlike", 3)


def test_armor_class_and_touch():
    ac, tac, b = pf2.armor_class(3, 16, "trained", None, armor_item=4, touch_item=1,
                                 modifiers=[Modifier(-2, "flat-footed", "circumstance")])
    assert (ac, tac) == (10 + 3 + 3 + 4 - 2, 10 + 3 + 3 + 1 - 2)
    # Holding a shield: the lower of the two ranks.
    ac2, _, _ = pf2.armor_class(3, 16, "expert", "trained", armor_item=4)
    assert ac2 == 10 + 3 + 3 + 4


def test_dc_from_opponent_and_dc_modifiers():
    assert pf2.dc_from_opponent(3) == 13
    c = pf2.Pf2Check(13, (Modifier(5, "stealth", "ability"),), dc_modifiers=(Modifier(-2, "sickened", "status"),))
    assert c.effective_dc == 11
    assert c.odds() == check(5, 11).odds()


def test_flat_checks():
    assert pf2.FlatCheck((11,)).odds().success == F(10, 20)
    assert pf2.FlatCheck((1,)).odds().success == 1
    assert pf2.FlatCheck((21,)).odds().success == 0
    several = pf2.FlatCheck((5, 11, 8))
    assert several.dc == 11 and several.odds() == pf2.FlatCheck((11,)).odds()
    r = pf2.FlatCheck((25,)).roll(random.Random(1))
    assert r.tier == "failure" and r.dice == () and "automatic" in r.notes[0]


def test_flat_checks_with_fortune_and_misfortune():
    assert pf2.FlatCheck((11,), fortune=True).odds().success == 1 - F(10, 20) ** 2
    assert pf2.FlatCheck((11,), misfortune=True).odds().success == F(10, 20) ** 2
    assert pf2.FlatCheck((11,), fortune=True, misfortune=True).odds() == pf2.FlatCheck((11,)).odds()
    assert pf2.FlatCheck((25,), fortune=True).odds().success == 0
    r = pf2.FlatCheck((11,), fortune=True).roll(random.Random(3))
    assert len(r.dice) == 2 and r.natural == max(r.faces)


def test_armor_item_bonus_stacks_with_other_item_bonuses():
    # A +2 armor and a +1 item ring: only the highest item bonus counts, and the total says so.
    ac, tac, b = pf2.armor_class(1, 14, "trained", armor_item=2, modifiers=[Modifier(1, "ring", "item")])
    assert ac == b.total == 10 + 2 + 1 + 2
    assert [line.modifier.source for line in b.suppressed] == ["ring"]
    assert tac == 10 + 2 + 1 + 1  # the touch AC has no armor item bonus here: the ring counts


def test_dc_modifiers_stay_out_of_the_roll_breakdown():
    c = pf2.Pf2Check(15, (Modifier(3, "m", "ability"),), dc_modifiers=(Modifier(-2, "sickened", "status"),))
    r = c.roll(random.Random(8))
    assert r.breakdown.total == 3 and r.total == r.natural + 3 and r.dc == 13
    assert r.dc_breakdown.total == -2 and any("DC 15 → 13" in n for n in r.notes)
    assert r.to_dict()["dc_breakdown"][0]["source"] == "sickened"


def test_rolls_reproducible_and_frequencies_match_odds():
    c = check(7, 20, fortune=True)
    a = [c.roll(random.Random(42)).faces for _ in range(3)]
    assert a[0] == a[1] == a[2]
    rng = random.Random(99)
    n = 20000
    counts = dict.fromkeys(pf2.TIERS, 0)
    for _ in range(n):
        r = c.roll(rng)
        assert len(r.dice) == 2 and sorted(d.state for d in r.dice) == ["dropped", "kept"]
        assert r.natural == max(r.faces) and r.total == r.natural + 7
        counts[r.tier] += 1
    for tier, p in c.odds().tiers.items():
        assert abs(counts[tier] / n - float(p)) < 0.015


def test_reroll_keeps_new_result_and_marks_old():
    c = check(2, 30)
    rng = random.Random(6)
    first = c.roll(rng)
    assert first.tier in ("failure", "critical_failure")  # fortune rerolls a failed check only
    second = c.reroll(first, rng)
    assert second.dice[0].state == "rerolled" and second.dice[0].face == first.dice[0].face
    assert second.natural == second.dice[-1].face


def test_describe_round_trip():
    c = pf2.Pf2Check(18, (Modifier(4, "dex", "ability"), Modifier(1, "tools", "item")),
                     (Modifier(-2, "flat-footed", "circumstance"),), fortune=True, secret=True, label="Vol")
    assert pf2.check_from_dict(c.describe()) == c
    f = pf2.FlatCheck((5, 11), fortune=True)
    assert pf2.check_from_dict(f.describe()) == f
