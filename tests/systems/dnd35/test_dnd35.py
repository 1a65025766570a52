"""dnd35 checks: RULES.md §3 worked case, brute force over every d20 face (helpers included),
icepool on the same checks, properties, seeded rolls, bad input."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.engine.core import Modifier, RulesError
from gmdesk.systems.dnd35.rules import (Aid, AbilityCheck, AttackRoll, CasterLevelCheck, LevelCheck,
                                SavingThrow, SkillCheck, check_from_dict)
from gmdesk.systems.dnd35.cli import cli_check

D20 = range(1, 21)


# -- reference implementations ---------------------------------------------------------------


def brute_success(mod: int, dc: int, take: int | None, helpers: list[tuple[int, int | None]]) -> Fraction:
    """Count every combination of the main die and each helper's die."""
    main = [take] if take else D20
    helper_faces = [[20] if t else D20 for _, t in helpers]
    wins = total = 0
    for face, *hs in itertools.product(main, *helper_faces):
        aid = sum(2 for h, (m, _) in zip(hs, helpers) if h + m >= 10)
        wins += face + mod + aid >= dc
        total += 1
    return Fraction(wins, total)


def icepool_success(mod: int, dc: int, take: int | None, helpers: list[tuple[int, int | None]]) -> Fraction:
    total = (icepool.Die([take]) if take else icepool.d20) + mod
    for m, t in helpers:
        helper = icepool.Die([20]) if t else icepool.d20
        total = total + (helper + m >= 10).map({True: 2, False: 0})
    return Fraction(total.probability(">=", dc))


def random_skill_case(rng: random.Random, max_helpers: int = 2):
    take = rng.choice([None, None, 10, 20])
    helpers = [(rng.randint(-5, 15), 20 if take == 20 and rng.random() < 0.3 else None)
               for _ in range(rng.randint(0, max_helpers))]
    return rng.randint(-5, 25), rng.randint(-5, 45), take, helpers


def with_take(mod, dc, take=None, aid=()) -> SkillCheck:
    """The CLI's check, with the take as a number."""
    return cli_check(mod, dc, take10=take == 10, take20=take == 20, aid=aid)


def make(mod, dc, take, helpers) -> SkillCheck:
    return SkillCheck(dc=dc, modifiers=(Modifier(mod, "test"),), take=take,
                      helpers=tuple(Aid(m, take=t) for m, t in helpers))


# -- RULES.md worked case --------------------------------------------------------------------


def test_worked_case_plus3_vs_dc15_with_one_helper():
    odds = cli_check(3, 15, aid=(0,)).odds()
    assert odds["success"] == Fraction(505, 1000)
    assert odds["failure"] == Fraction(495, 1000)
    assert odds.floats() == {"failure": 0.495, "success": 0.505}


# -- exact odds against brute force and icepool ----------------------------------------------


def test_skill_odds_match_brute_force_and_icepool():
    rng = random.Random(35)
    for _ in range(80):
        mod, dc, take, helpers = random_skill_case(rng)
        check = make(mod, dc, take, helpers)
        expected = brute_success(mod, dc, take, helpers)
        assert check.odds()["success"] == expected, (mod, dc, take, helpers)
        assert icepool_success(mod, dc, take, helpers) == expected
        assert sum(check.totals().values()) == 1


def test_three_helpers_match_brute_force():
    rng = random.Random(3)
    for _ in range(3):
        helpers = [(rng.randint(-3, 12), None) for _ in range(3)]
        mod, dc = rng.randint(-2, 12), rng.randint(5, 30)
        assert make(mod, dc, None, helpers).odds()["success"] == brute_success(mod, dc, None, helpers)


def test_many_helpers_match_icepool():
    helpers = [(m, None) for m in (-2, 0, 1, 3, 5, 8, 9)]
    for dc in (10, 18, 25, 31):
        assert make(4, dc, None, helpers).odds()["success"] == icepool_success(4, dc, None, helpers)


def brute_natural(mod: int, dc: int) -> Fraction:
    return Fraction(sum(f == 20 or (f != 1 and f + mod >= dc) for f in D20), 20)


def test_attacks_and_saves_natural_20_and_1_against_brute_force_and_icepool():
    rng = random.Random(20)
    for _ in range(60):
        bab, score, dc = rng.randint(-3, 25), rng.randint(3, 30), rng.randint(-10, 50)
        misc = rng.randint(-4, 4)
        attack = AttackRoll(dc=dc, base_attack_bonus=bab, ability_score=score,
                            modifiers=(Modifier(misc, "misc"),))
        mod = bab + (score - 10) // 2 + misc
        assert attack.modifier == mod
        expected = brute_natural(mod, dc)
        ice = icepool.d20.map(lambda f: f == 20 or (f != 1 and f + mod >= dc))
        assert attack.odds()["success"] == expected == Fraction(ice.probability(True))
        save = SavingThrow(dc=dc, save="reflex", base_save=bab, ability_score=score,
                           modifiers=(Modifier(misc, "misc"),))
        assert save.odds()["success"] == expected


