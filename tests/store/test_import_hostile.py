"""Issue 15 §3, §8: every file and paste an import cannot use is refused whole with one clear line
(``InvalidInput`` naming the file), quickly and without reading past the size limit; nothing is
written. Markup and formulas in names stay text; control characters do not reach a name."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gmdesk.campaign.importing import plan_import
from gmdesk.store import InvalidInput
from gmdesk.store.import_files import read_import
from gmdesk.store.sheet_files import MAX_FILE_BYTES
from gmdesk.systems.kit.statblock_text import MAX_BLOCKS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
TEXTS = {"pf2": ["pf2_en.txt", "pf2_fr.txt"], "dnd5e": ["dnd5e_en.txt", "dnd5e_fr.txt", "dnd5e_2024_en.txt"],
         "dnd35": ["dnd35_en.txt", "dnd35_fr.txt"], "cof": ["cof_fr.txt"], "anarchy": ["anarchy_en.txt", "anarchy_fr.txt"]}
FILES = {"pathbuilder_mirela_vosk.json": "pf2", "foundry_pf2e_npc.json": "pf2", "foundry_pf2e_npc_old.json": "pf2",
         "foundry_dnd5e_character.json": "dnd5e", "foundry_dnd5e_npc.json": "dnd5e"}


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def refused(data: str | bytes, system: str = "pf2", text: bool | None = None) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with pytest.raises(InvalidInput) as caught:
        read_import(io.BytesIO(raw), system, "bad.json", text=text)
    line = str(caught.value)
    assert "\n" not in line and line.startswith("bad.json: ") and "Traceback" not in line
    return line


def pathbuilder(**build) -> str:
    doc = json.loads(fixture("pathbuilder_tobble_quickfoot.json"))
    doc["build"].update(build)
    return json.dumps(doc)


def foundry_npc(change) -> str:
    doc = json.loads(fixture("foundry_dnd5e_npc.json"))
    change(doc)
    return json.dumps(doc)


def test_a_huge_file_is_refused_without_reading_it_whole():
    class Endless(io.RawIOBase):
        """Gigabytes of '[' if read to the end: the limit must stop reading first."""

        def __init__(self):
            self.given = 0

        def read(self, n=-1):
            n = MAX_FILE_BYTES * 10 if n is None or n < 0 else n
            self.given += n
            return b"[" * n

    src = Endless()
    with pytest.raises(InvalidInput, match="larger than 2 MiB"):
        read_import(src, "pf2", "huge.json")
    assert src.given <= MAX_FILE_BYTES + 1
    assert "larger than" in refused(("Perception +5\n" * 200_000))  # a huge paste too


@pytest.mark.parametrize("data, says", [
    (b"", "nothing pasted"),
    (b"\x00\x01\xff\xfe" * 100, "not UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ('{"build":' * 40 + "1" + "}" * 40, "nested more than"),
    ("[1, 2, 3]", "not a file gmdesk imports"),
    ('{"success": true, "build": []}', "not a file gmdesk imports"),
    ('{"success": false}', '"success": false'),
    ('{"success": false, "build": {}}', '"success": false'),
    ("Once upon a time there was a goblin.\n", "no Pathfinder 2 stat block found"),
])
def test_files_that_are_not_characters(data, says):
    assert says in refused(data)


def test_a_cut_off_export_names_where_it_stops():
    assert "not a JSON" in refused(fixture("pathbuilder_mirela_vosk.json")[:-40])


@pytest.mark.parametrize("build, says", [
    ({"level": "abc"}, "build.level: must be a whole number"),
    ({"level": 10 ** 30}, "build.level: must be between 1 and 25"),
    ({"level": float("nan")}, "build.level: must be a whole number"),
    ({"abilities": {"str": 999, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}}, "build.abilities.str"),
    ({"name": "N" * 100_000}, "build.name: 100,000 characters"),
    ({"name": ""}, "build.name: a character needs a name"),
    ({"name": 12}, "build.name: must be text"),
    ({"proficiencies": {"perception": "lots"}}, "build.proficiencies.perception"),
    ({"lores": [["lore", 2]] * 5000}, "build.lores: 5,000 entries"),
])
def test_malformed_pathbuilder_fields_are_named(build, says):
    assert says in refused(pathbuilder(**build))


@pytest.mark.parametrize("change, says", [
    (lambda d: d["system"]["abilities"]["str"].update(value="=1+2"), "system.abilities.str.value"),
    (lambda d: d["system"]["details"].update(cr="lots"), "system.details.cr"),
    (lambda d: d.update(system=None), "not a file gmdesk imports"),
    (lambda d: d["_stats"].update(systemId="wfrp4e"), "Foundry VTT actor of the 'wfrp4e' system"),
], ids=["formula-as-score", "bad-cr", "no-system", "unknown-system"])
def test_malformed_foundry_actors_are_named(change, says):
    assert says in refused(foundry_npc(change), "dnd5e")


@pytest.mark.parametrize("name, own", sorted(FILES.items()))
def test_a_file_of_another_system_says_whose_it_is(name, own):
    for system in ("pf2", "dnd5e", "dnd35", "cof", "anarchy"):
        if system != own:
            line = refused(fixture(name), system)
            assert f"holds {own} characters; this campaign is {system}" in line


@pytest.mark.parametrize("own, name", [(s, n) for s, names in TEXTS.items() for n in names])
def test_a_paste_of_another_system_is_refused_not_half_read(own, name):
    for system in TEXTS:
        if system != own:
            line = refused(fixture(name), system, text=True)
            assert "stat block" in line or "profile" in line or "card" in line


def test_too_many_blocks_are_refused_whole_not_cut():
    page = "\n".join([fixture("dnd5e_en.txt")] * (MAX_BLOCKS // 2 + 1))
    assert f"a paste holds at most {MAX_BLOCKS}" in refused(page, "dnd5e", text=True)
    page = "\n".join([fixture("dnd5e_en.txt")] * (MAX_BLOCKS // 2))
    assert len(read_import(io.BytesIO(page.encode()), "dnd5e", "page", text=True)) == MAX_BLOCKS


def test_blocks_copied_without_a_blank_line_between_are_all_found():
    page = fixture("dnd5e_en.txt") * 3
    names = [c.name for c in read_import(io.BytesIO(page.encode()), "dnd5e", "page", text=True)]
    assert names == ["Fen Skulker", "Brine Hound"] * 3


def test_a_number_past_the_sheet_limits_is_refused():
    text = "GOBLIN CREATURE 0\nPerception +99999999999999999999\nAC 16; Fort +5, Ref +7, Will +3\nHP 6\n"
    assert "must be at most" in refused(text, "pf2", text=True)


def test_markup_and_formulas_stay_text_and_control_characters_go():
    for name in ("<img src=x> <b>Evil</b>", '=HYPERLINK("http://x","a")', "@SUM(A1)"):
        (found,) = read_import(io.BytesIO(pathbuilder(name=name).encode()), "pf2", "pb.json")
        assert found.name == name
    (found,) = read_import(io.BytesIO(pathbuilder(name="Bad\x00\x1b[31mName\u202e\u200f").encode()), "pf2", "pb.json")
    assert found.name == "Bad [31mName"
    text = "<script>alert(1)</script>\nCREATURE 1\nPerception +5\nAC 16; Fort +5, Ref +7, Will +3\nHP 6\n"
    (block,) = read_import(io.BytesIO(text.encode()), "pf2", "paste", text=True)
    assert block.name == "<script>alert(1)</script>" and block.sheet.checks["perception"] == 5


def test_importing_again_updates_instead_of_adding_a_twin(store):
    first = read_import(FIXTURES / "pathbuilder_mirela_vosk.json", "pf2")
    plan = plan_import(first, store.characters.list(), "pf2")
    added = store.characters.add_and_update(plan.add, [])
    before = store.characters.count()
    again = read_import(FIXTURES / "pathbuilder_mirela_vosk.json", "pf2")
    again[0].sheet.level = 6
    plan = plan_import(again, store.characters.list(), "pf2")
    assert not plan.add and [old.id for old, _ in plan.update] == [added[0].id]
    store.characters.add_and_update(plan.add, [new for _, new in plan.update])
    assert store.characters.count() == before
    assert store.characters.get(added[0].id).sheet.level == 6
    # The GM may still ask for a second one.
    assert len(plan_import(again, store.characters.list(), "pf2", update_twins=False).add) == 1
