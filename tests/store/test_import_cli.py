"""Issue 15 §4, §5, §8: ``gmdesk import`` and ``gmdesk checks`` run as the GM and scripts run them, in a
subprocess: a Pathbuilder party, a Foundry 5e party and a page of pasted stat blocks go in, and
``gmdesk checks --json`` shows the numbers the sources print. A refused import is exit 2 and one line,
and leaves the campaign byte for byte as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mount_helpers import read_only_view
from store_helpers import sha256, worker_env

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def gmdesk(*argv: object, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gmdesk", *map(str, argv)], env=worker_env(), capture_output=True,
                          text=True, timeout=120, input=stdin)


def ok(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 0 and not p.stderr, (p.returncode, p.stderr)
    return p.stdout


def refused(p: subprocess.CompletedProcess, *words: str) -> str:
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and p.stderr.count("\n") == 1, p.stderr
    for word in words:
        assert word in p.stderr, (word, p.stderr)
    return p.stderr


def campaign(folder: Path, system: str) -> Path:
    path = folder / f"{system}.gmdesk"
    ok(gmdesk("new", path, "--system", system))
    return path


def checks(path: Path, actor: str) -> dict:
    rows = json.loads(ok(gmdesk("checks", path, "--actor", actor, "--json")))
    assert all({"id", "label"} <= set(r) and ("modifier" in r or "dice" in r) for r in rows)
    return {r["id"]: r.get("modifier", r.get("dice")) for r in rows}


def test_a_pathbuilder_party_and_a_page_of_pf2_blocks_then_their_checks(tmp_path):
    pf2 = campaign(tmp_path, "pf2")
    out = ok(gmdesk("import", pf2, FIXTURES / "pathbuilder_mirela_vosk.json",
                    FIXTURES / "pathbuilder_tobble_quickfoot.json", FIXTURES / "foundry_pf2e_npc.json"))
    assert out == "imported 3 character(s)\n"
    out = ok(gmdesk("import", pf2, "--stat-block", "-", stdin=(FIXTURES / "pf2_en.txt").read_text(encoding="utf-8")))
    assert out == "imported 1 character(s)\n"
    goblin = checks(pf2, "Gutter Goblin Scout")
    assert {k: goblin[k] for k in ("perception", "stealth", "athletics", "fortitude", "reflex", "will", "lore:sewer")} \
        == {"perception": 5, "stealth": 6, "athletics": 2, "fortitude": 5, "reflex": 8, "will": 3, "lore:sewer": 3}
    poacher = checks(pf2, "Reedfen Poacher")
    assert (poacher["perception"], poacher["stealth"], poacher["lore:swamp"], poacher["reflex"]) == (8, 9, 6, 10)
    mirela = checks(pf2, "Mirela Vosk")  # ranks kept, computed with the playtest's proficiency (the default)
    assert (mirela["arcana"], mirela["athletics"], mirela["lore:legal"]) == (10, 3, 10)


def test_a_foundry_5e_party_and_pasted_srd_blocks(tmp_path):
    dnd5e = campaign(tmp_path, "dnd5e")
    ok(gmdesk("import", dnd5e, FIXTURES / "foundry_dnd5e_character.json", FIXTURES / "foundry_dnd5e_npc.json",
              "--stat-block", FIXTURES / "dnd5e_fr.txt"))
    ysolde = checks(dnd5e, "Ysolde Marrow")
    assert {k: ysolde[k] for k in ("str", "cha", "str_save", "con_save", "stealth", "insight", "initiative")} == \
        {"str": 3, "cha": -1, "str_save": 5, "con_save": 4, "stealth": 6, "insight": 2, "initiative": 2}
    assert checks(dnd5e, "Bog Lurker")["dex_save"] == 3
    rodeur = checks(dnd5e, "rôdeur des tourbières")  # the name as typed, letter case aside
    assert (rodeur["dex_save"], rodeur["stealth"], rodeur["survival"], rodeur["str"]) == (4, 6, 1, -1)


def test_anarchy_checks_are_dice_pools(tmp_path):
    anarchy = campaign(tmp_path, "anarchy")
    ok(gmdesk("import", anarchy, FIXTURES / "anarchy_fr.txt"))
    guard = checks(anarchy, "Garde de sécurité corporatiste")
    assert {k: guard[k] for k in ("close_combat", "firearms", "athletics", "intimidation")} == \
        {"close_combat": 8, "firearms": 9, "athletics": 7, "intimidation": 4}
    text = ok(gmdesk("checks", anarchy, "--actor", "Garde de sécurité corporatiste"))
    assert any(line.split()[:3] == ["firearms", "9", "dice"] for line in text.splitlines())


def test_importing_the_same_character_again_updates_it(tmp_path):
    pf2 = campaign(tmp_path, "pf2")
    ok(gmdesk("import", pf2, FIXTURES / "pathbuilder_mirela_vosk.json"))
    out = ok(gmdesk("import", pf2, FIXTURES / "pathbuilder_mirela_vosk.json"))
    assert "updated 1 already in the campaign (same name and same source): Mirela Vosk" in out
    ok(gmdesk("checks", pf2, "--actor", "Mirela Vosk"))  # one Mirela: a twin would make the name ambiguous


def test_a_refused_import_writes_nothing(tmp_path):
    pf2 = campaign(tmp_path, "pf2")
    ok(gmdesk("import", pf2, FIXTURES / "pf2_en.txt"))
    before = sha256(pf2)
    bad = tmp_path / "cut.json"
    bad.write_text((FIXTURES / "pathbuilder_tobble_quickfoot.json").read_text(encoding="utf-8")[:-30], encoding="utf-8")
    # A good file then a bad one: nothing of either is added.
    refused(gmdesk("import", pf2, FIXTURES / "pathbuilder_mirela_vosk.json", bad), "cut.json", "not a JSON")
    refused(gmdesk("import", pf2, FIXTURES / "foundry_dnd5e_npc.json"), "holds dnd5e characters; this campaign is pf2")
    refused(gmdesk("import", pf2, "--stat-block", "-", stdin=(FIXTURES / "dnd5e_en.txt").read_text(encoding="utf-8")),
            "standard input", "(dnd5e); this campaign is pf2")
    refused(gmdesk("import", pf2, tmp_path / "missing.json"), "missing.json")
    refused(gmdesk("import", pf2), "give a file to import")
    refused(gmdesk("checks", pf2, "--actor", "Nobody"), "no character named 'Nobody'")
    assert sha256(pf2) == before


def test_a_read_only_campaign_is_not_touched(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    pf2 = campaign(folder, "pf2")
    before = sha256(pf2)
    with read_only_view(folder, tmp_path / "ro") as ro:
        refused(gmdesk("import", ro / pf2.name, FIXTURES / "pf2_en.txt"), "read-only")
        assert sha256(ro / pf2.name) == before
