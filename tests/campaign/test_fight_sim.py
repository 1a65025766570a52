"""The simulated fight (``gmdesk.campaign.fight_sim``) against the exact figures it is built from.

In a one-against-one fight the simulation must agree with the exact rounds to drop
(``fight_odds.drops``): the exact win chance and mean number of rounds lie within the 95 % intervals
the simulation states. Seeds are fixed, so nothing here flakes; and every figure compared is the
engine's own, never a number written down here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmdesk import systems
from gmdesk.campaign import fight_odds
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.fight_sim import MAX_RUNS, TACTICS, simulate
from gmdesk.campaign.fight_sim_odds import TACTIC_EXPLAINED, TACTIC_WORDS, wilson
from gmdesk.campaign.model import Combatant, Encounter
from gmdesk.engine.core import RulesError

HORIZON = 100


@pytest.fixture(scope="module")
def demo():
    return {c.name: c for c in demo_campaign("dnd5e", "en").characters}


def duel(first, second, hp_first=None, hp_second=None, turn=0) -> Encounter:
    """``first`` then ``second`` in the queue (initiative set), at the HP given (default full)."""
    return Encounter(1, "duel", 1, turn, [
        Combatant(1, first.name, first.id, 20, position=0, hp=hp_first or first.max_hp, max_hp=first.max_hp,
                  kind=first.kind),
        Combatant(2, second.name, second.id, 10, position=1, hp=hp_second or second.max_hp,
                  max_hp=second.max_hp, kind=second.kind)])


def first_wins(a, b, hp_a: int, hp_b: int) -> tuple[Fraction, Fraction]:
    """The exact chance that ``a``, acting first each round, drops ``b`` before ``b`` drops it, and the
    bound on what the horizon leaves out."""
    ta = fight_odds.drops(a, b, hp=hp_b, horizon=HORIZON)
    tb = fight_odds.drops(b, a, hp=hp_a, horizon=HORIZON)
    win = sum((ta.exactly(n) * (1 - tb.within(n - 1)) for n in range(1, HORIZON + 1)), Fraction(0))
    return win, ta.beyond


def test_one_sided_duel_takes_the_exact_expected_rounds(demo):
    """The Captain has no attack with damage: the fight lasts exactly Grom's rounds to drop him."""
    grom, captain = demo["Grom"], demo["Captain of the guard"]
    assert fight_odds.round_against(captain, grom) is None
    exact = fight_odds.drops(grom, captain, horizon=HORIZON).expected
    odds = simulate([grom, captain], duel(grom, captain), None, 4000, seed=11)
    assert odds.party_wins.count == odds.runs == 4000 and odds.draws.count == 0
    low, high = odds.rounds_interval
    assert low <= float(exact) <= high, (exact, odds.rounds, odds.rounds_interval)
    assert high - low < 0.2  # and the interval says something


@pytest.mark.parametrize("seed", [5])
def test_two_sided_duel_agrees_with_the_exact_rounds_to_drop(demo, seed):
    nym, goblin = demo["Nym"], demo["Goblin"]
    win, left_out = first_wins(nym, goblin, 8, goblin.max_hp)
    assert left_out < Fraction(1, 10**6)
    odds = simulate([nym, goblin], duel(nym, goblin, hp_first=8), None, 5000, seed=seed, from_now=True)
    low, high = odds.party_wins.interval
    assert low <= float(win) <= high, (float(win), odds.party_wins.chance, (low, high))
    assert 0.05 < win < 0.95  # a fight whose outcome is in doubt, not a foregone one
    drops = {d.name: d for d in odds.drops}
    assert drops["Goblin"].drops.count == odds.party_wins.count
    assert drops["Nym"].drops.count == odds.creatures_win.count


def test_from_now_starts_with_whose_turn_it_is(demo):
    """The goblin's turn in round 1: it strikes first, and the exact figure with it first agrees."""
    nym, goblin = demo["Nym"], demo["Goblin"]
    goblin_first, _ = first_wins(goblin, nym, goblin.max_hp, 8)
    odds = simulate([nym, goblin], duel(nym, goblin, hp_first=8, turn=1), None, 5000, seed=5, from_now=True)
    low, high = odds.creatures_win.interval
    assert low <= float(goblin_first) <= high, (float(goblin_first), odds.creatures_win.chance)
    from_start = simulate([nym, goblin], duel(nym, goblin, hp_first=8, turn=1), None, 5000, seed=5)
    assert from_start.party_wins.chance > odds.party_wins.chance  # Nym at full HP, first


def test_same_seed_same_results_and_another_seed_other_draws(demo):
    chars = list(demo.values())
    enc = demo_campaign("dnd5e", "en").encounter
    one = simulate(chars, enc, None, 500, seed=42, tactic="spread", from_now=True).to_dict()
    assert simulate(chars, enc, None, 500, seed=42, tactic="spread", from_now=True).to_dict() == one
    other = simulate(chars, enc, None, 500, seed=43, tactic="spread", from_now=True).to_dict()
    assert other["seed"] == 43 and (other["rounds"], other["drops"]) != (one["rounds"], one["drops"])


