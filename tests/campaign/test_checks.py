"""build_check gives the same odds as the engine check built by hand from the sheet's numbers."""

import random
from fractions import Fraction

import pytest

from gmdesk.campaign.checks import CheckRef as R
from gmdesk.campaign.checks import Situation, available_checks, build_check, dc_against
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.model import ConditionState
from gmdesk.systems.anarchy import rules as anarchy
from gmdesk.systems.cof import rules as cof
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.dnd35 import rules as dnd35
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier as M, RulesError
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()



def skill35(mod, dc=None, aid=()):
    """A bare dnd35 skill check with one modifier: what a GM would type by hand."""
    return dnd35.SkillCheck(dc=dc, modifiers=(M(mod, "by hand"),), helpers=tuple(aid))


def same_odds(built, by_hand):
    assert built.odds().tiers == by_hand.odds().tiers
    assert sum(built.odds().tiers.values()) == 1


# -- pf2 ---------------------------------------------------------------------------------------
def test_pf2_skill_with_armor_check_penalty(demo, named):
    d = demo("pf2")
    brunhild = named(d, "Brunhild")  # Str 18 (+4), expert Athletics at level 3 (+4), chain mail −2
    built = build_check(brunhild, R("skill", "athletics"), Situation(dc=20))
    same_odds(built, pf2.Pf2Check(20, (M(4, "str", "ability"), M(4, "expert", "proficiency"), M(-2, "acp"))))
    assert built.modifier == 6


def test_pf2_lore_and_highest_weapon_rank(demo, named):
    d = demo("pf2")
    selene = named(d, "Sélène")
    same_odds(build_check(selene, R("skill", "lore:Magie ancienne"), Situation(dc=18)),
              pf2.Pf2Check(18, (M(4, "int", "ability"), M(3, "trained", "proficiency"))))
    tobias = named(d, "Tobias Ferrand")
    tobias.sheet.attacks[0].categories = ["martial", "dagger"]  # dagger expert beats martial trained
    built = build_check(tobias, R("weapon", "Rapière"), Situation(dc=18))
    same_odds(built, pf2.Pf2Check(18, (M(4, "dex", "ability"), M(4, "expert", "proficiency"))))


def test_pf2_attack_against_a_flat_footed_goblin(demo, named):
    d = demo("pf2")
    tobias, goblin = named(d, "Tobias Ferrand"), named(d, "Gobelin")
    # Goblin AC: 10 + Dex 16 (+3) + trained at level 1 (+1) = 14, +2 item armor, −2 circumstance flat-footed
    sit = Situation(opponent=goblin, opponent_conditions=(ConditionState("flat_footed"),))
    built = build_check(tobias, R("weapon", "Rapière"), sit)
    by_hand = pf2.Pf2Check(14, (M(7, "to hit", "ability"),), (M(2, "armor", "item"), M(-2, "ff", "circumstance")))
    same_odds(built, by_hand)
    assert built.effective_dc == 14
    plain = build_check(tobias, R("weapon", "Rapière"), Situation(opponent=goblin))
    assert plain.effective_dc == 16 and plain.odds().success < built.odds().success


def test_pf2_dc_from_the_opponent_perception(demo, named):
    d = demo("pf2")
    tobias, grikkit = named(d, "Tobias Ferrand"), named(d, "Grikkit, chef gobelin")
    # Perception DC = 10 + Wis 12 (+1) + expert at level 2 (+3) = 14; frightened 1 lowers its DCs too
    sit = Situation(opponent=grikkit, opponent_ref=R("perception"),
                    opponent_conditions=(ConditionState("frightened", 1),))
    built = build_check(tobias, R("skill", "stealth"), sit)
    assert (built.dc, built.effective_dc) == (14, 13)
    assert dc_against(grikkit, R("perception")) == (14, [])


def test_pf2_flat_check_and_fortune(demo, named):
    d = demo("pf2")
    selene = named(d, "Sélène")
    same_odds(build_check(selene, R("flat"), Situation(dc=5)), pf2.FlatCheck((5,)))
    with pytest.raises(RulesError) as err:
        build_check(selene, R("flat"), Situation(dc=5, modifiers=(M(1, "x", "status"),)))
    assert err.value.field == "modifiers"
    built = build_check(selene, R("save", "will"), Situation(dc=20, fortune=True))
    same_odds(built, pf2.Pf2Check(20, (M(1, "wis", "ability"), M(4, "expert", "proficiency")), fortune=True))
    with pytest.raises(RulesError) as err:
        build_check(selene, R("save", "will"), Situation(dc=20, advantage=True))
    assert err.value.field == "advantage"


