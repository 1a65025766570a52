"""D&D 3.5 sheet: classes and their class skills, ranks (half ranks), scores, misc modifiers.

Character level is the sum of the class levels (never stored twice). Ranks are multiples of ½; the
sheet refuses ranks over the maximum (level + 3 for a class skill of *any* class, half that,
unrounded, otherwise) and reports unspent or overspent skill points as warnings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from . import data as dnd35_data
from .data import base_skill
from .ranks import check_skill_key  # craft:forge = a Craft specialty
from gmdesk.engine.core import RulesError, check_int

from gmdesk.systems.kit.fields import at, check_str, get_int, get_opt_int, get_str, int_map, need_dict, objects, str_list
from gmdesk.systems.kit.sheet import SheetModifier, validate_modifiers

SYSTEM = "dnd35"
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
SAVES = {"fortitude": ("con", "Fortitude", "Vigueur"), "reflex": ("dex", "Reflex", "Réflexes"),
         "will": ("wis", "Will", "Volonté")}
# The engine's table (ids, French names as in the seed, key ability, trained only, armor check).
# Langue (speak_language) never needs a roll but still takes ranks.
SKILLS = dnd35_data.SKILLS
ATTACK_KINDS = ("melee", "ranged")


@dataclass
class ClassLevels:
    """One class and its levels. ``features``: the class features rolled as checks that it grants
    (turn_undead, bardic_knowledge, wild_empathy); None = those of a class of this name (Clerc,
    Barde, Druide, Rôdeur, Paladin… in ``dnd35_data.FEATURE_CLASSES``)."""

    name: str
    level: int = 1
    class_skills: list[str] = field(default_factory=list)
    features: list[str] | None = None

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        check_int(at(f, "level"), self.level, 1, 40)
        for i, s in enumerate(self.class_skills):
            check_skill_key(at(at(f, "class_skills"), i), s)
        for i, feature in enumerate(self.features or ()):
            check_str(at(at(f, "features"), i), feature, tuple(dnd35_data.FEATURES))

    def grants(self) -> tuple[str, ...]:
        return tuple(self.features) if self.features is not None else dnd35_data.class_features(self.name)

    def feature_level(self, feature: str) -> int:
        """The levels of this class that count for ``feature`` (a paladin turns as a cleric −3)."""
        if feature not in self.grants():
            return 0
        lost = dnd35_data.FEATURE_CLASSES.get(feature, {}).get(self.name.strip().lower(), 0)
        return max(0, self.level - lost)

    def to_dict(self) -> dict:
        out = {"name": self.name, "level": self.level, "class_skills": list(self.class_skills)}
        if self.features is not None:
            out["features"] = list(self.features)
        return out

    @classmethod
    def parse(cls, d: dict, f: str) -> "ClassLevels":
        features = str_list(d, "features", f, tuple(dnd35_data.FEATURES)) if "features" in d else None
        return cls(get_str(d, "name", f), get_int(d, "level", f), str_list(d, "class_skills", f, default=[]),
                   features)


@dataclass
class Attack:
    name: str
    kind: str = "melee"
    ability: str = "str"
    bonus: int = 0  # enhancement, weapon focus, masterwork…

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        check_str(at(f, "kind"), self.kind, ATTACK_KINDS)
        check_str(at(f, "ability"), self.ability, ABILITIES)
        check_int(at(f, "bonus"), self.bonus, -20, 20)

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "ability": self.ability, "bonus": self.bonus}

    @classmethod
    def parse(cls, d: dict, f: str) -> "Attack":
        return cls(get_str(d, "name", f), get_str(d, "kind", f, ATTACK_KINDS, "melee"),
                   get_str(d, "ability", f, ABILITIES, "str"), get_int(d, "bonus", f, default=0))


@dataclass
class Dnd35Sheet:
    classes: list[ClassLevels] = field(default_factory=lambda: [ClassLevels("Guerrier", 1, ["climb", "jump"])])
    abilities: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ABILITIES, 10))
    ranks: dict[str, float] = field(default_factory=dict)  # multiples of 0.5
    skill_points: int | None = None  # points gained so far; None = not tracked (monsters)
    armor_check_penalty: int = 0  # 0 or negative
    base_attack: int = 0
    base_saves: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SAVES, 0))
    ac: int = 10
    attacks: list[Attack] = field(default_factory=list)
    modifiers: list[SheetModifier] = field(default_factory=list)  # racial, feats, items: scope skill:hide…

    def __post_init__(self) -> None:
        self.validate()

    @property
    def level(self) -> int:
        return sum(c.level for c in self.classes)

    def is_class_skill(self, skill: str) -> bool:
        # a class skill "craft" covers every Craft specialty
        return any(skill in c.class_skills or base_skill(skill) in c.class_skills for c in self.classes)

    def feature_level(self, feature: str) -> int:
        """The class level behind a feature (turn undead, bardic knowledge, wild empathy); 0 = none.
        Levels of several classes that grant it add up."""
        return sum(c.feature_level(feature) for c in self.classes)

    def max_ranks(self, skill: str) -> Fraction:
        top = Fraction(self.level + 3)
        return top if self.is_class_skill(skill) else top / 2

    def rank(self, skill: str) -> Fraction:
        return Fraction(self.ranks.get(skill, 0)).limit_denominator(2)

    def points_spent(self) -> Fraction:
        # one point buys a rank in a class skill, half a rank otherwise
        return sum((self.rank(s) * (1 if self.is_class_skill(s) else 2) for s in self.ranks), Fraction(0))

    def warnings(self) -> list[str]:
        """Things the GM should see but that do not make the sheet invalid."""
        if self.skill_points is None:
            return []
        spent = self.points_spent()
        if spent < self.skill_points:
            return [f"{self.skill_points - spent} skill point(s) unspent: points cannot be saved"]
        if spent > self.skill_points:
            return [f"{spent - self.skill_points} skill point(s) more spent than gained"]
        return []

    def validate(self, f: str = "sheet") -> None:
        if not self.classes:
            raise RulesError(at(f, "classes"), "at least one class (monsters: their Hit Dice as a class)")
        for i, c in enumerate(self.classes):
            c.validate(at(at(f, "classes"), i))
        for key in ABILITIES:
            if key not in self.abilities:
                raise RulesError(at(at(f, "abilities"), key), "is missing")
            check_int(at(at(f, "abilities"), key), self.abilities[key], 1, 60)
        for key in self.abilities:
            if key not in ABILITIES:
                raise RulesError(at(at(f, "abilities"), key), "unknown ability")
        for skill, value in self.ranks.items():
            rf = at(at(f, "ranks"), skill)
            check_skill_key(rf, skill)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or value * 2 != int(value * 2):
                raise RulesError(rf, f"ranks come in halves (0, 0.5, 1, 1.5…), got {value!r}")
            top = self.max_ranks(skill)
            if Fraction(value) > top:
                kind = "class skill" if self.is_class_skill(skill) else "cross-class skill"
                raise RulesError(rf, f"at most {float(top):g} ranks for a {kind} at level {self.level}, got {value:g}")
        if self.skill_points is not None:
            check_int(at(f, "skill_points"), self.skill_points, 0, 10000)
        check_int(at(f, "armor_check_penalty"), self.armor_check_penalty, -20, 0)
        check_int(at(f, "base_attack"), self.base_attack, 0, 40)
        for key in SAVES:
            check_int(at(at(f, "base_saves"), key), self.base_saves.get(key), 0, 40)
        for key in self.base_saves:
            if key not in SAVES:
                raise RulesError(at(at(f, "base_saves"), key), "unknown save")
        check_int(at(f, "ac"), self.ac, 0, 80)
        for i, a in enumerate(self.attacks):
            a.validate(at(at(f, "attacks"), i))
        validate_modifiers(at(f, "modifiers"), self.modifiers)

    def to_dict(self) -> dict:
        return {
            "classes": [c.to_dict() for c in self.classes], "abilities": dict(self.abilities),
            "ranks": {k: (int(v) if float(v).is_integer() else float(v)) for k, v in self.ranks.items()},
            "skill_points": self.skill_points, "armor_check_penalty": self.armor_check_penalty,
            "base_attack": self.base_attack, "base_saves": dict(self.base_saves), "ac": self.ac,
            "attacks": [a.to_dict() for a in self.attacks], "modifiers": [m.to_dict() for m in self.modifiers],
        }

    @classmethod
    def from_dict(cls, d: dict, f: str = "sheet") -> "Dnd35Sheet":
        d = need_dict(f, d)
        out = cls.__new__(cls)
        out.classes = objects(d, "classes", f, ClassLevels.parse)
        out.abilities = int_map(d, "abilities", f, ABILITIES, None, None)
        out.ranks = dict(need_dict(at(f, "ranks"), d.get("ranks", {})))
        out.skill_points = get_opt_int(d, "skill_points", f)
        out.armor_check_penalty = get_int(d, "armor_check_penalty", f, default=0)
        out.base_attack = get_int(d, "base_attack", f, default=0)
        out.base_saves = int_map(d, "base_saves", f, SAVES, None, None, dict.fromkeys(SAVES, 0))
        out.ac = get_int(d, "ac", f, default=10)
        out.attacks = objects(d, "attacks", f, Attack.parse, [])
        out.modifiers = objects(d, "modifiers", f, SheetModifier.parse, [])
        out.validate(f)
        return out
