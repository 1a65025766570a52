"""dnd35 ranks: class / cross-class, maximum, half ranks, spending skill points."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdesk.engine.core import RulesError
from gmdesk.systems.dnd35.ranks import (RankAllocation, check_ranks, format_ranks, is_class_skill,
                                      max_ranks, rank_value)

ROGUE = frozenset({"hide", "spot", "open_lock", "knowledge_local", "craft"})
WIZARD = frozenset({"spellcraft", "knowledge", "concentration"})


@given(st.integers(1, 100))
def test_max_ranks_level_plus_3_and_half_not_rounded(level):
    assert max_ranks(level, True) == level + 3
    assert max_ranks(level, False) == Fraction(level + 3, 2)


def test_max_ranks_examples():
    assert max_ranks(1, True) == 4 and max_ranks(1, False) == 2
    assert max_ranks(2, False) == Fraction(5, 2)  # 2½, not rounded
    with pytest.raises(RulesError) as err:
        max_ranks(0, True)
    assert err.value.field == "level"


def test_class_skill_of_any_class():
    assert is_class_skill("hide", [ROGUE, WIZARD])
    assert is_class_skill("knowledge_arcana", [ROGUE, WIZARD])  # "knowledge": every Connaissances
    assert not is_class_skill("knowledge_arcana", [ROGUE])
    assert is_class_skill("knowledge_local", [ROGUE])
    assert is_class_skill("craft:forge", [ROGUE])  # every Artisanat specialty
    assert not is_class_skill("bluff", [ROGUE, WIZARD])


def test_ranks_over_the_maximum_are_refused_with_the_rule():
    assert check_ranks("hide", 4, 1, True) == 4
    assert check_ranks("bluff", 2, 1, False) == 2
    assert check_ranks("bluff", 2.5, 2, False) == Fraction(5, 2)
    with pytest.raises(RulesError) as err:
        check_ranks("bluff", 3, 2, False)
    assert err.value.field == "ranks[bluff]"
    assert "2½" in err.value.rule and "Bluff" in err.value.rule and "cross-class" in err.value.rule
    with pytest.raises(RulesError, match="level \\+ 3"):
        check_ranks("hide", 5, 1, True)


def test_rank_values():
    assert rank_value("r", 4) == 4 and rank_value("r", 4.5) == Fraction(9, 2)
    assert rank_value("r", "4.5") == Fraction(9, 2) and format_ranks(Fraction(9, 2)) == "4½"
    for bad in (-1, 1.25, "x", None, True, [1]):
        with pytest.raises(RulesError) as err:
            rank_value("ranks[hide]", bad)
        assert err.value.field == "ranks[hide]"


def test_allocation_costs_unspent_points_and_half_ranks():
    # Level 1 rogue: 4 class ranks cost 4 points, 1½ cross-class ranks cost 3.
    sheet = RankAllocation(level=1, skill_points=10, ranks={"hide": 4, "bluff": 1.5},
                           class_skills=(ROGUE,))
    assert sheet.spent == 7 and sheet.unspent == 3
    assert sheet.check_ranks("bluff") == 1 and sheet.check_ranks("climb") == 0
    warnings = " ".join(sheet.warnings)
    assert "3 skill points unspent" in warnings and "Bluff" in warnings
    full = RankAllocation(level=1, skill_points=8, ranks={"hide": 4, "spot": 4}, class_skills=(ROGUE,))
    assert full.unspent == 0 and full.warnings == ()
    # multiclass: a Wizard level makes Connaissances (mystères) a class skill
    multi = RankAllocation(level=3, skill_points=20, ranks={"knowledge_arcana": 6},
                           class_skills=(ROGUE, WIZARD))
    assert multi.max_ranks("knowledge_arcana") == 6 and multi.spent == 6


@pytest.mark.parametrize("kwargs,field", [
    (dict(level=1, skill_points=10, ranks={"bluff": 2.5}), "ranks[bluff]"),
    (dict(level=1, skill_points=10, ranks={"hide": 5}, class_skills=(ROGUE,)), "ranks[hide]"),
    (dict(level=1, skill_points=3, ranks={"hide": 4}, class_skills=(ROGUE,)), "skill_points"),
    (dict(level=1, skill_points=3, ranks={"bluff": 2}), "skill_points"),  # cross-class: 2 per rank
    (dict(level=1, skill_points=10, ranks={"juggling": 1}), "ranks['juggling']"),
    (dict(level=1, skill_points=10, ranks={"hide:forest": 1}), "ranks['hide:forest']"),
    (dict(level=1, skill_points=10, ranks={}, class_skills=(["magic"],)), "class_skills[0]"),
    (dict(level=0, skill_points=10, ranks={}), "level"),
    (dict(level=1, skill_points=-1, ranks={}), "skill_points"),
])
def test_allocation_refusals(kwargs, field):
    with pytest.raises(RulesError) as err:
        RankAllocation(**kwargs)
    assert err.value.field == field
