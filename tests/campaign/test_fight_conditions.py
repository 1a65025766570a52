"""Conditions in the fight's odds (docs/rules.md, "Damage and the fight's odds"): the rounds to drop and
the simulation from the fight as it stands put each side's conditions on every attack roll, as the
check panel builds it (a poisoned attacker's disadvantage, a prone target's advantage to melee)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmdesk import systems
from gmdesk.campaign import fight_odds
from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.fight_sim import simulate
from gmdesk.campaign.model import ConditionState
from gmdesk.engine.damage import by_tier, parse_damage, rounds_to_drop

from tests.campaign.test_fight_sim import HORIZON, duel

PRONE, POISONED = (ConditionState("prone"),), (ConditionState("poisoned"),)


@pytest.fixture(scope="module")
def demo():
    return {c.name: c for c in demo_campaign("dnd5e", "en").characters}


def test_a_round_puts_both_sides_conditions_on_its_attack_rolls(demo):
    nym, goblin = demo["Nym"], demo["Goblin"]
    plain = fight_odds.round_against(nym, goblin)
    got = fight_odds.round_against(nym, goblin, conditions=POISONED, target_conditions=PRONE)
    (use,) = got.uses
    check = build_check(nym, use.cell.ref, Situation(opponent=goblin, opponent_conditions=PRONE, inspiration=False),
                        POISONED)
    assert use.cell.odds == check.odds()
    printed = next(a.damage for a in nym.sheet.attacks if a.name == use.label)
    assert use.damage == by_tier(check.odds().tiers, systems.get("dnd5e").damage.attack, parse_damage(printed))
    prone_only = fight_odds.round_against(nym, goblin, target_conditions=PRONE)
    assert prone_only.uses[0].cell.success > plain.uses[0].cell.success, "advantage on a prone target"
    held = {nym.id: POISONED, goblin.id: PRONE}
    counted = fight_odds.drops(nym, goblin, conditions=held)
    assert counted.per_round == rounds_to_drop(got.damage, goblin.max_hp).per_round
    # (poisoned and prone cancel out, as advantage and disadvantage do: the target prone alone counts)
    assert fight_odds.drops(nym, goblin, conditions={goblin.id: PRONE}).histogram() != \
        fight_odds.drops(nym, goblin).histogram()


def first_wins(a, b, hp_a, hp_b, held) -> Fraction:
    ta = fight_odds.drops(a, b, hp=hp_b, horizon=HORIZON, conditions=held)
    tb = fight_odds.drops(b, a, hp=hp_a, horizon=HORIZON, conditions=held)
    return sum((ta.exactly(n) * (1 - tb.within(n - 1)) for n in range(1, HORIZON + 1)), Fraction(0))


def test_the_simulation_from_now_fights_with_the_conditions_as_they_stand(demo):
    nym, goblin = demo["Nym"], demo["Goblin"]
    fight = duel(nym, goblin, hp_first=8)
    fight.combatants[1].conditions = [ConditionState("prone")]  # the goblin: Nym's attacks have advantage
    held = {goblin.id: PRONE}
    win, plain = first_wins(nym, goblin, 8, goblin.max_hp, held), first_wins(nym, goblin, 8, goblin.max_hp, {})
    odds = simulate([nym, goblin], fight, None, 5000, seed=7, from_now=True)
    low, high = odds.party_wins.interval
    assert low <= float(win) <= high, (float(win), (low, high))
    assert not low <= float(plain) <= high, "without the condition the figure would be another"
    said = dict(zip(odds.not_modelled_ids, odds.not_modelled))
    assert "conditions" in said and "stay the whole fight" in said["conditions"].en
    fresh = simulate([nym, goblin], fight, None, 200, seed=7)
    assert "conditions" not in fresh.not_modelled_ids, "from the start nobody has any"


def test_the_threat_tables_hit_and_save_cells_count_the_conditions_its_rounds_count(demo):
    """Issue 28 review: a frightened creature's hit % beside bars made with its disadvantage contradicted
    them; each cell is now ``build_check`` with both sides' conditions, both directions."""
    from gmdesk.campaign.checks import CheckRef
    from gmdesk.campaign.threat import table
    from gmdesk.systems.kit.bestiary import CreatureAction

    nym, goblin = demo["Nym"], demo["Goblin"]
    breath = CreatureAction("Spit", save="dex", dc=13)
    for held in ({nym.id: POISONED}, {goblin.id: POISONED}, {goblin.id: PRONE}, {nym.id: POISONED, goblin.id: PRONE}):
        got = table([nym], [goblin], save_dcs={goblin.id: [breath]}, conditions=held)
        bare = table([nym], [goblin], save_dcs={goblin.id: [breath]})
        for cell, actor, target in ((got.on_party[goblin.id, nym.id], goblin, nym),
                                    (got.on_creatures[nym.id, goblin.id], nym, goblin)):
            check = build_check(actor, cell.ref, Situation(opponent=target, opponent_conditions=held.get(target.id, ()),
                                                           inspiration=False), held.get(actor.id, ()))
            assert cell.odds == check.odds() and cell.modifier == check.modifier
        (save,) = got.saves[goblin.id, nym.id]
        check = build_check(nym, CheckRef("save", "dex"), Situation(dc=13, inspiration=False), held.get(nym.id, ()))
        assert save.odds == check.odds()
        # the rounds beside them count the same conditions as the cells
        assert got.rounds[goblin.id, nym.id] == fight_odds.drops(goblin, nym, conditions=held)
    poisoned = table([nym], [goblin], conditions={goblin.id: POISONED})
    assert poisoned.on_party[goblin.id, nym.id].success < bare.on_party[goblin.id, nym.id].success, \
        "a poisoned goblin hits less often, as its rounds say"
