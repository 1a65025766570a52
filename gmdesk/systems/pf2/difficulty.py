"""Encounter budget, Pathfinder 2 (Core Rulebook): each creature's XP by its level against the party's,
against a budget for four characters adjusted per character beyond or short of four.

A party of mixed levels: the party level is its characters' average level, rounded to the nearest
(a half rounds down) — docs/rules.md, "Encounter budget".
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.bestiary import NO_PARTY, Difficulty, no_budget, reached

# creature level − party level → its XP
XP_BY_DIFFERENCE = {-4: 10, -3: 15, -2: 20, -1: 30, 0: 40, 1: 60, 2: 80, 3: 120, 4: 160}
# threat → (budget for four characters, each character beyond or short of four)
BUDGET = {"trivial": (40, 10), "low": (60, 15), "moderate": (80, 20), "severe": (120, 30), "extreme": (160, 40)}
BELOW, BEYOND = "below trivial", "beyond extreme"
WORDS = {BELOW: Word("below Trivial", "en deçà de Triviale"), "trivial": Word("Trivial", "Triviale"),
         "low": Word("Low", "Faible"), "moderate": Word("Moderate", "Modérée"), "severe": Word("Severe", "Sévère"),
         "extreme": Word("Extreme", "Extrême"), BEYOND: Word("beyond Extreme", "au-delà d’Extrême")}


def party_level(levels: list[int]) -> int:
    """The average level, to the nearest, a half rounding down (the weaker party)."""
    total, n = sum(levels), len(levels)
    return (2 * total + n - 1) // (2 * n)


def creature_xp(difference: int) -> int | None:
    """XP of a creature ``difference`` levels above the party (None: more than 4 above, off the table)."""
    if difference < -4:
        return 0
    return XP_BY_DIFFERENCE.get(difference)


def difficulty(party_levels: list[int], blocks: list) -> Difficulty:
    if not party_levels:
        return no_budget(NO_PARTY)
    level = party_level(party_levels)
    notes = []
    if len(set(party_levels)) > 1:
        notes.append(Word(f"mixed levels: party level {level} (the average, rounded)",
                          f"niveaux mêlés\u202f: niveau du groupe {level} (la moyenne arrondie)"))
    size = len(party_levels)
    budget = {t: max(base + (size - 4) * step, 0) for t, (base, step) in BUDGET.items()}
    worth = tuple(creature_xp(b.level - level) for b in blocks)
    beyond = [b for b, x in zip(blocks, worth) if x is None]
    if beyond:
        notes.append(Word("a creature more than 4 levels above the party: an extreme threat on its own",
                          "une créature de plus de 4 niveaux au-dessus du groupe\u202f: une menace extrême à elle seule"))
    xp = sum(x or 0 for x in worth)
    threat = BEYOND if beyond else reached(budget, xp, BELOW, BEYOND)
    return Difficulty(budget, xp, threat, WORDS, notes=tuple(notes), creature_xp=worth)
