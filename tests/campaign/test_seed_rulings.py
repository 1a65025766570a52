"""Rules where the project and the seeds disagreed (issue 23, item 8): each check here failed before
the fix. The seeds are the French rules texts gmdesk is written from; docs/rules.md states the rulings."""

from __future__ import annotations

import pytest

from gmdesk.campaign.checks import CheckRef as R
from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.model import ConditionState as S
from gmdesk.engine.core import Modifier as M, RulesError
from gmdesk.systems.pf2 import rules as pf2


# -- pf2: condition penalties range −1..−4 (seed 000) -------------------------------------------

@pytest.mark.parametrize("key", ["frightened", "sickened"])
def test_pf2_a_stored_value_above_4_counts_as_4_and_says_so(demo, named, key):
    brunhild = named(demo("pf2"), "Brunhild")
    plain = build_check(brunhild, R("skill", "athletics"), Situation(dc=20))
    six = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S(key, 6)])  # refused before
    four = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S(key, 4)])
    assert six.modifier == four.modifier == plain.modifier - 4
    assert six.odds() == four.odds()
    line = six.breakdown.lines[-1].modifier
    assert line.value == -4 and f"{key} 6" in line.source and "counts as 4" in line.source
    assert "counts as" not in four.breakdown.lines[-1].modifier.source
    by_hand = pf2.Pf2Check(20, plain.modifiers + (M(-4, line.source, "status"),))
    assert six.odds() == by_hand.odds()


def test_pf2_capped_condition_on_a_dc_and_in_french(demo, named):
    campaign = demo("pf2")
    brunhild = named(campaign, "Brunhild")
    other = next(c for c in campaign.characters if c is not brunhild)
    situation = Situation(opponent=other, opponent_ref=R("perception"), opponent_conditions=(S("frightened", 9),))
    capped = build_check(brunhild, R("skill", "athletics"), situation)
    at_four = build_check(brunhild, R("skill", "athletics"),
                          Situation(opponent=other, opponent_ref=R("perception"),
                                    opponent_conditions=(S("frightened", 4),)))
    assert capped.odds() == at_four.odds()
    french = build_check(brunhild, R("skill", "athletics"), Situation(dc=20), [S("frightened", 7)], lang="fr")
    assert "compte pour 4" in french.breakdown.lines[-1].modifier.source


def test_pf2_penalty_conditions_declare_the_seed_bound():
    from gmdesk.campaign.conditions import condition
    for key in ("sickened", "frightened", "clumsy", "enfeebled", "stupefied", "drained"):
        assert condition("pf2", key).max_value == 4
    assert condition("pf2", "stunned").max_value is None  # loses actions: no penalty to bound
