"""Encounter difficulty, D&D 2024 (Dungeon Master's Guide 2024, also in the SRD 5.2): each character's
XP budget by level, Low / Moderate / High, summed over the party, against the creatures' XP summed —
no multiplier for their number (the 2014 multiplier is gone)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.bestiary import NO_PARTY, Difficulty, no_budget, reached

from .bestiary import creature_xp

# level → (Low, Moderate, High) XP per character
BUDGET = {
    1: (50, 75, 100), 2: (100, 150, 200), 3: (150, 225, 400), 4: (250, 375, 500), 5: (500, 750, 1100),
    6: (600, 1000, 1400), 7: (750, 1300, 1700), 8: (1000, 1700, 2100), 9: (1300, 2000, 2600),
    10: (1600, 2300, 3100), 11: (1900, 2900, 4100), 12: (2200, 3700, 4700), 13: (2600, 4200, 5400),
    14: (2900, 4900, 6200), 15: (3300, 5400, 7800), 16: (3800, 6100, 9800), 17: (4500, 7200, 11700),
    18: (5000, 8700, 14200), 19: (5500, 10700, 17200), 20: (6400, 13200, 22000),
}
THREATS = ("low", "moderate", "high")
BELOW = "below low"
WORDS = {BELOW: Word("below Low", "en deçà de Faible"), "low": Word("Low", "Faible"),
         "moderate": Word("Moderate", "Modérée"), "high": Word("High", "Élevée")}


def difficulty(party_levels: list[int], blocks: list) -> Difficulty:
    """The party (its characters' levels) against the creatures' stat blocks."""
    if not party_levels:
        return no_budget(NO_PARTY)
    notes = []
    budget = dict.fromkeys(THREATS, 0)
    for level in party_levels:
        row = BUDGET.get(min(max(level, 1), 20))
        if not 1 <= level <= 20:
            notes.append(Word(f"a character of level {level} counted as level {min(max(level, 1), 20)}",
                              f"un personnage de niveau {level} compté au niveau {min(max(level, 1), 20)}"))
        for threat, xp in zip(THREATS, row):
            budget[threat] += xp
    worth = tuple(creature_xp(b) for b in blocks)
    if any(x is None for x in worth):
        notes.append(Word("a creature without challenge or XP counts 0 XP",
                          "une créature sans puissance ni PX compte 0 PX"))
    xp = sum(x or 0 for x in worth)
    return Difficulty(budget, xp, reached(budget, xp, BELOW), WORDS, notes=tuple(notes), creature_xp=worth)