def test_weakest_focuses_the_lowest_hp_and_order_follows_the_gm(demo):
    """Vrask against Nym at 2 HP and Grom at full: focusing the weakest drops Nym far more often than
    the GM's order naming Grom first."""
    nym, grom, vrask = demo["Nym"], demo["Grom"], demo["Vrask, bugbear chief"]
    enc = Encounter(1, "f", 1, 0, [
        Combatant(1, vrask.name, vrask.id, 20, position=0, hp=vrask.max_hp, max_hp=vrask.max_hp, kind="npc"),
        Combatant(2, nym.name, nym.id, 15, position=1, hp=2, max_hp=nym.max_hp, kind="pc"),
        Combatant(3, grom.name, grom.id, 10, position=2, hp=grom.max_hp, max_hp=grom.max_hp, kind="pc")])
    chars = [nym, grom, vrask]

    def dropped(tactic, order=()):
        odds = simulate(chars, enc, None, 2000, seed=3, tactic=tactic, order=order, from_now=True)
        return {d.name: d.drops.chance for d in odds.drops}

    weakest, grom_first = dropped("weakest"), dropped("order", order=[3, 2])
    hit = fight_odds.round_against(vrask, nym).uses[0].cell.success
    assert weakest["Nym"] >= float(hit) - 0.03  # Vrask's first blow went at Nym
    assert weakest["Nym"] > grom_first["Nym"] + 0.2  # the GM's order sent Vrask at Grom instead


def test_cancel_returns_what_was_done_marked_cancelled(demo):
    calls = []

    def progress(done, total):
        calls.append((done, total))
        return len(calls) < 2

    enc = demo_campaign("dnd5e", "en").encounter
    odds = simulate(list(demo.values()), enc, None, 10_000, seed=1, progress=progress)
    assert odds.cancelled and odds.asked == 10_000 and odds.runs == calls[-1][0] < 10_000
    assert odds.party_wins.runs == odds.runs and odds.to_dict()["cancelled"] is True
    whole = simulate(list(demo.values()), enc, None, odds.runs, seed=1)
    assert not whole.cancelled and whole.party_wins == odds.party_wins  # the same runs, as far as they went


@pytest.mark.parametrize("system", ["cof", "anarchy", "dnd35"])
def test_no_damage_model_is_refused_with_the_systems_reason(system):
    demo = demo_campaign(system, "fr")
    with pytest.raises(RulesError) as refused:
        simulate(demo.characters, demo.encounter, None, 100, seed=1, lang="fr")
    assert systems.get(system).no_damage.fr in refused.value.said("fr")
    assert systems.get(system).no_damage.en in refused.value.said("en")


def test_refusals_name_what_is_wrong(demo):
    grom, captain, goblin = demo["Grom"], demo["Captain of the guard"], demo["Goblin"]
    for bad in (0, MAX_RUNS + 1):
        with pytest.raises(RulesError, match="runs"):
            simulate([grom, goblin], None, None, bad, seed=1)
    with pytest.raises(RulesError, match="tactic"):
        simulate([grom, goblin], None, None, 10, seed=1, tactic="berserk")
    with pytest.raises(RulesError, match="party and at least one creature"):
        simulate([grom], None, None, 10, seed=1)
    pacifist = captain.__class__(9, "Pacifist", "pc", "dnd5e", captain.sheet, max_hp=10)
    with pytest.raises(RulesError, match="nobody in this fight has an attack with damage"):
        simulate([pacifist, captain], None, None, 10, seed=1)


def test_a_party_outside_the_fight_joins_it_and_initiative_is_rolled(demo):
    """An encounter of creatures only (``gmdesk encounter --add`` on a campaign without a fight)."""
    goblin = demo["Goblin"]
    enc = Encounter(1, "f", 1, 0, [Combatant(1, "Goblin", goblin.id, 12, hp=goblin.max_hp, max_hp=goblin.max_hp)])
    odds = simulate(list(demo.values()), enc, None, 200, seed=2)
    assert {d.name for d in odds.drops if d.combatant_id is None} == {c.name for c in demo.values() if c.is_pc}
    assert any("party is not in the fight" in n.en for n in odds.notes)


def test_words_and_intervals():
    assert set(TACTICS) == set(TACTIC_WORDS) == set(TACTIC_EXPLAINED)
    z2 = 1.959963984540054 ** 2
    assert wilson(0, 100) == (0.0, pytest.approx(z2 / (100 + z2)))  # the rule of three's better cousin
    assert wilson(100, 100) == (pytest.approx(100 / (100 + z2)), 1.0)
    low, high = wilson(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))


def test_spread_shares_the_blows_that_weakest_focuses(demo):
    """From the demo's start the creatures' blows: focused, they drop the frailest character often;
    spread, nobody drops as often as she did."""
    chars, enc = list(demo.values()), demo_campaign("dnd5e", "en").encounter

    def dropped(tactic):
        odds = simulate(chars, enc, None, 1500, seed=9, tactic=tactic)
        return {d.name: d.drops for d in odds.drops if d.party}

    weakest, spread = dropped("weakest"), dropped("spread")
    frailest = min((c for c in chars if c.is_pc), key=lambda c: c.max_hp).name
    assert weakest[frailest].interval[0] > max(s.interval[1] for s in spread.values())


def test_a_fight_nobody_can_finish_is_a_draw_at_the_round_cap(demo):
    """A goblin's blows against a wall of hit points that cannot strike back: 100 rounds, a draw."""
    goblin, captain = demo["Goblin"], demo["Captain of the guard"]
    wall = captain.__class__(9, "Wall", "pc", "dnd5e", captain.sheet, max_hp=2000)
    odds = simulate([wall, goblin], None, None, 20, seed=1)
    assert odds.draws.count == odds.runs == 20 and odds.rounds is None and odds.rounds_interval is None
    assert odds.to_dict()["rounds"] is None and odds.round_cap == 100
