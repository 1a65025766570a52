"""Which of an opponent's pools resists an anarchy test (``Target.against``): the check panel's
"Against:" starts there, and the GM may pick another.

Seed 004: in an opposed test every side rolls its pool, the reaction being the threshold. The
reactions are the attribute-only tests of the seed's table: an attack (close combat, firearms and
the other weapons) against the Physical defense, a spell (Sorcery, Astral combat) against the
Magical defense, Stealth against Perception, Con and Disguise against Perceptiveness, Intimidation
against Resist intimidation, Negotiation against the other side's Negotiation (or its
Perceptiveness); Perception the other way round, against Stealth.
"""

from __future__ import annotations

from gmdesk.systems.kit.target import DEFENCE

AGAINST: dict[str, tuple[str, ...]] = {
    "attack": (DEFENCE,),
    "skill:close_combat": (DEFENCE,),
    "skill:firearms": (DEFENCE,),
    "skill:projectile_weapons": (DEFENCE,),
    "skill:heavy_weapons": (DEFENCE,),
    "skill:vehicle_weapons": (DEFENCE,),
    "skill:sorcery": ("preset:magical_defense",),
    "skill:astral_combat": ("preset:magical_defense",),
    "skill:stealth": ("preset:perception",),
    "skill:con": ("preset:perceptiveness",),
    "skill:disguise": ("preset:perceptiveness",),
    "skill:intimidation": ("preset:resist_intimidation",),
    "skill:negotiation": ("skill:negotiation", "preset:perceptiveness"),
    "preset:perception": ("skill:stealth",),
}