# -- dnd5e -------------------------------------------------------------------------------------
def test_dnd5e_expertise_finesse_and_spell_attack(demo, named):
    d = demo("dnd5e")
    nym = named(d, "Nym")
    same_odds(build_check(nym, R("skill", "stealth"), Situation(dc=15)),
              dnd5e.Dnd5eTest(15, (M(4, "dex"), M(4, "expertise"))))
    same_odds(build_check(nym, R("weapon", "Rapière"), Situation(dc=15)),
              dnd5e.Dnd5eTest(15, (M(4, "dex"), M(2, "prof")), "attack"))
    str_rules = HouseRules(dnd5e_finesse="str")  # the GM's choice: Str (−1) for the finesse weapon
    same_odds(build_check(nym, R("weapon", "Rapière"), Situation(dc=15), house_rules=str_rules),
              dnd5e.Dnd5eTest(15, (M(-1, "str"), M(2, "prof")), "attack"))
    thalia = named(d, "Thalia Ventdargent")
    same_odds(build_check(thalia, R("weapon", "Trait de feu"), Situation(dc=13)),
              dnd5e.Dnd5eTest(13, (M(4, "int"), M(2, "prof")), "attack"))


def test_dnd5e_inspiration_comes_from_the_sheet(demo, named):
    d = demo("dnd5e")
    aldric = named(d, "Aldric")  # holds Heroic Inspiration; Wis save proficient: +1 +2
    built = build_check(aldric, R("save", "wis"), Situation(dc=15))
    same_odds(built, dnd5e.Dnd5eTest(15, (M(3, "wis"),), "save", inspiration=True))
    off = build_check(aldric, R("save", "wis"), Situation(dc=15), house_rules=HouseRules(inspiration_in_odds=False))
    same_odds(off, dnd5e.Dnd5eTest(15, (M(3, "wis"),), "save"))
    assert built.odds().success > off.odds().success


def test_dnd5e_passive_and_armor_class(demo, named):
    d = demo("dnd5e")
    nym, captain, goblin = named(d, "Nym"), named(d, "Capitaine de la garde"), named(d, "Gobelin")
    built = build_check(nym, R("skill", "stealth"), Situation(opponent=captain, opponent_ref=R("skill", "perception")))
    assert built.dc == 10 + 2 + 2  # passive Perception: Wis 14, proficient at level 3
    attack = build_check(nym, R("weapon", "Rapière"), Situation(opponent=goblin))
    assert attack.dc == 15


# -- dnd35 -------------------------------------------------------------------------------------
def test_dnd35_skills_synergy_half_ranks(demo, named):
    d = demo("dnd35")
    mirna, eberk = named(d, "Mirna"), named(d, "Eberk")
    same_odds(build_check(mirna, R("skill", "hide"), Situation(dc=15)), skill35(10, 15))
    # Balance: no ranks, Dex +4, Tumble 6 ranks → synergy +2
    same_odds(build_check(mirna, R("skill", "balance"), Situation(dc=15)), skill35(6, 15))
    # Diplomacy: 1.5 ranks count as 1, Cha +1, Bluff 5 ranks → +2
    same_odds(build_check(mirna, R("skill", "diplomacy"), Situation(dc=15)), skill35(4, 15))
    # Climb: 3 ranks, Str +3, armor check penalty −5
    same_odds(build_check(eberk, R("skill", "climb"), Situation(dc=15)), skill35(1, 15))
    with pytest.raises(RulesError) as err:
        build_check(eberk, R("skill", "open_lock"), Situation(dc=15))
    assert err.value.field == "ranks"


def test_dnd35_take_and_aid(demo, named):
    d = demo("dnd35")
    mirna, eberk = named(d, "Mirna"), named(d, "Eberk")
    take10 = build_check(mirna, R("skill", "open_lock"), Situation(dc=20, take10=True))
    assert take10.odds().success == 1  # 10 + 6 ranks + Dex 4
    with pytest.raises(RulesError) as err:
        build_check(mirna, R("skill", "disable_device"), Situation(dc=20, take20=True, failure_has_consequences=True))
    assert err.value.field == "take"
    # Eberk helps Search: no ranks, Int 8 (−1), dwarf +2 → Aid(+1)
    aided = build_check(mirna, R("skill", "search"), Situation(dc=20, helpers=(eberk,)))
    same_odds(aided, skill35(7, 20, aid=(1,)))
    with pytest.raises(RulesError):
        build_check(mirna, R("skill", "search"), Situation(dc=20, helpers=(eberk, 0)),
                    house_rules=HouseRules(dnd35_max_helpers=1))


def test_dnd35_opposed_and_attack(demo, named):
    d = demo("dnd35")
    mirna, sergeant, eberk, kobold = (named(d, n) for n in ("Mirna", "Sergent du guet", "Eberk", "Kobold"))
    built = build_check(mirna, R("skill", "hide"), Situation(opponent=sergeant, opponent_ref=R("skill", "spot")))
    assert built.preset == "hide"
    from gmdesk.systems.dnd35.opposed import OpposedCheck

    same_odds(built, OpposedCheck(skill35(10), skill35(5)))
    # BAB 3 + Str 3 + axe 1 vs kobold AC 15, flat-footed: loses its Dex +1
    attack = build_check(eberk, R("weapon", "Hache de guerre naine"),
                         Situation(opponent=kobold, opponent_conditions=(ConditionState("flat_footed"),)))
    same_odds(attack, dnd35.AttackRoll(dc=14, base_attack_bonus=7, ability=None))
    assert attack.effective_dc == 14


