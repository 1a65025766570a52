"""Bestiary packs read from the GM's own files (a bad file named and skipped, read again when it
changes, never written), the list of packs remembered, and ×N creatures added to the campaign and
its fight in one transaction."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest

from gmdesk.campaign.bestiary import creature_of, shipped
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, InvalidInput
from gmdesk.store.bestiary import add_to_fight
from gmdesk.store.bestiary_packs import PackList, PackReader
from store_helpers import sha256

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(FIXTURES / "foundry_pf2e_npc.json", folder / "poacher.json")
    shutil.copy(FIXTURES / "pf2_en.txt", folder / "sub" / "goblins.txt")
    (folder / "sub" / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "notes.pdf").write_bytes(b"%PDF")  # not a file a pack reads
    return folder


def test_a_pack_reads_every_good_file_and_names_the_bad_one(pack):
    before = {p: sha256(p) for p in pack.rglob("*") if p.is_file()}
    found = PackReader().read(pack, "pf2")
    assert sorted(c.name for c in found.creatures) == ["Gutter Goblin Scout", "Reedfen Poacher"]
    assert len(found.problems) == 1 and "broken.json" in found.problems[0] and "\n" not in found.problems[0]
    assert all(c.system == "pf2" and c.source == str(pack) for c in found.creatures)
    assert {p: sha256(p) for p in pack.rglob("*") if p.is_file()} == before  # read-only


def test_a_pack_is_read_again_when_a_file_changes(pack):
    reader = PackReader()
    assert len(reader.read(pack, "pf2").creatures) == 2
    doc = json.loads((pack / "poacher.json").read_text(encoding="utf-8"))
    doc["name"] = "Reedfen Warden"
    (pack / "poacher.json").write_text(json.dumps(doc), encoding="utf-8")
    os.utime(pack / "poacher.json", ns=(1, 2_000_000_000_000_000_000))
    (pack / "sub" / "broken.json").unlink()
    again = reader.read(pack, "pf2")
    assert sorted(c.name for c in again.creatures) == ["Gutter Goblin Scout", "Reedfen Warden"]
    assert again.problems == []


def test_the_progress_callback_sees_every_file_and_can_stop(pack):
    seen = []
    PackReader().read(pack, "pf2", lambda done, total: seen.append((done, total)) or True)
    assert seen == [(1, 3), (2, 3), (3, 3)]
    stopped = PackReader().read(pack, "pf2", lambda done, total: False)
    assert stopped.stopped and len(stopped.creatures) <= 1


def test_a_missing_pack_is_refused_in_one_line(tmp_path):
    with pytest.raises(InvalidInput, match="no such file or folder"):
        PackReader().read(tmp_path / "nowhere", "pf2")


def test_packs_are_remembered_per_campaign_and_for_all(tmp_path, pack):
    packs = PackList(tmp_path / "data")
    assert packs.packs(tmp_path / "a.gmdesk") == []
    packs.add(pack, tmp_path / "a.gmdesk")
    packs.add(pack / "sub")  # all campaigns
    again = PackList(tmp_path / "data")
    assert again.packs(tmp_path / "a.gmdesk") == [(pack / "sub").resolve(), pack.resolve()]
    assert again.packs(tmp_path / "b.gmdesk") == [(pack / "sub").resolve()]
    again.remove(pack / "sub")
    assert PackList(tmp_path / "data").packs(tmp_path / "b.gmdesk") == []
    (tmp_path / "data" / "bestiary-packs.json").write_text("[damaged", encoding="utf-8")
    assert PackList(tmp_path / "data").packs(tmp_path / "a.gmdesk") == []


def test_adding_four_goblins_is_one_transaction(tmp_path):
    path = tmp_path / "five.gmdesk"
    goblin = creature_of("dnd5e", "Goblin", shipped("dnd5e"))
    with CampaignStore.create(path, CampaignInfo("Phandalin", "dnd5e")) as store:
        stored, enc, events = add_to_fight(store, goblin, 4, random.Random(5), "rolled")
        assert [c.name for c in stored] == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
        assert [c.name for c in store.characters.list()] == [c.name for c in stored]
        assert sorted(c.character_id for c in store.encounter.get().combatants) == sorted(c.id for c in stored)
        assert {e.kind for e in events} == {"added", "initiative"}
        # The next ones go on numbering; a refused count writes nothing.
        more, _, _ = add_to_fight(store, goblin, 2, random.Random(6))
        assert [c.name for c in more] == ["Goblin 5", "Goblin 6"]
        before = sha256(path)
        with pytest.raises(Exception, match="count"):
            add_to_fight(store, goblin, 0, random.Random(6))
        assert sha256(path) == before and len(store.characters.list()) == 6


def test_a_failure_half_way_leaves_nothing(tmp_path, monkeypatch):
    path = tmp_path / "five.gmdesk"
    goblin = creature_of("dnd5e", "Goblin", shipped("dnd5e"))
    with CampaignStore.create(path, CampaignInfo("Phandalin", "dnd5e")) as store:
        def broken(*args, **kwargs):
            raise RuntimeError("disk gone")

        monkeypatch.setattr(store.encounter, "save", broken)
        with pytest.raises(RuntimeError):
            add_to_fight(store, goblin, 3, random.Random(1))
        assert store.characters.list() == [] and store.encounter.get() is None


def test_a_pipe_in_a_pack_is_skipped_not_waited_for(pack):
    os.mkfifo(pack / "sub" / "waiting.json")
    found = PackReader().read(pack, "pf2")
    assert len(found.creatures) == 2
    assert any("waiting.json" in line and "not a regular file" in line for line in found.problems)
    with pytest.raises(InvalidInput, match="not a file or a folder"):
        PackReader().read(pack / "sub" / "waiting.json", "pf2")


def test_a_pack_read_once_is_read_from_the_cache_next_session(pack, tmp_path, monkeypatch):
    from gmdesk.store import bestiary_cache, bestiary_packs

    cache = tmp_path / "data"
    first = PackReader(cache).read(pack, "pf2")
    files = list((cache / bestiary_cache.FOLDER).iterdir())
    assert len(files) == 1

    def no_reading(*args, **kwargs):
        raise AssertionError("a file read although it did not change")

    monkeypatch.setattr(bestiary_packs, "creatures_in", no_reading)
    monkeypatch.setattr(bestiary_packs, "glanced_in", no_reading)
    again = PackReader(cache).read(pack, "pf2")  # a new session: nothing read but the cache
    assert sorted(c.name for c in again.creatures) == sorted(c.name for c in first.creatures)
    assert again.problems == first.problems
    monkeypatch.undo()
    # The glanced creature's block is still read from its file when it is shown.
    assert [c.block for c in again.creatures] == [c.block for c in first.creatures]
    assert any(c.reader is not None for c in again.creatures)
    # A damaged cache is ignored: the files are read again, the cache written anew.
    files[0].write_text('{"version": 1, "system": "pf2", "files": {"x": [1, 2, [{"name": 3}], null]}}')
    assert sorted(c.name for c in PackReader(cache).read(pack, "pf2").creatures) == sorted(c.name for c in first.creatures)
    assert bestiary_cache.load(files[0], "pf2", lambda *where: None)


def test_indexing_glances_at_a_foundry_file_and_reads_its_block_whole_when_shown(pack, monkeypatch):
    from gmdesk.store import bestiary_packs
    from gmdesk.store.bestiary_packs import creatures_in

    whole = creatures_in(pack / "poacher.json", "pf2", str(pack))[0]

    def no_reading(*args, **kwargs):
        raise AssertionError("a Foundry file read whole at indexing")

    monkeypatch.setattr(bestiary_packs, "creatures_in", no_reading)
    found = PackReader().read(pack / "poacher.json", "pf2")
    monkeypatch.undo()
    glanced = found.creatures[0]
    assert (glanced.name, glanced.hp, glanced.level, glanced.origin) == (whole.name, whole.hp, whole.level, whole.origin)
    assert glanced.block == whole.block and glanced.block.to_dict() == whole.block.to_dict()


def test_a_file_glanced_but_wrong_is_named_when_its_creature_is_shown(tmp_path):
    doc = json.loads((FIXTURES / "foundry_pf2e_npc.json").read_text(encoding="utf-8"))
    doc["system"]["abilities"]["str"]["mod"] = 99  # out of range: only the whole reading sees it
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    found = PackReader().read(bad, "pf2")
    assert found.problems == [] and len(found.creatures) == 1
    with pytest.raises(InvalidInput) as refused:
        found.creatures[0].block
    assert str(bad) in str(refused.value) and "\n" not in str(refused.value) and "abilities.str" in str(refused.value)
    # Changed since it was indexed: named too, not another creature's block.
    doc["system"]["abilities"]["str"]["mod"], doc["name"] = 4, "Someone Else"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(InvalidInput, match="no longer holds"):
        found.creatures[0].block


def test_a_glanced_creature_is_added_to_the_fight_as_read_whole(pack, tmp_path):
    poacher = PackReader().read(pack / "poacher.json", "pf2").creatures[0]
    with CampaignStore.create(tmp_path / "p.gmdesk", CampaignInfo("Otari", "pf2")) as store:
        stored, _, _ = add_to_fight(store, poacher, 2, random.Random(1))
        assert [c.name for c in stored] == ["Reedfen Poacher 1", "Reedfen Poacher 2"]
        assert all(c.sheet.to_dict() == poacher.block.to_dict() and c.max_hp == poacher.hp for c in stored)


def test_a_campaigns_packs_are_kept_in_its_file_and_checked(tmp_path, pack):
    from dataclasses import replace

    from gmdesk.engine.core import RulesError

    path = tmp_path / "otari.gmdesk"
    with CampaignStore.create(path, CampaignInfo("Otari", "pf2")) as store:
        assert "bestiary_packs" not in store.info.to_dict()  # none: written as an older gmdesk wrote it
        store.update_info(replace(store.info, bestiary_packs=(str(pack), str(pack / "sub"), str(pack))))
    with CampaignStore.open(path, read_only=True) as again:
        assert again.info.bestiary_packs == (str(pack), str(pack / "sub"))  # once each, in order
    for bad in (("",), ("a\0b",), ("x" * 5000,), tuple(f"/p{i}" for i in range(101)), (3,)):
        with pytest.raises(RulesError, match="bestiary_packs"):
            CampaignInfo("Otari", "pf2", bestiary_packs=bad)
    with pytest.raises(RulesError):
        CampaignInfo.from_dict({"name": "Otari", "system": "pf2", "bestiary_packs": "/one/path"})


@pytest.mark.parametrize("length", [5, 3 << 20])
def test_a_file_is_read_by_its_size_and_a_pipe_still_whole_within_the_limit(tmp_path, length):
    """``read_limited`` asks for a file's own size (not 2 MiB per file); a pipe has none: it is read
    on, whole when small, refused past the limit, never further."""
    import threading

    from gmdesk.store.sheet_files import MAX_FILE_BYTES, read_limited

    (tmp_path / "small.json").write_text('{"a": 1}', encoding="utf-8")
    assert read_limited(tmp_path / "small.json", "small.json") == '{"a": 1}'
    fifo = tmp_path / "fed.json"
    os.mkfifo(fifo)
    body = b'"' + b"x" * length + b'"'

    def feed():
        with open(fifo, "wb") as f:
            try:
                f.write(body)
            except BrokenPipeError:  # the reader stopped at the limit
                pass

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        if len(body) <= MAX_FILE_BYTES:
            assert read_limited(fifo, "fed.json") == body.decode()
        else:
            with pytest.raises(InvalidInput, match="larger than"):
                read_limited(fifo, "fed.json")
    finally:
        writer.join(timeout=5)
