"""D&D 3.5 stat blocks (``kit.statblock``): a monster's numbers as the Monster Manual prints them.

A 3.5 block prints the ability *scores*, the three saves and initiative already summed, AC with its
touch and flat-footed values, the skills it has ranks in (with everything added), and each attack's
bonus; a skill it does not list is rolled with the ability modifier when it can be used untrained,
and not at all when it needs training.
"""

from __future__ import annotations

from gmdesk.engine.core import ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import D20_ABILITIES
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import (ABILITY, NOT_PRINTED, Frozen, OpenCheck, PrintedCheck, PrintedNumber,
                                          StatBlockSpec, stat_block_class)
from gmdesk.systems.kit.statblock_form import stat_block_form

from .data import PHB, SKILLS
from .sheet import SAVES

ABILITY_NAMES = {"str": ("Strength", "Force"), "dex": ("Dexterity", "Dextérité"), "con": ("Constitution", "Constitution"),
                 "int": ("Intelligence", "Intelligence"), "wis": ("Wisdom", "Sagesse"), "cha": ("Charisma", "Charisme")}

SPEC = StatBlockSpec(
    system="dnd35",
    abilities=tuple(D20_ABILITIES.items()),
    ability_meaning="score",
    ability_range=(0, 60),
    ability_modifier=ability_modifier,
    checks=(PrintedCheck(CheckRef("skill", "spot"), Word(SKILLS["spot"].en, SKILLS["spot"].fr), "wis"),)
    + tuple(PrintedCheck(CheckRef("skill", k), Word(s.en, s.fr), s.ability,
                         NOT_PRINTED if s.trained_only or s.book != PHB else ABILITY)
            for k, s in SKILLS.items() if s.ability is not None and k != "spot")
    + tuple(PrintedCheck(CheckRef("ability", a), Word(f"{en} check", f"Test de {fr}"), a)
            for a, (en, fr) in ABILITY_NAMES.items())
    + tuple(PrintedCheck(CheckRef("save", k), Word(en, fr), a) for k, (a, en, fr) in SAVES.items())
    + (PrintedCheck(CheckRef("initiative"), Word("Initiative", "Initiative"), "dex"),),
    open_checks=tuple(OpenCheck(f"skill:{k}:", Word(f"{s.en} ({{name}})", f"{s.fr} ({{name}})"), s.ability)
                      for k, s in SKILLS.items() if s.specialized and s.ability is not None),
    numbers=(PrintedNumber("ac", Word("AC", "CA"), 0, 80, 10),
             PrintedNumber("touch", Word("Touch AC", "CA de contact"), 0, 80),
             PrintedNumber("flat_footed", Word("Flat-footed AC", "CA pris au dépourvu"), 0, 80)),
    attack_kinds=("melee", "ranged"),
    level_range=(0, 60),
    key_numbers=("ac", "initiative"),
)

Dnd35StatBlock = stat_block_class(SPEC, "Dnd35StatBlock")


def form(lang: str = "en"):
    return stat_block_form(SPEC, lang)


def freeze(character, house_rules) -> Frozen:
    """What a dnd35 character's block takes beyond its rolls: level, scores, AC, touch, flat-footed."""
    sheet = character.sheet
    dex = ability_modifier(sheet.abilities["dex"])
    numbers = {"ac": sheet.ac, "flat_footed": sheet.ac - max(dex, 0)}
    return Frozen(sheet.level, dict(sheet.abilities), numbers)
