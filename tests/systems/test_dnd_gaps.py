"""dnd5e and dnd35 gaps of issue 13 in the engine: voluntary failure, one Heroic Inspiration per
roll, the class-feature checks the synergy table names (exact against brute force)."""

import itertools
import random
from fractions import Fraction as F

import pytest

from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.engine.core import Modifier, RulesError
from gmdesk.systems.dnd35.rules import Aid, FeatureCheck, check_from_dict
from gmdesk.systems.dnd35.data import FEATURES, class_features, synergies_for, turning_dc
from gmdesk.engine.prep.cache import OddsCache


# -- dnd5e ------------------------------------------------------------------------------------------
def test_failing_a_save_voluntarily():
    t = dnd5e.Dnd5eTest(10, (Modifier(9, "con"),), "save", fail_voluntarily=True)
    assert t.odds().tiers == {"failure": 1, "success": 0}
    r = t.roll(random.Random(3))
    assert r.tier == "failure" and r.dice == () and r.total is None
    assert dnd5e.check_from_dict(t.describe()) == t
    for kind in ("check", "attack"):
        with pytest.raises(RulesError, match="only a saving throw") as err:
            dnd5e.Dnd5eTest(10, (), kind, fail_voluntarily=True)
        assert err.value.field == "fail_voluntarily"
    with pytest.raises(RulesError, match="nothing to reroll"):
        t.reroll(r, random.Random(1))
    # the prep cache answers it at any DC
    cache = OddsCache()
    assert cache.odds_at(t, 2)["failure"] == 1 and cache.odds(t) == t.odds()


def test_heroic_inspiration_rerolls_once():
    t = dnd5e.Dnd5eTest(30, (Modifier(0, "x"),))
    first = t.roll(random.Random(1))
    again = t.reroll(first, random.Random(2))
    assert again.rerolled
    with pytest.raises(RulesError, match="already spent on this roll") as err:
        t.reroll(again, random.Random(3))
    assert err.value.field == "inspiration"
    # the roll that spends it by itself (the odds' policy, R-2) cannot be rerolled again either
    inspired = dnd5e.Dnd5eTest(30, (Modifier(0, "x"),), inspiration=True)
    r = inspired.roll(random.Random(5))
    assert r.rerolled
    with pytest.raises(RulesError, match="already spent"):
        inspired.reroll(r, random.Random(6))


# -- dnd35 class features -----------------------------------------------------------------------------
def brute(mod, dc, helpers=()):
    wins = total = 0
    for face, *hs in itertools.product(range(1, 21), *[range(1, 21)] * len(helpers)):
        aid = sum(2 for h, m in zip(hs, helpers) if h + m >= 10)
        wins += face + mod + aid >= dc
        total += 1
    return F(wins, total)


@pytest.mark.parametrize("feature,level,score,ranks,mod", [
    ("turn_undead", 7, 16, {"knowledge_religion": 5}, 3 + 2),  # Cha +3, synergy +2; no level
    ("turn_undead", 7, 16, {"knowledge_religion": 4}, 3),
    ("bardic_knowledge", 4, 13, {"knowledge_history": 6}, 4 + 1 + 2),  # bard level, Int +1, synergy
    ("wild_empathy", 3, 8, {"handle_animal": 5}, 3 - 1 + 2),  # druid level, Cha −1, synergy
])
def test_feature_checks_take_their_synergy(feature, level, score, ranks, mod):
    c = FeatureCheck(dc=15, feature=feature, level=level, ability_score=score, other_ranks=ranks)
    assert c.modifier == mod
    assert c.odds()["success"] == brute(mod, 15)
    helped = FeatureCheck(dc=18, feature=feature, level=level, ability_score=score, other_ranks=ranks,
                          helpers=(Aid(3), Aid(-1)))
    assert helped.odds()["success"] == brute(mod, 18, (3, -1))
    assert check_from_dict(helped.describe()) == helped


def test_every_synergy_row_to_a_class_feature_now_applies():
    # The seed's three rows that target no skill: each now reaches a check.
    for feature in FEATURES:
        rows = synergies_for(feature)
        assert rows
        ranks = {row.source: 5 for row in rows}
        c = FeatureCheck(dc=10, feature=feature, level=1, other_ranks=ranks)
        synergy = [line for line in c.breakdown.lines if line.modifier.kind == "synergy"]
        assert len(synergy) == len(rows) and not any(line.suppressed for line in synergy)


def test_feature_checks_refuse_what_the_srd_refuses():
    with pytest.raises(RulesError, match="essentially random"):
        FeatureCheck(dc=10, feature="bardic_knowledge", take=10)
    with pytest.raises(RulesError, match="cannot be retried"):
        FeatureCheck(dc=10, feature="wild_empathy", take=20)
    assert FeatureCheck(dc=10, feature="wild_empathy", take=10, ability_score=10).odds()["success"] == 1
    with pytest.raises(RulesError, match="one of"):
        FeatureCheck(dc=10, feature="lay_on_hands")
    with pytest.raises(RulesError, match="level"):
        FeatureCheck(dc=10, feature="turn_undead", level=0)


def test_turning_dc_follows_the_srd_table():
    # result 10–12 reaches the cleric's level, 13–15 one HD more, 1–3 three less, 22+ four more
    assert turning_dc(5, 5) == 10 and turning_dc(5, 6) == 13 and turning_dc(5, 2) == 1 and turning_dc(5, 9) == 22
    assert turning_dc(5, 1) is None  # four or more below: any result
    with pytest.raises(ValueError):
        turning_dc(5, 10)


def test_class_names_grant_their_features():
    assert class_features("Clerc") == ("turn_undead",) and class_features("barde") == ("bardic_knowledge",)
    assert class_features("Rôdeur") == ("wild_empathy",) and class_features("Guerrier") == ()
