"""What the players may see (issue 16): the player window's view of the fight, the rolls and the odds,
decided Qt-free in gmdesk.campaign.player_view."""

from dataclasses import replace
from fractions import Fraction

import pytest

from gmdesk.campaign import initiative as ini
from gmdesk.campaign import player_view as pv
from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo, Combatant, ConditionState, Encounter
from gmdesk.engine.core import RulesError


def fighter(cid, name, kind="npc", hp=20, max_hp=20, **kw):
    return Combatant(cid, name, kind=kind, hp=hp, max_hp=max_hp, position=cid - 1, **kw)


def fight(*combatants, turn=0, round_=2):
    return Encounter(1, "fight", round=round_, turn=turn, combatants=list(combatants))


def entry(eid, actor="Amiri", label="Athletics", secret=False, session="s2", tier="success", **kw):
    return LogEntry("pf2", tier, session=session, actor=actor, label=label, total=21, dc=17, secret=secret, id=eid,
                    notes=["a note"], **kw)


@pytest.mark.parametrize("hp, max_hp, state, word", [
    (20, 20, "active", "unhurt"), (25, 20, "active", "unhurt"), (19, 20, "active", "wounded"),
    (11, 20, "active", "wounded"), (10, 20, "active", "badly_wounded"), (1, 20, "active", "badly_wounded"),
    (0, 20, "active", "down"), (-4, 20, "active", "down"), (15, 20, "downed", "down"), (20, 20, "dead", "down"),
    (0, 0, "active", None), (7, 0, "active", None), (0, 0, "downed", "down"),
])
def test_health_words_follow_the_share_of_hit_points_left(hp, max_hp, state, word):
    assert pv.health_word(fighter(1, "X", hp=hp, max_hp=max_hp, state=state)) == word


def test_the_fight_shows_numbers_for_pcs_and_the_campaigns_choice_for_the_others():
    enc = fight(fighter(1, "Amiri", "pc", hp=23, max_hp=30, temp_hp=4), fighter(2, "Goblin", hp=5, max_hp=12),
                fighter(3, "Wolf", hp=0, max_hp=0))
    words = {c.name: c for c in pv.public_fight(enc, "words").combatants}
    assert (words["Amiri"].hp, words["Amiri"].max_hp, words["Amiri"].temp_hp, words["Amiri"].health) == (23, 30, 4, None)
    assert (words["Goblin"].hp, words["Goblin"].max_hp, words["Goblin"].health) == (None, None, "badly_wounded")
    assert (words["Wolf"].hp, words["Wolf"].health) == (None, None)  # not tracked: nothing to say
    numbers = {c.name: c for c in pv.public_fight(enc, "numbers").combatants}
    assert (numbers["Goblin"].hp, numbers["Goblin"].max_hp, numbers["Goblin"].health) == (5, 12, None)
    hidden = {c.name: c for c in pv.public_fight(enc, "hidden").combatants}
    assert (hidden["Goblin"].hp, hidden["Goblin"].max_hp, hidden["Goblin"].temp_hp, hidden["Goblin"].health) == \
        (None, None, 0, None)
    assert hidden["Amiri"].hp == 23  # a player character's own numbers always show
    assert pv.public_fight(None) is None


def test_a_hidden_combatant_and_its_turn_never_show():
    enc = fight(fighter(1, "Amiri", "pc"), fighter(2, "Lurker", hidden=True), fighter(3, "Goblin"), turn=1)
    enc.combatants[2].conditions = [ConditionState("frightened", 1, rounds_left=2)]
    seen = pv.public_fight(enc)
    assert [c.name for c in seen.combatants] == ["Amiri", "Goblin"]
    assert seen.current_id is None and not any(c.current for c in seen.combatants)  # the lurker acts unseen
    assert seen.round == 2 and seen.combatants[1].conditions == (("frightened", 1, 2),)
    ini.next_turn(enc, "pf2")
    seen = pv.public_fight(enc)
    assert seen.current_id == 3 and [c.current for c in seen.combatants] == [False, True]


def test_hiding_and_revealing_is_a_fight_operation_with_its_event():
    enc = fight(fighter(1, "Amiri", "pc"), fighter(2, "Goblin"))
    assert [e.kind for e in pv.set_hidden(enc, 2, True)] == ["hidden"]
    assert enc.by_id(2).hidden and pv.set_hidden(enc, 2, True) == []
    assert [e.kind for e in pv.set_hidden(enc, 2, False)] == ["revealed"]
    with pytest.raises(RulesError):
        pv.set_hidden(enc, 9, True)


