"""Encounter difficulty against the tables docs/bestiary.md copies (DMG 2024 XP budgets, pf2 Core
Rulebook budgets): hand-checked cases and properties; a system without a budget says so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from gmdesk import systems
from gmdesk.campaign.difficulty import judge
from gmdesk.campaign.model import Character
from gmdesk.systems.dnd5e import difficulty as d5
from gmdesk.systems.dnd5e.statblock import Dnd5eStatBlock
from gmdesk.systems.pf2 import difficulty as p2
from gmdesk.systems.pf2.statblock import Pf2StatBlock


def pcs(system_id: str, *levels: int) -> list[Character]:
    out = []
    for i, level in enumerate(levels):
        sheet = systems.get(system_id).new_sheet()
        sheet.level = level
        out.append(Character(None, f"PC {i}", "pc", system_id, sheet))
    return out


def cr(challenge: str, xp: int | None = None) -> Dnd5eStatBlock:
    return Dnd5eStatBlock(0, challenge, numbers={"ac": 12, **({"xp": xp} if xp is not None else {})})


def test_dnd5e_four_level_1_against_four_goblins_is_moderate_by_hand():
    # Level 1: 50/75/100 each → 200/300/400; four CR 1/4 goblins: 4 × 50 = 200 → Low.
    found = judge("dnd5e", pcs("dnd5e", 1, 1, 1, 1), [cr("1/4")] * 4)
    assert found.budget == {"low": 200, "moderate": 300, "high": 400}
    assert (found.xp, found.reached) == (200, "low")
    # Six goblins (300 XP) reach Moderate; no multiplier for their number in the 2024 rules.
    assert judge("dnd5e", pcs("dnd5e", 1, 1, 1, 1), [cr("1/4")] * 6).reached == "moderate"


def test_dnd5e_mixed_party_sums_each_characters_budget():
    # Levels 3, 5, 20: Low 150 + 500 + 6,400; Moderate 225 + 750 + 13,200; High 400 + 1,100 + 22,000.
    found = judge("dnd5e", pcs("dnd5e", 3, 5, 20), [cr("10")])
    assert found.budget == {"low": 7050, "moderate": 14175, "high": 23500}
    assert (found.xp, found.reached) == (5900, "below low")


def test_dnd5e_printed_xp_beats_the_challenge_table():
    assert judge("dnd5e", pcs("dnd5e", 1), [cr("0", xp=0)]).xp == 0
    assert judge("dnd5e", pcs("dnd5e", 1), [cr("0")]).xp == 10


def test_the_provenance_table_is_the_one_in_the_code():
    # docs/bestiary.md copies PROVENANCE.md's table; the code must say the same for every level.
    from pathlib import Path
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "bestiary.md").read_text(encoding="utf-8")
    rows = {int(lv): tuple(int(x.replace(",", "")) for x in (lo, mid, hi))
            for lv, lo, mid, hi in re.findall(r"(\d+): ([\d,]+)/([\d,]+)/([\d,]+)", doc)}
    assert rows == d5.BUDGET


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=8), st.lists(st.sampled_from(["0", "1/8", "1/4", "1/2", "1", "5", "12"]), max_size=10))
def test_dnd5e_more_creatures_never_lower_the_threat(levels, challenges):
    party = pcs("dnd5e", *levels)
    order = ["below low", "low", "moderate", "high"]
    before = judge("dnd5e", party, [cr(c) for c in challenges])
    after = judge("dnd5e", party, [cr(c) for c in challenges] + [cr("1")])
    assert order.index(after.reached) >= order.index(before.reached)
    assert before.budget["low"] <= before.budget["moderate"] <= before.budget["high"]


def lvl(level: int) -> Pf2StatBlock:
    return Pf2StatBlock(level)


def test_pf2_four_level_3_against_by_hand():
    # Party 3: a level 4 creature is 60 XP, two level 2 are 2 × 30 → 120: Severe (for four: 120).
    found = judge("pf2", pcs("pf2", 3, 3, 3, 3), [lvl(4), lvl(2), lvl(2)])
    assert found.budget == {"trivial": 40, "low": 60, "moderate": 80, "severe": 120, "extreme": 160}
    assert (found.xp, found.reached) == (120, "severe")


def test_pf2_party_size_adjusts_each_threat():
    found = judge("pf2", pcs("pf2", 1, 1, 1, 1, 1, 1), [lvl(1)])
    assert found.budget == {"trivial": 60, "low": 90, "moderate": 120, "severe": 180, "extreme": 240}
    found = judge("pf2", pcs("pf2", 1, 1, 1), [lvl(1)])
    assert found.budget == {"trivial": 30, "low": 45, "moderate": 60, "severe": 90, "extreme": 120}
    assert found.reached == "trivial"


def test_pf2_ends_of_the_table():
    party = pcs("pf2", 5, 5, 5, 5)
    assert judge("pf2", party, [lvl(0)]).xp == 0  # more than 4 below: worth nothing
    assert judge("pf2", party, [lvl(10)]).reached == "beyond extreme"  # more than 4 above
    assert judge("pf2", party, [lvl(9), lvl(9)]).reached == "beyond extreme"  # 320 > 160
    assert judge("pf2", party, []).reached == "below trivial"


def test_pf2_mixed_levels_use_the_rounded_average_and_say_so():
    assert [p2.party_level(x) for x in ([2, 3], [2, 3, 3], [1, 1, 4], [5])] == [2, 3, 2, 5]
    found = judge("pf2", pcs("pf2", 2, 3, 3, 4), [lvl(3)])
    assert found.xp == 40 and found.notes


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=8), st.lists(st.integers(-1, 24), max_size=8))
def test_pf2_creature_xp_follows_the_table(levels, creatures):
    found = judge("pf2", pcs("pf2", *levels), [lvl(c) for c in creatures])
    party = p2.party_level(levels)
    for c, xp in zip(creatures, found.creature_xp):
        d = c - party
        assert xp == (0 if d < -4 else None if d > 4 else p2.XP_BY_DIFFERENCE[d])


@pytest.mark.parametrize("system_id", ["dnd35", "cof", "anarchy"])
def test_systems_without_a_budget_say_so_in_both_languages(system_id):
    found = judge(system_id, [], [])
    assert found.reached is None and found.budget == {}
    assert "budget" in found.word("en") and "budget" in found.word("fr")
    assert found.word("en") != found.word("fr")


@pytest.mark.parametrize("system_id", ["dnd5e", "pf2"])
def test_a_fight_without_a_party_has_no_difficulty_and_says_why(system_id):
    found = judge(system_id, [], [])
    assert found.reached is None and "player character" in found.word("en") and "personnage" in found.word("fr")
