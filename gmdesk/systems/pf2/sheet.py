"""Pathfinder 2 (playtest) sheet: level, abilities, proficiency ranks, armor and shield, typed entries.

Only inputs are stored; the modifiers, proficiency bonuses, AC and TAC are computed when a check is
built (``build``), so a sheet never disagrees with itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk.engine.core import RulesError, check_int

from gmdesk.systems.kit.damage import MAX_PER_ROUND, check_damage_text, per_round_entry
from gmdesk.systems.kit.fields import (at, check_str, get_bool, get_int, get_opt_int, get_str, int_map, need_dict, objects,
                       str_list, str_map)
from gmdesk.systems.kit.sheet import SheetModifier, validate_modifiers

SYSTEM = "pf2"
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
RANKS = ("untrained", "trained", "expert", "master", "legendary")
SAVES = {"fortitude": ("con", "Fortitude", "Vigueur"), "reflex": ("dex", "Reflex", "Réflexes"),
         "will": ("wis", "Will", "Volonté")}
# key: (ability, English, French as in the French playtest)
SKILLS = {
    "acrobatics": ("dex", "Acrobatics", "Acrobaties"),
    "arcana": ("int", "Arcana", "Arcanes"),
    "athletics": ("str", "Athletics", "Athlétisme"),
    "crafting": ("int", "Crafting", "Artisanat"),
    "deception": ("cha", "Deception", "Duperie"),
    "diplomacy": ("cha", "Diplomacy", "Diplomatie"),
    "intimidation": ("cha", "Intimidation", "Intimidation"),
    "lore": ("int", "Lore", "Connaissance"),
    "medicine": ("wis", "Medicine", "Médecine"),
    "nature": ("wis", "Nature", "Nature"),
    "occultism": ("int", "Occultism", "Occultisme"),
    "performance": ("cha", "Performance", "Représentation"),
    "religion": ("wis", "Religion", "Religion"),
    "society": ("cha", "Society", "Société"),
    "stealth": ("dex", "Stealth", "Discrétion"),
    "survival": ("wis", "Survival", "Survie"),
    "thievery": ("dex", "Thievery", "Vol"),
}
# Typed entries: the range each type allows (RULES.md §1); untyped entries must be penalties.
BONUS_RANGES = {"item": (1, 5), "circumstance": (1, 4), "status": (1, 4)}
PENALTY_RANGES = {"item": (-4, -1), "circumstance": (-4, -1), "status": (-4, -1), "untyped": (None, -1)}
ATTACK_KINDS = ("melee", "ranged", "spell")


def check_typed_entry(field: str, value: int, kind: str) -> None:
    """A pf2 bonus is always positive and a penalty always negative, each within its type's range."""
    if kind not in PENALTY_RANGES:
        raise RulesError(at(field, "kind"), f"pf2 types are item, circumstance, status, untyped; got {kind!r}")
    if value == 0:
        raise RulesError(at(field, "value"), "a bonus or penalty cannot be 0")
    if value > 0 and kind == "untyped":
        raise RulesError(at(field, "value"), "an untyped entry can only be a penalty in pf2")
    what = "bonus" if value > 0 else "penalty"
    lo, hi = BONUS_RANGES[kind] if value > 0 else PENALTY_RANGES[kind]
    if (lo is not None and value < lo) or value > hi:
        span = f"{lo:+d}..{hi:+d}" if lo is not None else "negative"
        raise RulesError(at(field, "value"), f"a {kind} {what} must be {span}, got {value:+d}")


