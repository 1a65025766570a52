"""DC prep: the matrix against per-cell engine odds, group odds against brute force, the DC solver
against every DC of the range."""

import itertools
import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

from gmdesk.systems.cof import rules as cof
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.systems.dnd35 import rules as dnd35
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine import prep
from gmdesk.engine.prep import cache as prep_fast
from gmdesk.systems.anarchy import prep as anarchy_prep
from gmdesk.systems.anarchy.rules import AnarchyTest
from gmdesk.systems.anarchy.data import DIFFICULTIES
from gmdesk.engine.core import Modifier, RulesError


# -- check factories ------------------------------------------------------------------------------

def p2(mod, dc, **kw):
    return pf2.Pf2Check(dc, (Modifier(mod, "mod", "ability"),), **kw)


def d5(mod, dc, **kw):
    return dnd5e.Dnd5eTest(dc, (Modifier(mod, "mod"),), **kw)


def cf(mod, nd):
    return cof.CofTest(nd, (Modifier(mod, "dex", "base"),))


def d35(mod, dc, **kw):
    return dnd35.SkillCheck(dc=dc, modifiers=(Modifier(mod, "mod"),), **kw)


def random_check(rng: random.Random, lo=-30, hi=70):
    """A check of any system with its flags, modifier and DC drawn wide (beyond where odds move)."""
    mod, dc = rng.randint(-10, 30), rng.randint(lo, hi)
    kind = rng.randrange(9)
    if kind == 0:
        extra = (Modifier(-rng.randint(1, 4), "sickened", "status"),) if rng.random() < .5 else ()
        dc_mods = (Modifier(-2, "flat-footed", "circumstance"),) if rng.random() < .5 else ()
        return pf2.Pf2Check(dc, (Modifier(mod, "mod", "ability"),) + extra, dc_mods, rng.random() < .3,
                            rng.random() < .3, rng.random() < .2)
    if kind == 1:
        return pf2.FlatCheck((rng.randint(-2, 25),))
    if kind in (2, 3):
        return d5(mod, dc, kind=rng.choice(dnd5e.KINDS), advantage=rng.random() < .3,
                  disadvantage=rng.random() < .3, inspiration=rng.random() < .3)
    if kind == 4:
        return cf(mod, dc)
    if kind == 5:
        take = rng.choice([None, None, 10, 20])
        helpers = tuple(rng.randint(-2, 8) for _ in range(rng.randint(0, 2)))
        return d35(mod, max(-200, min(200, dc)), take=take, helpers=helpers)
    if kind == 6:
        return dnd35.AttackRoll(dc=dc, base_attack_bonus=mod, ability_score=rng.randint(6, 18),
                                dc_modifiers=(Modifier(rng.randint(-3, 3), "cover"),))
    if kind == 7:
        if rng.random() < .5:
            return dnd35.LevelCheck(dc=dc, level=abs(mod), wisdom_score=rng.randint(3, 18))
        return dnd35.SavingThrow(dc=dc, save="will", base_save=mod)
    return AnarchyTest(pool=rng.randint(0, 8), threshold=rng.randint(0, 5), luck_after=rng.random() < .3)


# -- matrix ---------------------------------------------------------------------------------------

def test_matrix_equals_every_cell_odds():
    rng = random.Random(6)
    checks = [[random_check(rng) for _ in range(30)] for _ in range(8)]
    assert prep.matrix(checks) == [[c.odds() for c in row] for row in checks]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_matrix_equals_cell_odds_property(seed):
    rng = random.Random(seed)
    rows = [[random_check(rng) for _ in range(rng.randint(0, 6))] for _ in range(rng.randint(1, 4))]
    assert prep.matrix(rows) == [[c.odds() for c in row] for row in rows]


def test_matrix_shares_work_between_members_and_checks():
    # 8 members × 40 checks of one pf2 family: one computation per distinct dc − modifier.
    mods = [3, 5, 7, 7, 9, 10, 12, 4]
    dcs = [10 + i % 20 for i in range(40)]
    cache = prep_fast.OddsCache()
    out = [[cache.odds(p2(m, dc)) for dc in dcs] for m in mods]
    assert cache.computed == len({dc - m for m in mods for dc in dcs})
    assert out == [[p2(m, dc).odds() for dc in dcs] for m in mods]


