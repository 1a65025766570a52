"""The check panel's fast DC sweeps agree exactly with asking the engine at every DC."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.systems.cof import rules as cof
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import Modifier
from gmdesk.systems.dnd35.rules import AbilityCheck, Aid, SavingThrow, SkillCheck
from gmdesk.campaign.check_sweep import fast_odds, plain_sweep, sweep
from gmdesk import systems

# A check's shortcut is asked of the systems loaded (a check was built by its system, which the window
# has loaded); these checks are built straight from the rules, so their systems are loaded here.
systems.all_systems()

TARGETS = range(-12, 48)


def same(a, b) -> None:
    assert a.targets == b.targets and a.tiers == b.tiers
    for tier in a.tiers:
        assert a.heights[tier] == pytest.approx(b.heights[tier], abs=1e-12)
        assert a.bottoms[tier] == pytest.approx(b.bottoms[tier], abs=1e-12)


pf2_penalty = st.sampled_from([(), (Modifier(-2, "sickened", "status"),), (Modifier(-1, "x", "circumstance"),)])


@settings(max_examples=30, deadline=None)
@given(st.integers(-5, 25), st.booleans(), st.booleans(), st.booleans(), pf2_penalty)
def test_pf2_fast_sweep(mod, fortune, misfortune, cannot, dc_mods):
    check = pf2.Pf2Check(15, (Modifier(mod, "skill", "proficiency"),), dc_mods, fortune, misfortune, cannot)
    assert fast_odds(check) is not None
    same(sweep(check, TARGETS), plain_sweep(check, TARGETS))


@settings(max_examples=30, deadline=None)
@given(st.integers(-5, 15), st.sampled_from(dnd5e.KINDS), st.booleans(), st.booleans(), st.booleans())
def test_dnd5e_fast_sweep(mod, kind, advantage, disadvantage, inspiration):
    check = dnd5e.Dnd5eTest(15, (Modifier(mod, "bonus"),), kind, advantage, disadvantage, inspiration=inspiration)
    assert fast_odds(check) is not None
    same(sweep(check, TARGETS), plain_sweep(check, TARGETS))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 12), st.integers(3, 20), st.sampled_from([None, 10, 20]),
       st.lists(st.integers(-2, 8), max_size=3), st.integers(-3, 3))
def test_dnd35_fast_sweep_over_totals(ranks, score, take, helpers, dc_mod):
    take = None if take == 20 and helpers else take  # helpers cannot take 10; keep the check legal
    # Climbing fails with a fall (the seed: no take 20), unless the GM says this failure costs nothing.
    check = SkillCheck(dc=15, skill="climb", ranks=ranks, ability_score=score, take=take,
                       failure_has_consequences=False, helpers=tuple(Aid(h) for h in helpers),
                       dc_modifiers=(Modifier(dc_mod, "condition"),) if dc_mod else ())
    assert fast_odds(check) is not None
    same(sweep(check, TARGETS), plain_sweep(check, TARGETS))
    ability = AbilityCheck(dc=12, ability="str", ability_score=score, take=take)
    same(sweep(ability, TARGETS), plain_sweep(ability, TARGETS))


def test_natural_20_checks_and_others_take_the_plain_way():
    save = SavingThrow(dc=15, save="reflex", base_save=3, ability_score=14)
    assert fast_odds(save) is None
    same(sweep(save, TARGETS), plain_sweep(save, TARGETS))
    test = cof.CofTest(12, (Modifier(3, "DEX", "base"),))
    assert fast_odds(test) is None
    first = sweep(test, TARGETS)
    assert sweep(test.with_target(18), TARGETS) is first  # moving the DC reuses the sweep
    same(first, plain_sweep(test, TARGETS))
    flat = pf2.FlatCheck((11,))
    same(sweep(flat, range(-2, 24)), plain_sweep(flat, range(-2, 24)))
