"""Which of an opponent's numbers a dnd5e check is made against (``Target.against``): the check
panel's "Against:" starts there, and the GM may pick another. The opponent's check sets the DC as
its passive value (10 + its modifier), as the panel computes it for every opposed roll.

The usual contests of the 2024 rules: Dexterity (Stealth) against Wisdom (Perception) — also
Sleight of Hand; Charisma (Deception, Persuasion, Intimidation) against Wisdom (Insight), and
Insight the other way round; Strength (Athletics) against Athletics or Acrobatics (grappling,
shoving, breaking free); a plain Strength check against Strength (arm wrestling). Attacks go
against the AC (the panel's first choice for them).
"""

from __future__ import annotations

from gmdesk.systems.kit.target import DEFENCE

AGAINST: dict[str, tuple[str, ...]] = {
    "skill:stealth": ("skill:perception",),
    "skill:sleight_of_hand": ("skill:perception",),
    "skill:deception": ("skill:insight",),
    "skill:persuasion": ("skill:insight",),
    "skill:intimidation": ("skill:insight",),
    "skill:insight": ("skill:deception",),
    "skill:perception": ("skill:stealth",),
    "skill:athletics": ("skill:athletics", "skill:acrobatics"),
    "skill:acrobatics": ("skill:athletics",),
    "ability:str": ("ability:str",),
    "weapon": (DEFENCE,),
    "attack": (DEFENCE,),
}
