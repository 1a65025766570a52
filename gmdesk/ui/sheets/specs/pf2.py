"""The Pathfinder 2 (playtest) sheet form: every field of ``Pf2Sheet``, derived values from the engine."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.systems.pf2 import sheet as sheet
from gmdesk.systems.pf2 import rules as pf2
from gmdesk.engine.core import ability_modifier
from gmdesk.ui.sheets.fields import Field, ListSection, Section, SheetSpec, get_path, set_path
from gmdesk.ui.sheets.specs.common import (ABILITY_CHOICES, D20_ABILITIES, by_label, engine_defense, engine_total,
                                           header_section, modifiers_section, safe, skill_label)

RANK_CHOICES = (
    ("untrained", QT_TRANSLATE_NOOP("SheetFields", "untrained")),
    ("trained", QT_TRANSLATE_NOOP("SheetFields", "trained")),
    ("expert", QT_TRANSLATE_NOOP("SheetFields", "expert")),
    ("master", QT_TRANSLATE_NOOP("SheetFields", "master")),
    ("legendary", QT_TRANSLATE_NOOP("SheetFields", "legendary")),
)
TYPE_CHOICES = (
    ("item", QT_TRANSLATE_NOOP("SheetFields", "item")),
    ("circumstance", QT_TRANSLATE_NOOP("SheetFields", "circumstance")),
    ("status", QT_TRANSLATE_NOOP("SheetFields", "status")),
    ("untyped", QT_TRANSLATE_NOOP("SheetFields", "untyped")),
)
ATTACK_KIND_CHOICES = (
    ("melee", QT_TRANSLATE_NOOP("SheetFields", "melee")),
    ("ranged", QT_TRANSLATE_NOOP("SheetFields", "ranged")),
    ("spell", QT_TRANSLATE_NOOP("SheetFields", "spell")),
)

translate = QCoreApplication.translate


def _mod(s: sheet.Pf2Sheet, ability: str) -> int:
    return ability_modifier(s.abilities[ability])


def _spell_dc(s: sheet.Pf2Sheet) -> int:
    # Spell DCs are not rolls, so the engine builds no check for them: 10 + ability + proficiency.
    return 10 + _mod(s, s.spell_ability) + pf2.proficiency(s.spell_rank, max(s.level, 0))


def _summary(s: sheet.Pf2Sheet) -> list[tuple[str, str]]:
    out = [(translate("SheetFields", "AC / TAC"),
            safe(lambda: f"{engine_defense(s)} / {engine_defense(s, touch=True)}")),
           (translate("SheetFields", "Perception"), safe(lambda: engine_total(s, "perception")))]
    for key, (ability, en, fr) in sheet.SAVES.items():
        out.append(((en, fr), safe(lambda k=key: engine_total(s, "save", k))))
    out.append((translate("SheetFields", "Spell DC"), safe(lambda: str(_spell_dc(s)))))
    return out


def _lores(d: dict) -> list[dict]:
    return [{"topic": k[5:], "rank": v} for k, v in (d.get("skills") or {}).items() if k.startswith("lore:")]


def _put_lores(d: dict, rows: list[dict]) -> dict:
    skills = {k: v for k, v in (d.get("skills") or {}).items() if not k.startswith("lore:")}
    for row in rows:
        skills[f"lore:{row['topic']}"] = row["rank"]
    return set_path(d, ("skills",), skills)


def _weapon_ranks(d: dict) -> list[dict]:
    return [{"category": k, "rank": v} for k, v in (d.get("weapon_ranks") or {}).items()]


def _put_weapon_ranks(d: dict, rows: list[dict]) -> dict:
    return set_path(d, ("weapon_ranks",), {row["category"]: row["rank"] for row in rows})


def _typed_range(which: str):
    """The value range a pf2 entry of the row's type allows (bonus ranges and penalty ranges)."""
    def bound(s, row):
        kind = (row or {}).get("kind", "untyped")
        lo = sheet.PENALTY_RANGES.get(kind, (None, -1))[0]
        hi = sheet.BONUS_RANGES.get(kind, (None, -1))[1]
        return (lo if lo is not None else -50) if which == "lo" else hi
    return bound


