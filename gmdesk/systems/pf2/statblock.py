"""Pathfinder 2 stat blocks (``kit.statblock``): a creature's numbers as its bestiary prints them.

A pf2 block prints Perception, the three saves, the skills it is good at, its Lores, the six
ability *modifiers*, AC and HP; a skill it does not list is rolled with the ability modifier (the
block's own convention, which Foundry's pf2e system follows too), and initiative is Perception
unless the block says otherwise. The printed numbers are what the creature rolls, whatever the
campaign's proficiency rules: they were computed by the book.
"""

from __future__ import annotations

from gmdesk.engine.core import ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import D20_ABILITIES
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import (Frozen, OpenCheck, PrintedCheck, PrintedNumber, StatBlockSpec,
                                          stat_block_class)
from gmdesk.systems.kit.statblock_form import stat_block_form

from .sheet import SAVES, SKILLS, check_typed_entry

SPEC = StatBlockSpec(
    system="pf2",
    damage_rounds=True,
    abilities=tuple(D20_ABILITIES.items()),
    ability_meaning="modifier",
    ability_range=(-10, 15),
    checks=(PrintedCheck(CheckRef("perception"), Word("Perception", "Perception"), "wis"),)
    + tuple(PrintedCheck(CheckRef("save", k), Word(en, fr), a) for k, (a, en, fr) in SAVES.items())
    + tuple(PrintedCheck(CheckRef("skill", k), Word(en, fr), a) for k, (a, en, fr) in SKILLS.items() if k != "lore")
    + (PrintedCheck(CheckRef("initiative"), Word("Initiative", "Initiative"), "wis", unlisted="perception"),),
    open_checks=(OpenCheck("skill:lore:", Word("Lore ({name})", "Connaissance ({name})"), "int"),),
    numbers=(PrintedNumber("ac", Word("AC", "CA"), 0, 80, 10),
             PrintedNumber("tac", Word("TAC", "CAC"), 0, 80),
             PrintedNumber("shield", Word("Shield bonus (raised)", "Bonus du bouclier (levé)"), 1, 4)),
    check_modifier=lambda f, m: check_typed_entry(f, m.value, m.kind),
    level_range=(-1, 30),
    key_numbers=("ac", "perception"),
)

Pf2StatBlock = stat_block_class(SPEC, "Pf2StatBlock")


def form(lang: str = "en"):
    return stat_block_form(SPEC, lang)


def freeze(character, house_rules) -> Frozen:
    """What a pf2 character's block takes beyond its rolls: level, ability modifiers, AC and TAC."""
    from . import build
    from .rules import stack

    sheet = character.sheet
    numbers = {}
    for key, touch in (("ac", False), ("tac", True)):
        base, modifiers = build.defense(character, None, (), house_rules, "melee", touch)
        numbers[key] = base + stack(modifiers).total
    return Frozen(sheet.level, {k: ability_modifier(v) for k, v in sheet.abilities.items()}, numbers)
