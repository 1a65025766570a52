"""The D&D 5e (2024) sheet form: every field of ``Dnd5eSheet``, derived values from the engine."""

from __future__ import annotations

from gmdesk.engine.words import Word

from gmdesk.systems.kit.damage import DAMAGE_FIELD, attacks_per_round_field
from gmdesk.systems.kit.house import Defaults
from gmdesk.systems.kit.form import (ABILITY_CHOICES, D20_ABILITIES, built_check, by_label, Field,
                                     header_section, ListSection, modifiers_section, safe, Section, set_path,
                                     SheetSpec, skill_label, toggle_member)

from . import build, house, rules as dnd5e, sheet

TRAINING_CHOICES = (
    ("none", Word('—', '—')),
    ("proficient", Word('proficient', 'maîtrise')),
    ("expertise", Word('expertise', 'expertise')),
)
ATTACK_KIND_CHOICES = (
    ("melee", Word('melee', 'contact')),
    ("ranged", Word('ranged', 'distance')),
    ("spell", Word('spell', 'sort')),
)
ATTACK_ABILITY_CHOICES = ABILITY_CHOICES + (
    ("finesse", Word('finesse (STR or DEX)', 'finesse (FOR ou DEX)')),
    ("spellcasting", Word('spellcasting', 'incantation')),
)


RULES = Defaults(house.OPTIONS)  # RULES.md's rulings, this system's options at their defaults


def engine_total(s, kind: str, key: str = "") -> int:
    """What the engine adds to the die for this roll of the sheet (the check panel's own number)."""
    return built_check(build.build, dnd5e.SYSTEM, s, kind, key, house=RULES).breakdown.total



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
    out = [(Word('Proficiency bonus', 'Bonus de maîtrise'), safe(lambda: _pb(s))),
           (Word('AC', 'CA'), str(s.ac)),
           (Word('Base AC (10 + DEX)', 'CA de base (10 + DEX)'),
            safe(lambda: str(dnd5e.base_armor_class(s.abilities["dex"]))))]
    if s.spellcasting_ability:
        out.append((Word('Spell save DC', 'DD des sorts'),
                    safe(lambda: str(8 + _mod(s, s.spellcasting_ability) + _pb(s)))))
    out.append((Word('Passive Perception', 'Perception passive'),
                safe(lambda: str(10 + engine_total(s, "skill", "perception")))))
    return out


def form(lang: str = "en") -> SheetSpec:
    """The sheet form in ``lang`` (its lists sorted in that language)."""
    abilities = tuple(
        Field(("abilities", k), label, "int", 0, 30, derived=lambda s, k=k: safe(lambda: _mod(s, k)),
              tip=Word('1 to 20 for adventurers, up to 30; 0 only through an effect', '1 à 20 pour les aventuriers, jusqu’à 30\u202f; 0 seulement par un effet'))
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
            Section(Word('Level and abilities', 'Niveau et caractéristiques'),
                    (f(("level",), Word('Level', 'Niveau'), "int", 1, 30,
                       derived=lambda s: safe(lambda: _pb(s))),) + abilities, columns=2),
            Section(Word('Saving throw proficiencies', 'Maîtrises des JS'), saves, columns=3),
            Section(Word('Skills', 'Compétences'), by_label(skills, lang), columns=2),
            Section(Word('Defense and spells', 'Défense et sorts'),
                    (f(("ac",), Word('AC', 'CA'), "int", 0, 40,
                       tip=Word('The one base-AC calculation the creature uses, armor, shield and magic included',
                                'Le seul calcul de CA de base qu’utilise la créature, armure, bouclier et magie compris')),
                     f(("spellcasting_ability",), Word('Spellcasting ability', 'Caractéristique d’incantation'), "choice",
                       choices=(("", ""),) + ABILITY_CHOICES),
                     f(("heroic_inspiration",), Word('Heroic Inspiration', 'Inspiration héroïque'), "bool",
                       tip=Word('A character holds at most one', 'Un personnage en a au plus une')),
                     attacks_per_round_field(
                         Word('Attacks per round', 'Attaques par round'),
                         Word('The attacks of the Attack action (Extra Attack), each with the best attack: the '
                              'fight\'s odds count them',
                              'Les attaques de l’action Attaquer (Attaque supplémentaire), chacune avec la meilleure '
                              'attaque\u202f: les chances du combat les comptent'))), columns=2),
            ListSection(Word('Attacks', 'Attaques'), ("attacks",),
                        (f(("name",), Word('Name', 'Nom'), "text"),
                         f(("kind",), Word('Kind', 'Type'), "choice", choices=ATTACK_KIND_CHOICES),
                         f(("ability",), Word('Ability', 'Caractéristique'), "choice",
                           choices=ATTACK_ABILITY_CHOICES),
                         f(("proficient",), Word('Proficient', 'Maîtrise'), "bool"),
                         f(("bonus",), Word('Bonus', 'Bonus'), "int", -10, 10),
                         DAMAGE_FIELD),
                        new_item=lambda d: {"name": "?", "kind": "melee", "ability": "str", "proficient": True,
                                            "bonus": 0},
                        derived=lambda s, i: safe(lambda: engine_total(s, "weapon", s.attacks[i].name)),
                        add_label=Word('Add an attack', 'Ajouter une attaque')),
            modifiers_section(),
        ),
        summary=_summary,
    )


__all__ = ["spec"]


def key_numbers(s) -> Word:
    """The numbers a GM glances at in the party list: AC and proficiency bonus."""
    pb = 2 + (min(max(s.level, 1), 20) - 1) // 4
    return Word(f"AC {s.ac} · PB +{pb}", f"CA {s.ac} · BM +{pb}")