def spec() -> SheetSpec:
    abilities = tuple(
        Field(("abilities", k), label, "int", 1, 30, derived=lambda s, k=k: safe(lambda: _mod(s, k)))
        for k, label in D20_ABILITIES.items())
    saves = tuple(
        Field(("saves", k), (en, fr), "choice", choices=RANK_CHOICES, default="untrained",
              derived=lambda s, k=k: safe(lambda: engine_total(s, "save", k)))
        for k, (a, en, fr) in sheet.SAVES.items())
    skills = tuple(
        Field(("skills", k), skill_label(v), "choice", choices=RANK_CHOICES, default="untrained",
              derived=lambda s, k=k: safe(lambda: engine_total(s, "skill", k)))
        for k, v in sheet.SKILLS.items() if k != "lore")
    f = lambda *a, **k: Field(*a, **k)  # noqa: E731
    return SheetSpec(
        "pf2",
        (
            header_section(),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Level and abilities"),
                    (f(("level",), QT_TRANSLATE_NOOP("SheetFields", "Level"), "int", -1, 25),) + abilities,
                    columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Perception and saves"),
                    (f(("perception",), QT_TRANSLATE_NOOP("SheetFields", "Perception"), "choice",
                       choices=RANK_CHOICES, derived=lambda s: safe(lambda: engine_total(s, "perception"))),)
                    + saves, columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Skills"), by_label(skills), columns=2),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Lores"), ("skills",),
                        (f(("topic",), QT_TRANSLATE_NOOP("SheetFields", "Topic"), "text"),
                         f(("rank",), QT_TRANSLATE_NOOP("SheetFields", "Rank"), "choice", choices=RANK_CHOICES)),
                        new_item=lambda d: {"topic": _free_name((r["topic"] for r in _lores(d)), "lore"),
                                            "rank": "trained"},
                        read=_lores, write=_put_lores,
                        derived=lambda s, i: safe(
                            lambda: engine_total(s, "skill", "lore:" + _lores(s.to_dict())[i]["topic"])),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a Lore")),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Weapon proficiencies"), ("weapon_ranks",),
                        (f(("category",), QT_TRANSLATE_NOOP("SheetFields", "Weapons"), "text",
                           tip=QT_TRANSLATE_NOOP("SheetFields", "simple, martial, unarmed, or one weapon (dagger)")),
                         f(("rank",), QT_TRANSLATE_NOOP("SheetFields", "Rank"), "choice", choices=RANK_CHOICES)),
                        new_item=lambda d: {"category": _free_name(get_path(d, ("weapon_ranks",), {}) or {}, "martial"),
                                            "rank": "trained"},
                        read=_weapon_ranks, write=_put_weapon_ranks,
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a weapon proficiency")),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Strikes"), ("attacks",),
                        (f(("name",), QT_TRANSLATE_NOOP("SheetFields", "Name"), "text"),
                         f(("kind",), QT_TRANSLATE_NOOP("SheetFields", "Kind"), "choice", choices=ATTACK_KIND_CHOICES),
                         f(("ability",), QT_TRANSLATE_NOOP("SheetFields", "Ability"), "choice",
                           choices=ABILITY_CHOICES),
                         f(("categories",), QT_TRANSLATE_NOOP("SheetFields", "Weapon groups"), "csv"),
                         f(("item_bonus",), QT_TRANSLATE_NOOP("SheetFields", "Item"), "int", 0, 5)),
                        new_item=lambda d: {"name": "?", "kind": "melee", "ability": "str",
                                            "categories": ["simple"], "item_bonus": 0},
                        derived=lambda s, i: safe(lambda: engine_total(s, "weapon", s.attacks[i].name)),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a Strike")),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Spells"),
                    (f(("spell_rank",), QT_TRANSLATE_NOOP("SheetFields", "Spell proficiency"), "choice",
                       choices=RANK_CHOICES),
                     f(("spell_ability",), QT_TRANSLATE_NOOP("SheetFields", "Spellcasting ability"), "choice",
                       choices=ABILITY_CHOICES,
                       derived=lambda s: safe(lambda: _spell_dc(s) - 10))), columns=1),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Armor and shield"),
                    (f(("armor_name",), QT_TRANSLATE_NOOP("SheetFields", "Armor"), "text"),
                     f(("armor_rank",), QT_TRANSLATE_NOOP("SheetFields", "Armor proficiency"), "choice",
                       choices=RANK_CHOICES),
                     f(("armor_ac_bonus",), QT_TRANSLATE_NOOP("SheetFields", "AC bonus"), "int", 0, 10),
                     f(("armor_tac_bonus",), QT_TRANSLATE_NOOP("SheetFields", "TAC bonus"), "int", 0, 10),
                     f(("dex_cap",), QT_TRANSLATE_NOOP("SheetFields", "Dex cap"), "opt_int", 0, 10),
                     f(("armor_check_penalty",), QT_TRANSLATE_NOOP("SheetFields", "Armor check penalty"), "int",
                       -10, 0),
                     f(("shield_name",), QT_TRANSLATE_NOOP("SheetFields", "Shield"), "text"),
                     f(("shield_held",), QT_TRANSLATE_NOOP("SheetFields", "Shield held"), "bool",
                       derived=lambda s: safe(lambda: f"{engine_defense(s)} / {engine_defense(s, touch=True)}")),
                     f(("shield_rank",), QT_TRANSLATE_NOOP("SheetFields", "Shield proficiency"), "choice",
                       choices=RANK_CHOICES),
                     f(("shield_bonus",), QT_TRANSLATE_NOOP("SheetFields", "Shield bonus (raised)"), "int", 1, 4)),
                    columns=2),
            modifiers_section(TYPE_CHOICES, (_typed_range("lo"), _typed_range("hi")), "item", 1),
        ),
        summary=_summary,
    )


def _free_name(taken, base: str) -> str:
    """A name not yet in ``taken`` for a new Lore or weapon proficiency row ("lore", "lore 2"…)."""
    taken = set(taken)
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name
