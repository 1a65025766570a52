"""Rolling a Shadowrun Anarchy test with an injected ``random.Random``, every die recorded.

Rerolls follow the same policy as the odds (RULES.md "odds policy"), so the roll log's frequencies
match ``odds()``: Luck after the roll rerolls every non-hit die; Edge/Trait rerolls take the 1s
first, then the other non-hit dice, left to right, up to the allowed count. With R-3 off both
combine: Luck first, then the Edge rerolls among the dice that still miss.

Every complication is reported: a helper's, the leader's, each interval's (the seed adds them up).
``RollResult.complications`` lists their degrees in the order rolled; ``complication`` is the worst.

``RollResult.dice`` lists every d6 in the order rolled: each helper's dice (states ``helper`` and
``helper_rerolled``), the leader's initial dice (``kept`` or ``rerolled``) followed by the leader's
new faces (``kept``), then the opposing pool (``opponent``). An extended test repeats this per
interval. The rerolled dice stay in the list: their 1s still count for complications after an
Edge reroll; after a Luck reroll they no longer count for complications (R-5). The optional
opposed-test tie-break always compares the 1s of the initial roll, before any reroll (Luck
included), so it may count a 1 that a Luck reroll took out of the complication.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmdesk.engine.core import Die, RollResult
from gmdesk.systems.kit.rulings import DEFAULT as DEFAULT_RULINGS, Rulings

from .dice import NO_COMPLICATION, degree

if TYPE_CHECKING:
    from .rules import AnarchyTest


@dataclass(frozen=True)
class PoolRoll:
    dice: tuple[Die, ...]
    hits: int  # final hits
    ones: int  # the 1s that count for the complication
    degree: int  # NO_COMPLICATION when there is none
    initial_ones: int  # the 1s of the initial roll, before any reroll: the opposed-test tie-break


def roll_pool(rng: random.Random, n: int, luck_before: bool = False, luck_after: bool = False,
              rerolls: int = 0, kept: str = "kept", rerolled: str = "rerolled",
              rulings: Rulings = DEFAULT_RULINGS) -> PoolRoll:
    hit = 4 if luck_before else 5
    initial = [rng.randint(1, 6) for _ in range(n)]
    faces = list(initial)  # the face each die shows now
    dice = [Die(6, f, kept) for f in initial]
    where = list(range(n))  # index in ``dice`` of each die's current face

    def again(indexes: list[int]) -> None:
        for i in indexes:
            dice[where[i]] = Die(6, faces[i], rerolled)
        for i in indexes:
            faces[i] = rng.randint(1, 6)
            where[i] = len(dice)
            dice.append(Die(6, faces[i], kept))

    if luck_after:
        again([i for i, f in enumerate(faces) if f < hit])
        after_luck = list(faces)
    if rerolls and not (luck_after and rulings.one_reroll_per_test):
        misses = [i for i, f in enumerate(faces) if f < hit]
        # Edge/Trait: the 1s first, they are what the player wants gone
        again(([i for i in misses if faces[i] == 1] + [i for i in misses if faces[i] != 1])[:rerolls])
    hits = sum(f >= hit for f in faces)
    judged = after_luck if luck_after and rulings.complication_after_luck else initial
    # after a Luck reroll its first faces no longer exist (unless the house rule says otherwise);
    # an Edge reroll's first faces still count for complications.
    ones, judged_hits = judged.count(1), sum(f >= hit for f in judged)
    return PoolRoll(tuple(dice), hits, ones, degree(judged_hits, ones, rulings.complication_needs_a_one),
                    initial.count(1))


def _degree_text(d: int) -> str:
    return "minor complication (degree 0)" if d == 0 else f"complication of degree {d}"


def _roll_once(test: "AnarchyTest", rng: random.Random, notes: list[str], found: list[int], prefix: str = ""):
    """Helpers then the leader; every complication's degree is appended to ``found``."""
    dice: list[Die] = []
    bonus = 0
    rulings = test.rulings
    for i, h in enumerate(test.helpers, 1):
        r = roll_pool(rng, h.rolled_dice(), h.luck_before, h.luck_after, h.rerolls, "helper", "helper_rerolled",
                      rulings)
        dice += r.dice
        bonus += r.hits
        extra = ""
        if r.degree != NO_COMPLICATION:
            found.append(r.degree)
            extra = f", {_degree_text(r.degree)}"
        notes.append(f"{prefix}helper {i}{' ' + h.label if h.label else ''}: {r.hits} hits{extra}")
    n = test.rolled_dice(bonus)
    leader = roll_pool(rng, n, test.luck_before, test.luck_after, test.rerolls, rulings=rulings)
    dice += leader.dice
    if leader.degree != NO_COMPLICATION:
        found.append(leader.degree)
        notes.append(f"{prefix}{_degree_text(leader.degree)} on the leader's roll"
                     if test.helpers else f"{prefix}{_degree_text(leader.degree)}")
    return dice, leader, bonus


