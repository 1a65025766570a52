"""Issue 13 at the campaign layer: what a sheet builds keeps every option and every house rule.

- pf2 flat checks keep fortune and misfortune (item 1), and the reroll effects (item 3);
- the house rules R-1…R-5 reach the engine check, so odds, rolls and descriptions follow (item 2);
- dnd35 turn undead / bardic knowledge / wild empathy exist and take their synergy; an aid-another
  helper who cannot make the check is refused by name (item 4);
- dnd5e fail a save voluntarily (item 6).
"""

import random
from fractions import Fraction as F

import pytest

from gmdesk.campaign.checks import CheckRef as R
from gmdesk.campaign.checks import Situation, available_checks, build_check
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.systems.dnd35.sheet import ClassLevels, Dnd35Sheet
from gmdesk.systems.dnd35 import rules as dnd35
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import RulesError
from gmdesk.systems.kit.rulings import Rulings


# -- item 1: pf2 flat checks from a sheet --------------------------------------------------------
def test_a_flat_check_from_a_sheet_keeps_fortune_and_misfortune(demo, named):
    hero = named(demo("pf2"), "Brunhild")
    flat = lambda **kw: build_check(hero, R("flat"), Situation(dc=11, **kw))  # noqa: E731
    assert flat().odds()["success"] == F(1, 2)
    assert flat(fortune=True).odds()["success"] == F(3, 4)  # `gmdesk odds pf2 --flat --dc 11 --fortune`
    assert flat(misfortune=True).odds()["success"] == F(1, 4)
    assert flat(fortune=True, misfortune=True).odds()["success"] == F(1, 2)
    assert flat(reroll_failure=True).odds()["success"] == F(3, 4)
    assert flat(reroll_success=True).odds()["success"] == F(1, 4)
    assert flat(fortune=True) == pf2.FlatCheck((11,), False, "flat", fortune=True)
    with pytest.raises(RulesError, match="natural-20"):
        flat(cannot_succeed=True)


def test_pf2_reroll_effects_and_secret_checks_from_a_sheet(demo, named):
    hero = named(demo("pf2"), "Brunhild")
    built = build_check(hero, R("skill", "athletics"), Situation(dc=13, reroll_failure=True))
    by_hand = pf2.Pf2Check(13, built.modifiers, reroll_failure=True)
    assert built.odds() == by_hand.odds() and built.reroll_failure
    known = build_check(hero, R("perception"), Situation(dc=15, secret=True, player_knows=True))
    assert known.secret and known.player_knows
    with pytest.raises(RulesError, match="only a secret check"):
        build_check(hero, R("perception"), Situation(dc=15, player_knows=True))
    with pytest.raises(RulesError, match="at most one fortune effect"):
        build_check(hero, R("perception"), Situation(dc=15, fortune=True, reroll_failure=True))
    for system, name in (("dnd5e", "Grom"), ("cof", None), ("anarchy", None)):
        d = demo(system)
        who = named(d, name) if name else d.characters[0]
        ref = available_checks(who)[0].ref
        with pytest.raises(RulesError, match="has no such option"):
            build_check(who, ref, Situation(dc=15, threshold=None, reroll_failure=True))


# -- item 2: the house rules reach the engine ----------------------------------------------------
def test_r1_reaches_pf2_checks(demo, named):
    hero = named(demo("pf2"), "Brunhild")
    sit = Situation(dc=20, reroll_failure=True)
    plain = build_check(hero, R("skill", "athletics"), sit)
    house = build_check(hero, R("skill", "athletics"), sit, house_rules=HouseRules(reroll_keeps_new=False))
    assert house.rulings == Rulings(reroll_keeps_new=False) and plain.rulings == Rulings()
    # keeping the better of two results never turns a failure into a success the new roll would not
    # give, but spares the critical failures of a failure rerolled into a worse one
    assert house.odds().success == plain.odds().success
    assert house.odds()["critical_failure"] < plain.odds()["critical_failure"]
    assert house.describe()["rulings"] == {"reroll_keeps_new": False}
    flat = build_check(hero, R("flat"), Situation(dc=11, reroll_failure=True), house_rules=HouseRules(reroll_keeps_new=False))
    assert flat.rulings.reroll_keeps_new is False


def test_r3_r4_r5_reach_anarchy_tests(demo):
    d = demo("anarchy")
    who = next(c for c in d.characters if c.sheet.luck >= 1)
    ref = R("preset", "perception")
    rules = HouseRules(one_reroll_per_test=False, complication_needs_a_one=False, complication_after_luck=False)
    plain = build_check(who, ref, Situation(threshold=2))
    house = build_check(who, ref, Situation(threshold=2), house_rules=rules)
    assert house.rulings == rules.rulings()
    assert house.odds().extra["complication"] > plain.odds().extra["complication"]  # R-4 off
    # Luck after the roll and Edge rerolls together are refused by default, combined when off
    with pytest.raises(RulesError, match="R-3"):
        build_check(who, ref, Situation(threshold=2, luck_after=True, rerolls=2))
    both = build_check(who, ref, Situation(threshold=2, luck_after=True, rerolls=2), house_rules=rules)
    assert both.rerolls == 2 and both.luck_after
    luck = build_check(who, ref, Situation(threshold=2, luck_after=True), house_rules=rules)
    assert both.odds()["success"] > luck.odds()["success"]


