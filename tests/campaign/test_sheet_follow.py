"""The fight follows the sheets (issue 23, item 3): ``follow_sheet`` between a character as it was and
as it is after one edit; swapping the two undoes it exactly."""

from __future__ import annotations

from dataclasses import replace

from gmdesk.campaign.initiative import sheet_initiative
from gmdesk.campaign.model import Encounter
from gmdesk.campaign.sheet_follow import follow_sheet, renamed


def linked(enc, character):
    return [c for c in enc.combatants if c.character_id == character.id]


def test_max_hp_keeps_the_damage_taken_and_typing_it_keystroke_by_keystroke_ends_the_same(demo, named):
    campaign = demo("pf2")
    tobias = named(campaign, "Tobias Ferrand")
    enc = campaign.encounter
    was = enc.to_dict()
    (c,) = linked(enc, tobias)
    damage = c.max_hp - c.hp
    sheets = [tobias] + [replace(tobias, max_hp=v) for v in (4, 40)]  # "4", then "40"
    for old, new in zip(sheets, sheets[1:]):
        assert follow_sheet(enc, old, new)
    assert (c.max_hp, c.hp) == (40, 40 - damage)
    follow_sheet(enc, sheets[-1], tobias)  # the undo: the sheets swapped
    assert enc.to_dict() == was


def test_what_the_gm_set_by_hand_stays(demo, named):
    campaign = demo("pf2")
    goblin = named(campaign, "Gobelin")
    enc = campaign.encounter
    (c,) = linked(enc, goblin)
    c.name, c.max_hp = "Chef de meute", goblin.max_hp + 5  # the GM's own name and maximum for this one
    was = c.to_dict()
    assert not follow_sheet(enc, goblin, replace(goblin, name="Gobelin des cavernes", max_hp=goblin.max_hp + 1))
    assert c.to_dict() == was


def test_the_initiative_modifier_follows_when_it_came_from_the_sheet(demo, named):
    campaign = demo("pf2")
    tobias = named(campaign, "Tobias Ferrand")
    enc = campaign.encounter
    sheet_initiative(enc, "pf2", {tobias.id: tobias})  # as rolling initiative copies it
    (c,) = linked(enc, tobias)
    initiative, modifier = c.initiative, c.init_modifier
    abilities = dict(tobias.sheet.abilities, wis=tobias.sheet.abilities["wis"] + 4)  # pf2 initiative: Perception
    sharper = replace(tobias, sheet=replace(tobias.sheet, abilities=abilities))
    expected = Encounter.from_dict(enc.to_dict())
    sheet_initiative(expected, "pf2", {tobias.id: sharper})
    assert follow_sheet(enc, tobias, sharper)
    assert c.init_modifier == linked(expected, tobias)[0].init_modifier != modifier
    assert c.initiative == initiative  # the dice rolled stay rolled


def test_numbered_copies_follow_a_rename():
    assert renamed("Goblin 2", "Goblin", "Warg") == "Warg 2"
    assert renamed("Goblin", "Goblin", "Warg") == "Warg"
    assert renamed("Goblin chief", "Goblin", "Warg") == "Goblin chief"
    assert renamed("Goblin 2", "Goblin", "Goblin") == "Goblin 2"
