"""The D&D 5e (2024) sheet form: every field of ``Dnd5eSheet``, derived values from the engine."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.systems.dnd5e import sheet as sheet
from gmdesk.systems.dnd5e import rules as dnd5e
from gmdesk.ui.sheets.fields import Field, ListSection, Section, SheetSpec, set_path, toggle_member
from gmdesk.ui.sheets.specs.common import (ABILITY_CHOICES, D20_ABILITIES, by_label, engine_total, header_section,
                                           modifiers_section, safe, skill_label)

TRAINING_CHOICES = (
    ("none", QT_TRANSLATE_NOOP("SheetFields", "—")),
    ("proficient", QT_TRANSLATE_NOOP("SheetFields", "proficient")),
    ("expertise", QT_TRANSLATE_NOOP("SheetFields", "expertise")),
)
ATTACK_KIND_CHOICES = (
    ("melee", QT_TRANSLATE_NOOP("SheetFields", "melee")),
    ("ranged", QT_TRANSLATE_NOOP("SheetFields", "ranged")),
    ("spell", QT_TRANSLATE_NOOP("SheetFields", "spell")),
)
ATTACK_ABILITY_CHOICES = ABILITY_CHOICES + (
    ("finesse", QT_TRANSLATE_NOOP("SheetFields", "finesse (STR or DEX)")),
    ("spellcasting", QT_TRANSLATE_NOOP("SheetFields", "spellcasting")),
)

translate = QCoreApplication.translate


def _mod(s: sheet.Dnd5eSheet, ability: str) -> int:
    return dnd5e.ability_modifier(s.abilities[ability], ability)


def _pb(s: sheet.Dnd5eSheet) -> int:
    return dnd5e.proficiency_bonus(min(s.level, 20))


def _training(key: str):
    def read(d: dict) -> str:
        if key in (d.get("expertise") or []):
            return "expertise"
        return "proficient" if key in (d.get("skill_proficiencies") or []) else "none"

    def write(d: dict, value: str) -> dict:
        d = set_path(d, ("skill_proficiencies",), toggle_member(d.get("skill_proficiencies"), key, value != "none"))
        return set_path(d, ("expertise",), toggle_member(d.get("expertise"), key, value == "expertise"))

    return read, write


def _summary(s: sheet.Dnd5eSheet) -> list[tuple[str, str]]:
    out = [(translate("SheetFields", "Proficiency bonus"), safe(lambda: _pb(s))),
           (translate("SheetFields", "AC"), str(s.ac)),
           (translate("SheetFields", "Base AC (10 + DEX)"),
            safe(lambda: str(dnd5e.base_armor_class(s.abilities["dex"]))))]
    if s.spellcasting_ability:
        out.append((translate("SheetFields", "Spell save DC"),
                    safe(lambda: str(8 + _mod(s, s.spellcasting_ability) + _pb(s)))))
    out.append((translate("SheetFields", "Passive Perception"),
                safe(lambda: str(10 + engine_total(s, "skill", "perception")))))
    return out


def spec() -> SheetSpec:
    abilities = tuple(
        Field(("abilities", k), label, "int", 0, 30, derived=lambda s, k=k: safe(lambda: _mod(s, k)),
              tip=QT_TRANSLATE_NOOP("SheetFields", "1 to 20 for adventurers, up to 30; 0 only through an effect"))
        for k, label in D20_ABILITIES.items())
    saves = tuple(
        Field(("save_proficiencies",), label, "member", member=k,
              derived=lambda s, k=k: safe(lambda: engine_total(s, "save", k)))
        for k, label in D20_ABILITIES.items())
    skills = []
    for key, entry in sheet.SKILLS.items():
        read, write = _training(key)
        skills.append(Field(("skills", key), skill_label(entry), "choice", choices=TRAINING_CHOICES, read=read,
                            write=write, derived=lambda s, k=key: safe(lambda: engine_total(s, "skill", k))))
    f = Field
    return SheetSpec(
        "dnd5e",
        (
            header_section(),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Level and abilities"),
                    (f(("level",), QT_TRANSLATE_NOOP("SheetFields", "Level"), "int", 1, 30,
                       derived=lambda s: safe(lambda: _pb(s))),) + abilities, columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Saving throw proficiencies"), saves, columns=3),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Skills"), by_label(skills), columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Defense and spells"),
                    (f(("ac",), QT_TRANSLATE_NOOP("SheetFields", "AC"), "int", 0, 40,
                       tip=QT_TRANSLATE_NOOP("SheetFields", "The one base-AC calculation the creature uses, "
                                                            "armor, shield and magic included")),
                     f(("spellcasting_ability",), QT_TRANSLATE_NOOP("SheetFields", "Spellcasting ability"), "choice",
                       choices=(("", ""),) + ABILITY_CHOICES),
                     f(("heroic_inspiration",), QT_TRANSLATE_NOOP("SheetFields", "Heroic Inspiration"), "bool",
                       tip=QT_TRANSLATE_NOOP("SheetFields", "A character holds at most one"))), columns=2),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Attacks"), ("attacks",),
                        (f(("name",), QT_TRANSLATE_NOOP("SheetFields", "Name"), "text"),
                         f(("kind",), QT_TRANSLATE_NOOP("SheetFields", "Kind"), "choice", choices=ATTACK_KIND_CHOICES),
                         f(("ability",), QT_TRANSLATE_NOOP("SheetFields", "Ability"), "choice",
                           choices=ATTACK_ABILITY_CHOICES),
                         f(("proficient",), QT_TRANSLATE_NOOP("SheetFields", "Proficient"), "bool"),
                         f(("bonus",), QT_TRANSLATE_NOOP("SheetFields", "Bonus"), "int", -10, 10)),
                        new_item=lambda d: {"name": "?", "kind": "melee", "ability": "str", "proficient": True,
                                            "bonus": 0},
                        derived=lambda s, i: safe(lambda: engine_total(s, "weapon", s.attacks[i].name)),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add an attack")),
            modifiers_section(),
        ),
        summary=_summary,
    )


__all__ = ["spec"]