def test_natural_rules_bound_attacks_and_saves_but_not_skills():
    assert AttackRoll(dc=100, base_attack_bonus=0).odds()["success"] == Fraction(1, 20)
    assert SavingThrow(dc=-100, base_save=0).odds()["success"] == Fraction(19, 20)
    assert with_take(0, 100).odds()["success"] == 0  # no automatic success on a skill
    assert with_take(0, -100).odds()["success"] == 1  # no automatic failure either


def test_take_10_and_take_20_are_not_rolled():
    assert with_take(5, 15, take=10).odds()["success"] == 1
    assert with_take(4, 15, take=10).odds()["success"] == 0
    assert with_take(0, 20, take=20).odds()["success"] == 1
    assert with_take(0, 21, take=20).odds()["success"] == 0
    result = with_take(5, 15, take=10).roll(random.Random(1))
    assert result.dice == () and result.total == 15 and result.natural is None
    assert any("took 10" in n for n in result.notes)


def test_ability_and_caster_level_checks():
    check = AbilityCheck(dc=15, ability="str", ability_score=18, take=10)
    assert check.modifier == 4 and check.odds()["success"] == 0
    assert check.with_target(14).odds()["success"] == 1
    assert AbilityCheck(dc=15, ability="str", ability_score=18).odds()["success"] == Fraction(10, 20)
    cl = CasterLevelCheck(dc=11 + 8, caster_level=7)
    assert cl.odds()["success"] == Fraction(9, 20)  # 12 or more on the d20
    level = LevelCheck(level=5, wisdom_score=6)  # a Wisdom penalty does not apply
    assert level.modifier == 5 and level.breakdown.suppressed


# -- skill details: ranks, armor, synergy, conditions ----------------------------------------


def test_skill_modifier_adds_floor_ranks_ability_armor_synergy_and_misc():
    check = SkillCheck(dc=20, skill="swim", ranks=4.5, ability_score=15, armor_check_penalty=-3,
                       modifiers=(Modifier(2, "Athletic", "feat"),))
    # 4 (half rank dropped) + 2 (Str 15) - 6 (Natation takes the penalty twice) + 2
    assert check.modifier == 4 + 2 - 6 + 2
    untaken = SkillCheck(dc=20, skill="bluff", armor_check_penalty=-3)
    assert untaken.modifier == 0 and len(untaken.breakdown.suppressed) == 1
    assert SkillCheck(dc=20, skill="hide", armor_check_penalty=-3).modifier == -3


def test_synergy_from_five_ranks_situational_ones_off_by_default():
    base = dict(dc=20, skill="diplomacy", ranks=2)
    assert SkillCheck(**base, other_ranks={"bluff": 4.5}).modifier == 2  # 4½ is not 5
    full = SkillCheck(**base, other_ranks={"bluff": 5, "sense_motive": 9, "knowledge_nobility": 5})
    assert full.modifier == 2 + 3 * 2  # synergy bonuses stack
    survival = dict(dc=15, skill="survival", other_ranks={"search": 5, "knowledge_nature": 5})
    assert SkillCheck(**survival).modifier == 0
    assert len(SkillCheck(**survival).breakdown.suppressed) == 2
    on = SkillCheck(**survival, synergy_toggles={"search>survival"})
    assert on.modifier == 2 and len(on.breakdown.suppressed) == 1
    # a family target: Prime idiome helps any Connaissances, when toggled
    know = SkillCheck(dc=15, skill="knowledge_arcana", ranks=1, other_ranks={"truespeak": 5},
                      synergy_toggles={"truespeak>knowledge"})
    assert know.modifier == 3


def test_condition_on_the_dc_is_recorded_apart_from_the_check():
    on_check = SkillCheck(dc=15, modifiers=(Modifier(-2, "slippery", "circumstance"),))
    on_dc = SkillCheck(dc=15, dc_modifiers=(Modifier(2, "slippery"),))
    assert on_check.odds() == on_dc.odds()  # arithmetically the same …
    assert on_dc.modifier == 0 and on_dc.effective_dc == 17 and on_dc.target == 15
    assert on_check.dc_breakdown.lines == () and on_dc.breakdown.lines == ()  # … recorded apart
    rolled = on_dc.roll(random.Random(2))
    assert rolled.dc == 17 and any("slippery" in n for n in rolled.notes)
    assert on_dc.with_target(10).effective_dc == 12