def roll(test: "AnarchyTest", rng: random.Random, *, gm_anarchy_point: bool = False) -> RollResult:
    notes: list[str] = []
    found: list[int] = []  # every complication's degree, in the order rolled
    if test.luck_after and test.rerolls and not test.rulings.one_reroll_per_test:
        notes.append(f"Luck after the roll, then Edge/Trait: up to {test.rerolls} dice that still miss rerolled "
                     "(house rule: R-3 off)")
    elif test.luck_after:
        notes.append("Luck after the roll: every non-hit die rerolled")
    elif test.rerolls:
        notes.append(f"Edge/Trait: up to {test.rerolls} non-hit dice rerolled, 1s first")
    dc = test.threshold
    if test.kind == "extended":
        dice, total = [], 0
        for i in range(1, test.intervals + 1):
            got, leader, bonus = _roll_once(test, rng, notes, found, f"interval {i}: ")
            dice += got
            total += leader.hits
            notes.append(f"interval {i}: {leader.hits} hits, {total} of {test.threshold}")
            if total >= test.threshold:
                break
        hits, success = total, total >= test.threshold
    else:
        dice, leader, bonus = _roll_once(test, rng, notes, found)
        hits = leader.hits
        if test.kind == "open":
            success = hits >= 1
        elif test.kind == "simple":
            success = hits >= test.threshold
            if test.threshold == 0:
                notes.append("threshold 0: automatic success")
        else:
            opp = roll_pool(rng, test.opposing_pool, kept="opponent")
            dice += opp.dice
            dc = opp.hits
            notes.append(f"opposing pool of {test.opposing_pool}: {opp.hits} hits, {opp.initial_ones} ones")
            success = hits >= opp.hits
            if hits == opp.hits:
                if test.tie_break_ones and leader.initial_ones > opp.initial_ones:
                    success = False
                    notes.append(f"tie broken by the 1s on the initial rolls: {leader.initial_ones} against "
                                 f"{opp.initial_ones}, the opposition wins")
                else:
                    notes.append("tie: goes to the acting character (net hits 0)")
    if dc is not None:
        notes.append(f"net hits {hits - dc:+d}")
    if len(found) > 1:
        notes.append(f"{len(found)} complications, they add up: degrees {', '.join(map(str, found))}")
    if found and gm_anarchy_point:
        worst = found.index(max(found))
        found[worst] += 1
        notes.append(f"GM's Anarchy point: complication raised to degree {found[worst]}")
    return RollResult(
        system="anarchy",
        tier="success" if success else "failure",
        dice=tuple(dice),
        breakdown=test.breakdown_for(bonus if test.helpers else None),
        dc=dc,
        hits=hits,
        complication=max(found) if found else None,
        notes=tuple(notes),
        rerolled=any(d.state == "rerolled" for d in dice),  # the leader's dice: one reroll per test
        complications=tuple(found),
    )