@dataclass
class Attack:
    """A Strike: the proficiency is the highest rank among the weapon's categories ("simple", "dagger")."""

    name: str
    kind: str = "melee"
    ability: str = "str"
    categories: list[str] = field(default_factory=lambda: ["simple"])
    item_bonus: int = 0  # potency rune / magic weapon, +0..+5
    damage: str = ""  # "1d8+4 slashing", as the player writes it; "" = not known (no damage odds)

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        check_str(at(f, "kind"), self.kind, ATTACK_KINDS)
        check_str(at(f, "ability"), self.ability, ABILITIES)
        for i, c in enumerate(self.categories):
            check_str(at(at(f, "categories"), i), c)
        check_int(at(f, "item_bonus"), self.item_bonus, 0, 5)
        check_damage_text(at(f, "damage"), self.damage)

    def to_dict(self) -> dict:
        d = {"name": self.name, "kind": self.kind, "ability": self.ability,
             "categories": list(self.categories), "item_bonus": self.item_bonus}
        if self.damage:  # written only when known: sheets stored before it read and write the same
            d["damage"] = self.damage
        return d

    @classmethod
    def parse(cls, d: dict, f: str) -> "Attack":
        return cls(get_str(d, "name", f), get_str(d, "kind", f, ATTACK_KINDS, "melee"),
                   get_str(d, "ability", f, ABILITIES, "str"), str_list(d, "categories", f, default=["simple"]),
                   get_int(d, "item_bonus", f, 0, 5, 0), get_str(d, "damage", f, default=""))