# -- properties -------------------------------------------------------------------------------

mods = st.integers(-10, 30)
dcs = st.integers(-10, 50)
helper_mods = st.lists(st.integers(-5, 15), max_size=4)
takes = st.sampled_from([None, 10, 20])


@settings(max_examples=150, deadline=None)
@given(mods, dcs, takes, helper_mods)
def test_properties_sum_and_monotone(mod, dc, take, helpers):
    check = with_take(mod, dc, take=take, aid=tuple(helpers))
    p = check.odds()["success"]
    assert check.odds()["failure"] + p == 1 and 0 <= p <= 1
    assert check.with_target(dc + 1).odds()["success"] <= p
    assert with_take(mod + 1, dc, take=take, aid=tuple(helpers)).odds()["success"] >= p
    # aid is never worse, whatever the helper's modifier
    assert with_take(mod, dc, take=take, aid=(*helpers, -5)).odds()["success"] >= p
    if helpers:
        better = [helpers[0] + 1, *helpers[1:]]
        assert with_take(mod, dc, take=take, aid=tuple(better)).odds()["success"] >= p


@settings(max_examples=60, deadline=None)
@given(mods, dcs)
def test_properties_natural_checks(mod, dc):
    p = AttackRoll(dc=dc, base_attack_bonus=mod).odds()["success"]
    assert Fraction(1, 20) <= p <= Fraction(19, 20)
    assert AttackRoll(dc=dc + 1, base_attack_bonus=mod).odds()["success"] <= p


# -- rolls ------------------------------------------------------------------------------------


def test_seeded_rolls_are_reproducible():
    check = make(3, 15, None, [(0, None), (5, None)])
    first = [check.roll(random.Random(9)).to_dict() for _ in range(3)]
    assert first[0] == first[1] == first[2]
    assert len(first[0]["dice"]) == 3  # the aided d20 and one per helper


def test_roll_breakdown_records_every_helper_and_totals_add_up():
    rng = random.Random(4)
    check = make(2, 14, None, [(0, None), (3, None), (-1, None)])
    for _ in range(200):
        r = check.roll(rng)
        aid_lines = [line for line in r.breakdown.lines if line.modifier.source.startswith("aid")]
        assert len(aid_lines) == 3
        for line, die in zip(aid_lines, r.dice[1:]):
            helper_mod = {0: 0, 1: 3, 2: -1}[aid_lines.index(line)]
            assert line.suppressed == (die.face + helper_mod < 10)
        assert r.total == r.natural + r.breakdown.total
        assert r.tier == ("success" if r.total >= 14 else "failure")


@pytest.mark.parametrize("check", [
    make(3, 15, None, [(0, None)]),
    make(1, 17, 10, [(2, None), (-1, None)]),
    AttackRoll(dc=18, base_attack_bonus=4),
])
def test_roll_frequencies_close_to_odds(check):
    rng = random.Random(123)
    n = 4000
    hits = sum(check.roll(rng).tier == "success" for _ in range(n))
    p = float(check.odds()["success"])
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(hits / n - p) <= 4.5 * sigma + 1e-9


def test_natural_20_on_an_attack_hits_whatever_the_ac():
    attack = AttackRoll(dc=60, base_attack_bonus=0)
    rng = random.Random(0)
    results = [attack.roll(rng) for _ in range(400)]
    assert {r.tier for r in results if r.natural == 20} == {"success"}
    assert all(r.tier == "failure" for r in results if r.natural != 20)


# -- description round trip -------------------------------------------------------------------


def test_describe_is_json_safe_and_rebuilds_the_check():
    checks = [
        SkillCheck(dc=15, skill="craft:forge", ranks=Fraction(7, 2), ability_score=13,
                   modifiers=(Modifier(2, "masterwork tools", "circumstance"),),
                   other_ranks={"bluff": 3}, dc_modifiers=(Modifier(-1, "good light"),), take=20,
                   helpers=(Aid(1, "Mialee", take=20), Aid(-1))),
        SkillCheck(dc=20, skill="survival", other_ranks={"search": 6}, synergy_toggles={"search>survival"}),
        AbilityCheck(dc=12, ability="con", ability_score=9, take=10),
        CasterLevelCheck(dc=15, caster_level=9),
        LevelCheck(dc=14, level=4, wisdom_score=14, modifiers=(Modifier(2, "courage"),)),
        AttackRoll(dc=17, base_attack_bonus=6, ability="dex", ability_score=16),
        SavingThrow(dc=14, save="will", base_save=3, ability_score=8),
    ]
    for check in checks:
        text = json.dumps(check.describe())
        again = check_from_dict(json.loads(text))
        assert again == check and again.odds() == check.odds()


