"""Damage as exact distributions: reading damage as printed, each effect against every face listed,
one use by outcome tier, a round, and the rounds to drop against every sequence of rounds listed."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from gmdesk.engine.core import RulesError
from gmdesk.engine.damage import (DOUBLE, DOUBLE_DICE, EFFECTS, FULL, HALF, MAX_HORIZON, MAX_HP, NONE, by_tier,
                                  parse_damage, per_round, rounds_to_drop)
from gmdesk.engine.dist import Dist


@pytest.mark.parametrize("text,parts", [
    ("1d8+3 slashing", [("1d8+3", "slashing")]),
    ("2d6+5 bludgeoning + 1d12 acid", [("2d6+5", "bludgeoning"), ("1d12", "acid")]),
    ("2d8+4 piercing, 1d6 fire", [("2d8+4", "piercing"), ("1d6", "fire")]),
    ("3", [("3", "")]),
    ("1d6 tranchant et 1d4 feu", [("1d6", "tranchant"), ("1d4", "feu")]),
    ("2d6 feu + 3", [("2d6", "feu"), ("3", "")]),
    ("1d10 plus 2d6 cold damage", [("1d10", ""), ("2d6", "cold damage")]),
    ("7 (2d6) slashing", [("2d6", "slashing")]),  # the SRD's average, then its dice
    ("1d4-1 perçant", [("1d4-1", "perçant")]),
    ("1d8 + 1d6 piercing", [("1d8+1d6", "piercing")]),  # dice added with no type between: one part
    ("2d6+1 acid; 1d4 poison", [("2d6+1", "acid"), ("1d4", "poison")]),
])
def test_damage_is_read_as_printed(text, parts):
    roll = parse_damage(text)
    assert [(p.expression.notation, p.type) for p in roll.parts] == parts


@pytest.mark.parametrize("text", [
    "", "   ", "slashing", "acid 5", "1d8 (versatile)", "1d8+3 slashing!", "x" * 201,
    "101d6 fire", "1d1000", "1d8 sla$hing", "1d4 fire, " * 9,
])
def test_unreadable_damage_is_one_clear_refusal(text):
    with pytest.raises(RulesError) as err:
        parse_damage(text, "attacks[0].damage")
    assert err.value.field == "attacks[0].damage" and "\n" not in str(err.value)


def test_damage_that_is_not_text_is_refused():
    with pytest.raises(RulesError):
        parse_damage(12)  # type: ignore[arg-type]


def faces_brute(text: str, effect: str) -> dict[int, Fraction]:
    """Every face of every die listed (the dice twice for DOUBLE_DICE), each total under ``effect``."""
    roll = parse_damage(text)
    dice, constant = [], 0
    for part in roll.parts:
        constant += part.expression.constant
        for term in part.expression.terms:
            dice += [(term.sides, term.sign)] * term.count * (2 if effect == DOUBLE_DICE else 1)
    counts: Counter[int] = Counter()
    for faces in itertools.product(*[range(1, sides + 1) for sides, _ in dice]):
        total = max(0, constant + sum(f * sign for f, (_, sign) in zip(faces, dice)))
        counts[{NONE: 0, DOUBLE: 2 * total, HALF: total // 2}.get(effect, total)] += 1
    n = sum(counts.values())
    return {k: Fraction(v, n) for k, v in sorted(counts.items())}


@pytest.mark.parametrize("text", ["1d4+1", "2d3 fire", "1d4-2", "1d2+1 slashing + 1d3 acid", "3", "1d6-1d4"])
@pytest.mark.parametrize("effect", EFFECTS)
def test_each_effect_matches_every_face_listed(text, effect):
    dist = parse_damage(text).dist(effect)
    assert dist.probabilities() == faces_brute(text, effect)
    assert sum(dist.probabilities().values()) == 1


def test_double_dice_is_not_double_total_and_half_rounds_down():
    roll = parse_damage("1d6+3")
    assert roll.dist(DOUBLE_DICE).max == 15 and roll.dist(DOUBLE).max == 18
    assert roll.dist(DOUBLE_DICE).min == 5 and roll.dist(DOUBLE).min == 8
    # 4 … 9 halved, rounded down: 4 and 5 give 2, 6 and 7 give 3, 8 and 9 give 4
    assert roll.dist(HALF).probabilities() == {2: Fraction(1, 3), 3: Fraction(1, 3), 4: Fraction(1, 3)}
    with pytest.raises(RulesError):
        roll.dist("triple")


def attack_brute(bonus: int, ac: int, text: str, crit_effect: str) -> dict[int, Fraction]:
    """A d20 attack (natural 20 always hits and is critical, natural 1 always misses): every d20 face,
    then every face of the damage under the tier's effect."""
    out: Counter = Counter()
    for d20 in range(1, 21):
        if d20 == 1 or (d20 != 20 and d20 + bonus < ac):
            effect = NONE
        else:
            effect = crit_effect if d20 == 20 else FULL
        for dealt, p in faces_brute(text, effect).items():
            out[dealt] += Fraction(1, 20) * p
    return dict(sorted((k, v) for k, v in out.items() if v))


