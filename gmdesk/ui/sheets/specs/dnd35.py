"""The D&D 3.5 sheet form: classes and class skills, half ranks up to the maximum, scores, saves."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.systems.dnd35 import sheet as sheet
from gmdesk.systems.dnd35 import data as dnd35_data
from gmdesk.engine.core import ability_modifier
from gmdesk.ui.sheets.fields import Field, ListSection, Section, SheetSpec, set_path
from gmdesk.ui.sheets.specs.common import (ABILITY_CHOICES, D20_ABILITIES, by_label, engine_total,
                                           header_section, modifiers_section, safe, skill_label)

ATTACK_KIND_CHOICES = (
    ("melee", QT_TRANSLATE_NOOP("SheetFields", "melee")),
    ("ranged", QT_TRANSLATE_NOOP("SheetFields", "ranged")),
)
SKILL_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items())
# The Player's Handbook skills get a line each; skills from other books (psionics…) are added as
# lines of their own list when a character has them, so a fighter's sheet is not a wall of zeros.
PLAIN_SKILLS = {k: v for k, v in sheet.SKILLS.items() if not v.specialized and v.book == dnd35_data.PHB}
OTHER_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items()
                      if not v.specialized and v.book != dnd35_data.PHB)
SPECIALIZED_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items() if v.specialized)

translate = QCoreApplication.translate


def _mod(s: sheet.Dnd35Sheet, ability: str) -> int:
    return ability_modifier(s.abilities[ability])


def _skill(s: sheet.Dnd35Sheet, key: str) -> str:
    info = sheet.SKILLS[sheet.base_skill(key)]
    rank = s.rank(key)
    if info.ability is None:  # Langue: ranks but never a roll
        return ""
    if info.trained_only and rank == 0:
        return TRAINED_ONLY_MARK
    return f"{engine_total(s, 'skill', key):+d}"


TRAINED_ONLY_MARK = "⊘"


def _other_skills(d: dict) -> list[dict]:
    return [{"skill": k, "ranks": v} for k, v in (d.get("ranks") or {}).items()
            if ":" not in k and k not in PLAIN_SKILLS]


def _put_other_skills(d: dict, rows: list[dict]) -> dict:
    ranks = {k: v for k, v in (d.get("ranks") or {}).items() if ":" in k or k in PLAIN_SKILLS}
    for row in rows:
        ranks[row["skill"]] = row["ranks"]
    return set_path(d, ("ranks",), ranks)


def _new_other_skill(d: dict) -> dict:
    taken = {r["skill"] for r in _other_skills(d)}
    return {"skill": next((k for k, _ in OTHER_CHOICES if k not in taken), OTHER_CHOICES[0][0]), "ranks": 0}


def _specialties(d: dict) -> list[dict]:
    rows = []
    for key, ranks in (d.get("ranks") or {}).items():
        skill, sep, specialty = key.partition(":")
        if sep:
            rows.append({"skill": skill, "specialty": specialty, "ranks": ranks})
    return rows


def _put_specialties(d: dict, rows: list[dict]) -> dict:
    ranks = {k: v for k, v in (d.get("ranks") or {}).items() if ":" not in k}
    for row in rows:
        ranks[f"{row['skill']}:{row['specialty']}"] = row["ranks"]
    return set_path(d, ("ranks",), ranks)


def _specialty_max(s: sheet.Dnd35Sheet, row: dict | None) -> float | None:
    if not row:
        return None
    return float(s.max_ranks(f"{row['skill']}:{row['specialty']}"))


def _new_specialty(d: dict) -> dict:
    taken = {(r["skill"], r["specialty"]) for r in _specialties(d)}
    base = QCoreApplication.translate("SheetFields", "specialty")
    name, n = base, 2
    while ("craft", name) in taken:
        name, n = f"{base} {n}", n + 1
    return {"skill": "craft", "specialty": name, "ranks": 0}


TRAINED_ONLY_TIP = QT_TRANSLATE_NOOP("SheetFields", "Trained only (⊘): cannot be used without ranks")


def _rank_field(key: str, entry) -> Field:
    return Field(("ranks", key), skill_label(entry), "half", 0, lambda s, row, k=key: float(s.max_ranks(k)),
                 default=0, derived=lambda s, k=key: safe(lambda: _skill(s, k)),
                 tip=TRAINED_ONLY_TIP if entry.trained_only else "")


def _summary(s: sheet.Dnd35Sheet) -> list[tuple[str, str]]:
    spent = s.points_spent()
    return [(translate("SheetFields", "Character level"), str(s.level)), (translate("SheetFields", "AC"), str(s.ac)),
            (translate("SheetFields", "Skill points spent"),
             f"{float(spent):g}" + (f" / {s.skill_points}" if s.skill_points is not None else ""))]


def spec() -> SheetSpec:
    f = Field
    abilities = tuple(Field(("abilities", k), label, "int", 1, 60, derived=lambda s, k=k: safe(lambda: _mod(s, k)))
                      for k, label in D20_ABILITIES.items())
    saves = tuple(Field(("base_saves", k), (en, fr), "int", 0, 40, default=0,
                        derived=lambda s, k=k: safe(lambda: engine_total(s, "save", k)))
                  for k, (a, en, fr) in sheet.SAVES.items())
    return SheetSpec(
        "dnd35",
        (
            header_section(),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Classes"), ("classes",),
                        (f(("name",), QT_TRANSLATE_NOOP("SheetFields", "Class"), "text"),
                         f(("level",), QT_TRANSLATE_NOOP("SheetFields", "Level"), "int", 1, 40),
                         f(("class_skills",), QT_TRANSLATE_NOOP("SheetFields", "Class skills"), "multi",
                           choices=SKILL_CHOICES)),
                        new_item=lambda d: {"name": "?", "level": 1, "class_skills": []},
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a class")),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Abilities"), abilities, columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Combat"),
                    (f(("base_attack",), QT_TRANSLATE_NOOP("SheetFields", "Base attack bonus"), "int", 0, 40),
                     f(("ac",), QT_TRANSLATE_NOOP("SheetFields", "AC"), "int", 0, 80),
                     f(("armor_check_penalty",), QT_TRANSLATE_NOOP("SheetFields", "Armor check penalty"), "int",
                       -20, 0)) + saves, columns=2),
            Section(QT_TRANSLATE_NOOP("SheetFields", "Skill ranks"),
                    (f(("skill_points",), QT_TRANSLATE_NOOP("SheetFields", "Skill points gained"), "opt_int", 0,
                       10000, tip=QT_TRANSLATE_NOOP("SheetFields", "Empty: not tracked (monsters)")),)
                    + by_label(_rank_field(k, v) for k, v in PLAIN_SKILLS.items()), columns=2),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Skills from other books"), ("ranks",),
                        (f(("skill",), QT_TRANSLATE_NOOP("SheetFields", "Skill"), "choice", choices=OTHER_CHOICES),
                         f(("ranks",), QT_TRANSLATE_NOOP("SheetFields", "Ranks"), "half", 0,
                           lambda s, row: float(s.max_ranks(row["skill"])) if row else None)),
                        new_item=_new_other_skill, read=_other_skills, write=_put_other_skills,
                        derived=lambda s, i: safe(lambda: _skill(s, _other_skills(s.to_dict())[i]["skill"])),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a skill from another book")),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Skills with a specialty"), ("ranks",),
                        (f(("skill",), QT_TRANSLATE_NOOP("SheetFields", "Skill"), "choice",
                           choices=SPECIALIZED_CHOICES),
                         f(("specialty",), QT_TRANSLATE_NOOP("SheetFields", "Specialty"), "text"),
                         f(("ranks",), QT_TRANSLATE_NOOP("SheetFields", "Ranks"), "half", 0, _specialty_max)),
                        new_item=_new_specialty, read=_specialties, write=_put_specialties,
                        derived=lambda s, i: safe(lambda: _skill(s, "{skill}:{specialty}".format(
                            **_specialties(s.to_dict())[i]))),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a Craft, Profession or Perform")),
            ListSection(QT_TRANSLATE_NOOP("SheetFields", "Attacks"), ("attacks",),
                        (f(("name",), QT_TRANSLATE_NOOP("SheetFields", "Name"), "text"),
                         f(("kind",), QT_TRANSLATE_NOOP("SheetFields", "Kind"), "choice", choices=ATTACK_KIND_CHOICES),
                         f(("ability",), QT_TRANSLATE_NOOP("SheetFields", "Ability"), "choice",
                           choices=ABILITY_CHOICES),
                         f(("bonus",), QT_TRANSLATE_NOOP("SheetFields", "Bonus"), "int", -20, 20)),
                        new_item=lambda d: {"name": "?", "kind": "melee", "ability": "str", "bonus": 0},
                        derived=lambda s, i: safe(lambda: engine_total(s, "weapon", s.attacks[i].name)),
                        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add an attack")),
            modifiers_section(),
        ),
        summary=_summary,
        warnings=lambda s: s.warnings(),
    )
