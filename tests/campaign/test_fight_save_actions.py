"""A damaging action with a save (a breath weapon) in a creature's round (docs/rules.md, "Damage and the
fight's odds"): kept on the NPC the bestiary makes, counted only once the GM puts it in the round (its
recharge is not in gmdesk's data) — exactly: the target's save odds from the engine (``build_check``
of the save against the DC) times every face of the dice under the system's save effects (5e half on a
success, pf2 basic save), checked by brute force; the simulation agrees within its interval."""

from __future__ import annotations

import random
from dataclasses import replace

from gmdesk import systems
from gmdesk.campaign import fight_odds
from gmdesk.campaign.bestiary import new_npcs, shipped
from gmdesk.campaign.checks import CheckRef, Situation, build_check
from gmdesk.campaign.fight_sim import simulate
from gmdesk.campaign.model import Character
from gmdesk.systems.kit.save_actions import SaveAction
from gmdesk.systems.pf2.statblock import Pf2StatBlock

from tests.campaign.test_fight_odds import damage_brute, fighters
from tests.campaign.test_fight_sim import HORIZON, duel


def save_odds(target, save: str, dc: int) -> dict:
    return dict(build_check(target, CheckRef("save", save), Situation(dc=dc, inspiration=False)).odds().tiers)


def test_the_srd_breath_is_kept_on_the_npc_and_said_until_the_gm_puts_it_in_the_round():
    srd = {c.name: c for c in shipped("dnd5e")}
    dragon = replace(new_npcs(srd["Adult Black Dragon"], 1, random.Random(1))[0], id=60)
    breath = next(a for a in dragon.sheet.save_actions if a.name == "Acid Breath")
    assert (breath.save, breath.dc, breath.damage, breath.per_round) == ("dex", 18, "12d8 acid", 0)
    pc = fighters("dnd5e")[0][0]
    plain = fight_odds.round_against(dragon, pc)
    assert "Acid Breath" not in [u.label for u in plain.uses]
    assert "Acid Breath not counted: set it in the round" in " ".join(fight_odds.not_counted(dragon))
    assert "Acid Breath non compté" in " ".join(fight_odds.not_counted(dragon, "fr"))
    breath.per_round = 1
    with_breath = fight_odds.round_against(dragon, pc)
    assert [u.label for u in with_breath.uses] == ["Acid Breath"]
    assert not any("Acid Breath" in note for note in fight_odds.not_counted(dragon))
    again = type(dragon.sheet).from_dict(dragon.sheet.to_dict())
    assert again.save_actions == dragon.sheet.save_actions, "stored and read back the same"


def test_a_5e_save_for_half_is_exact_against_brute_force():
    srd = {c.name: c for c in shipped("dnd5e")}
    goblin = replace(new_npcs(srd["Goblin"], 1, random.Random(1))[0], id=61)
    goblin.sheet.save_actions = [SaveAction("Fire Spit", " Dex", 13, "2d6 fire", 1)]  # as a GM may type it
    pc = fighters("dnd5e")[0][1]
    got = fight_odds.round_against(goblin, pc)
    (use,) = got.uses
    tiers = save_odds(pc, "dex", 13)
    assert use.cell.odds.tiers == build_check(pc, CheckRef("save", "dex"), Situation(dc=13)).odds().tiers
    assert got.damage.probabilities() == damage_brute(tiers, dict(systems.get("dnd5e").damage.save), "2d6 fire")
    goblin.sheet.attacks[0].per_round = 1  # the spit and a blow: both in the round, summed
    both = fight_odds.round_against(goblin, pc)
    assert len(both.uses) == 2 and both.mean == sum((u.damage.mean for u in both.uses), 0)


def test_a_pf2_basic_save_is_exact_and_takes_no_multiple_attack_penalty():
    pcs, _ = fighters("pf2")
    block = Pf2StatBlock(level=2, checks={"save:reflex": 8}, numbers={"ac": 17})
    block.attacks = []
    block.save_actions = [SaveAction("Fire Jet", "reflex", 18, "2d4 fire", 1)]
    creature = Character(70, "Salamander", "npc", "pf2", block, max_hp=30)
    target = pcs[1]
    got = fight_odds.round_against(creature, target)
    tiers = save_odds(target, "reflex", 18)
    assert set(tiers) == {"critical_failure", "failure", "success", "critical_success"}
    assert got.damage.probabilities() == damage_brute(tiers, dict(systems.get("pf2").damage.save), "2d4 fire")
    assert got.uses[0].penalty == 0