def test_one_use_by_tier_matches_the_d20_and_the_dice_listed():
    tiers = {"miss": Fraction(0), "hit": Fraction(0), "critical_hit": Fraction(0)}
    for d20 in range(1, 21):
        tier = "miss" if d20 == 1 or (d20 != 20 and d20 + 5 < 15) else "critical_hit" if d20 == 20 else "hit"
        tiers[tier] += Fraction(1, 20)
    effects = {"miss": NONE, "hit": FULL, "critical_hit": DOUBLE_DICE}
    use = by_tier(tiers, effects, parse_damage("1d6+2 slashing"))
    assert use.probabilities() == attack_brute(5, 15, "1d6+2", DOUBLE_DICE)
    # a tier the effects do not name deals none
    assert by_tier(tiers, {"hit": FULL}, parse_damage("3")).probabilities() == {
        0: tiers["miss"] + tiers["critical_hit"], 3: tiers["hit"]}


def test_one_use_agrees_with_icepool():
    """The same attack built independently with icepool: a d20 mapped to the damage die of its tier."""
    full = icepool.d6 + 2
    crit = icepool.d6 + icepool.d6 + 2
    ice = icepool.d20.map(lambda r: 0 if r == 1 or (r != 20 and r + 4 < 14) else (crit if r == 20 else full))
    tiers = {"miss": Fraction(9, 20), "hit": Fraction(10, 20), "critical_hit": Fraction(1, 20)}
    ours = by_tier(tiers, {"hit": FULL, "critical_hit": DOUBLE_DICE}, parse_damage("1d6+2"))
    assert ours.probabilities() == {o: Fraction(ice.probability(o)) for o in ice.outcomes() if ice.quantity(o)}


def test_by_tier_refuses_odds_that_do_not_sum_to_one():
    with pytest.raises(RulesError):
        by_tier({"hit": Fraction(1, 2)}, {"hit": FULL}, parse_damage("3"))


def test_a_round_is_the_sum_of_its_uses():
    a, b = parse_damage("1d4").dist(), parse_damage("1d3+1").dist()
    brute: Counter = Counter()
    for x, px in a.probabilities().items():
        for y, py in b.probabilities().items():
            brute[x + y] += px * py
    assert per_round([a, b]).probabilities() == dict(sorted(brute.items()))
    assert per_round([]).probabilities() == {0: 1}


def sequences_brute(round_: dict[int, Fraction], hp: int, horizon: int) -> tuple[list[Fraction], Fraction]:
    """Every sequence of ``horizon`` rounds listed: the round each drops the target (or none)."""
    exactly = [Fraction(0)] * (horizon + 1)
    beyond = Fraction(0)
    for seq in itertools.product(round_.items(), repeat=horizon):
        p, taken, when = Fraction(1), 0, None
        for n, (dealt, q) in enumerate(seq, 1):
            p *= q
            taken += dealt
            if when is None and taken >= hp:
                when = n
        if when is None:
            beyond += p
        else:
            exactly[when] += p
    return exactly, beyond


ROUNDS = [Dist({0: 1, 1: 1, 2: 1}), Dist({0: 2, 3: 1}), Dist.uniform(3), Dist({1: 3, 4: 1}), Dist({0: 1, 5: 1}),
          Dist({-1: 1, 2: 1})]


