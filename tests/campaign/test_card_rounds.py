"""The bestiary card says its creature's rounds to drop each party member (issue 28 review): "Goblin
drops Thalia in 3 rounds or fewer: 41 %", ``fight_odds``' own figure for the creature as it would join
(its printed HP, no condition) against each character (at full HP out of a fight), and the breath its
round leaves out."""

from __future__ import annotations

import random

from gmdesk.campaign import fight_odds
from gmdesk.campaign.bestiary import new_npcs, shipped
from gmdesk.campaign.bestiary_card import SAID_ROUNDS, card
from gmdesk.campaign.demo import demo_campaign


def expected(creature, party, lang: str) -> list[str]:
    npc = new_npcs(creature, 1, random.Random(0))[0]
    return [fight_odds.words(fight_odds.drops(npc, pc), npc.name, pc.name, SAID_ROUNDS, lang) for pc in party]


def test_the_card_says_the_rounds_to_drop_each_character_and_the_breath_not_counted():
    srd = {c.name: c for c in shipped("dnd5e")}
    for lang in ("en", "fr"):
        party = [c for c in demo_campaign("dnd5e", lang).characters if c.is_pc]
        dragon = srd["Adult Black Dragon"]
        odds = card(dragon, party, lang=lang).odds
        said = expected(dragon, party, lang)
        assert said and all(line in odds for line in said)
        assert any(("drops " if lang == "en" else "met ") + party[0].name in line for line in said)
        breath = fight_odds.not_counted(new_npcs(dragon, 1, random.Random(0))[0], lang)
        assert breath and odds[-len(breath):] == breath
        goblin = card(srd["Goblin"], party, lang=lang).odds
        assert all(line in goblin for line in expected(srd["Goblin"], party, lang))
        assert not any("not counted" in line or "non compté" in line for line in goblin)


def test_a_system_without_damage_rules_says_why_once_on_the_card():
    from gmdesk import systems
    from gmdesk.campaign.bestiary_card import rounds_lines

    demo = demo_campaign("dnd35", "en").characters
    party, npc = [c for c in demo if c.is_pc], next(c for c in demo if not c.is_pc)
    odds = rounds_lines(npc, party)
    assert odds.count(systems.get("dnd35").no_damage.text("en")) == 1


def test_the_card_counts_the_party_as_it_stands_in_the_fight():
    """The card is the column the threat table would show once the creature joins: each character's HP
    and conditions in the fight, in its hit % and its rounds alike."""
    from gmdesk.campaign.cells import percent
    from gmdesk.campaign.checks import Situation, available_checks, build_check
    from gmdesk.campaign.model import ConditionState

    srd = {c.name: c for c in shipped("dnd5e")}
    party = [c for c in demo_campaign("dnd5e", "en").characters if c.is_pc]
    pc, prone = party[0], (ConditionState("prone"),)
    hp, held = {pc.id: 3}, {pc.id: prone}
    odds = card(srd["Goblin"], party, hp=hp, conditions=held).odds
    npc = new_npcs(srd["Goblin"], 1, random.Random(0))[0]
    assert fight_odds.words(fight_odds.drops(npc, pc, hp=3, conditions=held), npc.name, pc.name, SAID_ROUNDS,
                            "en") in odds
    hit = next(line for line in odds if line.startswith("Scimitar +4: hits " + pc.name))
    melee = next(o.ref for o in available_checks(npc) if o.label("en") == "Scimitar")
    check = build_check(npc, melee, Situation(opponent=pc, opponent_conditions=prone, inspiration=False))
    assert hit.endswith(percent(check.odds().success) + " of the time")
    plain = next(line for line in card(srd["Goblin"], party).odds if line.startswith("Scimitar +4: hits " + pc.name))
    assert plain != hit, "a prone character is hit more often in melee"