def test_the_simulation_agrees_with_the_exact_rounds_of_a_breath():
    srd = {c.name: c for c in shipped("dnd5e")}
    goblin = replace(new_npcs(srd["Goblin"], 1, random.Random(1))[0], id=62)
    for a in goblin.sheet.attacks:
        a.per_round = 0
    goblin.sheet.save_actions = [SaveAction("Fire Spit", "dex", 13, "2d6 fire", 1)]
    captain = next(c for c in fighters("dnd5e")[1] if c.name == "Captain of the guard")  # deals no damage
    captain = replace(captain, kind="pc")
    exact = fight_odds.drops(goblin, captain, horizon=HORIZON).expected
    odds = simulate([captain, goblin], duel(goblin, captain), None, 3000, seed=3)
    low, high = odds.rounds_interval
    assert odds.creatures_win.count == odds.runs
    assert low <= float(exact) <= high, (float(exact), odds.rounds_interval)
    assert any("Fire Spit strikes one target a use" in note.en for note in odds.notes), "its area is not modelled"


def test_a_damaged_save_action_is_refused_naming_its_field():
    import pytest

    from gmdesk.engine.core import RulesError

    block = Pf2StatBlock(level=1).to_dict()
    for bad, named in (({"name": "Jet", "save": "reflex", "dc": "13", "damage": "2d6"}, "save_actions[0].dc"),
                       ({"name": "Jet", "save": "reflex", "dc": 13, "damage": "2d6", "per_round": -1},
                        "save_actions[0].per_round"),
                       ({"name": "", "save": "reflex", "dc": 13, "damage": "2d6"}, "save_actions[0].name"),
                       ("Jet", "save_actions[0]")):
        with pytest.raises(RulesError) as got:
            Pf2StatBlock.from_dict({**block, "save_actions": [bad]})
        assert named in str(got.value), (bad, str(got.value))
    assert "save_actions" not in block, "a block without any writes none: blocks stored before read the same"


def test_a_save_typed_as_the_french_abbreviation_is_the_systems_and_an_unknown_one_is_refused():
    """Issue 28 review: "sag" on a 5e stat block was left out of the round without a word. The
    abbreviations the system prints in either language are its keys; any other is refused, one line."""
    import pytest

    from gmdesk.engine.core import RulesError
    from gmdesk.systems.dnd5e.statblock import Dnd5eStatBlock

    srd = {c.name: c for c in shipped("dnd5e")}
    dragon = replace(new_npcs(srd["Adult Black Dragon"], 1, random.Random(1))[0], id=60)
    block = dragon.sheet.to_dict()
    for typed, key in (("sag", "wis"), ("FOR", "str"), (" Dex ", "dex"), ("JS de Constitution", "con")):
        spit = {"name": "Spit", "save": typed, "dc": 13, "damage": "2d6 acid", "per_round": 1}
        read = Dnd5eStatBlock.from_dict({**block, "save_actions": [spit]})
        assert read.save_actions[0].save == key
        got = fight_odds.round_against(replace(dragon, sheet=read), srd_target())
        assert "Spit" in [u.label for u in got.uses], "in the round, not silently left out"
    with pytest.raises(RulesError) as refused:
        Dnd5eStatBlock.from_dict({**block, "save_actions": [{"name": "Spit", "save": "sagesse", "dc": 13,
                                                            "damage": "2d6", "per_round": 1}]})
    assert refused.value.field == "sheet.save_actions[0].save"
    assert "“sagesse” is not a save of this stat block: str, dex, con, int, wis, cha" in str(refused.value)
    assert refused.value.said("fr").startswith("«\u202fsagesse\u202f» n’est pas une sauvegarde")
    assert Pf2StatBlock.from_dict({**Pf2StatBlock(level=1).to_dict(), "save_actions": [
        {"name": "Jet", "save": "Vigueur", "dc": 13, "damage": "2d6"}]}).save_actions[0].save == "fortitude"


def srd_target():
    from gmdesk.campaign.demo import demo_campaign

    return next(c for c in demo_campaign("dnd5e", "en").characters if c.is_pc)
