"""Shadowrun Anarchy: worked cases, tables, pool arithmetic, validation, rolls (RULES.md §5)."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F

import pytest

from gmdesk.systems.anarchy import data
from gmdesk.systems.anarchy.rules import AnarchyTest, check_from_dict
from gmdesk.systems.anarchy.dice import anarchy_tables, hits_table, opposed_win, pool_table
from gmdesk.engine.core import Modifier, RulesError


# -- RULES.md worked cases ----------------------------------------------------------------------
def test_worked_case_one_die():
    hits, comp = hits_table(1)
    assert hits == (F(2, 3), F(1, 3))
    assert comp == F(1, 6)
    odds = AnarchyTest(pool=1, threshold=1).odds()
    assert odds["success"] == F(1, 3)
    assert odds.extra["complication"] == F(1, 6)


def test_worked_case_two_dice():
    hits, comp = hits_table(2)
    assert hits == (F(16, 36), F(16, 36), F(4, 36))
    assert comp == F(11, 36)
    odds = AnarchyTest(pool=2).odds()
    assert odds.extra["hits"] == hits
    assert odds.extra["complication"] == F(11, 36)
    assert sum(odds.extra["complication_degrees"].values()) == F(11, 36)


# -- tables as data -----------------------------------------------------------------------------
def test_difficulty_table_matches_rules():
    rows = {d.id: (d.threshold, d.opposing_pool) for d in data.DIFFICULTIES}
    assert rows == {"very_easy": (0, 4), "easy": (1, 6), "average": (2, 8), "hard": (3, 10), "very_hard": (4, 12)}
    for name in ("very hard", "Très difficile", "VERY_HARD", "very-hard"):
        assert data.difficulty(name).id == "very_hard"


def test_presets_match_rules():
    expected = {
        "catch_object": ("AGI", "AGI"), "physical_defense": ("AGI", "LOG"), "magical_defense": ("VOL", "CHA"),
        "resist_fatigue": ("FOR", "VOL"), "perceptiveness": ("CHA", "LOG"), "perception": ("LOG", "VOL"),
        "resist_torture": ("FOR", "VOL"), "resist_intimidation": ("CHA", "VOL"), "recall_detail": ("LOG", "LOG"),
        "lift_object": ("FOR", "FOR"),
    }
    assert {p.id: p.attributes for p in data.PRESETS} == expected
    assert all(p.penalty == -2 and p.fr and p.en for p in data.PRESETS)
    assert data.PRESETS_BY_ID["magical_defense"].note_en == "armor = LOG"


def test_preset_pool_and_english_attribute_codes():
    t = AnarchyTest(preset="resist_fatigue", attributes={"STR": 4, "Willpower": 3})
    assert t.base_pool == 4 + 3 - 2
    assert dict(t.attributes) == {"FOR": 4, "VOL": 3}
    assert "Resist fatigue" in t.breakdown.text()
    assert AnarchyTest(preset="lift_object", attributes={"FOR": 5}).base_pool == 8


# -- pool arithmetic and breakdown -------------------------------------------------------------
def test_attribute_plus_skill_and_missing_skill():
    assert AnarchyTest(attribute=4, skill=3).base_pool == 7
    t = AnarchyTest(attribute=4)
    assert t.base_pool == 3
    assert any(m.value == -1 and "no skill" in m.source for m in t.breakdown.applied)


@pytest.mark.parametrize("mods, net", [((3, 4), 5), ((-4, -4), -5), ((2, -1), 1), ((6, -2), 4)])
def test_dice_modifiers_capped_with_a_cap_line(mods, net):
    t = AnarchyTest(pool=8, modifiers=tuple(Modifier(m, f"mod {m}") for m in mods))
    assert t.pool_size() == 8 + net
    assert t.breakdown.total == t.rolled_dice() == 8 + net
    caps = [m for m in t.breakdown.applied if m.kind == "cap"]
    assert len(caps) == (1 if abs(sum(mods)) > 5 else 0)
    if caps:
        assert caps[0].value == net - sum(mods)


def test_pool_never_below_zero():
    t = AnarchyTest(pool=2, modifiers=(Modifier(-4, "wounded"),))
    assert t.pool_size() == 0 and t.breakdown.total == 0
    assert [m.kind for m in t.breakdown.applied][-1] == "floor"
    assert t.odds().extra["hits"] == (1,)
    assert t.odds().extra["complication"] == 0
    r = t.roll(random.Random(1))
    assert r.dice == () and r.hits == 0 and r.complication is None


def test_rolling_fewer_dice():
    t = AnarchyTest(pool=6, dice=2)
    assert t.rolled_dice() == 2 and t.breakdown.total == 2
    assert t.odds() == AnarchyTest(pool=2).odds()
    assert len(t.roll(random.Random(3)).dice) == 2


def test_teamwork_caps_helpers_after_negative_dice():
    t = AnarchyTest(pool=4, modifiers=(Modifier(-2, "smoke"),), helpers=(AnarchyTest(pool=12),))
    assert t.rolled_dice(0) == 2 and t.rolled_dice(7) == 9  # -2 + 7 = +5, at the cap
    assert t.rolled_dice(12) == 9
    lines = t.breakdown_for(12).applied
    assert [m.kind for m in lines][-2:] == ["teamwork", "cap"] and t.breakdown_for(12).total == 9


def test_open_test_success_is_at_least_one_hit():
    odds = AnarchyTest(pool=3).odds()
    assert odds["success"] == 1 - F(2, 3) ** 3
    assert "net_hits" not in odds.extra


def test_very_easy_is_automatic():
    t = AnarchyTest(pool=0, difficulty="very easy")
    assert t.kind == "simple" and t.threshold == 0 and t.odds()["success"] == 1


def test_variable_takes_opposing_pool_from_table_and_allows_override():
    t = AnarchyTest(pool=5, kind="variable", difficulty="average")
    assert t.opposing_pool == 8
    assert t.odds()["success"] == opposed_win(5, 8)
    assert AnarchyTest(pool=5, kind="variable", difficulty="easy", opposing_pool=9).odds()["success"] == opposed_win(5, 9)


def test_target_and_with_target():
    assert AnarchyTest(pool=3).target is None
    assert AnarchyTest(pool=3, threshold=2).target == 2
    t = AnarchyTest(pool=3, opposing_pool=4, tie_break_ones=True).with_target(2)
    assert (t.kind, t.threshold, t.opposing_pool) == ("simple", 2, None)
    e = AnarchyTest(pool=3, threshold=5, intervals=3).with_target(7)
    assert (e.kind, e.threshold, e.intervals) == ("extended", 7, 3)


def test_extended_more_intervals_and_success_by_interval():
    odds = AnarchyTest(pool=4, threshold=4, intervals=3).odds()
    by = odds.extra["success_by_interval"]
    assert by[0] == pool_table(4, [4]).at_least[0]
    assert list(by) == sorted(by) and by[-1] == odds["success"]
    assert sum(odds.extra["hits"]) == 1


# -- describe / check_from_dict ----------------------------------------------------------------
ROUND_TRIP = [
    AnarchyTest(pool=5),
    AnarchyTest(attribute=4, skill=2, modifiers=(Modifier(2, "smartgun", "gear"),), threshold=2, luck_before=True),
    AnarchyTest(preset="perception", attributes={"LOG": 3, "VOL": 4}, dice=3, rerolls=2, label="spot the drone"),
    AnarchyTest(pool=6, kind="variable", difficulty="hard", tie_break_ones=True, luck_after=True),
    AnarchyTest(pool=6, threshold=10, intervals=4, helpers=(2, AnarchyTest(attribute=3, rerolls=1))),
]


@pytest.mark.parametrize("test", ROUND_TRIP)
def test_describe_round_trip(test):
    import json

    d = json.loads(json.dumps(test.describe()))
    assert check_from_dict(d) == test
    assert d["system"] == "anarchy"


# -- bad input ---------------------------------------------------------------------------------
BAD = [
    (dict(pool=-1), "pool"),
    (dict(), "pool"),
    (dict(pool=3, attribute=2), "pool"),
    (dict(pool=3, rerolls=4), "rerolls"),
    (dict(pool=3, rerolls=-1), "rerolls"),
    (dict(pool=3, luck_after=True, rerolls=1), "luck_after"),
    (dict(pool=3, dice=4), "dice"),
    (dict(pool=3, dice=-1), "dice"),
    (dict(pool=3, threshold=-1), "threshold"),
    (dict(pool=3, kind="open", threshold=2), "threshold"),
    (dict(pool=3, kind="weird"), "kind"),
    (dict(pool=3, kind="variable"), "difficulty"),
    (dict(pool=3, difficulty="impossible"), "difficulty"),
    (dict(pool=3, difficulty="hard", threshold=2), "threshold"),
    (dict(pool=3, kind="opposed"), "opposing_pool"),
    (dict(pool=3, opposing_pool=-2), "opposing_pool"),
    (dict(pool=3, threshold=2, tie_break_ones=True), "tie_break_ones"),
    (dict(pool=3, kind="extended", intervals=2), "threshold"),
    (dict(pool=3, kind="extended", threshold=2), "intervals"),
    (dict(pool=3, threshold=0, intervals=2), "threshold"),
    (dict(pool=3, threshold=2, intervals=0), "intervals"),
    (dict(skill=3, pool=2), "skill"),
    (dict(attribute=-1), "attribute"),
    (dict(preset="fly"), "preset"),
    (dict(preset="perception", attributes={"LOG": 3}), "attributes.VOL"),
    (dict(preset="perception", attributes={"XYZ": 3, "LOG": 2, "VOL": 2}), "attributes"),
    (dict(pool=3, attributes={"LOG": 3}), "attributes"),
    (dict(pool=3, modifiers=(Modifier(1, "a"), "two")), "modifiers[1]"),
    (dict(pool=3, luck_before="yes"), "luck_before"),
    (dict(pool=3, helpers=(2, -1)), "helpers[1]"),
    (dict(pool=3, helpers=(AnarchyTest(pool=2, threshold=1),)), "helpers[0]"),
    (dict(pool=2.5), "pool"),
]


@pytest.mark.parametrize("kwargs, field", BAD)
def test_bad_input_names_the_field(kwargs, field):
    with pytest.raises(RulesError) as e:
        AnarchyTest(**kwargs)
    assert e.value.field == field


def test_r3_message_names_both_options():
    with pytest.raises(RulesError) as e:
        AnarchyTest(pool=3, luck_after=True, rerolls=2)
    assert "rerolls" in str(e.value) and "luck_after" in str(e.value) and "R-3" in str(e.value)


@pytest.mark.parametrize("call, field", [
    (lambda: hits_table(-1), "pool"),
    (lambda: hits_table(3, rerolls=4), "rerolls"),
    (lambda: hits_table(3, luck_after=True, rerolls=1), "luck_after"),
    (lambda: opposed_win(3, -1), "opposing_pool"),
    (lambda: opposed_win(-3, 1), "actor_pool"),
    (lambda: check_from_dict({"pool": 3, "colour": "red"}), "colour"),
    (lambda: check_from_dict({"system": "pf2", "pool": 3}), "system"),
    (lambda: check_from_dict({"pool": 3, "helpers": [{"pool": -2}]}), "helpers[0].pool"),
    (lambda: check_from_dict({"pool": 3, "modifiers": [{"source": "x"}]}), "modifiers[0]"),
])
def test_bad_input_to_functions(call, field):
    with pytest.raises(RulesError) as e:
        call()
    assert e.value.field == field


# -- rolls -------------------------------------------------------------------------------------
def test_same_seed_same_dice():
    t = AnarchyTest(pool=7, opposing_pool=5, rerolls=3, helpers=(3,))
    a = [t.roll(random.Random(42)).to_dict() for _ in range(2)]
    assert a[0] == a[1]
    assert t.roll(random.Random(43)).to_dict() != a[0] or t.roll(random.Random(44)).to_dict() != a[0]


def test_roll_records_every_die_in_order():
    t = AnarchyTest(pool=6, rerolls=3, opposing_pool=4, helpers=(2,))
    for seed in range(50):
        r = t.roll(random.Random(seed))
        states = [d.state for d in r.dice]
        assert states[:2] == ["helper", "helper"] and states[-4:] == ["opponent"] * 4
        helper_hits = sum(d.face >= 5 for d in r.dice[:2])
        leader = states[2:-4]
        n_rerolled = leader.count("rerolled")
        assert n_rerolled <= 3
        assert len(leader) == t.rolled_dice(helper_hits) + n_rerolled
        assert leader[t.rolled_dice(helper_hits):] == ["kept"] * n_rerolled
        assert r.breakdown.total == t.rolled_dice(helper_hits)
        assert r.dc is not None and r.to_dict()["threshold"] == r.dc


def test_edge_rerolls_take_ones_first_and_keep_them_for_complications():
    class Faces(random.Random):
        def __init__(self, faces):
            super().__init__(0)
            self.faces = list(faces)

        def randint(self, a, b):
            return self.faces.pop(0)

    # initial 3,1,5,2,1: two 1s, one hit -> complication degree 1 even after rerolling both 1s
    r = AnarchyTest(pool=5, rerolls=2).roll(Faces([3, 1, 5, 2, 1, 6, 6]))
    assert [d.state for d in r.dice] == ["kept", "rerolled", "kept", "kept", "rerolled", "kept", "kept"]
    assert r.hits == 3 and r.complication == 1
    # the same faces with Luck after the roll: every non-hit rerolled, the first faces forgotten
    r = AnarchyTest(pool=5, luck_after=True).roll(Faces([3, 1, 5, 2, 1, 6, 6, 1, 2]))
    assert r.hits == 3 and r.complication is None  # one 1 against three hits
    r = AnarchyTest(pool=3, luck_after=True).roll(Faces([1, 1, 2, 1, 1, 3]))
    assert r.hits == 0 and r.complication == 2
    r = AnarchyTest(pool=2, luck_after=True).roll(Faces([1, 1, 4, 3]))
    assert r.complication is None  # no 1 left, no complication
    r = AnarchyTest(pool=2).roll(Faces([1, 5]), gm_anarchy_point=True)
    assert r.complication == 1 and any("Anarchy point" in n for n in r.notes)
    r = AnarchyTest(pool=2).roll(Faces([2, 5]), gm_anarchy_point=True)
    assert r.complication is None


def test_opposed_tie_rules():
    class Faces(random.Random):
        def __init__(self, faces):
            super().__init__(0)
            self.faces = list(faces)

        def randint(self, a, b):
            return self.faces.pop(0)

    tie = AnarchyTest(pool=2, opposing_pool=2)
    assert tie.roll(Faces([5, 1, 6, 2])).tier == "success"  # tie goes to the actor
    tb = AnarchyTest(pool=2, opposing_pool=2, tie_break_ones=True)
    assert tb.roll(Faces([5, 1, 6, 2])).tier == "failure"  # more 1s on the initial roll
    assert tb.roll(Faces([5, 1, 6, 1])).tier == "success"  # equal 1s: still the actor
    r = tb.roll(Faces([5, 3, 6, 1]))
    assert r.tier == "success" and r.dc == 1
    # Luck after the roll: the tie-break still counts the initial roll's 1s (seed 004, "avant relances
    # éventuelles"), though R-5 forgets them for the complication. Actor 1,2 -> rerolled 5,3; opponent 6,2.
    luck = AnarchyTest(pool=2, opposing_pool=2, luck_after=True, tie_break_ones=True)
    r = luck.roll(Faces([1, 2, 5, 3, 6, 2]))
    assert r.hits == r.dc == 1 and r.complication is None
    assert r.tier == "failure" and any("1 against 0" in n for n in r.notes)
    # initial 2,3 (no 1) -> rerolled 5,1: the new 1 makes no complication (1 hit) and loses no tie
    r = luck.roll(Faces([2, 3, 5, 1, 6, 2]))
    assert r.hits == r.dc == 1 and r.tier == "success"


def _tolerance(p: float, n: int) -> float:
    return 5 * math.sqrt(p * (1 - p) / n) + 1e-9


@pytest.mark.parametrize("test, n", [
    (AnarchyTest(pool=5, threshold=2, rerolls=2), 20_000),
    (AnarchyTest(pool=4, opposing_pool=4, luck_before=True, luck_after=True, tie_break_ones=True), 20_000),
    (AnarchyTest(pool=3, threshold=4, intervals=3, helpers=(2,)), 8_000),  # several rolls per test
])
def test_roll_frequencies_match_odds(test, n):
    rng = random.Random(2024)
    odds = test.odds()
    success = complication = 0
    hits = [0] * len(odds.extra["hits"])
    for _ in range(n):
        r = test.roll(rng)
        success += r.tier == "success"
        complication += r.complication is not None
        hits[r.hits] += 1
    for observed, p in [(success, odds["success"]), (complication, odds.extra["complication"])] + list(
        zip(hits, odds.extra["hits"])
    ):
        assert abs(observed / n - float(p)) <= _tolerance(float(p), n)


def test_benchmark_tables_agree_with_single_calls():
    tables, opposed = anarchy_tables()
    assert len(tables) == 30 and len(opposed) == 20 * 9
    for n in (1, 7, 30):
        hits, comp = hits_table(n)
        assert tables[n].hits == hits and tables[n].complication == comp
        assert tables[n].at_least == tuple(sum(hits[t:], F(0)) for t in range(9))
    assert opposed[(13, 7)] == opposed_win(13, 7)
