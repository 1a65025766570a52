"""Conditions change the odds the way the rules say, and those that do not stack, don't."""

import pytest

from gmdesk.campaign.checks import CheckRef as R
from gmdesk.campaign.checks import Situation, build_check
from gmdesk import systems
from gmdesk.campaign.conditions import catalogue, condition
from gmdesk.campaign.model import ConditionState as S
from gmdesk.systems.kit.scopes import check_scope
from gmdesk.systems.anarchy import rules as anarchy
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier as M, RulesError
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()


@pytest.mark.parametrize("system", SYSTEMS)
def test_catalogue_is_well_formed(system):
    conditions = catalogue(system)
    assert len(conditions) >= 5
    for c in conditions:
        assert c.name_en and c.name_fr
        for e in c.effects:
            check_scope("effect", e.scope)
            assert e.kind in ("modifier", "advantage", "disadvantage", "auto_fail", "lose_dex_ac", "dice", "note")
        for implied in c.implies:
            assert implied in systems.get(system).conditions
    with pytest.raises(RulesError):
        condition(system, "no-such-condition")


def test_pf2_names_from_the_seed():
    assert condition("pf2", "sickened").name_fr == "nauséeux"
    assert condition("pf2", "flat_footed").name_fr == "pris au dépourvu"


def test_pf2_sickened_is_a_status_penalty_to_checks(demo, named):
    brunhild = named(demo("pf2"), "Brunhild")
    plain = build_check(brunhild, R("skill", "athletics"), Situation(dc=20))
    sick = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S("sickened", 2)])
    by_hand = pf2.Pf2Check(20, plain.modifiers + (M(-2, "sickened 2", "status"),))
    assert sick.odds().tiers == by_hand.odds().tiers
    assert sick.modifier == plain.modifier - 2


def test_pf2_status_penalties_do_not_stack(demo, named):
    brunhild = named(demo("pf2"), "Brunhild")
    both = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S("sickened", 2), S("frightened", 3)])
    worst = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S("frightened", 3)])
    assert both.odds().tiers == worst.odds().tiers
    assert [line.modifier.source for line in both.breakdown.suppressed] == ["sickened 2"]
    # the same condition twice counts once, at its highest value
    twice = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S("frightened", 1), S("frightened", 3)])
    assert twice.modifier == worst.modifier


def test_pf2_flat_footed_lowers_ac_not_checks_and_prone_implies_it(demo, named):
    d = demo("pf2")
    tobias, goblin = named(d, "Tobias Ferrand"), named(d, "Gobelin")
    attack = lambda *conds: build_check(tobias, R("weapon", "Rapière"),  # noqa: E731
                                        Situation(opponent=goblin, opponent_conditions=conds))
    assert attack(S("flat_footed")).effective_dc == attack().effective_dc - 2
    assert attack(S("prone")).effective_dc == attack().effective_dc - 2
    assert attack(S("prone"), S("flat_footed")).effective_dc == attack().effective_dc - 2  # once only
    own = build_check(goblin, R("skill", "stealth"), Situation(dc=15), [S("flat_footed")])
    assert own.modifier == build_check(goblin, R("skill", "stealth"), Situation(dc=15)).modifier
    # clumsy: Dex-based checks and AC, not Str-based ones
    assert attack(S("clumsy", 2)).effective_dc == attack().effective_dc - 2
    brunhild = named(d, "Brunhild")
    assert build_check(brunhild, R("skill", "athletics"), Situation(dc=15), [S("clumsy", 2)]).modifier == 6


def test_dnd5e_poisoned_disadvantage_on_attacks_and_ability_checks_only(demo, named):
    d = demo("dnd5e")
    grom = named(d, "Grom")
    poisoned = [S("poisoned")]
    attack = build_check(grom, R("weapon", "Hache à deux mains"), Situation(dc=15), poisoned)
    assert attack.odds().tiers == dnd5e.Dnd5eTest(15, attack.modifiers, "attack", disadvantage=True).odds().tiers
    check = build_check(grom, R("skill", "athletics"), Situation(dc=15), poisoned)
    assert check.mode == "low"
    save = build_check(grom, R("save", "con"), Situation(dc=15), poisoned)
    assert save.mode == "normal"
    # advantage from elsewhere cancels it: one d20
    assert build_check(grom, R("skill", "athletics"), Situation(dc=15, advantage=True), poisoned).mode == "normal"


