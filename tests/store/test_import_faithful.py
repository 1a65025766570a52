"""Issue 22 §4, §5, §6, §8: an import brings in what the file says, or refuses it with one line.

Files mutated here from the fixtures (tests/fixtures/import) as an export, an edit or a bug would
leave them: a value left out (null, or no key) is filled in *and said* (``Imported.assumed``, which the
preview and ``gmdesk import`` show: "CR missing, level 1 used"); a value no sheet can hold as written
(negative HP, a negative CR, NaN, a name too long) is refused, never cut to fit. The same character
twice in one import is one character, as across imports; the CLI's count is what was added and updated.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gmdesk.campaign.importing import plan_import
from gmdesk.store import InvalidInput
from gmdesk.store.import_files import read_import

from store_helpers import sha256, worker_env

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def mutated(name: str, path: str, value=None, delete: bool = False, raw: str | None = None) -> bytes:
    """The fixture ``name`` with the field at ``path`` (dotted, list indexes as numbers) set to
    ``value``, deleted, or written as the raw JSON text ``raw`` (NaN, Infinity, 1e400)."""
    doc = fixture(name)
    *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
    node = doc
    for key in parents:
        node = node[key]
    if delete:
        del node[last]
    else:
        node[last] = "@@raw@@" if raw is not None else value
    return json.dumps(doc).replace('"@@raw@@"', raw or "null").encode()


def read(data: bytes, system: str, text: bool | None = None):
    return read_import(io.BytesIO(data), system, "mutated.json", text=text)


def refused(data: bytes, system: str, text: bool | None = None) -> str:
    with pytest.raises(InvalidInput) as caught:
        read(data, system, text)
    line = str(caught.value)
    assert "\n" not in line and line.startswith("mutated.json: "), line
    return line


PB, PB2, DND_NPC, DND_PC, PF2E = ("pathbuilder_tobble_quickfoot.json", "pathbuilder_mirela_vosk.json",
                                  "foundry_dnd5e_npc.json", "foundry_dnd5e_character.json", "foundry_pf2e_npc.json")

# (fixture, system, field, its new value or "delete", what the preview and the CLI say, what the sheet holds)
FILLED_IN = [
    (PB, "pf2", "build.proficiencies.fortitude", None, "Fortitude missing, untrained used",
     lambda c: c.sheet.saves["fortitude"] == "untrained"),
    (PB, "pf2", "build.proficiencies.perception", "delete", "Perception missing, untrained used",
     lambda c: c.sheet.perception == "untrained"),
    (PB, "pf2", "build.proficiencies.stealth", None, "Stealth missing, untrained used",
     lambda c: "stealth" not in c.sheet.skills),
    (PB2, "pf2", "build.lores.0.1", None, "Lore (legal) missing, untrained used", lambda c: True),
    (PB, "pf2", "build.attributes.classhp", None, "Class HP missing, 0 used", lambda c: True),
    (PB, "pf2", "build.acTotal.acItemBonus", "delete", "AC item bonus missing, +0 used",
     lambda c: c.sheet.armor_ac_bonus == 0),
    (PB2, "pf2", "build.weapons.0.attack", None, "attack total matching STR or DEX missing, STR used",
     lambda c: c.sheet.attacks[0].ability == "str"),
    (DND_NPC, "dnd5e", "system.details.cr", None, "CR missing, level 1 used", lambda c: c.sheet.level == 1),
    (DND_NPC, "dnd5e", "system.details.cr", "delete", "CR missing, level 1 used", lambda c: c.sheet.level == 1),
    (DND_NPC, "dnd5e", "system.abilities.dex.proficient", None, "DEX save proficiency missing, none used",
     lambda c: "dex" not in c.sheet.save_proficiencies),
    (DND_PC, "dnd5e", "system.skills.ste.value", "delete", "Stealth missing, no proficiency used",
     lambda c: "stealth" not in c.sheet.skill_proficiencies),
    (DND_PC, "dnd5e", "items.0.system.levels", None, "Fighter levels missing, 1 used",
     lambda c: c.sheet.level == 1 + 1),  # and the Rogue's level
    (PF2E, "pf2", "system.abilities.str.mod", None, "Str modifier missing, +0 used",
     lambda c: c.sheet.abilities["str"] == 0),
    (PF2E, "pf2", "system.attributes.hp.max", "delete", "HP missing, 0 used", lambda c: c.max_hp == 0),
    (PF2E, "pf2", "system.skills.stealth.base", None, "Stealth missing, its attribute modifier used",
     lambda c: "skill:stealth" not in c.sheet.checks),
    (PF2E, "pf2", "items.0.system.bonus.value", None, "no usable number, left out", lambda c: True),
    (DND_NPC, "dnd5e", "system.attributes.hp", "delete", "HP missing, 0 used", lambda c: c.max_hp == 0),
    (DND_PC, "dnd5e", "system.attributes.ac.calc", "custom", "AC formula 'custom' not computed, 10 + DEX used",
     lambda c: c.sheet.ac == 10 + (c.sheet.abilities["dex"] - 10) // 2 + 2),  # and the shield
]


@pytest.mark.parametrize("name, system, path, how, says, holds", FILLED_IN,
                         ids=[f"{f[0].split('_')[0]}:{f[2]}={f[3]}" for f in FILLED_IN])
def test_a_value_left_out_is_filled_in_and_said(name, system, path, how, says, holds):
    (untouched,) = read((FIXTURES / name).read_bytes(), system)
    assert untouched.assumed == []  # a whole file: nothing to say
    (found,) = read(mutated(name, path, how, delete=how == "delete"), system)
    said = [w.en for w in found.assumed]
    assert any(says in line for line in said), said
    assert all(w.fr and w.fr != w.en for w in found.assumed)  # said in French too
    assert holds(plan_import([found], [], system).add[0])


@pytest.mark.parametrize("name, system, path, value, says", [
    (DND_NPC, "dnd5e", "system.details.cr", -15, "system.details.cr: a challenge rating from 0 to 30"),
    (DND_NPC, "dnd5e", "system.attributes.hp.max", -7, "system.attributes.hp.max: must be between 0"),
    (PB, "pf2", "build.attributes.ancestryhp", -15, "build.attributes.ancestryhp: must be between 0"),
    (PB, "pf2", "build.attributes.bonushp", -1000, "hit points from 0 to 100,000, computed"),
    (PB, "pf2", "build.acTotal.acItemBonus", -15, "build.acTotal.acItemBonus: must be between 0 and 5"),
    (PB2, "pf2", "build.mods.Perception.Item Bonus", -15, "build.mods.Perception.Item Bonus: must be between 0 and 5"),
    (PF2E, "pf2", "system.attributes.ac.value", -15, "system.attributes.ac.value: must be between 0"),
    (DND_PC, "dnd5e", "system.attributes.hp.bonuses.level", 1.5, "hp.bonuses.level: must be a whole number"),
])
def test_a_value_no_sheet_holds_as_written_is_refused_not_cut(name, system, path, value, says):
    assert says in refused(mutated(name, path, value), system)


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity", "1e400"])
@pytest.mark.parametrize("name, path", [(DND_NPC, "system.details.cr"), (DND_PC, "system.attributes.hp.bonuses.level")])
def test_nan_and_infinity_are_one_line_naming_the_field(raw, name, path):
    line = refused(mutated(name, path, raw=raw), "dnd5e")
    assert path in line and raw[:8] in line, line


def test_a_sheets_file_of_another_system_is_refused_whatever_its_characters_say():
    demo = io.StringIO()
    from gmdesk.campaign.demo import demo_campaign
    from gmdesk.store.sheet_files import export_characters

    export_characters(demo_campaign("pf2", "en").characters[:2], demo)
    doc = json.loads(demo.getvalue())
    assert len(read(json.dumps(doc).encode(), "pf2")) == 2
    doc["system"] = "dnd5e"
    assert "a sheets file of 'dnd5e' characters, this campaign is pf2" in refused(json.dumps(doc).encode(), "pf2")
    doc["system"], doc["characters"][0]["name"] = "pf2", "N" * 134
    assert "a name of 134 characters; at most 100" in refused(json.dumps(doc).encode(), "pf2")


def block(text: str, old: str, new: str) -> bytes:
    assert old in text
    return text.replace(old, new).encode()


def test_a_pasted_block_says_what_it_did_not_print_and_refuses_what_it_printed_wrong():
    skulker = (FIXTURES / "dnd5e_en.txt").read_text(encoding="utf-8").split("\n\n")[0]
    assert "sheet.numbers.ac" in refused(block(skulker, "Armor Class 15", "Armor Class -15"), "dnd5e", True)
    assert "max_hp: must be at least 0, got -7" in refused(block(skulker, "Hit Points 9 (2d6 + 2)", "Hit Points -7"),
                                                           "dnd5e", True)
    (found,) = read(block(skulker, "Armor Class 15 (leather armor, shield)\n", ""), "dnd5e", True)
    assert [w.en for w in found.assumed] == ["AC missing, 10 used"]
    goblin = (FIXTURES / "pf2_en.txt").read_text(encoding="utf-8")
    assert "sheet.numbers.ac" in refused(block(goblin, "AC 16", "AC -15"), "pf2", True)
    assert "max_hp: must be at least 0, got -7" in refused(block(goblin, "HP\u00a014", "HP -7"), "pf2", True)
    ogre = (FIXTURES / "cof_fr.txt").read_text(encoding="utf-8")
    assert "sheet.level: must be at most 40, got 50" in refused(block(ogre, "NC 2,", "NC 50,"), "cof", True)  # not 40
    long_name = "Goblin " + "x" * 127
    assert "a name of 134 characters" in refused(block(skulker, "FEN SKULKER", long_name), "dnd5e", True)


def test_the_same_character_twice_in_one_import_is_one():
    mirela = (FIXTURES / "pathbuilder_mirela_vosk.json").read_bytes()
    found = read(mirela, "pf2") + read(mirela, "pf2")
    found[1].sheet.level = 6  # the later one read wins, as a later import would
    plan = plan_import(found, [], "pf2")
    assert [c.name for c in plan.add] == ["Mirela Vosk"] and plan.add[0].sheet.level == 6
    assert [i.name for i in plan.left_out] == ["Mirela Vosk"] and not plan.update
    page = (FIXTURES / "pf2_en.txt").read_text(encoding="utf-8")
    twice = read((page + "\n" + page).encode(), "pf2", True)
    assert len(twice) == 2 and len(plan_import(twice, [], "pf2").add) == 1


def gmdesk(*argv: object, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gmdesk", *map(str, argv)], env=worker_env(), capture_output=True,
                          text=True, timeout=120, input=stdin)


def test_the_cli_counts_what_it_added_and_updated_and_names_what_it_left_out(tmp_path):
    campaign = tmp_path / "c.gmdesk"
    assert gmdesk("new", campaign, "--system", "dnd5e").returncode == 0
    npc = tmp_path / "lurker.json"
    npc.write_bytes(mutated(DND_NPC, "system.details.cr", delete=True))
    again = tmp_path / "copy.json"
    again.write_bytes(npc.read_bytes())
    done = gmdesk("import", campaign, npc, npc, FIXTURES / DND_PC)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert done.stdout.splitlines() == ["imported 2 character(s)", "Bog Lurker: CR missing, level 1 used",
                                        f"{npc}: named twice, read once"]
    done = gmdesk("import", campaign, npc, again, FIXTURES / DND_PC, "--stat-block", FIXTURES / "dnd5e_en.txt")
    assert done.stdout.splitlines()[:3] == [
        "imported 4 character(s): 2 added, 2 updated",
        "updated 2 already in the campaign (same name and same source): Bog Lurker, Ysolde Marrow",
        "left out 1 given again in this import (the last one read is used): Bog Lurker"], done.stdout
    assert gmdesk("checks", campaign, "--actor", "Bog Lurker").returncode == 0  # one Bog Lurker, no twin
    before = sha256(campaign)
    nan = tmp_path / "nan.json"
    nan.write_bytes(mutated(DND_NPC, "system.details.cr", raw="NaN"))
    done = gmdesk("import", campaign, FIXTURES / DND_PC, nan)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"{nan}: system.details.cr: must be a number" in done.stderr
    assert sha256(campaign) == before