def test_the_hidden_flag_and_the_health_choice_are_saved_and_written_only_when_set():
    c = fighter(1, "Lurker", hidden=True)
    assert c.to_dict()["hidden"] is True and Combatant.from_dict(c.to_dict()).hidden
    assert "hidden" not in fighter(2, "Goblin").to_dict()  # a file as older gmdesks wrote it
    assert Combatant.from_dict({**fighter(2, "G").to_dict()}).hidden is False
    with pytest.raises(RulesError):
        Combatant.from_dict({**fighter(2, "G").to_dict(), "hidden": "yes"})
    info = CampaignInfo("Table", "pf2")
    assert info.npc_health == "words" and "npc_health" not in info.to_dict()
    numbers = replace(info, npc_health="numbers")
    assert CampaignInfo.from_dict(numbers.to_dict()).npc_health == "numbers"
    with pytest.raises(RulesError):
        CampaignInfo.from_dict({**info.to_dict(), "npc_health": "exact"})


def test_names_that_give_a_hidden_combatant_away():
    enc = fight(fighter(1, "Goblin 1", character_id=7), fighter(2, "Goblin 2", character_id=7, hidden=True),
                fighter(3, "Shaman", character_id=8, hidden=True), fighter(4, "Ghost", hidden=True))
    names = {7: "Goblin", 8: "Grikkit the shaman"}
    # Goblin 1 shares Goblin 2's sheet and is visible: a roll under "Goblin" gives nobody away.
    assert pv.hidden_names(enc, names) == {"Goblin 2", "Shaman", "Grikkit the shaman", "Ghost"}
    assert pv.hidden_names(None) == frozenset()


def test_public_rolls_leave_out_secret_ones_and_those_naming_a_hidden_combatant():
    hidden = {"Lurker"}
    assert pv.is_public(entry(1), hidden)
    assert not pv.is_public(entry(2, secret=True), hidden)
    assert not pv.is_public(entry(3, actor="Lurker"), hidden)
    assert not pv.is_public(entry(4, label="Perception vs Lurker"), hidden)
    roll = pv.public_roll(entry(5, reroll_of=4))
    assert (roll.actor, roll.label, roll.total, roll.tier, roll.reroll) == ("Amiri", "Athletics", 21, "success", True)
    assert not hasattr(roll, "dc") and not hasattr(roll, "notes")  # what the table may hear, nothing more


def test_the_last_rolls_are_the_newest_public_ones_of_the_latest_session():
    log = [entry(9), entry(8, secret=True), entry(7, session=""), entry(6, actor="Lurker"), entry(5), entry(4),
           entry(3, session="s1"), entry(2, session="s1")]
    assert [r.id for r in pv.recent_public_rolls(log, {"Lurker"})] == [9, 7, 5, 4]  # a terminal's roll stays in
    assert [r.id for r in pv.recent_public_rolls(log, {"Lurker"}, limit=2)] == [9, 7]
    assert [r.id for r in pv.recent_public_rolls(log[6:])] == [3, 2]
    assert pv.recent_public_rolls([]) == []


def shown(**kw):
    base = dict(actor_id=1, actor_name="Amiri", actor_kind="pc", labels=(("en", "Athletics"), ("fr", "Athlétisme")),
                chance=Fraction(13, 20), target_names=(("en", "DC"), ("fr", "DD")), target=17, secret=False)
    return pv.ShownCheck(**{**base, **kw})


def test_the_odds_show_only_when_the_gm_says_so_and_the_dc_only_when_revealed():
    assert pv.public_odds(shown(), False, True) is None  # off by default: the GM ticks it
    odds = pv.public_odds(shown(), True, False)
    assert (odds.actor_name, odds.label("fr"), odds.chance, odds.target_name("fr"), odds.target) == \
        ("Amiri", "Athlétisme", Fraction(13, 20), "", None)
    revealed = pv.public_odds(shown(), True, True)
    assert (revealed.target_name("fr"), revealed.target_name("en"), revealed.target) == ("DD", "DC", 17)
    assert pv.public_odds(shown(secret=True), True, True) is None
    assert pv.public_odds(shown(actor_kind="npc", actor_name="Goblin"), True, True) is None  # a monster's numbers
    assert pv.public_odds(shown(), True, True, hidden={"Amiri"}) is None
    assert pv.public_odds(None, True, True) is None
    assert pv.public_odds(shown(target=None), True, True).target_name("en") == ""
