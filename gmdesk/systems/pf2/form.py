"""The Pathfinder 2 (playtest) sheet form: every field of ``Pf2Sheet``, derived values from the engine."""

from __future__ import annotations

from gmdesk.engine.core import RulesError, ability_modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit.form import (ABILITY_CHOICES, D20_ABILITIES, Bearer, built_check, by_label, Field,
                                     get_path, header_section, ListSection, modifiers_section, safe, Section,
                                     set_path, SheetSpec, skill_label)
from gmdesk.systems.kit.damage import DAMAGE_FIELD, attacks_per_round_field
from gmdesk.systems.kit.house import Defaults

from . import build, house, rules as pf2, sheet

RANK_CHOICES = (
    ("untrained", Word('untrained', 'non entraîné')),
    ("trained", Word('trained', 'entraîné')),
    ("expert", Word('expert', 'expert')),
    ("master", Word('master', 'maître')),
    ("legendary", Word('legendary', 'légendaire')),
)
TYPE_CHOICES = (
    ("item", Word('item', 'objet')),
    ("circumstance", Word('circumstance', 'circonstance')),
    ("status", Word('status', 'condition')),
    ("untyped", Word('untyped', 'sans type')),
)
ATTACK_KIND_CHOICES = (
    ("melee", Word('melee', 'contact')),
    ("ranged", Word('ranged', 'distance')),
    ("spell", Word('spell', 'sort')),
)


RULES = Defaults(house.OPTIONS)  # RULES.md's rulings, this system's options at their defaults


def engine_total(s, kind: str, key: str = "", rules=RULES) -> int:
    """What the engine adds to the die for this roll of the sheet (the check panel's own number)."""
    return built_check(build.build, pf2.SYSTEM, s, kind, key, house=rules).breakdown.total


def engine_defense(s, touch: bool = False, rules=RULES) -> int:
    """The DC an attack against this sheet must reach (AC; TAC with ``touch``), typed bonuses stacked."""
    base, modifiers = build.defense(Bearer(pf2.SYSTEM, s), None, (), rules, "melee", touch, "en", False)
    return base + pf2.stack(modifiers).total



def _mod(s: sheet.Pf2Sheet, ability: str) -> int:
    return ability_modifier(s.abilities[ability])


def _spell_dc(s: sheet.Pf2Sheet, rules=RULES) -> int:
    # Spell DCs are not rolls, so the engine builds no check for them: 10 + ability + proficiency.
    return 10 + _mod(s, s.spell_ability) + pf2.proficiency(s.spell_rank, max(s.level, 0), house.release(rules))


def _summary(s: sheet.Pf2Sheet, rules=RULES) -> list[tuple[str, str]]:
    out = [(Word('AC / TAC', 'CA / CAC'),
            safe(lambda: f"{engine_defense(s, rules=rules)} / {engine_defense(s, touch=True, rules=rules)}")),
           (Word('Perception', 'Perception'), safe(lambda: engine_total(s, "perception", rules=rules)))]
    for key, (ability, en, fr) in sheet.SAVES.items():
        out.append(((en, fr), safe(lambda k=key: engine_total(s, "save", k, rules))))
    out.append((Word('Spell DC', 'DD des sorts'), safe(lambda: str(_spell_dc(s, rules)))))
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