@dataclass
class Pf2Sheet:
    level: int = 1
    abilities: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ABILITIES, 10))
    perception: str = "trained"
    saves: dict[str, str] = field(default_factory=lambda: dict.fromkeys(SAVES, "trained"))
    skills: dict[str, str] = field(default_factory=dict)  # absent = untrained; "lore:sailing" for a Lore
    weapon_ranks: dict[str, str] = field(default_factory=lambda: {"simple": "trained", "unarmed": "trained"})
    attacks: list[Attack] = field(default_factory=list)
    spell_rank: str = "untrained"  # spell rolls and spell DCs
    spell_ability: str = "cha"
    armor_name: str = ""
    armor_rank: str = "trained"  # proficiency with the armor worn (unarmored counts)
    armor_ac_bonus: int = 0  # the armor's bonus to AC and to TAC (entered, not looked up)
    armor_tac_bonus: int = 0
    dex_cap: int | None = None  # the armor's Dex cap, None = no cap
    armor_check_penalty: int = 0  # 0 or negative; to Str- and Dex-based skill checks
    shield_name: str = ""
    shield_held: bool = False  # while held, AC uses the lower of the armor and shield ranks
    shield_rank: str = "trained"
    shield_bonus: int = 1  # circumstance bonus when raised (a Situation toggle)
    modifiers: list[SheetModifier] = field(default_factory=list)
    attacks_per_round: int = 1  # Strikes a round (the fight's odds; the later ones take the multiple attack penalty)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, f: str = "sheet") -> None:
        check_int(at(f, "level"), self.level, 0, 25)
        _scores(at(f, "abilities"), self.abilities)
        check_str(at(f, "perception"), self.perception, RANKS)
        _ranks(at(f, "saves"), self.saves, SAVES)
        for key, rank in self.skills.items():
            if key not in SKILLS and not (key.startswith("lore:") and len(key) > 5):
                raise RulesError(at(at(f, "skills"), key), "unknown skill (a Lore is written lore:<topic>)")
            check_str(at(at(f, "skills"), key), rank, RANKS)
        _ranks(at(f, "weapon_ranks"), self.weapon_ranks, None)
        for i, a in enumerate(self.attacks):
            a.validate(at(at(f, "attacks"), i))
        check_str(at(f, "spell_rank"), self.spell_rank, RANKS)
        check_str(at(f, "spell_ability"), self.spell_ability, ABILITIES)
        check_str(at(f, "armor_name"), self.armor_name)
        check_str(at(f, "armor_rank"), self.armor_rank, RANKS)
        check_int(at(f, "armor_ac_bonus"), self.armor_ac_bonus, 0, 5)
        check_int(at(f, "armor_tac_bonus"), self.armor_tac_bonus, 0, 5)
        if self.dex_cap is not None:
            check_int(at(f, "dex_cap"), self.dex_cap, 0, 10)
        check_int(at(f, "armor_check_penalty"), self.armor_check_penalty, -10, 0)
        check_str(at(f, "shield_name"), self.shield_name)
        check_str(at(f, "shield_rank"), self.shield_rank, RANKS)
        check_int(at(f, "shield_bonus"), self.shield_bonus, 1, 4)
        if not isinstance(self.shield_held, bool):
            raise RulesError(at(f, "shield_held"), "must be true or false")
        validate_modifiers(at(f, "modifiers"), self.modifiers)
        for i, m in enumerate(self.modifiers):
            check_typed_entry(at(at(f, "modifiers"), i), m.value, m.kind)
        check_int(at(f, "attacks_per_round"), self.attacks_per_round, 1, MAX_PER_ROUND)

    def skill_rank(self, key: str) -> str:
        return self.skills.get(key, "untrained")

    def to_dict(self) -> dict:
        return per_round_entry(self.attacks_per_round) | {
            "level": self.level, "abilities": dict(self.abilities), "perception": self.perception,
            "saves": dict(self.saves), "skills": dict(self.skills), "weapon_ranks": dict(self.weapon_ranks),
            "attacks": [a.to_dict() for a in self.attacks], "spell_rank": self.spell_rank,
            "spell_ability": self.spell_ability, "armor_name": self.armor_name, "armor_rank": self.armor_rank,
            "armor_ac_bonus": self.armor_ac_bonus, "armor_tac_bonus": self.armor_tac_bonus,
            "dex_cap": self.dex_cap, "armor_check_penalty": self.armor_check_penalty,
            "shield_name": self.shield_name, "shield_held": self.shield_held, "shield_rank": self.shield_rank,
            "shield_bonus": self.shield_bonus, "modifiers": [m.to_dict() for m in self.modifiers],
        }

    @classmethod
    def from_dict(cls, d: dict, f: str = "sheet") -> "Pf2Sheet":
        d = need_dict(f, d)
        out = cls.__new__(cls)
        out.level = get_int(d, "level", f)
        out.abilities = int_map(d, "abilities", f, ABILITIES, None, None)
        out.perception = get_str(d, "perception", f, RANKS, "untrained")
        out.saves = str_map(d, "saves", f, SAVES, RANKS, {})
        out.skills = str_map(d, "skills", f, None, RANKS, {})
        out.weapon_ranks = str_map(d, "weapon_ranks", f, None, RANKS, {})
        out.attacks = objects(d, "attacks", f, Attack.parse, [])
        out.spell_rank = get_str(d, "spell_rank", f, RANKS, "untrained")
        out.spell_ability = get_str(d, "spell_ability", f, ABILITIES, "cha")
        out.armor_name = get_str(d, "armor_name", f, default="")
        out.armor_rank = get_str(d, "armor_rank", f, RANKS, "untrained")
        out.armor_ac_bonus = get_int(d, "armor_ac_bonus", f, default=0)
        out.armor_tac_bonus = get_int(d, "armor_tac_bonus", f, default=0)
        out.dex_cap = get_opt_int(d, "dex_cap", f)
        out.armor_check_penalty = get_int(d, "armor_check_penalty", f, default=0)
        out.shield_name = get_str(d, "shield_name", f, default="")
        out.shield_held = get_bool(d, "shield_held", f, False)
        out.shield_rank = get_str(d, "shield_rank", f, RANKS, "untrained")
        out.shield_bonus = get_int(d, "shield_bonus", f, default=1)
        out.modifiers = objects(d, "modifiers", f, SheetModifier.parse, [])
        out.attacks_per_round = get_int(d, "attacks_per_round", f, default=1)
        for save in SAVES:
            out.saves.setdefault(save, "untrained")
        out.validate(f)
        return out


def _scores(f: str, scores: dict) -> None:
    for key in ABILITIES:
        if key not in scores:
            raise RulesError(at(f, key), "is missing")
        check_int(at(f, key), scores[key], 1, 30)
    for key in scores:
        if key not in ABILITIES:
            raise RulesError(at(f, key), "unknown ability")


def _ranks(f: str, ranks: dict, keys) -> None:
    for key, rank in ranks.items():
        if keys is not None and key not in keys:
            raise RulesError(at(f, key), "unknown entry")
        check_str(at(f, key), rank, RANKS)
