"""Chroniques Oubliées Fantasy stat blocks (``kit.statblock``): a creature's profile as the books print it.

A cof profile prints NC (its level, maybe a fraction), the six characteristics as the *modifiers*
added to a test, DEF, PV (with a damage reduction), Init (a score, not a roll) and each attack's
total bonus: ``Morgenstern +5 DM 1d8+3``. A characteristic test is d20 + the printed modifier.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.refs import CheckRef, flat_id
from gmdesk.systems.kit.statblock import Frozen, OpenCheck, PrintedCheck, PrintedNumber, StatBlockSpec, stat_block_class
from gmdesk.systems.kit.statblock_form import stat_block_form

from .sheet import CHARACTERISTICS

SPEC = StatBlockSpec(
    system="cof",
    abilities=tuple((k, Word(k.upper(), k.upper())) for k in CHARACTERISTICS),
    ability_meaning="modifier",
    ability_range=(-10, 50),
    checks=tuple(PrintedCheck(CheckRef("ability", k), Word(en, fr), k) for k, (en, fr) in CHARACTERISTICS.items()),
    # A path as a built character rolls it (its characteristic + its rank), frozen into one number.
    open_checks=(OpenCheck("path:", Word("{name}", "{name}")),),
    numbers=(PrintedNumber("defense", Word("DEF", "DEF"), 0, 80, 10),
             PrintedNumber("init", Word("Init", "Init"), 0, 80, 10),
             PrintedNumber("rd", Word("Damage reduction (RD)", "Réduction des dégâts (RD)"), 0, 50)),
    attack_kinds=("melee", "ranged"),
    level_range=(0, 40),
    key_numbers=("defense", "init"),
)

CofStatBlock = stat_block_class(SPEC, "CofStatBlock")


# Scripts read English ids (issue 15 §5): the characteristics keep their French keys in the sheet.
ENGLISH_IDS = {"for": "str", "sag": "wis"}


def check_id(ref: CheckRef) -> str:
    """cof's ids for scripts: the characteristics as ``str``, ``dex``, ``con``, ``int``, ``wis``, ``cha``."""
    if ref.kind == "ability":
        return ENGLISH_IDS.get(ref.key, ref.key)
    return flat_id(ref)


def form(lang: str = "en"):
    return stat_block_form(SPEC, lang)


def freeze(character, house_rules) -> Frozen:
    """What a cof character's profile takes beyond its rolls: level, characteristics, DEF, Init."""
    sheet = character.sheet
    return Frozen(sheet.level, dict(sheet.characteristics), {"defense": sheet.defense, "init": sheet.init})
