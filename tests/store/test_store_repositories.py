"""Characters of every system, scenes and prepared checks, the encounter, the campaign info:
stored, read back equal, reordered, duplicated, deleted, each change committed at once."""

from __future__ import annotations

import copy
import sqlite3
from pathlib import Path

import pytest

from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.model import CampaignInfo, Character, ConditionState, PreparedCheck, Scene
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.campaign.sheets import new_sheet
from gmdesk.engine.core import RulesError
from gmdesk.store import CampaignStore, InvalidInput
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()


def without_id(d: dict) -> dict:
    return {k: v for k, v in d.items() if k != "id"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_sheet_kind_round_trips(tmp_path: Path, system: str) -> None:
    demo = demo_campaign(system, "en")
    blank_pc = Character(None, "Blank", "pc", system, new_sheet(system))
    party = [*copy.deepcopy(demo.characters), blank_pc]
    assert {c.kind for c in party} == {"pc", "npc"}
    path = tmp_path / f"{system}.gmdesk"
    with CampaignStore.create(path, demo.info) as s:
        added = s.characters.add_many(party)
        assert [c.id for c in added] == list(range(1, len(party) + 1))
    with CampaignStore.open(path) as s:  # read back from the file, not from a cache
        got = s.characters.list()
        assert [without_id(c.to_dict()) for c in got] == [without_id(c.to_dict()) for c in party]
        assert [c.name for c in s.characters.list("npc")] == [c.name for c in party if c.kind == "npc"]
        assert s.characters.count("pc") == sum(c.kind == "pc" for c in party)
        assert s.info.to_dict() == demo.info.to_dict()


def test_character_edits(store: CampaignStore) -> None:
    a, b, c = store.characters.add_many(
        [Character(None, n, "pc", "pf2", new_sheet("pf2")) for n in ("Amiri", "Kyra", "Seelah")]
    )
    a.notes = "barbarian"
    a.max_hp = 22
    assert store.characters.update(a).to_dict() == a.to_dict()
    store.characters.reorder([c.id, a.id, b.id])
    assert [x.name for x in store.characters.list()] == ["Seelah", "Amiri", "Kyra"]
    store.characters.reorder([b.id, a.id])  # a subset keeps the places it held
    assert [x.name for x in store.characters.list()] == ["Seelah", "Kyra", "Amiri"]
    dup = store.characters.duplicate(c.id)
    assert dup.name == "Seelah (2)" and dup.id not in (a.id, b.id, c.id)
    assert without_id(dup.to_dict()) == {**without_id(c.to_dict()), "name": "Seelah (2)"}
    assert store.characters.duplicate(dup.id).name == "Seelah (3)"
    assert [x.name for x in store.characters.list()] == ["Seelah", "Seelah (2)", "Seelah (3)", "Kyra", "Amiri"]
    store.characters.delete(b.id)
    with pytest.raises(KeyError):
        store.characters.get(b.id)
    with pytest.raises(KeyError):
        store.characters.delete(b.id)
    with pytest.raises(InvalidInput):
        store.characters.reorder([a.id, a.id])
    with pytest.raises(InvalidInput):
        store.characters.reorder([999])


def test_bad_characters_refused(store: CampaignStore) -> None:
    with pytest.raises(InvalidInput) as err:
        store.characters.add(Character(None, "Elf", "pc", "dnd5e", new_sheet("dnd5e")))
    assert err.value.field == "system"
    good = store.characters.add(Character(None, "Ok", "pc", "pf2", new_sheet("pf2")))
    good.max_hp = -5  # mutated into an invalid state after construction
    with pytest.raises(RulesError):
        store.characters.update(good)
    assert store.characters.get(good.id).max_hp == 0
    with pytest.raises(InvalidInput):
        store.characters.update(Character(None, "New", "pc", "pf2", new_sheet("pf2")))
    # A batch with one bad sheet stores none of it.
    with pytest.raises(InvalidInput):
        store.characters.add_many([Character(None, "A", "pc", "pf2", new_sheet("pf2")),
                                   Character(None, "B", "pc", "cof", new_sheet("cof"))])
    assert store.characters.count() == 1


def test_scenes_and_prepared_checks(store: CampaignStore) -> None:
    stealth = PreparedCheck(None, "Sneak past", CheckRef("skill", "stealth"), dc=20)
    perception = PreparedCheck(None, "Spot the trap", CheckRef("perception"), dc=18, secret=True)
    scene = store.scenes.add(Scene(None, "The gate", 0, [stealth, perception]))
    assert [c.name for c in scene.checks] == ["Sneak past", "Spot the trap"]
    assert [c.position for c in scene.checks] == [0, 1]
    second = store.scenes.add(Scene(None, "The vault"))
    assert [s.name for s in store.scenes.list()] == ["The gate", "The vault"]
    store.scenes.reorder([second.id, scene.id])
    assert [s.name for s in store.scenes.list()] == ["The vault", "The gate"]

    added = store.scenes.add_check(second.id, PreparedCheck(None, "Pick the lock", CheckRef("skill", "thievery"), dc=25))
    assert store.scenes.scene_of(added.id) == second.id
    added.notes = "needs tools"
    assert store.scenes.update_check(added).notes == "needs tools"
    moved = store.scenes.update_check(added, scene_id=scene.id)
    assert moved.position == 2 and store.scenes.scene_of(added.id) == scene.id
    gate = store.scenes.get(scene.id)
    store.scenes.reorder_checks(scene.id, [c.id for c in reversed(gate.checks)])
    assert [c.name for c in store.scenes.get(scene.id).checks] == ["Pick the lock", "Spot the trap", "Sneak past"]

    # Saving a scene whole: edit one check, drop one, add one.
    gate = store.scenes.get(scene.id)
    gate.name = "The west gate"
    gate.checks[0].dc = 30
    del gate.checks[1]
    gate.checks.append(PreparedCheck(None, "Climb", CheckRef("skill", "athletics"), dc=15, position=9))
    saved = store.scenes.update(gate)
    assert saved.name == "The west gate"
    assert [(c.name, c.dc) for c in saved.checks] == [("Pick the lock", 30), ("Sneak past", 20), ("Climb", 15)]
    store.scenes.delete_check(saved.checks[0].id)
    store.scenes.delete(scene.id)  # its checks go with it
    assert [s.name for s in store.scenes.list()] == ["The vault"]
    with pytest.raises(KeyError):
        store.scenes.get_check(saved.checks[1].id)
    with pytest.raises(KeyError):
        store.scenes.add_check(999, stealth)


def test_encounter_and_character_links(tmp_path: Path) -> None:
    demo = demo_campaign("dnd5e", "en")
    with CampaignStore.create(tmp_path / "e.gmdesk", demo.info) as s:
        assert s.encounter.get() is None
        chars = s.characters.add_many(demo.characters)
        saved = s.encounter.save(demo.encounter)
        assert saved.to_dict() == demo.encounter.to_dict()
        saved.round = 3
        saved.combatants[0].hp -= 4
        assert s.encounter.save(saved).round == 3
        linked = saved.combatants[0].character_id
        assert linked is not None
        other = next(c.id for c in chars if c.id != linked)
        scene = s.scenes.add(Scene(None, "x", 0, [PreparedCheck(None, "c", CheckRef("perception"), dc=10, rollers=[linked, other])]))
        s.characters.delete(linked)
        # The fight goes on with an ad-hoc combatant; the prepared check forgets the sheet.
        assert s.encounter.get().combatants[0].character_id is None
        assert s.scenes.get(scene.id).checks[0].rollers == [other]
        s.encounter.clear()
        assert s.encounter.get() is None


def test_the_fight_read_again_is_a_copy_and_never_stale(tmp_path: Path) -> None:
    """The fight is read by every panel after a change: the second read is not rebuilt from its
    text, but what it returns is the caller's to change, and a change made elsewhere is read."""
    demo = demo_campaign("pf2", "en")
    path = tmp_path / "e.gmdesk"
    with CampaignStore.create(path, demo.info) as s:
        s.characters.add_many(demo.characters)
        s.encounter.save(demo.encounter)
    with CampaignStore.open(path) as s, CampaignStore.open(path) as elsewhere:
        first = s.encounter.get()
        first.round += 5  # a caller changing what it was given, as a turn does before saving
        first.combatants[0].hp -= 3
        first.combatants[0].conditions.append(ConditionState("frightened", 1))
        first.rewind.append({"turn": 9})
        again = s.encounter.get()
        assert again is not first and again.to_dict() == demo.encounter.to_dict()
        changed = elsewhere.encounter.get()
        changed.round = 7
        elsewhere.encounter.save(changed)
        assert s.encounter.get().round == 7


def test_info_update(store: CampaignStore, campaign_path: Path) -> None:
    info = store.info
    info.name = "Renamed"
    info.house_rules.reroll_keeps_new = False
    assert store.update_info(info).to_dict() == info.to_dict()
    with pytest.raises(InvalidInput):
        store.update_info(CampaignInfo("x", "cof"))
    c = sqlite3.connect(campaign_path)
    assert c.execute("SELECT name FROM campaign").fetchone()[0] == "Renamed"  # committed
    c.close()


def test_two_stores_see_each_others_changes(store: CampaignStore, campaign_path: Path) -> None:
    with CampaignStore.open(campaign_path) as other:
        store.characters.add(Character(None, "Ezren", "pc", "pf2", new_sheet("pf2")))
        assert [c.name for c in other.characters.list()] == ["Ezren"]
