"""The dnd5e bestiary gmdesk ships: the 334 creatures of the SRD 5.1 (CC-BY-4.0, docs/bestiary.md),
read from ``srd-5.1.json.gz`` the first time they are asked for (start-up never pays for them).

Also what a dnd5e creature is worth: its XP as printed, else its challenge's (the SRD's table).
"""

from __future__ import annotations

import gzip
import json
from fractions import Fraction
from functools import lru_cache
from importlib import resources

from gmdesk.systems.kit.bestiary import Creature, CreatureAction, Damage

from .srd_convert import SOURCE
from .statblock import Dnd5eStatBlock

DATA = "srd-5.1.json.gz"
ATTRIBUTION = (
    'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of '
    "the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The "
    "SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available at "
    "https://creativecommons.org/licenses/by/4.0/legalcode.")

# Challenge → XP (SRD 5.1 and 2024 alike).
XP_BY_CHALLENGE = {
    Fraction(0): 10, Fraction(1, 8): 25, Fraction(1, 4): 50, Fraction(1, 2): 100, 1: 200, 2: 450, 3: 700,
    4: 1100, 5: 1800, 6: 2300, 7: 2900, 8: 3900, 9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000,
    14: 11500, 15: 13000, 16: 15000, 17: 18000, 18: 20000, 19: 22000, 20: 25000, 21: 33000, 22: 41000,
    23: 50000, 24: 62000, 25: 75000, 26: 90000, 27: 105000, 28: 120000, 29: 135000, 30: 155000,
}


def creature_xp(block) -> int | None:
    """What a dnd5e stat block is worth: its printed XP, else its challenge's; None when it prints
    no challenge (a built character frozen, a block typed without one)."""
    printed = block.number("xp") if hasattr(block, "number") else None
    if printed is not None:
        return printed
    challenge = getattr(block, "challenge", "") or ""
    try:
        return XP_BY_CHALLENGE.get(Fraction(challenge)) if challenge else None
    except (ValueError, ZeroDivisionError):
        return None


def entry(d: dict) -> Creature:
    """One shipped entry (``srd_convert.convert``) as a ``Creature``."""
    # Lists, not generators, and no empty damage built: the 334 entries are read on the dock's first
    # showing, and this is half the time of it.
    actions = tuple([CreatureAction(a["name"], a.get("bonus"), tuple([Damage(x, t) for x, t in a["damage"]])
                                    if "damage" in a else (), a.get("save", ""), a.get("dc")) for a in d["actions"]])
    return Creature(d["name"], "dnd5e", d["block"], d["hp"], d["hit_dice"], d["size"], d["type"], d["xp"], actions,
                    tuple(d["senses"].items()), SOURCE, "srd-5.1:" + d["name"], d["details"], Dnd5eStatBlock)


@lru_cache(maxsize=1)
def creatures() -> tuple[Creature, ...]:
    """The SRD 5.1 creatures, read once."""
    raw = resources.files(__package__).joinpath(DATA).read_bytes()
    return tuple(entry(d) for d in json.loads(gzip.decompress(raw)))
