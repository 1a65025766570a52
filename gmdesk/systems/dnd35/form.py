"""The D&D 3.5 sheet form: classes and class skills, half ranks up to the maximum, scores, saves."""

from __future__ import annotations

from gmdesk.engine.core import ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.house import Defaults
from gmdesk.systems.kit.form import (ABILITY_CHOICES, D20_ABILITIES, built_check, by_label, Field,
                                     header_section, ListSection, modifiers_section, safe, Section, set_path,
                                     SheetSpec, skill_label)

from . import build, data as dnd35_data, house, sheet
from .base import SYSTEM

ATTACK_KIND_CHOICES = (
    ("melee", Word('melee', 'contact')),
    ("ranged", Word('ranged', 'distance')),
)
SKILL_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items())
# The Player's Handbook skills get a line each; skills from other books (psionics…) are added as
# lines of their own list when a character has them, so a fighter's sheet is not a wall of zeros.
PLAIN_SKILLS = {k: v for k, v in sheet.SKILLS.items() if not v.specialized and v.book == dnd35_data.PHB}
OTHER_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items()
                      if not v.specialized and v.book != dnd35_data.PHB)
SPECIALIZED_CHOICES = tuple((k, skill_label(v)) for k, v in sheet.SKILLS.items() if v.specialized)


RULES = Defaults(house.OPTIONS)  # RULES.md's rulings, this system's options at their defaults


def engine_total(s, kind: str, key: str = "") -> int:
    """What the engine adds to the die for this roll of the sheet (the check panel's own number)."""
    return built_check(build.build, SYSTEM, s, kind, key, house=RULES).breakdown.total



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


SPECIALTY = Word('specialty', 'spécialité')


def _new_specialty(lang: str):
    """A new specialty row, named "specialty" in the GM's language (then "specialty 2"…)."""
    def new(d: dict) -> dict:
        taken = {(r["skill"], r["specialty"]) for r in _specialties(d)}
        base = SPECIALTY.text(lang)
        name, n = base, 2
        while ("craft", name) in taken:
            name, n = f"{base} {n}", n + 1
        return {"skill": "craft", "specialty": name, "ranks": 0}
    return new


TRAINED_ONLY_TIP = Word('Trained only (⊘): cannot be used without ranks', 'Formation nécessaire (⊘) : inutilisable sans degré de maîtrise')


def _rank_field(key: str, entry) -> Field:
    return Field(("ranks", key), skill_label(entry), "half", 0, lambda s, row, k=key: float(s.max_ranks(k)),
                 default=0, derived=lambda s, k=key: safe(lambda: _skill(s, k)),
                 tip=TRAINED_ONLY_TIP if entry.trained_only else "")


def _summary(s: sheet.Dnd35Sheet) -> list[tuple[str, str]]:
    spent = s.points_spent()
    return [(Word('Character level', 'Niveau global'), str(s.level)), (Word('AC', 'CA'), str(s.ac)),
            (Word('Skill points spent', 'Points de compétence dépensés'),
             f"{float(spent):g}" + (f" / {s.skill_points}" if s.skill_points is not None else ""))]


def form(lang: str = "en") -> SheetSpec:
    """The sheet form in ``lang`` (its lists sorted in that language)."""
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
            ListSection(Word('Classes', 'Classes'), ("classes",),
                        (f(("name",), Word('Class', 'Classe'), "text"),
                         f(("level",), Word('Level', 'Niveau'), "int", 1, 40),
                         f(("class_skills",), Word('Class skills', 'Compétences de classe'), "multi",
                           choices=SKILL_CHOICES)),
                        new_item=lambda d: {"name": "?", "level": 1, "class_skills": []},
                        add_label=Word('Add a class', 'Ajouter une classe')),
            Section(Word('Abilities', 'Caractéristiques'), abilities, columns=2),
            Section(Word('Combat', 'Combat'),
                    (f(("base_attack",), Word('Base attack bonus', 'Bonus de base à l’attaque'), "int", 0, 40),
                     f(("ac",), Word('AC', 'CA'), "int", 0, 80),
                     f(("armor_check_penalty",), Word('Armor check penalty', 'Malus d’armure aux tests'), "int",
                       -20, 0)) + saves, columns=2),
            Section(Word('Skill ranks', 'Degrés de maîtrise'),
                    (f(("skill_points",), Word('Skill points gained', 'Points de compétence gagnés'), "opt_int", 0,
                       10000, tip=Word('Empty: not tracked (monsters)', 'Vide\u202f: non suivi (monstres)')),)
                    + by_label((_rank_field(k, v) for k, v in PLAIN_SKILLS.items()), lang), columns=2),
            ListSection(Word('Skills from other books', 'Compétences d’autres livres'), ("ranks",),
                        (f(("skill",), Word('Skill', 'Compétence'), "choice", choices=OTHER_CHOICES),
                         f(("ranks",), Word('Ranks', 'Degrés'), "half", 0,
                           lambda s, row: float(s.max_ranks(row["skill"])) if row else None)),
                        new_item=_new_other_skill, read=_other_skills, write=_put_other_skills,
                        derived=lambda s, i: safe(lambda: _skill(s, _other_skills(s.to_dict())[i]["skill"])),
                        add_label=Word('Add a skill from another book', 'Ajouter une compétence d’un autre livre')),
            ListSection(Word('Skills with a specialty', 'Compétences à spécialité'), ("ranks",),
                        (f(("skill",), Word('Skill', 'Compétence'), "choice",
                           choices=SPECIALIZED_CHOICES),
                         f(("specialty",), Word('Specialty', 'Spécialité'), "text"),
                         f(("ranks",), Word('Ranks', 'Degrés'), "half", 0, _specialty_max)),
                        new_item=_new_specialty(lang), read=_specialties, write=_put_specialties,
                        derived=lambda s, i: safe(lambda: _skill(s, "{skill}:{specialty}".format(
                            **_specialties(s.to_dict())[i]))),
                        add_label=Word('Add a Craft, Profession or Perform', 'Ajouter un Artisanat, une Profession ou une Représentation')),
            ListSection(Word('Attacks', 'Attaques'), ("attacks",),
                        (f(("name",), Word('Name', 'Nom'), "text"),
                         f(("kind",), Word('Kind', 'Type'), "choice", choices=ATTACK_KIND_CHOICES),
                         f(("ability",), Word('Ability', 'Caractéristique'), "choice",
                           choices=ABILITY_CHOICES),
                         f(("bonus",), Word('Bonus', 'Bonus'), "int", -20, 20)),
                        new_item=lambda d: {"name": "?", "kind": "melee", "ability": "str", "bonus": 0},
                        derived=lambda s, i: safe(lambda: engine_total(s, "weapon", s.attacks[i].name)),
                        add_label=Word('Add an attack', 'Ajouter une attaque')),
            modifiers_section(),
        ),
        summary=_summary,
        warnings=lambda s: s.warnings(),
    )


def key_numbers(s) -> Word:
    """The numbers a GM glances at in the party list: AC and base attack bonus."""
    return Word(f"AC {s.ac} · BAB +{s.base_attack}", f"CA {s.ac} · BBA +{s.base_attack}")
