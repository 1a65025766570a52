"""Which of an opponent's DCs a pf2 check is made against (``Target.against``): the check panel's
"Against:" starts there, and the GM may pick another.

Seed 000: when a creature opposes the task, "le DD dépend de l'un des modificateurs de la créature,
choisi en fonction de la tâche" (10 + that modifier), e.g. Stealth against the guard's Perception DC.
The pairs are the skill actions of the rules: Athletics to Grapple or Shove against the Fortitude DC
(Trip and Disarm: Reflex), Acrobatics to Tumble Through against the Reflex DC, Deception to Lie or
Feint and Stealth to Hide or Sneak against the Perception DC, Thievery to Steal against the
Perception DC, Intimidation to Demoralize or Coerce and Diplomacy to Request against the Will DC;
Perception to Seek against the Stealth DC (or to Sense Motive against the Deception DC).
Attacks go against the AC (the panel's first choice for them).
"""

from __future__ import annotations

from gmdesk.systems.kit.target import DEFENCE

AGAINST: dict[str, tuple[str, ...]] = {
    "skill:athletics": ("save:fortitude", "save:reflex"),
    "skill:acrobatics": ("save:reflex",),
    "skill:deception": ("perception",),
    "skill:stealth": ("perception",),
    "skill:thievery": ("perception",),
    "skill:intimidation": ("save:will",),
    "skill:diplomacy": ("save:will",),
    "perception": ("skill:stealth", "skill:deception"),
    "weapon": (DEFENCE,),
    "attack": (DEFENCE,),
}