def test_dnd35_checks_share_their_work_too():
    cache = prep_fast.OddsCache()
    checks = [d35(m, 10 + m, helpers=(3,)) for m in range(6)] + [dnd35.AbilityCheck(dc=12, ability="str",
                                                                                   ability_score=14)]
    assert [cache.odds(c) for c in checks] == [c.odds() for c in checks]
    assert cache.computed == 2  # one per family: every skill check here has dc − modifier = 10


def test_sweeps_clamp_far_differences_exactly():
    """Beyond the clamp bounds the odds must not move: check every DC from −50 to 100 (the engine's bounds)."""
    samples = [
        p2(4, 0, dc_modifiers=(Modifier(-2, "ff", "circumstance"),)), p2(0, 0, fortune=True),
        p2(15, 0, misfortune=True, cannot_succeed=True),
        d5(3, 0, kind="attack", advantage=True, inspiration=True), d5(-4, 0, kind="save", disadvantage=True),
        d5(2, 0, inspiration=True), cf(5, 0),
        d35(2, 0, helpers=(3, 1, 9)), d35(1, 0, take=20, helpers=(0,)), d35(6, 0, take=10),
        dnd35.AttackRoll(dc=0, base_attack_bonus=8), dnd35.SavingThrow(dc=0, base_save=-3),
    ]
    for check in samples:
        dcs = range(-50, 101) if not isinstance(check, dnd35.SkillCheck) else range(-50, 101, 3)
        assert prep.dc_sweep(check, dcs) == [check.with_target(dc).odds() for dc in dcs], check


def test_fast_inspiration_equals_the_engine():
    for kind in dnd5e.KINDS:
        for mode in ("normal", "high", "low"):
            for diff in range(-3, 25):
                assert dnd5e.inspired_odds(diff, kind, mode) == dnd5e.odds_for_difference(diff, kind, mode, True)


def realistic_party(rng):
    """8 characters × 40 prepared checks: skills of a few families, attacks, saves, conditions."""
    rows = []
    for member in range(8):
        row = []
        for c in range(40):
            system = c % 4
            mod = rng.randint(0, 14)
            if system == 0:
                row.append(p2(mod, 15 + c % 12, fortune=c % 7 == 0, dc_modifiers=(Modifier(-2, "s", "status"),)))
            elif system == 1:
                row.append(d5(mod, 10 + c % 15, kind=dnd5e.KINDS[c % 3], advantage=member % 3 == 0,
                              inspiration=member == 1))
            elif system == 2:
                row.append(cf(mod, 10 + c % 10))
            else:
                row.append(d35(mod, 10 + c % 20, helpers=(2,) if c % 5 == 0 else ()))
        rows.append(row)
    return rows


def test_matrix_8_by_40_shares_work_and_stays_exact():
    """The matrix's shared cache gives every cell the check's own odds (its speed is measured in
    benchmarks/ui.py, not here)."""
    rows = realistic_party(random.Random(1))
    out = prep.matrix(rows)
    assert [len(r) for r in out] == [40] * 8
    for row, odds_row in zip(rows, out):
        for check, odds in zip(row, odds_row):
            assert odds.tiers == check.odds().tiers and sum(odds.tiers.values()) == 1


# -- group odds -----------------------------------------------------------------------------------

