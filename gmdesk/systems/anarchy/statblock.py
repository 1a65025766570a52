"""Shadowrun Anarchy stat blocks (``kit.statblock``): an NPC card's numbers as printed.

A card prints the five attributes, each skill with its rating and its dice pool (``Firearms 4 (9)``:
the pool is what is rolled), a specialization (+2 dice when it applies), the Shadow Amps (Atouts:
dice on the rolls they help, kept as the block's entries of kind ``edge``), Armor, the condition
monitors and Edge (the book's luck pool: gmdesk's Luck). Attribute-only tests (defence, perception…)
are built from the attributes as for a character; a skill the card does not list is the attribute
alone at −1 die, as for a character without it.
"""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.sheet import SheetModifier
from gmdesk.systems.kit.statblock import (DICE, NOT_PRINTED, Frozen, OpenCheck, PrintedCheck, PrintedNumber,
                                          StatBlockSpec, stat_block_class)
from gmdesk.systems.kit.statblock_form import stat_block_form

from .sheet import ATTRIBUTES, SKILLS

SPEC = StatBlockSpec(
    system="anarchy",
    abilities=tuple((k, Word(en, fr)) for k, (en, fr) in ATTRIBUTES.items()),
    ability_meaning="rating",
    ability_range=(1, 15),
    checks=tuple(PrintedCheck(CheckRef("skill", k), Word(en, fr), a, NOT_PRINTED) for k, (a, en, fr) in SKILLS.items()),
    open_checks=(OpenCheck("skill:", Word("{name}", "{name}")),),
    numbers=(PrintedNumber("armor", Word("Armor", "Armure"), 0, 30, 0),
             PrintedNumber("luck", Word("Luck (Edge)", "Chance"), 0, 20, 0),
             PrintedNumber("physical", Word("Physical monitor", "Moniteur physique"), 0, 40),
             PrintedNumber("stun", Word("Stun monitor", "Moniteur étourdissant"), 0, 40)),
    value=DICE,
    # A card prints attribute + rating; its Shadow Amps' dice come on top (Firearms 4 (9) with Smartlink).
    number=lambda check: check.base_pool,
    level_range=None,
    attack_kinds=("melee", "ranged"),
    key_numbers=("armor", "skill:firearms", "skill:close_combat"),
)


def _get_luck(self) -> int:
    return self.numbers.get("luck", 0)


def _set_luck(self, value: int) -> None:
    self.numbers["luck"] = value


AnarchyStatBlock = stat_block_class(SPEC, "AnarchyStatBlock", {"luck": property(_get_luck, _set_luck)})


def form(lang: str = "en"):
    return stat_block_form(SPEC, lang)


def freeze(character, house_rules) -> Frozen:
    """What an anarchy character's card takes beyond its pools: attributes, Luck, and its Edges as the
    card's entries (their dice of kind ``edge``, their rerolls of kind ``reroll``)."""
    sheet = character.sheet
    entries = [SheetModifier(e.dice, e.name, "edge", e.scope) for e in sheet.edges if e.dice]
    entries += [SheetModifier(e.rerolls, e.name, "reroll", e.scope) for e in sheet.edges if e.rerolls]
    specialties = {f"skill:{s.key}": s.specialization for s in sheet.skills if s.specialization}
    return Frozen(None, dict(sheet.attributes), {"armor": 0, "luck": sheet.luck}, modifiers=tuple(entries),
                  specialties=specialties)
