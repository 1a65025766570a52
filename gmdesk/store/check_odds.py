"""The engine as the roll facts need it: a logged check's exact tier odds, rebuilt from the description
the log keeps; a reroll's odds, given the roll it replaced; the kind of check.

Each roll names its game system; the system rebuilds its check (``GameSystem.check_from_dict``) and
knows what its rerolls' odds are (``GameSystem.reroll_odds``). Everything is computed from what the
log records, so an old roll gets the same answer as a new one.

**A reroll's odds are the reroll's**, and the reroll is made knowing the first roll: a pf2 fortune
reroll (one fresh d20; with the house rule R-1 off, the better of the two kept), a dnd5e Heroic
Inspiration reroll (one die rerolled, the other die of a pair kept), an anarchy Luck reroll (the
dice that missed rolled again, the hits kept). So its odds are the exact distribution of its outcome
*given the first roll's dice*, which the first roll's system computes (``systems.kit.rerolls``).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Iterable

from gmdesk import systems
from gmdesk.engine.core import Die, RollResult

Odds = tuple[tuple[str, Fraction], ...]  # tier → probability, worst tier first

# The tiers that count as a success (gmdesk.engine.core.SUCCESS_TIERS, kept equal by a test).
SUCCESS_TIERS = frozenset({"success", "critical_success", "hit", "critical_hit"})


def _system(system_id: str):
    """The roll's game system, None for one this gmdesk does not know (a newer file, a plug-in not
    installed): its rolls have unknown odds."""
    return systems.find(system_id)


def _from_dict(system_id: str) -> Callable[[dict], object] | None:
    system = _system(system_id)
    return None if system is None else system.check_from_dict


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

def _dice(dice_json: str) -> list[tuple[int, int, str]]:
    return [(int(d["sides"]), int(d["face"]), str(d.get("state", "kept"))) for d in json.loads(dice_json)]


@lru_cache(maxsize=4096)
def reroll_odds(system: str, check_json: str, first_json: str) -> Odds | None:
    """The odds of a reroll given the roll it replaced (``first_json``: that roll's system, tier,
    total, dc and dice, as ``reroll_key`` makes it); None when they cannot be known."""
    found = _system(system)
    check = rebuild(system, check_json)
    if found is None or found.reroll_odds is None or check is None:
        return None
    try:
        dist = found.reroll_odds(check, _first_roll(system, json.loads(first_json)))
    except Exception:  # noqa: BLE001 - a reroll the engine refuses now: its odds are unknown
        return None
    if not dist:
        return None
    tiers = [t for t, _ in (tier_odds(system, check_json) or ())] or sorted(dist)
    tiers += [t for t in dist if t not in tiers]
    return tuple((t, Fraction(dist.get(t, 0))) for t in tiers)


def reroll_key(system: str, tier: str, total, dc, dice_json: str) -> str:
    """What ``reroll_odds`` needs of the first roll, as one hashable text."""
    return json.dumps({"system": system, "tier": tier, "total": total, "dc": dc,
                       "dice": [list(d) for d in _dice(dice_json)]}, separators=(",", ":"))


def _first_roll(system: str, first: dict) -> RollResult:
    """The roll a reroll replaced, as far as the log keeps it: its dice with their states, its tier,
    total and DC; its natural die the first one kept."""
    dice = [(int(s), int(f), str(st)) for s, f, st in first["dice"]]
    kept = [face for _, face, state in dice if state == "kept"]
    return RollResult(system=system, tier=first["tier"], dice=tuple(Die(s, f, st) for s, f, st in dice),
                      total=first.get("total"), dc=first.get("dc"), natural=kept[0] if kept else None)
