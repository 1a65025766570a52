"""Pathfinder 2, playtest rules (seed 000, RULES.md §1): what a check's modifiers add up to — proficiency
by rank and level, an ability's modifier, typed bonuses and penalties stacking — and AC and TAC made of them.

A check's modifiers are ``Modifier``s whose ``kind`` is the stacking type. ``ability`` and
``proficiency`` lines always count; typed bonuses and penalties stack as the seed says (highest
bonus and worst penalty of each type); untyped penalties all add up.

Apart from ``rules`` (the degrees of success, the checks and their odds), which names them all again
for its callers: a sheet's numbers are summed here, the d20 is rolled there.
"""

from __future__ import annotations

from typing import Iterable

from gmdesk.engine.core import Breakdown, BreakdownLine, Modifier, RulesError, ability_modifier, check_int

RANKS = ("untrained", "trained", "expert", "master", "legendary")
# Playtest values (seed table): the rank adds this to the level; untrained is level − 2.
_RANK_OFFSET = {"untrained": -2, "trained": 0, "expert": 1, "master": 2, "legendary": 3}
# The release rules (a campaign option, ``house.PROFICIENCY``): untrained adds nothing at all, a
# trained rank or better adds the level and 2, 4, 6 or 8.
_RELEASE_BONUS = {"trained": 2, "expert": 4, "master": 6, "legendary": 8}

TYPED = ("item", "circumstance", "status")
# Allowed ranges per type, from the seed. Bonuses are positive, penalties negative.
BONUS_RANGE = {"item": (1, 5), "circumstance": (1, 4), "status": (1, 4)}
PENALTY_RANGE = {"item": (-4, -1), "circumstance": (-4, -1), "status": (-4, -1)}
ALWAYS_ADD = ("ability", "proficiency", "printed")  # printed: a stat block's number, as the book sums it
KINDS = ALWAYS_ADD + TYPED + ("untyped",)


def proficiency(rank: str, level: int, release: bool = False) -> int:
    """The proficiency bonus of ``rank`` at ``level``: the playtest's table, or with ``release`` the
    release rules' (untrained +0; trained, expert, master, legendary: level + 2, 4, 6, 8)."""
    if rank not in _RANK_OFFSET:
        raise RulesError("rank", f"unknown proficiency rank {rank!r}; one of {', '.join(RANKS)}")
    check_int("level", level, 0, 30)
    if release:
        return 0 if rank == "untrained" else level + _RELEASE_BONUS[rank]
    return level + _RANK_OFFSET[rank]


def best_rank(*ranks: str) -> str:
    """Several proficiencies could apply (simple weapons, daggers): the highest applies."""
    return max(ranks, key=RANKS.index)


def armor_class_rank(armor_rank: str, shield_rank: str | None) -> str:
    """AC while holding a shield uses the LOWER of the armor and shield ranks (the seed's exception)."""
    if shield_rank is None:
        return armor_rank
    return min(armor_rank, shield_rank, key=RANKS.index)


def ability_line(score: int, name: str) -> Modifier:
    check_int(f"abilities.{name}", score, 1, 30)
    return Modifier(ability_modifier(score), name, "ability")


def proficiency_line(rank: str, level: int, name: str = "proficiency", release: bool = False) -> Modifier:
    return Modifier(proficiency(rank, level, release), f"{name} ({rank})", "proficiency")


def validate_modifier(mod: Modifier, where: str) -> None:
    """A bonus is always positive and a penalty always negative, within its type's range."""
    if mod.kind not in KINDS:
        raise RulesError(where, f"unknown modifier type {mod.kind!r} ({mod.source}); one of {', '.join(KINDS)}")
    if mod.kind in ALWAYS_ADD:
        return
    if mod.value == 0:
        raise RulesError(where, f"{mod.source}: a bonus or penalty cannot be 0")
    if mod.kind == "untyped":
        if mod.value > 0:
            raise RulesError(where, f"{mod.source}: untyped entries are penalties and must be negative")
        return
    lo, hi = BONUS_RANGE[mod.kind] if mod.value > 0 else PENALTY_RANGE[mod.kind]
    if not lo <= mod.value <= hi:
        what = "bonus" if mod.value > 0 else "penalty"
        raise RulesError(where, f"{mod.source}: a {mod.kind} {what} must be {lo:+d}..{hi:+d}, got {mod.value:+d}")


def stack(modifiers: Iterable[Modifier], where: str = "modifiers") -> Breakdown:
    """Apply the stacking rule, keeping every entry: the losers are marked suppressed with the reason."""
    mods = list(modifiers)
    for i, m in enumerate(mods):
        validate_modifier(m, f"{where}[{i}]")
    winner: dict[tuple[str, bool], int] = {}  # (type, is_bonus) -> index of the entry that counts
    for i, m in enumerate(mods):
        if m.kind in TYPED:
            key = (m.kind, m.value > 0)
            best = winner.get(key)
            # Highest bonus / worst penalty: compare magnitudes; the first of equals wins.
            if best is None or abs(m.value) > abs(mods[best].value):
                winner[key] = i
    lines = []
    for i, m in enumerate(mods):
        if m.kind in TYPED and winner[(m.kind, m.value > 0)] != i:
            w = mods[winner[(m.kind, m.value > 0)]]
            what = "bonus" if m.value > 0 else "penalty"
            lines.append(BreakdownLine(m, True, f"a {m.kind} {what} does not stack: {w.source} {w.value:+d} counts"))
        else:
            lines.append(BreakdownLine(m))
    return Breakdown(tuple(lines))


def armor_class(level: int, dex_score: int, armor_rank: str, shield_rank: str | None = None,
                armor_item: int = 0, touch_item: int = 0,
                modifiers: Iterable[Modifier] = ()) -> tuple[int, int, Breakdown]:
    """AC and TAC (touch AC) as DCs: 10 + Dex + proficiency (+ the armor's item bonus for AC, its
    touch bonus for TAC). Everything else that modifies AC modifies TAC too (``modifiers``); the
    armor's item bonus stacks with other item bonuses like any bonus: only the highest counts.
    Returns AC, TAC and the AC breakdown."""
    rank = armor_class_rank(armor_rank, shield_rank)
    base = [Modifier(10, "base", "ability"), ability_line(dex_score, "dex"), proficiency_line(rank, level, "armor")]
    extra = list(modifiers)
    ac_lines = base + ([Modifier(armor_item, "armor", "item")] if armor_item else []) + extra
    tac_lines = base + ([Modifier(touch_item, "armor (touch)", "item")] if touch_item else []) + extra
    ac_breakdown = stack(ac_lines, "ac")
    return ac_breakdown.total, stack(tac_lines, "tac").total, ac_breakdown
