"""``gmdesk bestiary`` and ``gmdesk encounter`` as /work's CLI contract ("Bestiary and encounters") and
docs/cli.md write them: the JSON keys, the difficulty words, exit 2 with one line on bad input, and
``--add`` without ``--save`` leaving the campaign byte for byte as it was."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
from pathlib import Path

import pytest

from gmdesk.campaign.bestiary import creature_of, shipped
from gmdesk.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "import"


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    rc = main([str(a) for a in argv], out, err)
    return rc, out.getvalue(), err.getvalue()


def ok_json(*argv):
    rc, out, err = run(*argv, "--json")
    assert rc == 0, err
    return json.loads(out)


def refused(*argv, word: str = ""):
    rc, out, err = run(*argv)
    assert rc == 2 and err.count("\n") == 1 and "Traceback" not in err, (rc, err)
    assert word in err, err
    return err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_bestiary_json_has_the_contracts_keys_and_the_checks_of_gmdesk_checks():
    rows = ok_json("bestiary", "dnd5e", "goblin")
    assert rows[0]["name"] == "Goblin"
    goblin = rows[0]
    assert {"name", "system", "challenge", "xp", "ac", "hp", "checks"} <= set(goblin)
    assert (goblin["system"], goblin["challenge"], goblin["xp"], goblin["ac"], goblin["hp"]) == ("dnd5e", "1/4", 50, 15, 7)
    checks = {c["id"]: c["modifier"] for c in goblin["checks"]}
    assert checks["stealth"] == 6 and checks["dex_save"] == 2 and checks["perception"] == -1
    assert all({"id", "label", "modifier"} <= set(c) for c in goblin["checks"])


def test_bestiary_without_a_query_lists_all_334_and_a_system_without_one_lists_its_packs(tmp_path):
    assert len(ok_json("bestiary", "dnd5e")) == 334
    assert ok_json("bestiary", "cof") == []
    shutil.copy(FIXTURES / "foundry_pf2e_npc.json", tmp_path / "poacher.json")
    (tmp_path / "bad.json").write_text("[", encoding="utf-8")
    rc, out, err = run("bestiary", "pf2", "poacher", "--pack", tmp_path, "--json")
    assert rc == 0 and [r["name"] for r in json.loads(out)] == ["Reedfen Poacher"]
    assert "level" in json.loads(out)[0] and err.count("\n") == 1 and "bad.json" in err


def test_a_pack_file_wrong_only_when_read_whole_is_named_and_skipped(tmp_path):
    """Indexing glances at a Foundry file; the listing reads each block whole (its AC, its checks):
    a file wrong then is named on one line and left out, the others listed."""
    shutil.copy(FIXTURES / "foundry_pf2e_npc.json", tmp_path / "poacher.json")
    doc = json.loads((FIXTURES / "foundry_pf2e_npc.json").read_text(encoding="utf-8"))
    doc.update(name="Reedfen Brute", _id="brute")
    doc["system"]["abilities"]["str"]["mod"] = 99
    (tmp_path / "brute.json").write_text(json.dumps(doc), encoding="utf-8")
    for json_or_not in (["--json"], []):
        rc, out, err = run("bestiary", "pf2", "reedfen", "--pack", tmp_path, *json_or_not)
        assert rc == 0 and "Reedfen Poacher" in out and "Brute" not in out
        assert err.count("\n") == 1 and "brute.json" in err and "str.mod" in err
    from gmdesk.campaign.model import CampaignInfo
    from gmdesk.store import CampaignStore

    campaign = tmp_path / "otari.gmdesk"
    CampaignStore.create(campaign, CampaignInfo("Otari", "pf2")).close()
    before = digest(campaign)
    refused("encounter", campaign, "--add", "Reedfen Brute", "--pack", tmp_path, "--save", word="brute.json")
    assert digest(campaign) == before


def test_bestiary_refusals():
    refused("bestiary", "gurps", word="SYSTEM")
    refused("bestiary", "dnd5e", "--pack", "/nowhere/at/all", word="--pack")


@pytest.fixture
def dnd5e_campaign(tmp_path) -> Path:
    path = tmp_path / "party.gmdesk"
    assert run("new", path, "--system", "dnd5e", "--demo", "--lang", "en")[0] == 0
    return path


def test_encounter_add_without_save_changes_nothing_on_disk(dnd5e_campaign):
    before = digest(dnd5e_campaign)
    report = ok_json("encounter", dnd5e_campaign, "--add", "goblin", "--count", "4", "--add", "Bugbear", "--seed", "1")
    assert digest(dnd5e_campaign) == before
    assert {"system", "party", "creatures", "xp", "budget", "difficulty"} <= set(report)
    assert report["system"] == "dnd5e" and set(report["budget"]) == {"low", "moderate", "high"}
    assert all({"name", "level"} <= set(p) for p in report["party"])
    added = [c for c in report["creatures"] if c.get("challenge") in ("1/4", "1")]
    # The demo's lone "Goblin" counts as the first: the numbering goes on from it.
    assert sorted(c["name"] for c in added) == ["Bugbear", "Goblin 2", "Goblin 3", "Goblin 4", "Goblin 5"]
    assert sum(c["xp"] or 0 for c in report["creatures"]) == report["xp"] == 4 * 50 + 200
    assert report["difficulty"] in ("below low", "low", "moderate", "high")


def test_encounter_save_stores_the_creatures(dnd5e_campaign):
    assert run("encounter", dnd5e_campaign, "--add", "Goblin", "--count", "2", "--save")[0] == 0
    report = ok_json("encounter", dnd5e_campaign)
    assert {"Goblin 2", "Goblin 3"} <= {c["name"] for c in report["creatures"]}  # after the demo's "Goblin"


def test_encounter_difficulty_words_match_the_systems_budget(tmp_path):
    path = tmp_path / "pf2.gmdesk"
    run("new", path, "--system", "pf2", "--demo", "--lang", "en")
    report = ok_json("encounter", path)
    assert list(report["budget"]) == ["trivial", "low", "moderate", "severe", "extreme"]
    assert report["difficulty"] in ("below trivial", "trivial", "low", "moderate", "severe", "extreme", "beyond extreme")
    path = tmp_path / "cof.gmdesk"
    run("new", path, "--system", "cof", "--demo")
    report = ok_json("encounter", path)
    assert report["difficulty"] is None and report["reason"]


def test_encounter_refusals_leave_the_campaign_as_it_was(dnd5e_campaign):
    before = digest(dnd5e_campaign)
    refused("encounter", dnd5e_campaign, "--count", "2", word="--count")
    refused("encounter", dnd5e_campaign, "--add", "Goblin", "--count", "0", word="--count")
    refused("encounter", dnd5e_campaign, "--add", "Goblin", "--count", "2", "--count", "3", word="--count")
    refused("encounter", dnd5e_campaign, "--add", "Tarrasque of the Lake", "--save", word="Tarrasque")
    refused("encounter", dnd5e_campaign, "--save", word="--save")
    assert digest(dnd5e_campaign) == before


def test_the_threat_table_cells_are_the_engines_odds():
    """Each cell is the d20 odds of that modifier against that AC or DC, as `gmdesk odds` gives them."""
    import random

    from gmdesk.campaign.bestiary import new_npcs
    from gmdesk.campaign.demo import demo_campaign
    from gmdesk.campaign.threat import table

    demo = demo_campaign("dnd5e", "en")
    party = [c for c in demo.characters if c.is_pc]
    goblin = creature_of("dnd5e", "Goblin", shipped("dnd5e"))
    npc = new_npcs(goblin, 1, random.Random(1))[0]
    npc.id = 99
    threat = table(party, [npc], save_dcs={99: goblin.save_dcs()})
    for pc in party:
        cell = threat.on_party[99, pc.id]
        assert cell.modifier == 4  # the Scimitar's printed +4
        expected = ok_json("odds", "dnd5e", "--mod", cell.modifier, "--dc", cell.dc, "--attack")["tiers"]
        assert cell.odds.floats() == pytest.approx(expected, abs=0)
        seen = threat.spotting[pc.id, 99]
        assert seen.dc == 10 + 6  # the goblin's passive Stealth
        dice = {"high": ["--advantage"], "low": ["--disadvantage"]}.get(seen.check.mode, [])
        assert seen.odds.floats() == pytest.approx(
            ok_json("odds", "dnd5e", "--mod", seen.modifier, "--dc", seen.dc, *dice)["tiers"], abs=0)


def test_remembered_packs_are_read_and_a_vanished_one_is_named(tmp_path, monkeypatch):
    from gmdesk.data_folder import data_folder
    from gmdesk.store.bestiary_packs import PackList

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    pack = tmp_path / "pack"
    pack.mkdir()
    shutil.copy(FIXTURES / "foundry_pf2e_npc.json", pack / "poacher.json")
    PackList(data_folder()).add(pack)
    PackList(data_folder()).add(tmp_path / "gone")
    rc, out, err = run("bestiary", "pf2", "--json")
    assert rc == 0 and [r["name"] for r in json.loads(out)] == ["Reedfen Poacher"]
    assert err.count("\n") == 1 and "gone" in err


def test_bestiary_and_encounter_answer_in_the_gms_language(dnd5e_campaign):
    """Like every other command, --lang fr: French words and thousands, the creatures' own names;
    --json keeps its English words whatever the language."""
    code, out, err = run("encounter", dnd5e_campaign, "--add", "Adult Red Dragon", "--lang", "fr")
    assert code == 0, err
    assert out.startswith("groupe\u202f: ") and "FP 17, 18\u202f000 PX" in out and "face à" in out
    assert "Élevée" in out and "against" not in out and "level" not in out
    english = run("encounter", dnd5e_campaign, "--add", "Adult Red Dragon", "--lang", "en")[1]
    assert english.startswith("party: ") and "18,000 XP" in english and ": High" in english
    assert ok_json("encounter", dnd5e_campaign, "--lang", "fr") == ok_json("encounter", dnd5e_campaign, "--lang", "en")
    line = run("bestiary", "dnd5e", "adult red", "--lang", "fr")[1].splitlines()[0]
    assert line.startswith("Adult Red Dragon — FP 17 (18\u202f000 PX), CA 19, PV 256")


def test_encounter_reads_the_packs_the_campaign_holds(tmp_path):
    from gmdesk.campaign.model import CampaignInfo
    from gmdesk.store import CampaignStore

    pack = tmp_path / "pack"
    pack.mkdir()
    shutil.copy(FIXTURES / "foundry_pf2e_npc.json", pack / "poacher.json")
    campaign = tmp_path / "otari.gmdesk"
    CampaignStore.create(campaign, CampaignInfo("Otari", "pf2", bestiary_packs=(str(pack),))).close()
    report = ok_json("encounter", campaign, "--add", "Reedfen Poacher", "--count", "2")
    assert sorted(c["name"] for c in report["creatures"]) == ["Reedfen Poacher 1", "Reedfen Poacher 2"]