# -- bad input: a RulesError naming the field -------------------------------------------------

BAD = [
    (lambda: SkillCheck(dc=10, take=15), "take"),
    (lambda: SkillCheck(dc=10, take=10, threatened=True), "take"),
    (lambda: SkillCheck(dc=10, take=20, threatened=True), "take"),
    (lambda: SkillCheck(dc=10, take=20, failure_has_consequences=True), "take"),
    (lambda: SkillCheck(dc=10, skill="juggling"), "skill"),
    (lambda: SkillCheck(dc=10, skill="hide:forest"), "skill"),
    (lambda: SkillCheck(dc=10, skill="speak_language", ranks=1), "skill"),
    (lambda: SkillCheck(dc=10, skill="open_lock"), "ranks"),
    (lambda: SkillCheck(dc=10, skill="tumble", ranks=0.5), "ranks"),
    (lambda: SkillCheck(dc=10, ranks=-1), "ranks"),
    (lambda: SkillCheck(dc=10, ranks=1.25), "ranks"),
    (lambda: SkillCheck(dc=10, ranks="many"), "ranks"),
    (lambda: SkillCheck(dc=10, ranks=True), "ranks"),
    (lambda: SkillCheck(dc=10, armor_check_penalty=2), "armor_check_penalty"),
    (lambda: Aid(0, take=10), "take"),
    (lambda: check_from_dict({"type": "skill", "helpers": [{"modifier": 0, "take": 10}]}), "helpers[0].take"),
    (lambda: SkillCheck(dc=10, helpers=(0, Aid(0, take=20))), "helpers[1].take"),
    (lambda: SkillCheck(dc=10, helpers=("x",)), "helpers[0].modifier"),
    (lambda: SkillCheck(dc=10, helpers=(0, 0, 0), max_helpers=2), "helpers"),
    (lambda: SkillCheck(dc=10, max_helpers=-1), "max_helpers"),
    (lambda: SkillCheck(dc="15"), "dc"),
    (lambda: SkillCheck(dc=10, modifiers=(3,)), "modifiers[0]"),
    (lambda: SkillCheck(dc=10, dc_modifiers=(Modifier(1.5, "x"),)), "dc_modifiers[0]"),
    (lambda: SkillCheck(dc=10, skill="survival", synergy_toggles={"bluff>diplomacy"}), "synergy_toggles"),
    (lambda: SkillCheck(dc=10, other_ranks={"xyz": 5}), "other_ranks['xyz']"),
    (lambda: SkillCheck(dc=10, other_ranks={"bluff": -5}), "other_ranks['bluff']"),
    (lambda: SkillCheck(dc=10, skill="bluff", ability_score=-1), "ability_score"),
    (lambda: AttackRoll(dc=10, ability_score=1.5), "ability_score"),
    (lambda: LevelCheck(dc=10, wisdom_score="x"), "wisdom_score"),
    (lambda: SkillCheck().odds(), "dc"),
    (lambda: SkillCheck().roll(random.Random(1)), "dc"),
    (lambda: AbilityCheck(dc=10, ability="luck"), "ability"),
    (lambda: CasterLevelCheck(dc=10, caster_level=5, take=10), "take"),
    (lambda: CasterLevelCheck(dc=10, caster_level=0), "caster_level"),
    (lambda: SavingThrow(dc=10, save="luck"), "save"),
    (lambda: cli_check(1.5, 10), "mod"),
    (lambda: cli_check(1, 10, take10=True, take20=True), "take10"),
    (lambda: cli_check(1, "10"), "dc"),
    (lambda: cli_check(1, 10, aid=("x",)), "aid"),
    (lambda: check_from_dict({"type": "dance"}), "type"),
    (lambda: check_from_dict({"system": "pf2", "type": "skill"}), "system"),
    (lambda: check_from_dict({"type": "skill", "colour": 1}), "colour"),
    (lambda: check_from_dict({"type": "skill", "modifiers": [{"source": "x"}]}), "modifiers[0]"),
]


@pytest.mark.parametrize("build,field", BAD)
def test_bad_input_is_a_rules_error_naming_the_field(build, field):
    with pytest.raises(RulesError) as err:
        build()
    assert err.value.field == field
    assert err.value.rule  # a message that states the rule


def test_trained_only_message_names_the_skill():
    with pytest.raises(RulesError, match="Crochetage"):
        SkillCheck(dc=10, skill="open_lock")
    assert SkillCheck(dc=10, skill="open_lock", ranks=1).modifier == 1
    assert SkillCheck(dc=10, skill="climb").modifier == 0  # untrained use is allowed
