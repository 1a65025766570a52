"""Issue 27: Foundry VTT dnd5e NPC actors in a bestiary pack are creatures — their stat block with the
numbers Foundry shows (the same as ``gmdesk import``'s built sheet gives), hit dice, size, type, XP,
attacks with their damage and save DCs — in Foundry's newer (``system``, dnd5e 4.x activities) and
older (``data``) shapes, glanced fast; a character in a pack is named in one line and skipped. The
creatures here are invented."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

from gmdesk import systems
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.importing import character
from gmdesk.cli.characters import checks_of
from gmdesk.store.bestiary_packs import PackReader, creatures_in
from gmdesk.store.import_files import read_import

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
SKILLS = {code: {"value": 0, "ability": ""} for code in ("acr", "ani", "arc", "ath", "dec", "his", "ins", "itm", "inv",
                                                          "med", "nat", "prc", "prf", "per", "rel", "slt", "ste", "sur")}


def ember_moth(shape: str = "system") -> dict:
    """A CR 2 ember moth: a dnd5e 4.x actor (activities), or the same written as Foundry V9 did (``data``)."""
    abilities = {a: {"value": v, "proficient": int(a == "dex")} for a, v in
                 zip(("str", "dex", "con", "int", "wis", "cha"), (8, 16, 14, 3, 12, 5))}
    skills = copy.deepcopy(SKILLS)
    skills["prc"]["value"], skills["ste"]["value"] = 1, 2
    body = {"abilities": abilities, "skills": skills,
            "attributes": {"ac": {"calc": "natural", "flat": 14}, "hp": {"value": 33, "max": 33, "formula": "6d8 + 6"},
                           "init": {"ability": "", "bonus": ""}},
            "details": {"cr": 2, "type": {"value": "beast", "subtype": ""}},
            "traits": {"size": "sm"}}
    sting = {"name": "Ember Sting", "type": "weapon",
             "system": {"properties": ["fin"], "proficient": True, "damage": {
                 "base": {"number": 1, "denomination": 6, "bonus": "", "types": ["piercing"]}},
                 "activities": {"a1": {"type": "attack", "attack": {"type": {"value": "melee"}, "bonus": ""}}}}}
    dust = {"name": "Cinder Dust", "type": "feat",
            "system": {"activities": {"s1": {"type": "save", "save": {"ability": ["con"], "dc": {"calculation": "",
                                                                                                  "formula": "12"}},
                                              "damage": {"parts": [{"number": 2, "denomination": 6, "bonus": "",
                                                                    "types": ["fire"]}]}}}}}
    if shape == "data":  # Foundry V9: bodies under "data", the save on the item, damage as parts
        sting = {"name": "Ember Sting", "type": "weapon",
                 "data": {"actionType": "mwak", "properties": {"fin": True}, "proficient": True,
                          "damage": {"parts": [["1d6 + @mod", "piercing"]]}}}
        dust = {"name": "Cinder Dust", "type": "feat",
                "data": {"save": {"ability": "con", "dc": 12, "scaling": "flat"},
                         "damage": {"parts": [["2d6", "fire"]]}}}
        return {"name": "Ember Moth", "type": "npc", "_id": "EmberMoth0000001", "data": body, "items": [sting, dust],
                "flags": {"exportSource": {"system": "dnd5e"}}}
    return {"name": "Ember Moth", "type": "npc", "_id": "EmberMoth0000001", "system": body, "items": [sting, dust],
            "_stats": {"systemId": "dnd5e"}}


def write(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_foundry_dnd5e_npc_is_a_creature_with_what_a_bestiary_prints(tmp_path):
    for shape in ("system", "data"):
        (moth,) = PackReader().read(write(tmp_path / f"{shape}.json", ember_moth(shape)), "dnd5e").creatures
        assert (moth.name, moth.hp, moth.hit_dice, moth.size, moth.type, moth.challenge) == \
            ("Ember Moth", 33, "6d8+6", "Small", "beast", "2"), shape
        assert moth.xp == systems.get("dnd5e").creature_xp(moth.block)  # the challenge's, as the system says
        (sting,) = moth.attacks()
        dex, pb = 3, 2  # finesse: DEX 16; CR 2
        assert (sting.name, sting.bonus, [(d.dice, d.type) for d in sting.damage]) == \
            ("Ember Sting", dex + pb, [(f"1d6+{dex}", "piercing")]), shape
        (dust,) = moth.save_dcs()
        assert (dust.name, dust.save, dust.dc, [(d.dice, d.type) for d in dust.damage]) == \
            ("Cinder Dust", "con", 12, [("2d6", "fire")]), shape
        assert moth.ac == 14 and moth.block.attacks[0].damage == f"1d6+{dex} piercing"


def test_its_numbers_are_those_gmdesk_import_computes_for_the_same_actor(tmp_path):
    """The pack's stat block and the imported built sheet roll the same (the engine's own numbers)."""
    for doc in (ember_moth(), json.loads((FIXTURES / "foundry_dnd5e_npc.json").read_text(encoding="utf-8"))):
        file = write(tmp_path / "npc.json", doc)
        (built,) = read_import(file, "dnd5e")
        (block,) = read_import(file, "dnd5e", bestiary=True)
        assert built.sheet.__class__.__name__ == "Dnd5eSheet" and block.sheet.__class__.__name__ == "Dnd5eStatBlock"
        rows = [{r["id"]: r.get("modifier") for r in checks_of(character(found, "dnd5e"), HouseRules())}
                for found in (built, block)]
        assert rows[0] == rows[1] and (built.max_hp, built.name) == (block.max_hp, block.name)


def test_the_glance_gives_what_the_whole_reading_gives(tmp_path, monkeypatch):
    from gmdesk.store import bestiary_packs

    file = write(tmp_path / "moth.json", ember_moth())
    (whole,) = creatures_in(file, "dnd5e", str(tmp_path))
    monkeypatch.setattr(bestiary_packs, "creatures_in", lambda *a, **k: (_ for _ in ()).throw(AssertionError("read")))
    monkeypatch.setattr(bestiary_packs, "_read_creatures", lambda *a, **k: (_ for _ in ()).throw(AssertionError("read")))
    (glanced,) = PackReader().read(file, "dnd5e").creatures
    monkeypatch.undo()
    assert glanced.reader is not None
    for field in ("name", "hp", "hit_dice", "size", "type", "xp", "challenge", "level", "actions", "origin"):
        assert getattr(glanced, field) == getattr(whole, field), field
    assert glanced.block == whole.block


def test_the_cache_keeps_its_actions_and_looks(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    write(pack / "moth.json", ember_moth())
    first = PackReader(tmp_path / "data").read(pack, "dnd5e").creatures
    again = PackReader(tmp_path / "data").read(pack, "dnd5e").creatures  # a new session: from the cache
    assert [(c.actions, c.hit_dice, c.size, c.type, c.xp) for c in again] == \
        [(c.actions, c.hit_dice, c.size, c.type, c.xp) for c in first] and first[0].actions


def test_a_character_in_a_pack_is_named_and_skipped_the_others_read(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    shutil.copy(FIXTURES / "foundry_dnd5e_character.json", pack / "ysolde.json")
    shutil.copy(FIXTURES / "foundry_dnd5e_npc.json", pack / "lurker.json")
    write(pack / "moth.json", ember_moth())
    found = PackReader().read(pack, "dnd5e")
    assert sorted(c.name for c in found.creatures) == ["Bog Lurker", "Ember Moth"]
    (line,) = found.problems
    assert "ysolde.json" in line and "Ysolde Marrow" in line and "a character, not a creature" in line and "\n" not in line


def test_gmdesk_import_still_reads_an_old_foundry_npc_as_a_built_sheet(tmp_path):
    (moth,) = read_import(write(tmp_path / "old.json", ember_moth("data")), "dnd5e")
    assert moth.kind == "npc" and moth.sheet.level == 2 and moth.max_hp == 33
    doc = ember_moth("data")
    doc["items"][0]["data"]["actionType"] = {"a": 1}  # no key: the weapon said as not understood, not a crash
    doc["items"][0]["data"]["damage"]["parts"] = 7
    (moth,) = read_import(write(tmp_path / "odd.json", doc), "dnd5e")
    assert moth.sheet.attacks == [] and any("Ember Sting" in line for line in moth.unrecognised)


def test_gmdesk_bestiary_lists_a_foundry_npc_with_its_actions_and_reads_the_pack_afresh_each_run(tmp_path):
    import io

    from gmdesk.cli import main

    def listed(*argv) -> tuple[list, str]:
        out, err = io.StringIO(), io.StringIO()
        assert main(["bestiary", "dnd5e", *map(str, argv), "--pack", str(tmp_path / "pack"), "--json"], out, err) == 0
        return json.loads(out.getvalue()), err.getvalue()

    (tmp_path / "pack").mkdir()
    moth = write(tmp_path / "pack" / "moth.json", ember_moth())
    (row,), err = listed("ember")
    assert (row["name"], row["size"], row["type"], err) == ("Ember Moth", "Small", "beast", "")
    assert [a["name"] for a in row["actions"]] == ["Ember Sting", "Cinder Dust"] and row["actions"][1]["dc"] == 12
    doc = ember_moth()
    doc["name"] = "Ember Queen"
    write(moth, doc)
    assert [r["name"] for r in listed("ember")[0]] == ["Ember Queen"]


def _paths(node, prefix=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


def test_any_field_of_a_foundry_npc_made_hostile_gives_the_creature_or_one_line(tmp_path):
    """Every field of both shapes replaced by an object or a huge number: the pack gives
    the creature (its block read or refused in one line when shown) or names the file, never fails."""
    from gmdesk.store.errors import InvalidInput

    file = tmp_path / "moth.json"
    for shape in ("system", "data"):
        base = ember_moth(shape)
        for path in list(_paths(base)):
            for hostile in ({"a": [1]}, 10**9):
                doc = copy.deepcopy(base)
                node = doc
                for key in path[:-1]:
                    node = node[key]
                node[path[-1]] = hostile
                write(file, doc)
                found = PackReader().read(file, "dnd5e")
                assert all("\n" not in p and str(file) in p for p in found.problems), (path, hostile)
                for creature in found.creatures:
                    try:
                        creature.block
                    except InvalidInput as exc:
                        assert "\n" not in str(exc)
