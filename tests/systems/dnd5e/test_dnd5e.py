"""dnd5e against RULES.md §2: worked cases, brute force (inspiration included), icepool, properties."""

import itertools
import random
from fractions import Fraction as F

import icepool
import pytest
from hypothesis import given, strategies as st

from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.engine.core import Modifier, RulesError


def d20test(mod, dc, kind="check", **kw):
    return dnd5e.Dnd5eTest(dc, (Modifier(mod, "test"),), kind, **kw)


def test_worked_cases():
    assert d20test(5, 15).odds().success == F(11, 20)
    assert d20test(5, 15, advantage=True).odds().success == 1 - F(9, 20) ** 2
    assert d20test(5, 15, disadvantage=True).odds().success == F(11, 20) ** 2
    assert d20test(5, 15, inspiration=True).odds().success == F(55, 100) + F(45, 100) * F(55, 100)
    assert dict(d20test(5, 26, "attack").odds().tiers) == {"miss": F(19, 20), "hit": 0, "critical_hit": F(1, 20)}
    assert dict(d20test(10, 5, "attack").odds().tiers) == {"miss": F(1, 20), "hit": F(18, 20), "critical_hit": F(1, 20)}


def brute(mod, dc, kind, mode, inspiration):
    """Every d20 face of the first roll and of the Heroic Inspiration reroll (R-2 policy)."""
    tiers = dnd5e.ATTACK_TIERS if kind == "attack" else dnd5e.PASS_FAIL
    counts = dict.fromkeys(tiers, 0)
    n = 1 if mode == "normal" else 2
    for faces in itertools.product(range(1, 21), repeat=n):
        for reroll in range(1, 21):  # weight every branch by the reroll die, used or not
            keep = max if mode == "high" else min
            nat = keep(faces)
            tier = dnd5e._tier(kind, nat, nat + mod, dc)
            if inspiration and tier in ("failure", "miss"):
                rest = sorted(faces)[1:]  # the lower die is rerolled
                nat = keep(rest + [reroll])
                tier = dnd5e._tier(kind, nat, nat + mod, dc)
            counts[tier] += 1
    total = 20 ** n * 20
    return {t: F(c, total) for t, c in counts.items()}


def test_against_brute_force():
    rng = random.Random(5)
    for _ in range(120):
        mod, dc = rng.randint(-3, 14), rng.randint(3, 30)
        kind = rng.choice(dnd5e.KINDS)
        adv, dis, insp = rng.random() < .4, rng.random() < .4, rng.random() < .5
        t = d20test(mod, dc, kind, advantage=adv, disadvantage=dis, inspiration=insp)
        assert dict(t.odds().tiers) == brute(mod, dc, kind, t.mode, insp)


def test_against_icepool():
    for mod, dc in [(0, 10), (5, 15), (8, 22), (-2, 5), (11, 30)]:
        for adv, dis in [(False, False), (True, False), (False, True)]:
            die = icepool.highest(icepool.d20, icepool.d20) if adv else \
                icepool.lowest(icepool.d20, icepool.d20) if dis else icepool.d20
            tiers = die.map(lambda n: dnd5e._tier("attack", n, n + mod, dc))
            got = d20test(mod, dc, "attack", advantage=adv, disadvantage=dis).odds()
            for tier, p in got.tiers.items():
                assert p == (tiers.probability(tier) if tier in tiers else 0)


@given(st.integers(-5, 15), st.integers(0, 35), st.sampled_from(dnd5e.KINDS), st.booleans())
def test_advantage_and_inspiration_never_worse(mod, dc, kind, insp):
    plain = d20test(mod, dc, kind).odds()
    assert sum(plain.tiers.values()) == 1
    assert d20test(mod, dc, kind, advantage=True, inspiration=insp).odds().success >= plain.success
    assert d20test(mod, dc, kind, inspiration=True).odds().success >= plain.success
    assert d20test(mod, dc, kind, disadvantage=True).odds().success <= plain.success
    assert d20test(mod, dc + 1, kind).odds().success <= plain.success <= d20test(mod + 1, dc, kind).odds().success


def test_advantage_and_disadvantage_cancel_whatever_the_counts():
    t = dnd5e.Dnd5eTest(15, (Modifier(3, "dex"),), advantages=("hidden", "help"), disadvantages=("poisoned",))
    assert t.mode == "normal" and t.odds() == d20test(3, 15).odds()


def test_tables_and_derived_values():
    assert [dnd5e.ability_modifier(s) for s in (1, 10, 11, 30)] == [-5, 0, 0, 10]
    assert [dnd5e.proficiency_bonus(lv) for lv in (1, 4, 5, 9, 13, 17, 20)] == [2, 2, 3, 4, 5, 6, 6]
    assert dnd5e.proficiency_line(5, expertise=True).value == 6
    assert dnd5e.spell_save_dc(16, 5) == 8 + 3 + 3
    assert dnd5e.base_armor_class(14) == 12
    assert dnd5e.finesse_ability(16, 14) == "str" and dnd5e.finesse_ability(10, 14) == "dex"
    with pytest.raises(RulesError, match="level"):
        dnd5e.proficiency_bonus(21)
    with pytest.raises(RulesError, match="abilities.str"):
        dnd5e.ability_modifier(31, "str")


def test_inspiration_roll_follows_policy_and_frequencies():
    t = d20test(5, 15, inspiration=True, advantage=True)
    rng = random.Random(11)
    n, wins = 20000, 0
    for _ in range(n):
        r = t.roll(rng)
        if any(d.state == "rerolled" for d in r.dice):
            assert len(r.dice) == 3 and r.dice[[d.face for d in r.dice].index(min(r.faces[:2]))].state == "rerolled"
        assert r.natural == max(d.face for d in r.dice if d.state != "rerolled")
        wins += r.tier == "success"
    assert abs(wins / n - float(t.odds().success)) < 0.015


def test_reroll_one_chosen_die():
    t = d20test(0, 30, advantage=True)
    first = t.roll(random.Random(1))
    again = t.reroll(first, random.Random(2), die_index=1)
    assert again.dice[1].state == "rerolled" and len(again.dice) == 3
    with pytest.raises(RulesError, match="die_index"):
        t.reroll(again, random.Random(3), die_index=1)


def test_describe_round_trip():
    t = dnd5e.Dnd5eTest(14, (Modifier(3, "wis"), Modifier(2, "proficiency", "proficiency")), "save",
                        disadvantages=("poisoned",), inspiration=True, label="JS Sag")
    assert dnd5e.check_from_dict(t.describe()) == t