# -- cof ---------------------------------------------------------------------------------------
def test_cof_paths_do_not_stack_and_attacks_add_atc(demo, named):
    d = demo("cof")
    aelys, wolf = named(d, "Aëlys"), named(d, "Loup")
    same_odds(build_check(aelys, R("path", "voie du traqueur"), Situation(dc=15)),
              cof.CofTest(15, (M(2, "SAG", "base"),), (M(2, "voie", "skill"),)))
    both = build_check(aelys, R("ability", "dex"), Situation(dc=15, paths=("voie du traqueur", "voie de l’archer")))
    same_odds(both, cof.CofTest(15, (M(3, "DEX", "base"),), (M(3, "voie", "skill"),)))
    assert len(both.breakdown.suppressed) == 1
    attack = build_check(aelys, R("attack", "ranged"), Situation(opponent=wolf,
                                                                 opponent_conditions=(ConditionState("renverse"),)))
    same_odds(attack, cof.CofTest.attack(9, ("dex", 3), ("atd", 3)))


# -- anarchy -----------------------------------------------------------------------------------
def test_anarchy_pools(demo, named):
    d = demo("anarchy")
    ghost, nyx, brick, ganger = (named(d, n) for n in ("Ghost", "Nyx", "Brick", "Ganger"))
    same_odds(build_check(ghost, R("skill", "stealth"), Situation(threshold=3)),
              anarchy.AnarchyTest(attribute=6, skill=5, rerolls=1, threshold=3))
    same_odds(build_check(ghost, R("attack", "ranged"), Situation(threshold=2)),
              anarchy.AnarchyTest(attribute=6, skill=4, modifiers=(M(1, "edge"),), threshold=2))
    same_odds(build_check(ghost, R("skill", "hacking"), Situation(threshold=1)),  # no skill: LOG 3 at −1 die
              anarchy.AnarchyTest(attribute=3, threshold=1))
    same_odds(build_check(ghost, R("preset", "perception"), Situation()),
              anarchy.AnarchyTest(preset="perception", attributes={"LOG": 3, "VOL": 4}))
    with_luck = build_check(ghost, R("skill", "stealth"), Situation(threshold=3, luck_after=True))
    same_odds(with_luck, anarchy.AnarchyTest(attribute=6, skill=5, luck_after=True, threshold=3))
    with pytest.raises(RulesError) as err:
        build_check(brick, R("skill", "athletics"), Situation(luck_before=True, luck_after=True))
    assert err.value.field == "luck_before"
    opposed = build_check(brick, R("attack", "melee"), Situation(opponent=ganger))
    same_odds(opposed, anarchy.AnarchyTest(attribute=4, skill=5, opposing_pool=3))  # AGI 3 + LOG 2 − 2
    team = build_check(nyx, R("skill", "hacking"), Situation(threshold=3, helpers=(ghost, 2)))
    same_odds(team, anarchy.AnarchyTest(attribute=6, skill=6, modifiers=(M(2, "deck"),), threshold=3,
                                        helpers=(anarchy.AnarchyTest(attribute=3), anarchy.AnarchyTest(pool=2))))
    tie = build_check(brick, R("attack", "melee"), Situation(opponent=ganger),
                      house_rules=HouseRules(anarchy_ones_tiebreak=True))
    assert tie.tie_break_ones and tie.odds().tiers != opposed.odds().tiers


# -- every system ------------------------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_option_of_every_demo_character_builds_and_rolls(system, demo):
    d = demo(system)
    rng = random.Random(7)
    first = set()
    for character in d.characters:
        options = available_checks(character)
        assert len({o.ref for o in options}) == len(options)
        assert all(o.label_en and o.label_fr for o in options)
        first.add(options[0].ref)
        for option in options:
            sit = Situation(threshold=2) if system == "anarchy" else Situation(dc=15)
            check = build_check(character, option.ref, sit)
            assert sum(check.odds().tiers.values()) == 1
            result = check.roll(rng)
            assert result.tier in check.odds().tiers
            rebuilt = {"pf2": pf2, "dnd5e": dnd5e, "dnd35": dnd35, "cof": cof, "anarchy": anarchy}[system] \
                .check_from_dict(check.describe())
            assert rebuilt.odds().tiers == check.odds().tiers
    assert len(first) == 1  # the natural default is the same kind of roll for everyone


@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35", "cof"])
def test_a_d20_check_needs_a_target(system, demo):
    character = demo(system).characters[0]
    with pytest.raises(RulesError) as err:
        build_check(character, available_checks(character)[0].ref, Situation())
    assert err.value.field == "dc"


def test_odds_fall_as_the_dc_rises(demo):
    for system in ("pf2", "dnd5e", "dnd35", "cof"):
        character = demo(system).characters[1]
        ref = available_checks(character)[0].ref
        successes = [build_check(character, ref, Situation(dc=dc)).odds().success for dc in range(0, 35, 5)]
        assert successes == sorted(successes, reverse=True) and successes[0] > successes[-1]
        assert all(isinstance(p, Fraction) for p in successes)