def test_r2_is_recorded_on_dnd5e_checks(demo, named):
    grom = named(demo("dnd5e"), "Grom")
    built = build_check(grom, R("save", "con"), Situation(dc=15), house_rules=HouseRules(inspiration_in_odds=False))
    assert built.describe()["rulings"] == {"inspiration_in_odds": False}


# -- item 4: dnd35 class features and aid another --------------------------------------------------
def _cleric(name="Clerc", level=5, **ranks):
    from gmdesk.campaign.model import Character

    sheet = Dnd35Sheet([ClassLevels(name, level, ["knowledge_religion", "handle_animal"])],
                       {"str": 10, "dex": 10, "con": 10, "int": 14, "wis": 14, "cha": 16}, dict(ranks))
    return Character(id=None, name="Ada", kind="pc", system="dnd35", sheet=sheet)


def test_turn_undead_exists_and_takes_its_synergy():
    ada = _cleric(knowledge_religion=5)
    refs = [o.ref for o in available_checks(ada)]
    assert R("feature", "turn_undead") in refs and R("feature", "bardic_knowledge") not in refs
    built = build_check(ada, R("feature", "turn_undead"), Situation(dc=13))
    # d20 + Cha 16 (+3) + synergy +2 (5 ranks of Connaissances (religion)); the level is not added
    assert built.modifier == 5
    assert any(line.modifier.kind == "synergy" and not line.suppressed for line in built.breakdown.lines)
    assert built.odds()["success"] == F(13, 20)
    assert build_check(_cleric(knowledge_religion=4), R("feature", "turn_undead"), Situation(dc=13)).modifier == 3
    with pytest.raises(RulesError, match="take 20"):
        build_check(ada, R("feature", "turn_undead"), Situation(dc=13, take20=True))


def test_bardic_knowledge_and_wild_empathy_add_the_class_level():
    from gmdesk.campaign.model import Character

    sheet = Dnd35Sheet([ClassLevels("Barde", 4, ["knowledge_history"]), ClassLevels("Druide", 2, ["handle_animal"])],
                       {"str": 10, "dex": 10, "con": 10, "int": 14, "wis": 12, "cha": 12},
                       {"knowledge_history": 5, "handle_animal": 5})
    bo = Character(id=None, name="Bo", kind="pc", system="dnd35", sheet=sheet)
    bardic = build_check(bo, R("feature", "bardic_knowledge"), Situation(dc=20))
    assert bardic.modifier == 4 + 2 + 2  # bard level + Int 14 + synergy
    with pytest.raises(RulesError, match="essentially random"):
        build_check(bo, R("feature", "bardic_knowledge"), Situation(dc=20, take10=True))
    empathy = build_check(bo, R("feature", "wild_empathy"), Situation(dc=15, take10=True))
    assert empathy.modifier == 2 + 1 + 2 and empathy.odds()["success"] == 1  # 10 + 5 ≥ 15
    assert dnd35.check_from_dict(empathy.describe()) == empathy
    # a class named otherwise can be given the feature explicitly; a paladin turns as a cleric − 3
    assert ClassLevels("Chevalier sacré", 6, features=["turn_undead"]).feature_level("turn_undead") == 6
    assert ClassLevels("Paladin", 6).feature_level("turn_undead") == 3
    assert Dnd35Sheet.from_dict(sheet.to_dict()).to_dict() == sheet.to_dict()


def test_an_aid_another_helper_must_be_able_to_make_the_check(demo, named):
    d = demo("dnd35")
    mirna = named(d, "Mirna")  # ranks in Crochetage (trained only)
    eberk = named(d, "Eberk")  # none
    assert mirna.sheet.rank("open_lock") >= 1 and eberk.sheet.rank("open_lock") == 0
    with pytest.raises(RulesError, match="Eberk cannot aid another on this check: .*trained-only") as err:
        build_check(mirna, R("skill", "open_lock"), Situation(dc=20, helpers=(eberk,)))
    assert err.value.field == "helpers"
    # an untrained skill: anyone may help
    assert build_check(mirna, R("skill", "climb"), Situation(dc=20, helpers=(eberk,))).helpers[0].name == "Eberk"
    # a class feature: the helper needs it too
    ada, bob = _cleric(), _cleric("Guerrier")
    bob.name = "Bob"
    with pytest.raises(RulesError, match="Bob cannot aid another.*no turn or rebuke undead"):
        build_check(ada, R("feature", "turn_undead"), Situation(dc=13, helpers=(bob,)))
    other = _cleric()
    other.name = "Cid"
    helped = build_check(ada, R("feature", "turn_undead"), Situation(dc=13, helpers=(other,)))
    assert helped.odds()["success"] > build_check(ada, R("feature", "turn_undead"), Situation(dc=13)).odds()["success"]


# -- item 6: dnd5e voluntary failure ---------------------------------------------------------------
def test_a_save_can_be_failed_voluntarily(demo, named):
    grom = named(demo("dnd5e"), "Grom")
    built = build_check(grom, R("save", "wis"), Situation(dc=15, fail_voluntarily=True))
    assert built.odds().tiers == {"failure": 1, "success": 0}
    r = built.roll(random.Random(1))
    assert r.tier == "failure" and r.dice == () and "failed voluntarily" in " ".join(r.notes)
    with pytest.raises(RulesError, match="only a saving throw"):
        build_check(grom, R("skill", "athletics"), Situation(dc=15, fail_voluntarily=True))