def test_dnd5e_conditions_on_the_target(demo, named):
    d = demo("dnd5e")
    nym, goblin = named(d, "Nym"), named(d, "Gobelin")
    melee = build_check(nym, R("weapon", "Rapière"), Situation(opponent=goblin, opponent_conditions=(S("prone"),)))
    ranged = build_check(nym, R("weapon", "Arc court"), Situation(opponent=goblin, opponent_conditions=(S("prone"),)))
    assert (melee.mode, ranged.mode) == ("high", "low")
    restrained = build_check(nym, R("weapon", "Arc court"), Situation(opponent=goblin,
                                                                     opponent_conditions=(S("restrained"),)))
    assert restrained.mode == "high"


def test_dnd5e_paralysed_fails_str_and_dex_saves(demo, named):
    grom = named(demo("dnd5e"), "Grom")
    assert build_check(grom, R("save", "str"), Situation(dc=5), [S("paralyzed")]).odds().success == 0
    assert build_check(grom, R("save", "dex"), Situation(dc=5), [S("unconscious")]).odds().success == 0
    assert build_check(grom, R("save", "con"), Situation(dc=5), [S("paralyzed")]).odds().success > 0
    tired = build_check(grom, R("save", "con"), Situation(dc=15), [S("exhaustion", 2)])
    assert tired.modifier == build_check(grom, R("save", "con"), Situation(dc=15)).modifier - 4


def test_dnd35_shaken_and_flat_footed(demo, named):
    d = demo("dnd35")
    mirna, kobold = named(d, "Mirna"), named(d, "Kobold")
    plain = build_check(mirna, R("skill", "hide"), Situation(dc=20))
    shaken = build_check(mirna, R("skill", "hide"), Situation(dc=20), [S("shaken")])
    assert shaken.modifier == plain.modifier - 2 and shaken.odds().success < plain.odds().success
    # shaken and frightened are untyped −2s in 3.5: both count
    assert build_check(mirna, R("skill", "hide"), Situation(dc=20), [S("shaken"), S("sickened")]).modifier == \
        plain.modifier - 4
    hit = lambda *c: build_check(mirna, R("weapon", "Épée courte"),  # noqa: E731
                                 Situation(opponent=kobold, opponent_conditions=c)).effective_dc
    assert hit(S("flat_footed")) == hit() - 1  # Dex 13: +1 to AC lost


def test_cof_blinded_and_anarchy_dice(demo, named):
    d = demo("cof")
    bardin = named(d, "Bardin")
    plain = build_check(bardin, R("attack", "melee"), Situation(dc=12))
    assert build_check(bardin, R("attack", "melee"), Situation(dc=12), [S("aveugle")]).modifier == plain.modifier - 5
    a = demo("anarchy")
    brick = named(a, "Brick")
    wounded = build_check(brick, R("skill", "athletics"), Situation(threshold=2), [S("wounded", 2)])
    assert wounded.odds().tiers == anarchy.AnarchyTest(attribute=4, skill=3, modifiers=(M(-2, "w"),),
                                                      threshold=2).odds().tiers
    # the ±5 dice cap holds whatever the conditions pile up
    crushed = build_check(brick, R("skill", "athletics"), Situation(threshold=2), [S("wounded", 4), S("malus", 4)])
    assert crushed.pool_size() == 7 - 5


def test_custom_conditions_change_nothing(demo, named):
    brunhild = named(demo("pf2"), "Brunhild")
    assert build_check(brunhild, R("perception"), Situation(dc=15), [S("custom:cursed")]).modifier == \
        build_check(brunhild, R("perception"), Situation(dc=15)).modifier
