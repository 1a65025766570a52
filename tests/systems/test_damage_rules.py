"""Issue 28 §1, §4: what each system says damage does, attacks' damage on sheets and stat blocks (stored
only when set: older files read and write the same), a character's round, and importers that fill the
damage their files print."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmdesk import systems
from gmdesk.engine.core import RulesError, ability_modifier
from gmdesk.engine.damage import DOUBLE, DOUBLE_DICE, FULL, HALF, NONE, parse_damage
from gmdesk.store.import_files import read_import
from gmdesk.systems.dnd5e.sheet import Attack as A5, Dnd5eSheet
from gmdesk.systems.kit.damage import sheet_round
from gmdesk.systems.kit.statblock import PrintedAttack
from gmdesk.systems.pf2.sheet import Attack as P2, Pf2Sheet

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def test_dnd5e_and_pf2_say_what_each_outcome_does():
    dnd5e, pf2 = systems.get("dnd5e").damage, systems.get("pf2").damage
    assert dict(dnd5e.attack) == {"miss": NONE, "hit": FULL, "critical_hit": DOUBLE_DICE}
    assert dict(dnd5e.save) == {"failure": FULL, "success": HALF}
    assert dict(pf2.attack) == {"critical_failure": NONE, "failure": NONE, "success": FULL, "critical_success": DOUBLE}
    assert dict(pf2.save) == {"critical_success": NONE, "success": HALF, "failure": FULL, "critical_failure": DOUBLE}
    assert [pf2.penalty(i) for i in range(4)] == [0, -5, -10, -10]
    assert [dnd5e.penalty(i) for i in range(3)] == [0, 0, 0]
    # each tier a system's engine gives has its effect
    for system_id in ("dnd5e", "pf2"):
        rules = systems.get(system_id).damage
        assert rules.said.en and rules.said.fr and rules.said.en != rules.said.fr


@pytest.mark.parametrize("system_id", ["dnd35", "cof", "anarchy"])
def test_systems_without_damage_rules_say_so_in_both_languages(system_id):
    system = systems.get(system_id)
    assert system.damage is None
    default = systems.get("dnd5e").no_damage
    assert system.no_damage != default, "its own reason, not the generic one"
    assert "damage" in system.no_damage.en and "dégâts" in system.no_damage.fr


def test_an_attacks_damage_is_kept_and_checked():
    sheet = Dnd5eSheet(attacks=[A5("Longsword", damage="1d8+3 slashing")])
    again = Dnd5eSheet.from_dict(sheet.to_dict())
    assert again.attacks[0].damage == "1d8+3 slashing"
    with pytest.raises(RulesError) as err:
        Dnd5eSheet(attacks=[A5("Longsword", damage="a lot")])
    assert err.value.field == "sheet.attacks[0].damage"
    with pytest.raises(RulesError) as err:
        Pf2Sheet.from_dict({**Pf2Sheet().to_dict(), "attacks": [{"name": "Axe", "damage": "1d8 " * 60}]})
    assert err.value.field.endswith("attacks[0].damage")


@pytest.mark.parametrize("cls", [Dnd5eSheet, Pf2Sheet])
def test_sheets_stored_before_damage_read_and_write_the_same(cls):
    """No damage and one attack a round: nothing new in the stored dict (no schema change needed)."""
    stored = cls(attacks=[(A5 if cls is Dnd5eSheet else P2)("Club")]).to_dict()
    assert "attacks_per_round" not in stored and "damage" not in stored["attacks"][0]
    assert cls.from_dict(stored).to_dict() == stored
    with_both = cls.from_dict({**stored, "attacks_per_round": 3,
                               "attacks": [{**stored["attacks"][0], "damage": "1d6 bludgeoning"}]})
    assert with_both.attacks_per_round == 3 and with_both.to_dict()["attacks_per_round"] == 3
    for bad in (0, 11, "2", True):
        with pytest.raises(RulesError):
            cls.from_dict({**stored, "attacks_per_round": bad})


def test_a_printed_attacks_uses_a_round_are_stored_only_when_set():
    block_class = systems.get("dnd5e").stat_block
    block = block_class(attacks=[PrintedAttack("Bite", "melee", 4, "1d6+2 piercing")])
    assert "per_round" not in block.to_dict()["attacks"][0]
    block.attacks[0].per_round = 2
    again = block_class.from_dict(block.to_dict())
    assert again.attacks[0].per_round == 2
    for bad in (-1, 11, 1.5):
        with pytest.raises(RulesError):
            block_class.from_dict({**block.to_dict(), "attacks": [{**block.to_dict()["attacks"][0], "per_round": bad}]})


def test_a_round_is_the_routine_the_gm_set_else_the_best_attack_once():
    block_class = systems.get("dnd5e").stat_block
    bite, claw, gaze = (PrintedAttack("Bite", "melee", 5, "1d10+3 piercing"), PrintedAttack("Claw", "melee", 5, "2d6+3"),
                        PrintedAttack("Gaze", "spell", 5, "see text"))
    block = block_class(attacks=[bite, claw, gaze])
    plain = sheet_round(block)
    assert plain.choose_best and plain.times == 1 and [u.label for u in plain.uses] == ["Bite", "Claw"]
    claw.per_round, bite.per_round = 2, 1
    routine = sheet_round(block)
    assert not routine.choose_best and [u.label for u in routine.uses] == ["Bite", "Claw", "Claw"]
    assert routine.uses[1].roll == parse_damage("2d6+3")
    pc = Dnd5eSheet(attacks=[A5("Club", damage="1d4"), A5("Bow", "ranged", "dex")], attacks_per_round=2)
    round_ = sheet_round(pc)
    assert round_.choose_best and round_.times == 2 and [u.label for u in round_.uses] == ["Club"]


def test_pathbuilder_strikes_carry_their_damage():
    (tobble,) = read_import(FIXTURES / "pathbuilder_tobble_quickfoot.json", "pf2")
    weapon = json.loads((FIXTURES / "pathbuilder_tobble_quickfoot.json").read_text())["build"]["weapons"][0]
    attack = tobble.sheet.attacks[0]
    roll = parse_damage(attack.damage)
    assert roll.parts[0].expression.notation == f"1{weapon['die']}+{weapon['damageBonus']}"
    assert roll.parts[0].type == "piercing"


def test_foundry_dnd5e_weapons_carry_their_damage_with_the_ability_modifier():
    (pc,) = [c for c in read_import(FIXTURES / "foundry_dnd5e_character.json", "dnd5e") if c.kind == "pc"]
    doc = json.loads((FIXTURES / "foundry_dnd5e_character.json").read_text())
    item = next(i for i in doc["items"] if i["type"] == "weapon")
    attack = next(a for a in pc.sheet.attacks if a.name == item["name"])
    assert attack.ability == "str"
    mod = ability_modifier(pc.sheet.abilities["str"])
    formula, kind = item["system"]["damage"]["parts"][0]
    assert parse_damage(attack.damage).parts[0].expression.notation == parse_damage(
        formula.replace("@mod", str(mod))).parts[0].expression.notation
    assert parse_damage(attack.damage).parts[0].type == kind
