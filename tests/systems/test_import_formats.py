"""Issue 15 §2, §3, §5, §6: every format gmdesk imports, read from small invented fixtures that follow
the formats' public descriptions (tests/fixtures/import), checked through the numbers a script reads
(``gmdesk checks``' rows: ``checks_of``) — the numbers the sources print."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.importing import character
from gmdesk.cli.characters import checks_of
from gmdesk.store.import_files import read_import

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def imported(name: str, system: str) -> list:
    return read_import(FIXTURES / name, system)


def numbers(found, system: str, house_rules: HouseRules | None = None) -> dict[str, dict[str, int]]:
    """{character name: {check id: modifier or dice}} as ``gmdesk checks --json`` lists them."""
    out = {}
    for item in found:
        rows = checks_of(character(item, system), house_rules or HouseRules())
        out[item.name] = {r["id"]: r.get("modifier", r.get("dice")) for r in rows}
    return out


def expect(got: dict[str, int], **wanted: int) -> None:
    assert {k: got.get(k) for k in wanted} == wanted


# -- files -----------------------------------------------------------------------------------------------

def test_pathbuilder_keeps_ranks_and_abilities_and_release_rules_give_the_printed_numbers():
    (mirela,) = imported("pathbuilder_mirela_vosk.json", "pf2")
    assert (mirela.name, mirela.kind, mirela.sheet.level) == ("Mirela Vosk", "pc", 5)
    assert mirela.sheet.abilities == {"str": 10, "dex": 16, "con": 12, "int": 18, "wis": 14, "cha": 10}
    assert mirela.max_hp == 53
    # Pathbuilder's 0/2/4/6/8 are untrained…legendary; its lores become lore skills.
    release = numbers([mirela], "pf2", HouseRules(pf2_proficiency="release"))["Mirela Vosk"]
    expect(release, perception=12,  # 11 + the +1 item bonus Pathbuilder lists under "mods"
           fortitude=8, reflex=12, will=11, acrobatics=10, arcana=13, athletics=0, crafting=11, deception=7,
           diplomacy=7, intimidation=0, medicine=9, nature=2, occultism=11, performance=0, religion=9,
           stealth=10, survival=2, thievery=10, **{"lore:legal": 13, "lore:underworld": 11})
    # The campaign's rules by default: the playtest's (untrained level − 2, trained level + 0, expert + 1).
    playtest = numbers([mirela], "pf2")["Mirela Vosk"]
    expect(playtest, perception=9, athletics=3, arcana=10, fortitude=6, reflex=9, will=8,
           **{"lore:legal": 10})


def test_pathbuilder_without_lores():
    (tobble,) = imported("pathbuilder_tobble_quickfoot.json", "pf2")
    assert (tobble.name, tobble.sheet.level, tobble.max_hp) == ("Tobble Quickfoot", 1, 15)
    got = numbers([tobble], "pf2", HouseRules(pf2_proficiency="release"))["Tobble Quickfoot"]
    expect(got, perception=6, fortitude=4, reflex=9, will=6, acrobatics=7, athletics=3, deception=3, diplomacy=3,
           stealth=7, survival=4, thievery=7, arcana=1, crafting=1, intimidation=0, medicine=1, nature=1,
           occultism=1, performance=0, religion=1)
    assert not [k for k in got if k.startswith("lore:")]


def test_foundry_dnd5e_character():
    (ysolde,) = imported("foundry_dnd5e_character.json", "dnd5e")
    assert (ysolde.name, ysolde.kind, ysolde.sheet.level, ysolde.max_hp) == ("Ysolde Marrow", "pc", 4, 35)
    got = numbers([ysolde], "dnd5e")["Ysolde Marrow"]
    expect(got, str=3, dex=2, con=2, int=0, wis=1, cha=-1,
           str_save=5, dex_save=2, con_save=4, int_save=0, wis_save=1, cha_save=-1,
           athletics=5, perception=3, stealth=6, insight=2, acrobatics=2, animal_handling=1, arcana=0,
           deception=-1, history=0, intimidation=-1, investigation=0, medicine=1, nature=0, performance=-1,
           persuasion=-1, religion=0, sleight_of_hand=2, survival=1, initiative=2)


def test_foundry_dnd5e_npc():
    (lurker,) = imported("foundry_dnd5e_npc.json", "dnd5e")
    assert (lurker.name, lurker.kind, lurker.max_hp) == ("Bog Lurker", "npc", 22)
    got = numbers([lurker], "dnd5e")["Bog Lurker"]
    expect(got, dex_save=3, str_save=2, con_save=1, int_save=-3, wis_save=1, cha_save=-2,
           perception=3, stealth=5, athletics=2, initiative=1)
    assert got["weapon:bite"] == 4


@pytest.mark.parametrize("name", ["foundry_pf2e_npc.json", "foundry_pf2e_npc_old.json"])
def test_foundry_pf2e_npc_in_both_schemas_is_a_stat_block_of_printed_numbers(name):
    (poacher,) = imported(name, "pf2")
    assert poacher.name == "Reedfen Poacher" and poacher.sheet.level == 2 and poacher.max_hp == 30
    got = numbers([poacher], "pf2", HouseRules(pf2_proficiency="release"))["Reedfen Poacher"]
    # Printed numbers: the proficiency option changes nothing on a stat block.
    assert got == numbers([poacher], "pf2")["Reedfen Poacher"]
    expect(got, perception=8, initiative=8, fortitude=7, reflex=10, will=6, athletics=6, nature=6, stealth=9,
           survival=8, acrobatics=4, arcana=0, deception=-1, medicine=2, thievery=4,
           **{"lore:swamp": 6, "weapon:hatchet": 9, "weapon:shortbow": 11})


# -- pasted stat blocks, as the books print them (PDF artefacts included) ------------------------------------

def test_dnd5e_srd_blocks_in_english_and_french_give_the_same_numbers():
    en = numbers(imported("dnd5e_en.txt", "dnd5e"), "dnd5e")
    fr = numbers(imported("dnd5e_fr.txt", "dnd5e"), "dnd5e")
    assert list(en) == ["Fen Skulker", "Brine Hound"]
    assert list(fr) == ["Rôdeur des tourbières", "Chien de la saumure"]
    for got in (en["Fen Skulker"], fr["Rôdeur des tourbières"]):
        expect(got, str=-1, dex=2, con=1, int=-1, wis=-1, cha=-2, dex_save=4, str_save=-1, stealth=6, survival=1,
               perception=-1, initiative=2)
    for got in (en["Brine Hound"], fr["Chien de la saumure"]):
        expect(got, str=2, dex=1, con=1, int=-4, wis=1, cha=-2, perception=3, stealth=3, initiative=1)
    skulker = imported("dnd5e_en.txt", "dnd5e")[0]
    assert (skulker.max_hp, skulker.sheet.numbers["ac"]) == (9, 15)


def test_dnd5e_2024_block_reads_its_save_column_and_printed_initiative():
    got = numbers(imported("dnd5e_2024_en.txt", "dnd5e"), "dnd5e")["Marsh Hag's Thrall"]
    expect(got, dex_save=5, str_save=0, cha_save=2, deception=4, stealth=5, initiative=3)


def test_pf2_blocks_in_english_and_french():
    en = numbers(imported("pf2_en.txt", "pf2"), "pf2")["Gutter Goblin Scout"]
    expect(en, perception=5, initiative=5, acrobatics=6, athletics=2, stealth=6, thievery=6, fortitude=5,
           reflex=8, will=3, **{"lore:sewer": 3})
    fr = numbers(imported("pf2_fr.txt", "pf2"), "pf2")["Éclaireur gobelin des caniveaux"]
    # "Vol" is Thievery on the skills line and Will on the AC line.
    expect(fr, perception=5, acrobatics=6, athletics=2, stealth=6, thievery=6, fortitude=5, reflex=8, will=3)
    assert [v for k, v in fr.items() if k.startswith("lore:")] == [3]


def test_dnd35_blocks_in_english_and_french():
    (en,) = imported("dnd35_en.txt", "dnd35")
    (fr,) = imported("dnd35_fr.txt", "dnd35")
    assert en.max_hp == fr.max_hp == 5
    for got in numbers([en, fr], "dnd35").values():
        expect(got, hide=5, listen=2, spot=2, fortitude=3, reflex=1, will=0, initiative=1, str=1, int=-1)
        assert sorted(v for k, v in got.items() if k.startswith("weapon:")) == [-3, 2]


def test_cof_blocks_two_on_a_page():
    got = numbers(imported("cof_fr.txt", "cof"), "cof")
    assert list(got) == ["Gobelours des tourbières", "Rat géant des égouts"]
    expect(got["Gobelours des tourbières"], str=3, dex=1, con=2, int=-1, wis=1, cha=-2,
           **{"weapon:morgenstern": 5, "weapon:javeline": 3})
    expect(got["Rat géant des égouts"], str=-1, dex=2, int=-4, cha=-3, **{"weapon:morsure": 2})


def test_anarchy_cards_in_english_and_french_give_the_printed_pools():
    en = numbers(imported("anarchy_en.txt", "anarchy"), "anarchy")["Corporate Security Guard"]
    fr = numbers(imported("anarchy_fr.txt", "anarchy"), "anarchy")["Garde de sécurité corporatiste"]
    for got in (en, fr):
        expect(got, close_combat=8, firearms=9, athletics=7, intimidation=4)


def test_the_preview_says_what_was_not_recognised():
    text = ("FEN SKULKER\nSmall humanoid\nArmor Class 15\nHit Points 9 (2d6 + 2)\n"
            "STR 8 (-1) DEX 15 (+2) CON 12 (+1) INT 9 (-1) WIS 8 (-1) CHA 7 (-2)\n"
            "Skills Stealth +6\nChallenge 1/4 (50 XP)\nThe moon is a wheel of cheese.\n")
    (block,) = read_import(_stream(text), "dnd5e", "paste", text=True)
    assert any("wheel of cheese" in line for line in block.unrecognised)
    labels = [label.en for label, _ in block.recognised]
    assert "Abilities" in labels
    value = dict((label.en, v) for label, v in block.recognised)["Abilities"]
    assert value.text("fr").startswith("FOR 8")  # shown in the GM's language


def _stream(text: str):
    import io

    return io.BytesIO(text.encode("utf-8"))
