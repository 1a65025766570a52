"""cof against RULES.md §4."""

import random
from fractions import Fraction as F

import icepool
import pytest
from hypothesis import given, strategies as st

from gmdesk.systems.cof import rules as cof
from gmdesk.engine.core import Modifier, RulesError


def test_success_is_d20_plus_score_at_least_nd():
    t = cof.CofTest(15, (Modifier(3, "dex", "base"),))
    assert t.odds().success == F(9, 20)  # 12..20 on the die
    assert cof.CofTest(2, (Modifier(3, "dex", "base"),)).odds().success == 1  # no natural-1 rule
    assert cof.CofTest(30, (Modifier(3, "dex", "base"),)).odds().success == 0


def test_attack_adds_atc_and_characteristic():
    t = cof.CofTest.attack(14, ("for", 2), ("atc", 3))
    assert t.modifier == 5
    with pytest.raises(RulesError, match="attack"):
        cof.CofTest.attack(14, ("for", 2), ("atx", 3))


def test_path_ranks_never_stack():
    t = cof.CofTest(12, (Modifier(1, "cha", "base"),),
                    skills=(cof.path_line("du voleur", 2), cof.path_line("du barde", 4)),
                    modifiers=(Modifier(-2, "nuit"),))
    assert t.modifier == 1 + 4 - 2
    [line] = t.breakdown.suppressed
    assert line.modifier.source == "voie du voleur" and "never stack" in line.reason
    with pytest.raises(RulesError, match="paths.x"):
        cof.path_line("x", 6)


def test_base_score_is_not_capped():
    assert cof.CofTest(30, (Modifier(15, "dragon", "base"),)).odds().success == F(6, 20)


@given(st.integers(-5, 25), st.integers(0, 40))
def test_against_brute_force_and_icepool(mod, nd):
    t = cof.CofTest(nd, (Modifier(mod, "x", "base"),))
    brute = sum(1 for n in range(1, 21) if n + mod >= nd)
    assert t.odds().success == F(brute, 20)
    assert t.odds().success == (icepool.d20 + mod >= nd).probability(True) if brute else t.odds().success == 0
    assert sum(t.odds().tiers.values()) == 1


def test_rolls_and_round_trip():
    t = cof.CofTest(11, (Modifier(2, "int", "base"),), (cof.path_line("du mage", 3),), secret=True)
    a, b = t.roll(random.Random(4)), t.roll(random.Random(4))
    assert a == b and a.total == a.natural + 5
    assert cof.check_from_dict(t.describe()) == t
