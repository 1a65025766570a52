"""Shadowrun Anarchy exact odds against brute force, against the roll itself, and against icepool.

Three independent witnesses:

- ``brute_pool``: every initial face of every die, then every face of the dice the policy rerolls,
  judged straight from RULES.md §5 (written here without the engine's arithmetic);
- ``enumerate_rolls``: ``AnarchyTest.roll`` fed every possible sequence of faces by a scripted
  generator, so the odds and the roll path must agree exactly on whole tests (helpers, opposed,
  extended included);
- icepool on pools too large to enumerate.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction as F
from functools import lru_cache
from itertools import product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.systems.anarchy.rules import AnarchyTest, check_from_dict
from gmdesk.systems.anarchy.dice import hits_table, joint_counts, opposed_win, pool_table, tie_break_counts
from gmdesk.engine.core import Modifier

OPTIONS = [  # (luck_before, luck_after, rerolls): every combination R-3 allows
    (lb, la, k) for lb in (False, True) for la, k in ((False, 0), (True, 0), (False, 1), (False, 2), (False, 3))
]


# -- brute force, from the rules text -----------------------------------------------------------
@lru_cache(maxsize=None)
def _reroll_faces(r: int, hit: int) -> Counter:
    """(hits, ones) of every one of the 6^r faces of r rerolled dice."""
    return Counter((sum(f >= hit for f in faces), faces.count(1)) for faces in product(range(1, 7), repeat=r))


@lru_cache(maxsize=None)
def brute_pool(n: int, luck_before: bool, luck_after: bool, rerolls: int) -> dict:
    """{(final hits, counted ones, degree or None, initial ones): probability} over all faces.

    ``counted ones`` are the complication's (R-4, R-5); ``initial ones`` are the 1s of the initial
    roll before any reroll, Luck included: what the opposed-test tie-break compares (seed 004).
    """
    hit = 4 if luck_before else 5
    out: Counter = Counter()
    for faces in product(range(1, 7), repeat=n):
        misses = [i for i, f in enumerate(faces) if f < hit]
        if luck_after:
            again = misses
        else:  # Edge/Trait: the 1s first
            again = sorted(misses, key=lambda i: faces[i] != 1)[:rerolls]
        kept = [f for i, f in enumerate(faces) if i not in again]
        for (new_hits, new_ones), w in _reroll_faces(len(again), hit).items():
            final_hits = sum(f >= hit for f in kept) + new_hits
            if luck_after:  # judged on the dice as they stand after the Luck reroll
                ones, judged = kept.count(1) + new_ones, final_hits
            else:  # R-4 on the initial roll; rerolled 1s still count
                ones, judged = faces.count(1), sum(f >= hit for f in faces)
            deg = ones - judged if ones >= 1 and ones >= judged else None
            out[(final_hits, ones, deg, faces.count(1))] += F(w, 6 ** (n + len(again)))
    return dict(out)


def _marg(dist: dict, key) -> dict:
    out: Counter = Counter()
    for k, p in dist.items():
        out[key(k)] += p
    return dict(out)


@pytest.mark.parametrize("n", range(0, 6))
@pytest.mark.parametrize("lb, la, k", OPTIONS)
def test_pool_against_brute_force(n, lb, la, k):
    brute = brute_pool(n, lb, la, k)
    joint, den = joint_counts(n, lb, la, k)
    assert {key: F(w, den) for key, w in joint.items() if w} == _marg(
        brute, lambda key: (key[0], key[1], -1 if key[2] is None else key[2])
    )
    tb, tden = tie_break_counts(n, lb, la, k)
    assert {key: F(w, tden) for key, w in tb.items() if w} == _marg(brute, lambda key: (key[0], key[3]))
    hits, comp = hits_table(n, lb, la, k)
    by_hits = _marg(brute, lambda key: key[0])
    assert hits == tuple(by_hits.get(h, 0) for h in range(n + 1))
    assert comp == sum(p for key, p in brute.items() if key[2] is not None)
    table = pool_table(n, range(-1, n + 3), lb, la, k)
    assert table.at_least == tuple(sum((p for h, p in by_hits.items() if h >= t), F(0)) for t in range(-1, n + 3))
    odds = AnarchyTest(pool=n, luck_before=lb, luck_after=la, rerolls=k).odds()
    assert odds.extra["complication_degrees"] == {
        d: p for d, p in sorted(_marg(brute, lambda key: key[2]).items(), key=lambda x: (x[0] is None, x[0]))
        if d is not None
    }


@pytest.mark.parametrize("a", range(0, 4))
@pytest.mark.parametrize("o", range(0, 4))
@pytest.mark.parametrize("lb, la, k", OPTIONS[::2] + [OPTIONS[1], OPTIONS[3]])
def test_opposed_against_brute_force(a, o, lb, la, k):
    actor, opp = brute_pool(a, lb, la, k), brute_pool(o, False, False, 0)
    plain = tie_break = F(0)
    for (ha, _, _, oa), pa in actor.items():  # the tie-break's 1s: the initial roll's
        for (ho, _, _, oo), po in opp.items():
            plain += pa * po * (ha >= ho)
            tie_break += pa * po * (ha > ho or (ha == ho and oa <= oo))
    assert opposed_win(a, o, lb, la, k) == plain
    assert opposed_win(a, o, lb, la, k, tie_break_ones=True) == tie_break
    t = AnarchyTest(pool=a, opposing_pool=o, luck_before=lb, luck_after=la, rerolls=k, tie_break_ones=True)
    assert t.odds()["success"] == tie_break


def test_tie_break_counts_initial_ones_after_a_luck_reroll():
    """Seed 004: the tie-break counts the 1s "au test initial (avant relances éventuelles)", even when
    Luck after the roll rerolls them away (R-5 forgets them for the complication only). 2 dice with
    Luck after against 2 plain dice: 547/729; judging the 1s after the reroll would give 749/972."""
    t = AnarchyTest(pool=2, opposing_pool=2, luck_after=True, tie_break_ones=True)
    actor, opp = brute_pool(2, False, True, 0), brute_pool(2, False, False, 0)
    brute = sum(pa * po for (ha, _, _, oa), pa in actor.items() for (ho, _, _, oo), po in opp.items()
                if ha > ho or (ha == ho and oa <= oo))
    assert brute == F(547, 729)
    assert t.odds()["success"] == F(547, 729) == opposed_win(2, 2, luck_after=True, tie_break_ones=True)
    # the complication is still judged after the Luck reroll, tie-break or not
    assert t.odds().extra["complication"] == replace(t, tie_break_ones=False).odds().extra["complication"]


# -- the roll itself, fed every sequence of faces ------------------------------------------------
class _Exhausted(Exception):
    pass


class _Scripted(random.Random):
    def __init__(self, faces):
        super().__init__(0)
        self.faces, self.i = faces, 0

    def randint(self, a, b):
        assert (a, b) == (1, 6)
        if self.i == len(self.faces):
            raise _Exhausted
        self.i += 1
        return self.faces[self.i - 1]


def enumerate_rolls(test: AnarchyTest) -> dict:
    """{(tier, hits, complication, dc): probability} over every face sequence the roll can ask for."""
    out: Counter = Counter()
    stack = [()]
    while stack:
        prefix = stack.pop()
        try:
            r = test.roll(_Scripted(prefix))
        except _Exhausted:
            stack.extend(prefix + (f,) for f in range(1, 7))
            continue
        out[(r.tier, r.hits, r.complication, r.dc)] += F(1, 6 ** len(prefix))
    return dict(out)


WHOLE_TESTS = [
    AnarchyTest(pool=3, threshold=2, rerolls=2),
    AnarchyTest(pool=2, threshold=1, luck_before=True, luck_after=True),
    AnarchyTest(pool=2),
    AnarchyTest(attribute=2, threshold=1),
    AnarchyTest(pool=2, opposing_pool=1, rerolls=1, tie_break_ones=True),
    AnarchyTest(pool=1, opposing_pool=2, luck_after=True),
    AnarchyTest(pool=1, kind="variable", difficulty="very easy", tie_break_ones=True),
    AnarchyTest(pool=2, opposing_pool=1, luck_after=True, tie_break_ones=True),
    AnarchyTest(pool=0, modifiers=(Modifier(1, "a"),), opposing_pool=1, helpers=(1,), luck_after=True,
                luck_before=True, tie_break_ones=True),
    AnarchyTest(pool=1, modifiers=(Modifier(-1, "dark"),), threshold=1, helpers=(1, AnarchyTest(pool=1, rerolls=1))),
    AnarchyTest(pool=0, modifiers=(Modifier(3, "a"), Modifier(3, "b")), dice=2, threshold=1, helpers=(1,)),
    AnarchyTest(pool=3, modifiers=(Modifier(-4, "wounds"),), threshold=1, helpers=(2,), luck_before=True),
    AnarchyTest(pool=1, threshold=2, intervals=3),
    AnarchyTest(pool=1, threshold=2, intervals=2, luck_after=True),
    AnarchyTest(pool=2, threshold=3, intervals=2),
]


@pytest.mark.parametrize("test", WHOLE_TESTS, ids=lambda t: str(t.describe()))
def test_odds_equal_every_possible_roll(test):
    rolls = enumerate_rolls(test)
    odds = test.odds()
    assert odds["success"] == sum(p for (tier, *_), p in rolls.items() if tier == "success")
    by_hits = _marg(rolls, lambda k: k[1])
    assert odds.extra["hits"] == tuple(by_hits.get(h, 0) for h in range(len(odds.extra["hits"])))
    degrees = {d: p for d, p in _marg(rolls, lambda k: k[2]).items() if d is not None}
    assert odds.extra["complication_degrees"] == dict(sorted(degrees.items()))
    assert odds.extra["complication"] == sum(degrees.values(), F(0))
    if test.kind != "open":
        assert odds.extra["net_hits"] == dict(sorted(_marg(rolls, lambda k: k[1] - k[3]).items()))


def _naive_extended(n, lb, la, k, threshold, intervals):
    """The extended test as a plain recursion over (hits so far, worst degree so far)."""
    per = _marg(brute_pool(n, lb, la, k), lambda key: (key[0], key[2]))
    out: Counter = Counter()

    def go(acc, worst, left, p):
        if acc >= threshold or not left:
            out[(acc, worst)] += p
            return
        for (h, d), q in per.items():
            go(acc + h, d if worst is None else worst if d is None else max(worst, d), left - 1, p * q)

    go(0, None, intervals, F(1))
    return dict(out)


@pytest.mark.parametrize("n, lb, la, k, threshold, intervals", [
    (2, False, False, 0, 3, 3), (3, True, False, 2, 4, 2), (2, False, True, 0, 5, 3), (4, False, False, 1, 6, 2),
    (0, False, False, 0, 1, 2), (1, True, True, 0, 1, 3),
])
def test_extended_against_naive_recursion(n, lb, la, k, threshold, intervals):
    naive = _naive_extended(n, lb, la, k, threshold, intervals)
    odds = AnarchyTest(pool=n, luck_before=lb, luck_after=la, rerolls=k, threshold=threshold,
                       intervals=intervals).odds()
    assert odds["success"] == sum(p for (acc, _), p in naive.items() if acc >= threshold)
    by_hits = _marg(naive, lambda key: key[0])
    assert odds.extra["hits"] == tuple(by_hits.get(h, 0) for h in range(len(odds.extra["hits"])))
    assert sum(odds.extra["hits"]) == 1
    degrees = {d: p for d, p in _marg(naive, lambda key: key[1]).items() if d is not None}
    assert odds.extra["complication_degrees"] == dict(sorted(degrees.items()))


def test_extended_refuses_runaway_work():
    from gmdesk.engine.core import RulesError

    with pytest.raises(RulesError) as e:
        AnarchyTest(pool=60, modifiers=(Modifier(5, "x"),), threshold=100, intervals=30, luck_after=True).odds()
    assert e.value.field == "intervals"


# -- icepool ------------------------------------------------------------------------------------
def _ice_hits(n, lb, la, k):
    hit = 4 if lb else 5
    one_hit = icepool.d6 >= hit
    initial = icepool.d6.pool(n).keep_outcomes(range(hit, 7)).size()
    if la:
        return initial.map(lambda h: h + (n - h) @ one_hit)
    if k:
        return initial.map(lambda h: h + min(k, n - h) @ one_hit)
    return initial


def _ice_hits_ones(n, lb, la):
    """(hits, ones) as the complication judges them, summed over n dice as vectors."""
    hit = 4 if lb else 5
    die = icepool.d6.map(lambda f: icepool.Vector((int(f >= hit), int(f == 1))))
    if la:
        die = icepool.d6.map(lambda f: icepool.Vector((1, 0)) if f >= hit else die)
    return n @ die


def _ice_hits_initial_ones(n, lb, la):
    """(final hits, 1s of the initial roll) as the tie-break compares them, over n dice as vectors."""
    hit = 4 if lb else 5
    rerolled_hit = icepool.d6.map(lambda g: icepool.Vector((int(g >= hit), 0)))
    die = icepool.d6.map(lambda f: icepool.Vector((int(f >= hit), int(f == 1))) if f >= hit or not la
                         else rerolled_hit + icepool.Vector((0, int(f == 1))))
    return n @ die


@pytest.mark.parametrize("n", [6, 9, 14])
@pytest.mark.parametrize("lb, la, k", OPTIONS)
def test_pool_against_icepool(n, lb, la, k):
    hits, comp = hits_table(n, lb, la, k)
    ice = _ice_hits(n, lb, la, k)
    assert hits == tuple(ice.probability(h) for h in range(n + 1))
    ice_deg = _ice_hits_ones(n, lb, la).map(lambda v: v[1] - v[0] if v[1] >= 1 and v[1] >= v[0] else -1)
    assert comp == 1 - ice_deg.probability(-1)
    odds = AnarchyTest(pool=n, luck_before=lb, luck_after=la, rerolls=k).odds()
    assert odds.extra["complication_degrees"] == {d: ice_deg.probability(d) for d in sorted(ice_deg) if d >= 0}


@pytest.mark.parametrize("a, o", [(1, 4), (5, 8), (9, 6), (12, 12), (20, 10)])
@pytest.mark.parametrize("lb, la, k", [(False, False, 0), (True, False, 0), (False, True, 0), (True, False, 3)])
def test_opposed_against_icepool(a, o, lb, la, k):
    opponent = icepool.d6.pool(o).keep_outcomes([5, 6]).size()
    assert opposed_win(a, o, lb, la, k) == (_ice_hits(a, lb, la, k) >= opponent).probability(True)
    net = AnarchyTest(pool=a, opposing_pool=o, luck_before=lb, luck_after=la, rerolls=k).odds().extra["net_hits"]
    ice_net = _ice_hits(a, lb, la, k) - opponent
    assert net == {d: ice_net.probability(d) for d in sorted(ice_net)}


@pytest.mark.parametrize("a, o, lb, la", [(4, 4, False, False), (6, 8, True, False), (5, 6, False, True),
                                         (7, 7, True, True)])
def test_tie_break_against_icepool(a, o, lb, la):
    actor, opp = _ice_hits_initial_ones(a, lb, la), _ice_hits_initial_ones(o, False, False)
    ice = icepool.map(lambda x, y: x[0] > y[0] or (x[0] == y[0] and x[1] <= y[1]), actor, opp)
    assert opposed_win(a, o, lb, la, tie_break_ones=True) == ice.probability(True)


# -- properties ---------------------------------------------------------------------------------
@st.composite
def anarchy_tests(draw, kinds=("open", "simple", "opposed", "extended")):
    kind = draw(st.sampled_from(kinds))
    la = draw(st.booleans())
    kw = dict(
        pool=draw(st.integers(0, 9)),
        modifiers=tuple(Modifier(v, f"m{i}") for i, v in enumerate(draw(st.lists(st.integers(-6, 6), max_size=3)))),
        luck_before=draw(st.booleans()),
        luck_after=la,
        rerolls=0 if la else draw(st.integers(0, 3)),
        helpers=tuple(draw(st.lists(st.integers(0, 3), max_size=2))),
    )
    if kind == "simple":
        kw["threshold"] = draw(st.integers(0, 6))
    elif kind == "opposed":
        kw["opposing_pool"] = draw(st.integers(0, 8))
        kw["tie_break_ones"] = draw(st.booleans())
    elif kind == "extended":
        kw.update(threshold=draw(st.integers(1, 8)), intervals=draw(st.integers(1, 3)))
    return AnarchyTest(**kw)


PROPS = settings(max_examples=60, deadline=None)


@PROPS
@given(anarchy_tests())
def test_odds_are_distributions(t):
    odds = t.odds()
    assert sum(odds.tiers.values()) == 1 and all(0 <= p <= 1 for p in odds.tiers.values())
    assert sum(odds.extra["hits"]) == 1 and all(p >= 0 for p in odds.extra["hits"])
    assert sum(odds.extra["complication_degrees"].values(), F(0)) == odds.extra["complication"] <= 1
    if "net_hits" in odds.extra:
        assert sum(odds.extra["net_hits"].values()) == 1
        assert odds["success"] >= sum(p for n, p in odds.extra["net_hits"].items() if n > 0)
    assert check_from_dict(t.describe()) == t


@PROPS
@given(anarchy_tests())
def test_luck_never_worse(t):
    base = replace(t, luck_before=False).odds()["success"]
    assert replace(t, luck_before=True).odds()["success"] >= base
    if not t.rerolls:
        assert replace(t, luck_after=True).odds()["success"] >= replace(t, luck_after=False).odds()["success"]


@PROPS
@given(anarchy_tests())
def test_more_dice_and_rerolls_never_worse(t):
    p = t.odds()["success"]
    # With the fewer-1s tie-break an extra die can hurt: at 0 hits each, the actor's new die may show
    # a 1 and lose the tie (see test_ones_tie_break_can_make_an_extra_die_worse).
    if not t.tie_break_ones:
        assert replace(t, pool=t.pool + 1).odds()["success"] >= p
    if not t.luck_after and t.rerolls < 3:
        assert replace(t, rerolls=t.rerolls + 1).odds()["success"] >= p


@PROPS
@given(anarchy_tests(kinds=("simple", "opposed", "extended")))
def test_harder_never_better(t):
    p = t.odds()["success"]
    if t.kind == "opposed":
        assert replace(t, opposing_pool=t.opposing_pool + 1).odds()["success"] <= p
    else:
        assert t.with_target(t.threshold + 1).odds()["success"] <= p
    if t.kind == "extended":
        assert replace(t, intervals=t.intervals + 1).odds()["success"] >= p


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30), st.booleans(), st.sampled_from([(False, 0), (True, 0), (False, 1), (False, 3)]))
def test_hits_table_matches_whole_test_odds(n, lb, la_k):
    la, k = la_k
    hits, comp = hits_table(n, lb, la, k)
    odds = AnarchyTest(pool=n, luck_before=lb, luck_after=la, rerolls=k).odds()
    assert odds.extra["hits"] == hits and odds.extra["complication"] == comp
    assert odds["success"] == 1 - hits[0]


def test_ones_tie_break_can_make_an_extra_die_worse():
    """0 dice against 0 dice always ties and goes to the actor; with one die the actor may roll a lone
    1 (no hit, one more 1 than the opponent) and lose the tie-break: 1/6 of the time."""
    bare = AnarchyTest(pool=0, kind="opposed", opposing_pool=0, tie_break_ones=True)
    one = replace(bare, pool=1)
    assert bare.odds()["success"] == 1
    assert one.odds()["success"] == 1 - F(1, 6)
