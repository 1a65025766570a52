"""D&D 5e (2024) sheet: level, scores, proficiencies, expertise, AC, attacks, Heroic Inspiration.

The proficiency bonus and the ability modifiers are computed from level and scores when a check is
built; a monster's "level" is whatever gives its proficiency bonus (CR 5–8 → level 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk.engine.core import RulesError, check_int

from gmdesk.systems.kit.damage import MAX_PER_ROUND, check_damage_text, per_round_entry
from gmdesk.systems.kit.fields import at, check_str, get_bool, get_int, get_str, int_map, need_dict, objects, str_list
from gmdesk.systems.kit.sheet import SheetModifier, validate_modifiers

SYSTEM = "dnd5e"
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
ABILITY_NAMES = {"str": ("Strength", "Force"), "dex": ("Dexterity", "Dextérité"),
                 "con": ("Constitution", "Constitution"), "int": ("Intelligence", "Intelligence"),
                 "wis": ("Wisdom", "Sagesse"), "cha": ("Charisma", "Charisme")}
# key: (ability, English, French 2024)
SKILLS = {
    "acrobatics": ("dex", "Acrobatics", "Acrobaties"),
    "animal_handling": ("wis", "Animal Handling", "Dressage"),
    "arcana": ("int", "Arcana", "Arcanes"),
    "athletics": ("str", "Athletics", "Athlétisme"),
    "deception": ("cha", "Deception", "Tromperie"),
    "history": ("int", "History", "Histoire"),
    "insight": ("wis", "Insight", "Perspicacité"),
    "intimidation": ("cha", "Intimidation", "Intimidation"),
    "investigation": ("int", "Investigation", "Investigation"),
    "medicine": ("wis", "Medicine", "Médecine"),
    "nature": ("int", "Nature", "Nature"),
    "perception": ("wis", "Perception", "Perception"),
    "performance": ("cha", "Performance", "Représentation"),
    "persuasion": ("cha", "Persuasion", "Persuasion"),
    "religion": ("int", "Religion", "Religion"),
    "sleight_of_hand": ("dex", "Sleight of Hand", "Escamotage"),
    "stealth": ("dex", "Stealth", "Discrétion"),
    "survival": ("wis", "Survival", "Survie"),
}
ATTACK_KINDS = ("melee", "ranged", "spell")
ATTACK_ABILITIES = ABILITIES + ("finesse", "spellcasting")


@dataclass
class Attack:
    """``ability`` "finesse" = Strength or Dexterity (the better unless the GM chose, a house rule)."""

    name: str
    kind: str = "melee"
    ability: str = "str"
    proficient: bool = True
    bonus: int = 0  # a +1/+2/+3 weapon, or any flat bonus to hit
    damage: str = ""  # "1d8+3 slashing", as the player writes it; "" = not known (no damage odds)

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        check_str(at(f, "kind"), self.kind, ATTACK_KINDS)
        check_str(at(f, "ability"), self.ability, ATTACK_ABILITIES)
        if not isinstance(self.proficient, bool):
            raise RulesError(at(f, "proficient"), "must be true or false")
        check_int(at(f, "bonus"), self.bonus, -10, 10)
        check_damage_text(at(f, "damage"), self.damage)

    def to_dict(self) -> dict:
        d = {"name": self.name, "kind": self.kind, "ability": self.ability, "proficient": self.proficient,
             "bonus": self.bonus}
        if self.damage:  # written only when known: sheets stored before it read and write the same
            d["damage"] = self.damage
        return d

    @classmethod
    def parse(cls, d: dict, f: str) -> "Attack":
        return cls(get_str(d, "name", f), get_str(d, "kind", f, ATTACK_KINDS, "melee"),
                   get_str(d, "ability", f, ATTACK_ABILITIES, "str"), get_bool(d, "proficient", f, True),
                   get_int(d, "bonus", f, -10, 10, 0), get_str(d, "damage", f, default=""))


@dataclass
class Dnd5eSheet:
    level: int = 1
    abilities: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ABILITIES, 10))
    save_proficiencies: list[str] = field(default_factory=list)
    skill_proficiencies: list[str] = field(default_factory=list)
    expertise: list[str] = field(default_factory=list)  # skills whose proficiency bonus is doubled
    ac: int = 10  # the one base-AC calculation the creature uses, everything included
    attacks: list[Attack] = field(default_factory=list)
    spellcasting_ability: str = ""  # "" = no spells
    heroic_inspiration: bool = False  # at most one: a flag, not a count
    modifiers: list[SheetModifier] = field(default_factory=list)
    attacks_per_round: int = 1  # Extra Attack: the Attack action's attacks (the fight's odds)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, f: str = "sheet") -> None:
        check_int(at(f, "level"), self.level, 1, 30)
        for key in ABILITIES:
            if key not in self.abilities:
                raise RulesError(at(at(f, "abilities"), key), "is missing")
            # 0 only through an effect; 30 is the theoretical maximum
            check_int(at(at(f, "abilities"), key), self.abilities[key], 0, 30)
        for key in self.abilities:
            if key not in ABILITIES:
                raise RulesError(at(at(f, "abilities"), key), "unknown ability")
        _distinct(at(f, "save_proficiencies"), self.save_proficiencies, ABILITIES)
        _distinct(at(f, "skill_proficiencies"), self.skill_proficiencies, SKILLS)
        _distinct(at(f, "expertise"), self.expertise, SKILLS)
        for i, key in enumerate(self.expertise):
            if key not in self.skill_proficiencies:
                raise RulesError(at(at(f, "expertise"), i), f"expertise in {key} needs proficiency in it first")
        check_int(at(f, "ac"), self.ac, 0, 40)
        for i, a in enumerate(self.attacks):
            a.validate(at(at(f, "attacks"), i))
            if a.ability == "spellcasting" and not self.spellcasting_ability:
                raise RulesError(at(at(at(f, "attacks"), i), "ability"), "the sheet has no spellcasting ability")
        check_str(at(f, "spellcasting_ability"), self.spellcasting_ability, ("",) + ABILITIES)
        if not isinstance(self.heroic_inspiration, bool):
            raise RulesError(at(f, "heroic_inspiration"), "a character holds at most one: true or false")
        validate_modifiers(at(f, "modifiers"), self.modifiers)
        check_int(at(f, "attacks_per_round"), self.attacks_per_round, 1, MAX_PER_ROUND)

    def to_dict(self) -> dict:
        return per_round_entry(self.attacks_per_round) | {
            "level": self.level, "abilities": dict(self.abilities),
            "save_proficiencies": list(self.save_proficiencies),
            "skill_proficiencies": list(self.skill_proficiencies), "expertise": list(self.expertise),
            "ac": self.ac, "attacks": [a.to_dict() for a in self.attacks],
            "spellcasting_ability": self.spellcasting_ability, "heroic_inspiration": self.heroic_inspiration,
            "modifiers": [m.to_dict() for m in self.modifiers],
        }

    @classmethod
    def from_dict(cls, d: dict, f: str = "sheet") -> "Dnd5eSheet":
        d = need_dict(f, d)
        hi = d.get("heroic_inspiration", False)
        if isinstance(hi, int) and not isinstance(hi, bool):
            raise RulesError(at(f, "heroic_inspiration"), "a character holds at most one: true or false")
        out = cls.__new__(cls)
        out.level = get_int(d, "level", f)
        out.abilities = int_map(d, "abilities", f, ABILITIES, None, None)
        out.save_proficiencies = str_list(d, "save_proficiencies", f, default=[])
        out.skill_proficiencies = str_list(d, "skill_proficiencies", f, default=[])
        out.expertise = str_list(d, "expertise", f, default=[])
        out.ac = get_int(d, "ac", f, default=10)
        out.attacks = objects(d, "attacks", f, Attack.parse, [])
        out.spellcasting_ability = get_str(d, "spellcasting_ability", f, default="")
        out.heroic_inspiration = get_bool(d, "heroic_inspiration", f, False)
        out.modifiers = objects(d, "modifiers", f, SheetModifier.parse, [])
        out.attacks_per_round = get_int(d, "attacks_per_round", f, default=1)
        out.validate(f)
        return out


def _distinct(f: str, items: list, allowed) -> None:
    seen = set()
    for i, key in enumerate(items):
        check_str(at(f, i), key, tuple(allowed))
        if key in seen:
            raise RulesError(at(f, i), f"{key} is listed twice")
        seen.add(key)


def gain_heroic_inspiration(character, give_to=None) -> str:
    """Grant Heroic Inspiration; returns the name of who holds the new one.

    A character holds at most one: one who gains it while holding it may give it to a player
    character who has none (``give_to``); otherwise the new one is lost, which is refused here so
    that the GM notices.
    """
    if not character.sheet.heroic_inspiration:
        character.sheet.heroic_inspiration = True
        return character.name
    if give_to is None:
        raise RulesError("heroic_inspiration", f"{character.name} already holds Heroic Inspiration: "
                         "give the new one to a player character who has none")
    if give_to.kind != "pc" or give_to.system != "dnd5e":
        raise RulesError("give_to", "Heroic Inspiration passes only to a player character")
    if give_to.sheet.heroic_inspiration:
        raise RulesError("give_to", f"{give_to.name} already holds Heroic Inspiration")
    give_to.sheet.heroic_inspiration = True
    return give_to.name


def spend_heroic_inspiration(character) -> None:
    if not character.sheet.heroic_inspiration:
        raise RulesError("heroic_inspiration", f"{character.name} holds no Heroic Inspiration")
    character.sheet.heroic_inspiration = False