def form(lang: str = "en", rules=RULES) -> SheetSpec:
    """The sheet form in ``lang`` (its lists sorted in that language), its derived numbers under the
    campaign's house ``rules`` (proficiency as in the playtest or the release rules)."""
    total = lambda s, kind, key="": engine_total(s, kind, key, rules)  # noqa: E731
    defense = lambda s, touch=False: engine_defense(s, touch, rules)  # noqa: E731
    abilities = tuple(
        Field(("abilities", k), label, "int", 1, 30, derived=lambda s, k=k: safe(lambda: _mod(s, k)))
        for k, label in D20_ABILITIES.items())
    saves = tuple(
        Field(("saves", k), (en, fr), "choice", choices=RANK_CHOICES, default="untrained",
              derived=lambda s, k=k: safe(lambda: total(s, "save", k)))
        for k, (a, en, fr) in sheet.SAVES.items())
    skills = tuple(
        Field(("skills", k), skill_label(v), "choice", choices=RANK_CHOICES, default="untrained",
              derived=lambda s, k=k: safe(lambda: total(s, "skill", k)))
        for k, v in sheet.SKILLS.items() if k != "lore")
    f = lambda *a, **k: Field(*a, **k)  # noqa: E731
    return SheetSpec(
        "pf2",
        (
            header_section(),
            Section(Word('Level and abilities', 'Niveau et caractéristiques'),
                    (f(("level",), Word('Level', 'Niveau'), "int", -1, 25),) + abilities,
                    columns=2),
            Section(Word('Perception and saves', 'Perception et jets de sauvegarde'),
                    (f(("perception",), Word('Perception', 'Perception'), "choice",
                       choices=RANK_CHOICES, derived=lambda s: safe(lambda: total(s, "perception"))),)
                    + saves, columns=2),
            Section(Word('Skills', 'Compétences'), by_label(skills, lang), columns=2),
            ListSection(Word('Lores', 'Connaissances'), ("skills",),
                        (f(("topic",), Word('Topic', 'Sujet'), "text"),
                         f(("rank",), Word('Rank', 'Rang'), "choice", choices=RANK_CHOICES)),
                        new_item=lambda d: {"topic": _free_name((r["topic"] for r in _lores(d)), "lore"),
                                            "rank": "trained"},
                        read=_lores, write=_put_lores,
                        derived=lambda s, i: safe(
                            lambda: total(s, "skill", "lore:" + _lores(s.to_dict())[i]["topic"])),
                        add_label=Word('Add a Lore', 'Ajouter une Connaissance')),
            ListSection(Word('Weapon proficiencies', 'Formations aux armes'), ("weapon_ranks",),
                        (f(("category",), Word('Weapons', 'Armes'), "text",
                           tip=Word('simple, martial, unarmed, or one weapon (dagger)', 'simple, martial, unarmed (à mains nues), ou une arme (dague)')),
                         f(("rank",), Word('Rank', 'Rang'), "choice", choices=RANK_CHOICES)),
                        new_item=lambda d: {"category": _free_name(get_path(d, ("weapon_ranks",), {}) or {}, "martial"),
                                            "rank": "trained"},
                        read=_weapon_ranks, write=_put_weapon_ranks,
                        add_label=Word('Add a weapon proficiency', 'Ajouter une formation aux armes')),
            ListSection(Word('Strikes', 'Frappes'), ("attacks",),
                        (f(("name",), Word('Name', 'Nom'), "text"),
                         f(("kind",), Word('Kind', 'Type'), "choice", choices=ATTACK_KIND_CHOICES),
                         f(("ability",), Word('Ability', 'Caractéristique'), "choice",
                           choices=ABILITY_CHOICES),
                         f(("categories",), Word('Weapon groups', 'Groupes d’armes'), "csv"),
                         f(("item_bonus",), Word('Item', 'Objet'), "int", 0, 5),
                         DAMAGE_FIELD),
                        new_item=lambda d: {"name": "?", "kind": "melee", "ability": "str",
                                            "categories": ["simple"], "item_bonus": 0},
                        derived=lambda s, i: safe(lambda: total(s, "weapon", s.attacks[i].name)),
                        add_label=Word('Add a Strike', 'Ajouter une Frappe')),
            Section(Word('Strikes per round', 'Frappes par round'),
                    (attacks_per_round_field(
                        Word('Strikes per round', 'Frappes par round'),
                        Word('Each with the best Strike; the second takes −5, the third and later −10 (multiple '
                             'attack penalty; agile weapons are not told apart): the fight\'s odds count them',
                             'Chacune avec la meilleure Frappe\u202f; la deuxième subit −5, la troisième et les suivantes '
                             '−10 (pénalité d’attaques multiples\u202f; les armes agiles ne sont pas distinguées)\u202f: '
                             'les chances du combat les comptent')),), columns=1),
            Section(Word('Spells', 'Sorts'),
                    (f(("spell_rank",), Word('Spell proficiency', 'Formation aux sorts'), "choice",
                       choices=RANK_CHOICES),
                     f(("spell_ability",), Word('Spellcasting ability', 'Caractéristique d’incantation'), "choice",
                       choices=ABILITY_CHOICES,
                       derived=lambda s: safe(lambda: _spell_dc(s, rules) - 10))), columns=1),
            Section(Word('Armor and shield', 'Armure et bouclier'),
                    (f(("armor_name",), Word('Armor', 'Armure'), "text"),
                     f(("armor_rank",), Word('Armor proficiency', 'Formation à l’armure'), "choice",
                       choices=RANK_CHOICES),
                     f(("armor_ac_bonus",), Word('AC bonus', 'Bonus à la CA'), "int", 0, 10),
                     f(("armor_tac_bonus",), Word('TAC bonus', 'Bonus à la CAC'), "int", 0, 10),
                     f(("dex_cap",), Word('Dex cap', 'Dex max.'), "opt_int", 0, 10),
                     f(("armor_check_penalty",), Word('Armor check penalty', 'Malus d’armure aux tests'), "int",
                       -10, 0),
                     f(("shield_name",), Word('Shield', 'Bouclier'), "text"),
                     f(("shield_held",), Word('Shield held', 'Bouclier en main'), "bool",
                       derived=lambda s: safe(lambda: f"{defense(s)} / {defense(s, touch=True)}")),
                     f(("shield_rank",), Word('Shield proficiency', 'Formation au bouclier'), "choice",
                       choices=RANK_CHOICES),
                     f(("shield_bonus",), Word('Shield bonus (raised)', 'Bonus du bouclier (levé)'), "int", 1, 4)),
                    columns=2),
            modifiers_section(TYPE_CHOICES, (_typed_range("lo"), _typed_range("hi")), "item", 1),
        ),
        summary=lambda s: _summary(s, rules),
    )


def _free_name(taken, base: str) -> str:
    """A name not yet in ``taken`` for a new Lore or weapon proficiency row ("lore", "lore 2"…)."""
    taken = set(taken)
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


def key_numbers(s, rules=RULES) -> Word:
    """The number a GM glances at in the party list: Perception (under the campaign's proficiency rules)."""
    try:
        proficiency = pf2.proficiency(s.perception, max(s.level, 0), house.release(rules))
    except (ValueError, RulesError):
        proficiency = 0
    value = ability_modifier(s.abilities["wis"]) + proficiency
    return Word(f"Perception {value:+d}", f"Perception {value:+d}")
