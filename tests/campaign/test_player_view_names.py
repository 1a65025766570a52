"""Issue 22: nothing the players see names a hidden combatant, whatever the letter case or the way
Unicode spells its letters (gmdesk.campaign.player_view)."""

import unicodedata
from fractions import Fraction

import pytest

from gmdesk.campaign import player_view as pv
from gmdesk.campaign.log import LogEntry


def entry(eid, actor="Amiri", label="Athletics", secret=False):
    return LogEntry("pf2", "success", session="s2", actor=actor, label=label, total=21, dc=17, secret=secret, id=eid)


@pytest.mark.parametrize("actor,label", [
    ("Amiri", "Intimidate vs zzyzx assassin"),
    ("Amiri", "INTIMIDATE VS ZZYZX ASSASSIN"),
    ("zzyzx ASSASSIN", "Stealth"),
    ("Amiri", "Perception vs " + unicodedata.normalize("NFD", "Éloïse")),  # "E" + accent, as some keyboards type
])
def test_a_roll_naming_a_hidden_combatant_in_any_case_stays_hidden(actor, label):
    hidden = {"Zzyzx Assassin", "Éloïse"}
    assert not pv.is_public(entry(1, actor, label), hidden)
    assert [r.id for r in pv.recent_public_rolls([entry(2), entry(1, actor, label)], hidden)] == [2]


def test_rolls_naming_no_hidden_combatant_still_show():
    hidden = {"Zzyzx Assassin"}
    assert pv.is_public(entry(1, label="Intimidate vs zzyzx"), hidden)  # a part of the name gives nothing away
    assert pv.is_public(entry(2, label="Intimidate vs the assassin"), hidden)


def test_the_odds_shown_name_no_hidden_combatant():
    shown = pv.ShownCheck(actor_id=1, actor_name="amiri", actor_kind="pc",
                          labels=(("en", "Intimidate vs Zzyzx Assassin"),), chance=Fraction(1, 2),
                          target_names=(("en", "DC"),), target=17, secret=False)
    assert pv.public_odds(shown, True, True, hidden={"Amiri"}) is None
    assert pv.public_odds(shown, True, True, hidden={"zzyzx assassin"}) is None
    assert pv.public_odds(shown, True, True, hidden={"Lurker"}) is not None
