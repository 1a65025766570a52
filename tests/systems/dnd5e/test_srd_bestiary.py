"""The SRD 5.1 creatures gmdesk ships: every one of the 334, every number, against the source file
(tests/fixtures/srd-5.1-monsters.json.gz, the file docs/bestiary.md names), and the shipped data is
what the converter makes of it today."""

from __future__ import annotations

import gzip
import json
from fractions import Fraction
from pathlib import Path

import pytest

from gmdesk import systems
from gmdesk.systems.dnd5e import bestiary
from gmdesk.systems.dnd5e.srd_convert import convert_all
from gmdesk.systems.kit.refs import CheckRef

SOURCE = Path(__file__).resolve().parents[2] / "fixtures" / "srd-5.1-monsters.json.gz"


@pytest.fixture(scope="module")
def source() -> list[dict]:
    return json.loads(gzip.decompress(SOURCE.read_bytes()))["monsters"]


@pytest.fixture(scope="module")
def shipped():
    return {c.name: c for c in systems.get("dnd5e").bestiary()}


def test_the_shipped_file_is_the_converters_output(source):
    raw = gzip.decompress((Path(bestiary.__file__).parent / bestiary.DATA).read_bytes())
    assert json.loads(raw) == json.loads(json.dumps(convert_all({"monsters": source})))


def test_all_334_creatures_are_shipped_once(source, shipped):
    assert len(source) == 334
    assert sorted(shipped) == sorted(m["name"] for m in source)


def test_every_creatures_numbers_are_as_printed(source, shipped):
    for m in source:
        c = shipped[m["name"]]
        block = c.block
        where = m["name"]
        assert block.number("ac") == m["armor_class"][0]["value"], where
        assert c.details["armor"] == [f"{a['value']} ({a['type']})" for a in m["armor_class"]], where
        assert (c.hp, c.hit_dice, c.details["hit_dice"]) == (m["hit_points"], m["hit_points_roll"], m["hit_dice"]), where
        assert block.abilities == m["abilities"], where
        assert Fraction(c.challenge) == Fraction(m["challenge_rating"]), where
        assert c.xp == m["xp"] == bestiary.creature_xp(block), where
        assert (c.size, c.type.split(" (")[0]) == (m["size"], m["type"]), where
        for key, value in m["proficiencies"].items():
            kind, _, what = key.partition("-")
            ref = CheckRef("save", what.removeprefix("throw-")) if kind == "saving" else CheckRef("skill", what.replace("-", "_"))
            assert block.value(ref) == value, (where, key)
        assert len(block.checks) == len(m["proficiencies"]), where
        # A save or skill not listed is the ability modifier, as the SRD's convention says.
        assert block.value(CheckRef("save", "str")) == m["proficiencies"].get(
            "saving-throw-str", (m["abilities"]["str"] - 10) // 2), where
        assert dict(c.senses) == {k: str(v) for k, v in m["senses"].items()}, where
        printed = [a for part in ("actions", "reactions", "legendary_actions") for a in m[part]]
        assert [a.name for a in c.actions] == [a["name"] for a in printed], where
        for action, a in zip(c.actions, printed):
            assert action.bonus == a.get("attack_bonus"), (where, a["name"])
            assert [(d.dice, d.type) for d in action.damage] == [(d["dice"], d["type"]) for d in a.get("damage", [])]
            assert (action.save, action.dc) == ((a["dc"]["ability"], a["dc"]["value"]) if "dc" in a else ("", None))
        attacks = [a for a in m["actions"] if "attack_bonus" in a]
        assert [(a.name, a.bonus) for a in block.attacks] == [(a["name"], a["attack_bonus"]) for a in attacks], where
        for printed_attack, a in zip(block.attacks, attacks):
            for d in a.get("damage", []):
                assert f"{d['dice']} {d['type']}" in printed_attack.damage, where


def test_the_challenge_reads_as_the_srd_prints_it(shipped):
    assert shipped["Goblin"].challenge == "1/4"
    assert shipped["Aboleth"].challenge == "10"
    assert shipped["Kobold"].challenge == "1/8"
    assert {c.challenge for c in shipped.values()} >= {"0", "1/8", "1/4", "1/2", "1", "30"}


def test_xp_without_a_printed_number_follow_the_challenge_table(shipped):
    for c in shipped.values():
        block = c.block.copy()
        del block.numbers["xp"]
        if c.xp != 0 and c.name not in ("Brass Dragon Wyrmling", "Deep Gnome (Svirfneblin)", "Dretch", "Riding Horse"):
            assert bestiary.creature_xp(block) == c.xp, c.name


def test_start_up_does_not_read_the_srd():
    """Loading dnd5e (as opening a dnd5e campaign does) leaves the creatures unread until asked for."""
    import subprocess
    import sys

    code = ("from gmdesk import systems; systems.get('dnd5e'); from gmdesk.systems.dnd5e import bestiary; "
            "print(bestiary.creatures.cache_info().currsize)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "0", result.stderr