class Faces(random.Random):
    """A 'generator' that hands out given d20 faces, to enumerate every roll through ``roll``."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0)


def roll_outcomes(check, dice):
    """Success or not for every sequence of ``dice`` d20 faces, via the roll path (not odds)."""
    return [check.roll(Faces(fs)).tier in ("success", "critical_success", "hit", "critical_hit")
            for fs in itertools.product(range(1, 21), repeat=dice)]


def test_group_odds_against_brute_force_over_every_face():
    party = [(p2(6, 18), 1), (d5(3, 14, advantage=True), 2), (cf(2, 12), 1)]
    outcomes = [roll_outcomes(c, n) for c, n in party]
    total = 0
    counts = [0] * (len(party) + 1)
    for combo in itertools.product(*outcomes):
        counts[sum(combo)] += 1
        total += 1
    g = prep.group_odds(c for c, _ in party)
    assert g.distribution == tuple(F(c, total) for c in counts)
    assert g.at_least_one == F(total - counts[0], total)
    assert g.all == F(counts[-1], total)
    assert g.expected == F(sum(k * c for k, c in enumerate(counts)), total)
    assert g.at_least(2) == F(counts[2] + counts[3], total)


@given(st.lists(st.fractions(0, 1, max_denominator=50), max_size=6))
def test_group_from_chances_against_subsets(chances):
    g = prep.group_from_chances(chances)
    dist = [F(0)] * (len(chances) + 1)
    for outcome in itertools.product((False, True), repeat=len(chances)):
        w = F(1)
        for ok, p in zip(outcome, chances):
            w *= p if ok else 1 - p
        dist[sum(outcome)] += w
    assert g.distribution == tuple(dist)
    assert sum(g.distribution) == 1
    assert g.expected == sum(chances, F(0))
    assert g.all == (dist[-1])


def test_group_odds_of_an_empty_party_and_bad_input():
    g = prep.group_from_chances([])
    assert (g.at_least_one, g.all, g.expected) == (0, 1, 0)
    with pytest.raises(RulesError, match="chances"):
        prep.group_from_chances([1.5])
    with pytest.raises(RulesError, match=r"checks\[1\]"):
        prep.group_odds([cf(1, 10), 3])


# -- DC solver ------------------------------------------------------------------------------------

def measure(goal, odds):
    succ = [o.success for o in odds]
    cf_ = [o.tiers.get("critical_failure") for o in odds]
    prod = F(1)
    none = F(1)
    for p in succ:
        prod *= p
        none *= 1 - p
    return {
        "best": lambda: max(succ), "worst": lambda: min(succ), "average": lambda: sum(succ, F(0)) / len(succ),
        "at_least_one": lambda: 1 - none, "all": lambda: prod,
        "crit_fail_best": lambda: min(cf_), "crit_fail_worst": lambda: max(cf_),
        "crit_fail_average": lambda: sum(cf_, F(0)) / len(cf_),
    }[goal]()


def closest(checks, goal, chance, candidates):
    """The goal at every candidate DC, recomputed with the engine; the DCs that come closest."""
    values = [measure(goal, [c.with_target(t).odds() for c in checks]) for t in candidates]
    wanted = prep.as_chance(chance)
    limit = goal.startswith("crit_fail")
    allowed = [i for i, v in enumerate(values) if not limit or v <= wanted] or list(range(len(values)))
    best = min(abs(values[i] - wanted) for i in allowed)
    tied = [candidates[i] for i in allowed if abs(values[i] - wanted) == best]
    return values, tied, best


def expected_pick(candidates, values, tied):
    """The documented tie rule: a plateau that runs into the hard end only → its easiest DC;
    otherwise the hardest of the tied DCs."""
    vals = {values[candidates.index(t)] for t in tied}
    if len(vals) == 1 and len(tied) > 1 and tied[-1] == candidates[-1] and tied[0] != candidates[0]:
        return tied[0]
    return tied[-1]


party_mods = st.lists(st.integers(-5, 25), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(party_mods, st.sampled_from(prep.GOALS), st.fractions(0, 1, max_denominator=40), st.booleans())
def test_pf2_solution_is_the_closest_of_all_dcs(mods, goal, chance, fortune):
    checks = [p2(m, 20, fortune=fortune and i == 0) for i, m in enumerate(mods)]
    candidates = list(range(-10, 61))
    sol = prep.solve_dc(checks, goal, chance, candidates)
    values, tied, best = closest(checks, goal, chance, candidates)
    assert sol.achieved == values[candidates.index(sol.target)]
    assert abs(sol.achieved - chance) == best
    assert sol.target == expected_pick(candidates, values, tied)
    assert sol.curve == tuple(zip(candidates, values))
    assert sol.member_odds == tuple(c.with_target(sol.target).odds() for c in checks)
    if goal.startswith("crit_fail"):
        assert sol.satisfied == (min(values) <= chance)
        if sol.satisfied:
            assert sol.achieved <= chance


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(("best", "average", "worst", "at_least_one", "all")),
       st.fractions(0, 1, max_denominator=40))
def test_any_system_solution_is_the_closest(seed, goal, chance):
    rng = random.Random(seed)
    make = rng.choice([
        lambda m: d5(m, 10, kind=rng.choice(dnd5e.KINDS), advantage=rng.random() < .3, inspiration=rng.random() < .3),
        lambda m: cf(m, 10),
        lambda m: d35(m, 10, helpers=(2,) if rng.random() < .5 else ()),
    ])
    checks = [make(rng.randint(-3, 15)) for _ in range(rng.randint(1, 4))]
    candidates = list(range(-10, 41))
    sol = prep.solve_dc(checks, goal, chance, candidates)
    values, tied, best = closest(checks, goal, chance, candidates)
    assert abs(sol.achieved - chance) == best
    assert sol.target == expected_pick(candidates, values, tied)


def test_ties_documented_cases():
    # certain success runs into the easy end: the hardest DC still certain (d20 + 0 ≥ DC for every face)
    assert prep.solve_dc([d5(0, 10)], "best", 1).target == 1
    # pf2's natural 20 keeps 1/20 for ever: the first DC where it is down to 1/20
    sol = prep.solve_dc([p2(0, 10)], "best", F(1, 20))
    assert sol.target == 20 and sol.achieved == F(1, 20)
    # 0.525 sits between DC 10 (11/20) and DC 11 (10/20): the harder one
    assert prep.solve_dc([cf(0, 10)], "best", "52.5%").target == 11
    # a limit nobody keeps: the DC that comes nearest, flagged
    sol = prep.solve_dc([p2(0, 10)], "crit_fail_worst", 0, range(20, 30))
    assert not sol.satisfied and sol.target == 20


def test_solver_refuses_what_it_cannot_answer():
    with pytest.raises(RulesError, match="goal"):
        prep.solve_dc([d5(3, 10)], "crit_fail_best", .1)
    with pytest.raises(RulesError, match="goal"):
        prep.solve_dc([d5(3, 10)], "median", .1)
    with pytest.raises(RulesError, match="checks"):
        prep.solve_dc([], "best", .5)
    with pytest.raises(RulesError, match="chance"):
        prep.solve_dc([d5(3, 10)], "best", 1.2)
    with pytest.raises(RulesError, match="chance"):
        prep.solve_dc([d5(3, 10)], "best", "lots")
    with pytest.raises(RulesError, match="range"):
        prep.solve_dc([d5(3, 10)], "best", .5, [15, 10])


@pytest.mark.parametrize("text,value", [("60%", F(3, 5)), (" 60 % ", F(3, 5)), ("0,6", F(3, 5)), (0.6, F(3, 5)),
                                        (F(1, 3), F(1, 3)), (1, F(1))])
def test_chances_as_typed(text, value):
    assert prep.as_chance(text) == value


# -- anarchy --------------------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=3),
       st.sampled_from(("best", "average", "at_least_one", "all")), st.fractions(0, 1, max_denominator=20))
def test_anarchy_threshold_is_the_closest(pools, goal, chance):
    tests = [AnarchyTest(pool=n, luck_before=i == 0) for i, n in enumerate(pools)]
    sol = anarchy_prep.solve_threshold(tests, goal, chance)
    candidates = list(range(0, 9))
    values = [measure(goal, [AnarchyTest(pool=t.pool, luck_before=t.luck_before, threshold=n).odds()
                             for t in tests]) for n in candidates]
    best = min(abs(v - chance) for v in values)
    tied = [n for n, v in zip(candidates, values) if abs(v - chance) == best]
    assert sol.target == expected_pick(candidates, values, tied)
    assert sol.achieved == values[sol.target]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=3),
       st.sampled_from(("best", "average", "at_least_one", "all")), st.fractions(0, 1, max_denominator=20))
def test_anarchy_opposing_pool_is_the_closest(pools, goal, chance):
    tests = [AnarchyTest(pool=n, rerolls=1 if i else 0) for i, n in enumerate(pools)]
    sol = anarchy_prep.solve_opposing_pool(tests, goal, chance)
    values = [measure(goal, [AnarchyTest(pool=t.pool, rerolls=t.rerolls, kind="variable", difficulty=d.id).odds()
                             for t in tests]) for d in DIFFICULTIES]
    best = min(abs(v - chance) for v in values)
    assert abs(sol.achieved - chance) == best
    row = next(d for d in DIFFICULTIES if d.opposing_pool == sol.target)
    assert sol.difficulty == row.id
    assert sol.achieved == values[DIFFICULTIES.index(row)]


def test_anarchy_sweeps_and_refusals():
    t = AnarchyTest(pool=6, threshold=2)
    assert prep.dc_sweep(t, range(0, 9)) == [t.with_target(n).odds() for n in range(0, 9)]
    assert anarchy_prep.pool_sweep(t) == [AnarchyTest(pool=6, kind="variable", difficulty=d.id).odds() for d in DIFFICULTIES]
    with pytest.raises(RulesError, match="goal"):
        anarchy_prep.solve_threshold([t], "crit_fail_worst", .1)
    with pytest.raises(RulesError, match=r"checks\[0\]"):
        anarchy_prep.solve_threshold([d5(1, 10)], "best", .5)
    with pytest.raises(RulesError, match="kind"):
        anarchy_prep.solve_opposing_pool([AnarchyTest(pool=4, threshold=6, intervals=3)], "best", .5)
