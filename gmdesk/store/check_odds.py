"""The engine as the roll facts need it: a logged check's exact tier odds, rebuilt from the description
the log keeps; a reroll's odds, given the roll it replaced; the kind of check.

This is the one module of the store that reaches into the rule systems (``check_from_dict`` of each,
the anarchy reroll's rules): when the engine moves, only these imports move. Everything is computed
from what the log records, so an old roll gets the same answer as a new one.

**A reroll's odds are the reroll's**, and the reroll is made knowing the first roll: a pf2 fortune
reroll (one fresh d20; with the house rule R-1 off, the better of the two kept), a dnd5e Heroic
Inspiration reroll (one die rerolled, the other die of a pair kept), an anarchy Luck reroll (the
dice that missed rolled again, the hits kept). So its odds are the exact distribution of its outcome
*given the first roll's dice*: every fresh die is enumerated (``enumerate_outcomes``), or for the
anarchy Luck reroll, the number of new hits (binomial), the engine judging each case.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Iterable

Odds = tuple[tuple[str, Fraction], ...]  # tier → probability, worst tier first

# The tiers that count as a success (gmdesk.rules.core.SUCCESS_TIERS, kept equal by a test).
SUCCESS_TIERS = frozenset({"success", "critical_success", "hit", "critical_hit"})


def _from_dict(system: str) -> Callable[[dict], object] | None:
    from gmdesk.rules import anarchy, cof, dnd5e, dnd35, pf2

    return {"pf2": pf2.check_from_dict, "dnd5e": dnd5e.check_from_dict, "dnd35": dnd35.check_from_dict,
            "cof": cof.check_from_dict, "anarchy": anarchy.check_from_dict}.get(system)


def rebuild(system: str, check_json: str):
    """The engine check a roll was made with, from its stored description; None if it cannot be."""
    build = _from_dict(system)
    if build is None:
        return None
    try:
        description = json.loads(check_json)
        return build(description) if isinstance(description, dict) else None
    except Exception:  # noqa: BLE001 - a description edited by hand, or from a newer engine: no odds
        return None


@lru_cache(maxsize=4096)
def tier_odds(system: str, check_json: str) -> Odds | None:
    """The exact probability of every tier of the check a roll was made with (None: unknown)."""
    check = rebuild(system, check_json)
    if check is None:
        return None
    try:
        return tuple((tier, Fraction(p)) for tier, p in check.odds().tiers.items())
    except Exception:  # noqa: BLE001 - an impossible check (a RulesError): the roll has no odds
        return None


def success_of(odds: Iterable[tuple[str, Fraction]]) -> Fraction:
    return sum((p for tier, p in odds if tier in SUCCESS_TIERS), Fraction(0))


@lru_cache(maxsize=4096)
def check_kind(check_json: str) -> str:
    """The kind of check, in the engine's words: what was rolled (a skill, a save, an attack with a
    weapon), without the target or the DC — ``athletics``, ``will save``, ``Rapière attack``."""
    try:
        d = json.loads(check_json)
    except ValueError:
        return ""
    if not isinstance(d, dict):
        return ""
    if isinstance(d.get("actor"), dict):  # an opposed check: the actor's own check is what was rolled
        return check_kind(json.dumps(d["actor"]))
    name = next((str(d[k]) for k in ("label", "skill", "save") if isinstance(d.get(k), str) and d[k]), "")
    kind = d.get("type") if d.get("type") in ("save", "attack") else ""
    return " ".join(part for part in (name, kind) if part) or str(d.get("type") or d.get("kind") or "check")


# -- rerolls -----------------------------------------------------------------------------------

class _Enumerating(random.Random):
    """Plays one path of every possible sequence of ``randint`` draws (see ``enumerate_outcomes``)."""

    def __init__(self, prefix: list[int]):
        super().__init__(0)
        self.prefix = prefix
        self.taken: list[tuple[int, int, int]] = []  # (value, low, high) of every draw

    def randint(self, a: int, b: int) -> int:  # noqa: D401 - random.Random's name
        i = len(self.taken)
        value = self.prefix[i] if i < len(self.prefix) else a
        self.taken.append((value, a, b))
        return value

    def random(self) -> float:  # anything but randint would not be enumerated
        raise RuntimeError("only randint draws can be enumerated")


def enumerate_outcomes(run: Callable[[random.Random], str], limit: int = 20_000) -> dict[str, Fraction]:
    """The exact distribution of ``run(rng)`` over every sequence of fair ``randint`` draws it makes.

    Depth first: each path is run once, its untried siblings queued; a path's weight is the product of
    1/(b − a + 1) over its draws. Raises ``RuntimeError`` past ``limit`` paths.
    """
    out: dict[str, Fraction] = {}
    stack: list[list[int]] = [[]]
    runs = 0
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > limit:
            raise RuntimeError("too many outcomes to enumerate")
        rng = _Enumerating(prefix)
        outcome = run(rng)
        weight = Fraction(1)
        for value, low, high in rng.taken:
            weight /= high - low + 1
        out[outcome] = out.get(outcome, Fraction(0)) + weight
        for i in range(len(prefix), len(rng.taken)):
            value, low, high = rng.taken[i]
            head = [v for v, _, _ in rng.taken[:i]]
            stack.extend(head + [other] for other in range(low + 1, high + 1))
    return out


def _dice(dice_json: str) -> list[tuple[int, int, str]]:
    return [(int(d["sides"]), int(d["face"]), str(d.get("state", "kept"))) for d in json.loads(dice_json)]


@lru_cache(maxsize=4096)
def reroll_odds(system: str, check_json: str, first_json: str) -> Odds | None:
    """The odds of a reroll given the roll it replaced (``first_json``: that roll's system, tier,
    total, dc and dice, as ``reroll_key`` makes it); None when they cannot be known."""
    check = rebuild(system, check_json)
    if check is None:
        return None
    try:
        first = json.loads(first_json)
        dice = [(int(s), int(f), str(st)) for s, f, st in first["dice"]]
        if hasattr(check, "reroll"):
            dist = _engine_reroll(check, system, first, dice)
        elif system == "anarchy":
            dist = _anarchy_luck(check, dice)
        else:
            return None
    except Exception:  # noqa: BLE001 - a reroll the engine refuses now: its odds are unknown
        return None
    tiers = [t for t, _ in (tier_odds(system, check_json) or ())] or sorted(dist)
    tiers += [t for t in dist if t not in tiers]
    return tuple((t, dist.get(t, Fraction(0))) for t in tiers)


def reroll_key(system: str, tier: str, total, dc, dice_json: str) -> str:
    """What ``reroll_odds`` needs of the first roll, as one hashable text."""
    return json.dumps({"system": system, "tier": tier, "total": total, "dc": dc,
                       "dice": [list(d) for d in _dice(dice_json)]}, separators=(",", ":"))


def _engine_reroll(check, system: str, first: dict, dice: list[tuple[int, int, str]]) -> dict[str, Fraction]:
    """A reroll the engine makes itself (``check.reroll(previous, rng)``): every fresh die enumerated."""
    from gmdesk.rules.core import Die, RollResult

    kept = [face for _, face, state in dice if state == "kept"]
    previous = RollResult(system=system, tier=first["tier"], dice=tuple(Die(s, f, st) for s, f, st in dice),
                          total=first.get("total"), dc=first.get("dc"), natural=kept[0] if kept else None)
    return enumerate_outcomes(lambda rng: check.reroll(previous, rng).tier)


class _Replay(random.Random):
    def __init__(self, faces: list[int]):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:  # noqa: D401
        if not self.faces:
            raise RuntimeError("the reroll asked for more dice than it replays")
        return self.faces.pop(0)


def _anarchy_luck(check, dice: list[tuple[int, int, str]]) -> dict[str, Fraction]:
    """The Luck reroll as the check panel makes it (``ui.panels.check_roll.luck_reroll``): the first
    roll's dice replayed in the engine's order (helpers, leader, opponent), the leader's misses rolled
    again. Only the number of new hits matters to the outcome, so each count is played once, with its
    binomial weight, and the engine judges it."""
    hit = 4 if check.luck_before else 5
    helpers = [f for _, f, st in dice if st in ("helper", "helper_rerolled")]
    leader = [f for _, f, st in dice if st == "kept"]
    opponent = [f for _, f, st in dice if st == "opponent"]
    misses = sum(1 for f in leader if f < hit)
    p_hit = Fraction(7 - hit, 6)
    out: dict[str, Fraction] = {}
    for new_hits in range(misses + 1):
        fresh = [6] * new_hits + [2] * (misses - new_hits)  # 2 misses even with Luck before the roll
        tier = check.roll(_Replay(helpers + leader + fresh + opponent)).tier
        weight = math.comb(misses, new_hits) * p_hit ** new_hits * (1 - p_hit) ** (misses - new_hits)
        out[tier] = out.get(tier, Fraction(0)) + weight
    return out
