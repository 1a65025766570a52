"""D&D 5e stat blocks (``kit.statblock``): a monster's numbers as the SRD prints them.

A 5e block prints the six ability *scores* (with their modifiers), AC, HP, the saving throws and
skills it is proficient in (already summed), the challenge rating, and its attacks' bonus to hit;
a save or skill it does not list is rolled with the ability modifier, initiative with Dexterity
unless the block prints it (the 2024 layout does).
"""

from __future__ import annotations

from gmdesk.engine.core import ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import D20_ABILITIES
from gmdesk.systems.kit.refs import CheckRef, flat_id
from gmdesk.systems.kit.statblock import Frozen, PrintedCheck, PrintedNumber, StatBlockSpec, stat_block_class
from gmdesk.systems.kit.statblock_form import stat_block_form

from .sheet import ABILITY_NAMES, SKILLS

SPEC = StatBlockSpec(
    system="dnd5e",
    damage_rounds=True,
    abilities=tuple(D20_ABILITIES.items()),
    ability_meaning="score",
    ability_range=(0, 30),
    ability_modifier=ability_modifier,
    checks=(PrintedCheck(CheckRef("skill", "perception"), Word("Perception", "Perception"), "wis"),)
    + tuple(PrintedCheck(CheckRef("skill", k), Word(en, fr), a) for k, (a, en, fr) in SKILLS.items()
            if k != "perception")
    + tuple(PrintedCheck(CheckRef("ability", a), Word(f"{en} check", f"Jet de {fr}"), a)
            for a, (en, fr) in ABILITY_NAMES.items())
    + tuple(PrintedCheck(CheckRef("save", a), Word(f"{en} saving throw", f"JS de {fr}"), a)
            for a, (en, fr) in ABILITY_NAMES.items())
    + (PrintedCheck(CheckRef("initiative"), Word("Initiative", "Initiative"), "dex"),),
    # XP as the block prints it (optional): the SRD's own where the table would say otherwise (a CR 0
    # creature worth 0 XP); encounter difficulty reads it before the challenge's (``difficulty``).
    numbers=(PrintedNumber("ac", Word("AC", "CA"), 0, 40, 10), PrintedNumber("xp", Word("XP", "PX"), 0, 1_000_000)),
    level_range=(0, 30),
    key_numbers=("ac", "skill:perception"),
)

Dnd5eStatBlock = stat_block_class(SPEC, "Dnd5eStatBlock")


def form(lang: str = "en"):
    return stat_block_form(SPEC, lang)


def check_id(ref: CheckRef) -> str:
    """dnd5e's ids for scripts: the abilities ``str``…``cha``, their saves ``str_save``…``cha_save``."""
    if ref.kind == "save":
        return f"{ref.key}_save"
    return flat_id(ref)


def freeze(character, house_rules) -> Frozen:
    """What a dnd5e character's block takes beyond its rolls: level, ability scores, AC."""
    from . import build

    sheet = character.sheet
    ac, modifiers = build.defense(character, None, (), house_rules)
    return Frozen(sheet.level, dict(sheet.abilities), {"ac": ac + sum(m.value for m in modifiers)})
