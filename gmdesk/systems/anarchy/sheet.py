"""Shadowrun Anarchy sheet: attributes FOR AGI VOL LOG CHA, skills, Edges/Traits, Luck, Anarchy.

Pools are never stored: a skill test is attribute + skill (attribute alone at −1 die without the
skill), an attribute-only test uses the presets of RULES.md §5. Edges and Traits are dice modifiers
and rerolls scoped to the rolls they help; the engine caps the net change at ±5 dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk.engine.core import RulesError, check_int

from gmdesk.systems.kit.fields import at, check_str, get_int, get_str, int_map, need_dict, objects
from gmdesk.systems.kit.scopes import check_scope

SYSTEM = "anarchy"
ATTRIBUTES = {"for": ("Strength", "Force"), "agi": ("Agility", "Agilité"), "vol": ("Willpower", "Volonté"),
              "log": ("Logic", "Logique"), "cha": ("Charisma", "Charisme")}
# The usual Anarchy skills and their attribute: a default the GM may change per sheet.
SKILLS = {
    "athletics": ("agi", "Athletics", "Athlétisme"),
    "close_combat": ("agi", "Close Combat", "Combat rapproché"),
    "projectile_weapons": ("agi", "Projectile Weapons", "Armes de jet"),
    "firearms": ("agi", "Firearms", "Armes à feu"),
    "heavy_weapons": ("agi", "Heavy Weapons", "Armes lourdes"),
    "vehicle_weapons": ("agi", "Vehicle Weapons", "Armes de véhicules"),
    "stealth": ("agi", "Stealth", "Furtivité"),
    "piloting": ("agi", "Piloting", "Pilotage"),
    "escape_artist": ("agi", "Escape Artist", "Évasion"),
    "conjuring": ("vol", "Conjuring", "Conjuration"),
    "sorcery": ("vol", "Sorcery", "Sorcellerie"),
    "astral_combat": ("vol", "Astral Combat", "Combat astral"),
    "survival": ("vol", "Survival", "Survie"),
    "engineering": ("log", "Engineering", "Ingénierie"),
    "biotech": ("log", "Biotech", "Biotech"),
    "hacking": ("log", "Hacking", "Piratage"),
    "electronics": ("log", "Electronics", "Électronique"),
    "tracking": ("log", "Tracking", "Pistage"),
    "con": ("cha", "Con", "Escroquerie"),
    "intimidation": ("cha", "Intimidation", "Intimidation"),
    "negotiation": ("cha", "Negotiation", "Négociation"),
    "disguise": ("cha", "Disguise", "Déguisement"),
}


@dataclass
class Skill:
    key: str  # a SKILLS key, or any custom name
    rating: int = 1
    attribute: str = ""  # "" = the SKILLS default
    specialization: str = ""  # +2 dice when it applies (a situational toggle)

    @property
    def linked_attribute(self) -> str:
        return self.attribute or SKILLS.get(self.key, ("agi",))[0]

    def validate(self, f: str) -> None:
        check_str(at(f, "key"), self.key)
        if not self.key.strip():
            raise RulesError(at(f, "key"), "a skill needs a name")
        check_int(at(f, "rating"), self.rating, 0, 12)
        check_str(at(f, "attribute"), self.attribute, ("",) + tuple(ATTRIBUTES))
        if not self.attribute and self.key not in SKILLS:
            raise RulesError(at(f, "attribute"), f"a custom skill ({self.key}) needs its attribute")
        check_str(at(f, "specialization"), self.specialization)

    def to_dict(self) -> dict:
        return {"key": self.key, "rating": self.rating, "attribute": self.attribute,
                "specialization": self.specialization}

    @classmethod
    def parse(cls, d: dict, f: str) -> "Skill":
        return cls(get_str(d, "key", f), get_int(d, "rating", f), get_str(d, "attribute", f, default=""),
                   get_str(d, "specialization", f, default=""))


@dataclass
class Edge:
    """An Edge (Atout) or Trait: extra (or fewer) dice and/or rerolls on the rolls in its scope."""

    name: str
    dice: int = 0
    rerolls: int = 0
    scope: str = "checks"

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        check_int(at(f, "dice"), self.dice, -5, 5)
        check_int(at(f, "rerolls"), self.rerolls, 0, 3)
        check_scope(at(f, "scope"), self.scope)

    def to_dict(self) -> dict:
        return {"name": self.name, "dice": self.dice, "rerolls": self.rerolls, "scope": self.scope}

    @classmethod
    def parse(cls, d: dict, f: str) -> "Edge":
        return cls(get_str(d, "name", f), get_int(d, "dice", f, default=0), get_int(d, "rerolls", f, default=0),
                   get_str(d, "scope", f, default="checks"))


@dataclass
class AnarchySheet:
    attributes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTES, 3))
    skills: list[Skill] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)  # Edges and Traits alike
    luck: int = 0  # Chance points left
    anarchy: int = 0  # Anarchy points left

    def __post_init__(self) -> None:
        self.validate()

    def skill(self, key: str) -> Skill | None:
        return next((s for s in self.skills if s.key == key), None)

    def validate(self, f: str = "sheet") -> None:
        for key in ATTRIBUTES:
            if key not in self.attributes:
                raise RulesError(at(at(f, "attributes"), key), "is missing")
            check_int(at(at(f, "attributes"), key), self.attributes[key], 1, 15)
        for key in self.attributes:
            if key not in ATTRIBUTES:
                raise RulesError(at(at(f, "attributes"), key), "unknown attribute (FOR AGI VOL LOG CHA)")
        seen = set()
        for i, s in enumerate(self.skills):
            s.validate(at(at(f, "skills"), i))
            if s.key in seen:
                raise RulesError(at(at(at(f, "skills"), i), "key"), f"skill {s.key!r} is listed twice")
            seen.add(s.key)
        for i, e in enumerate(self.edges):
            e.validate(at(at(f, "edges"), i))
        check_int(at(f, "luck"), self.luck, 0, 20)
        check_int(at(f, "anarchy"), self.anarchy, 0, 50)

    def to_dict(self) -> dict:
        return {"attributes": dict(self.attributes), "skills": [s.to_dict() for s in self.skills],
                "edges": [e.to_dict() for e in self.edges], "luck": self.luck, "anarchy": self.anarchy}

    @classmethod
    def from_dict(cls, d: dict, f: str = "sheet") -> "AnarchySheet":
        d = need_dict(f, d)
        out = cls.__new__(cls)
        out.attributes = int_map(d, "attributes", f, ATTRIBUTES, None, None)
        out.skills = objects(d, "skills", f, Skill.parse, [])
        out.edges = objects(d, "edges", f, Edge.parse, [])
        out.luck = get_int(d, "luck", f, default=0)
        out.anarchy = get_int(d, "anarchy", f, default=0)
        out.validate(f)
        return out