@pytest.mark.parametrize("round_", ROUNDS, ids=lambda d: str(dict(d.weights)))
@pytest.mark.parametrize("hp", [1, 2, 4, 6])
def test_rounds_to_drop_match_every_sequence_listed(round_, hp):
    horizon = 5
    got = rounds_to_drop(round_, hp, horizon)
    clean = Dist.from_weights((max(k, 0), w) for k, w in round_.weights.items()).probabilities()
    exactly, beyond = sequences_brute(clean, hp, horizon)
    assert [got.exactly(n) for n in range(1, horizon + 1)] == exactly[1:]
    assert [got.within(n) for n in range(horizon + 1)] == [sum(exactly[:n + 1]) for n in range(horizon + 1)]
    assert got.beyond == beyond
    assert got.exactly(0) == 0 and got.within(0) == 0
    assert sum(got.histogram()) == 1


def solve_expected(round_: Dist, hp: int) -> Fraction:
    """E(h) = 1 + Σ p(x)·E(h − x), E(≤ 0) = 0, solved with Fractions one HP at a time."""
    p = {max(k, 0): Fraction(0) for k in round_.weights}
    for k, q in round_.probabilities().items():
        p[max(k, 0)] += q
    e = {}
    for h in range(1, hp + 1):
        e[h] = (Fraction(1) + sum(q * e.get(h - x, 0) for x, q in p.items() if x > 0 and h - x > 0)) / (1 - p.get(0, 0))
    return e[hp]


@pytest.mark.parametrize("round_", ROUNDS, ids=lambda d: str(dict(d.weights)))
@pytest.mark.parametrize("hp", [1, 3, 7, 20])
def test_expected_rounds_solve_the_chain(round_, hp):
    got = rounds_to_drop(round_, hp, 3).expected
    assert got == solve_expected(round_, hp)
    # and it is what the survival series adds up to (cut far out, the rest is below 1e-9)
    long = rounds_to_drop(round_, hp, MAX_HORIZON)
    assert abs(float(got) - float(sum(1 - long.within(n) for n in range(MAX_HORIZON + 1)))) < 1e-9


def test_closed_forms():
    assert rounds_to_drop(Dist.point(3), 10).expected == 4  # ceil(10 / 3)
    assert rounds_to_drop(Dist({0: 1, 1: 1}), 5).expected == 10  # one a round half the time: 5 / (1/2)


def test_a_round_that_deals_nothing_never_drops():
    got = rounds_to_drop(Dist({0: 1, -2: 1}), 5)
    assert got.never and got.expected is None and got.beyond == 1 and got.within(10) == 0


def test_a_target_already_down_drops_at_once():
    got = rounds_to_drop(Dist.uniform(6), 0)
    assert got.exactly(0) == 1 and got.within(0) == 1 and got.expected == 0 and not got.never


@pytest.mark.parametrize("hp,horizon", [(MAX_HP + 1, 10), (True, 10), (10, 0), (10, MAX_HORIZON + 1), ("5", 10)])
def test_bounds_are_one_clear_refusal(hp, horizon):
    with pytest.raises(RulesError):
        rounds_to_drop(Dist.uniform(6), hp, horizon)


def test_past_the_horizon_is_refused_not_guessed():
    got = rounds_to_drop(Dist.uniform(6), 30, 4)
    with pytest.raises(RulesError):
        got.within(5)
    with pytest.raises(RulesError):
        got.exactly(5)


TIERS = {"miss": Fraction(1, 4), "hit": Fraction(7, 10), "critical_hit": Fraction(1, 20)}
CRIT = {"hit": FULL, "critical_hit": DOUBLE_DICE}


def test_a_big_target_is_fast_and_exact():
    """676 HP (the SRD's largest) against a dragon's round: the packed chain stays exact, and quick."""
    bite, claw = (by_tier(TIERS, CRIT, parse_damage(t)) for t in ("2d10+8 piercing + 2d8 fire", "2d6+8 slashing"))
    round_ = per_round([bite, claw, claw])
    got = rounds_to_drop(round_, 676, 10)
    assert sum(got.histogram()) == 1
    top = round_.max  # the most one round can deal
    assert got.within(676 // top) == 0 and got.within(676 // top + 1) > 0


def test_a_chain_too_large_is_refused_at_once():
    round_ = per_round([by_tier(TIERS, CRIT, parse_damage("4d6+8 slashing + 2d8 fire"))] * 3)
    with pytest.raises(RulesError) as err:
        rounds_to_drop(round_, 676, 40)
    assert "too large" in str(err.value) and err.value.fr
