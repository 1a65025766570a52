"""Chroniques Oubliées Fantasy sheet: characteristics, ATC, ATD, DEF, Init, paths and their ranks.

Characteristics are stored as the score added to a test (−2..+5 usually, never capped for
exceptional creatures). A path's rank (0..5) is the skill modifier when the path relates to the
action; several never stack (the best one counts).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk.engine.core import RulesError, check_int

from gmdesk.systems.kit.fields import at, check_str, get_int, get_str, int_map, need_dict, objects
from gmdesk.systems.kit.sheet import SheetModifier, validate_modifiers

SYSTEM = "cof"
CHARACTERISTICS = {"for": ("Strength", "Force"), "dex": ("Dexterity", "Dextérité"),
                   "con": ("Constitution", "Constitution"), "int": ("Intelligence", "Intelligence"),
                   "sag": ("Wisdom", "Sagesse"), "cha": ("Charisma", "Charisme")}
SCORE_RANGE = (-10, 50)  # a sanity bound only: the base score is not capped by the rules


@dataclass
class Path:
    """A "voie". ``ability`` is the characteristic its actions usually test ("" = none in particular)."""

    name: str
    rank: int = 1
    ability: str = ""

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        if not self.name.strip():
            raise RulesError(at(f, "name"), "a path needs a name")
        check_int(at(f, "rank"), self.rank, 0, 5)
        check_str(at(f, "ability"), self.ability, ("",) + tuple(CHARACTERISTICS))

    def to_dict(self) -> dict:
        return {"name": self.name, "rank": self.rank, "ability": self.ability}

    @classmethod
    def parse(cls, d: dict, f: str) -> "Path":
        return cls(get_str(d, "name", f), get_int(d, "rank", f, 0, 5), get_str(d, "ability", f, default=""))


@dataclass
class CofSheet:
    level: int = 1
    characteristics: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CHARACTERISTICS, 0))
    # Attaque au contact / à distance WITHOUT the characteristic: an attack test adds FOR (DEX) to it
    # (the seed), so an official sheet's ATC (level + FOR) is entered less FOR (docs/rules.md).
    atc: int = 0
    atd: int = 0
    defense: int = 10  # DEF
    init: int = 10
    paths: list[Path] = field(default_factory=list)
    modifiers: list[SheetModifier] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, f: str = "sheet") -> None:
        check_int(at(f, "level"), self.level, 0, 40)
        for key in CHARACTERISTICS:
            if key not in self.characteristics:
                raise RulesError(at(at(f, "characteristics"), key), "is missing")
            check_int(at(at(f, "characteristics"), key), self.characteristics[key], *SCORE_RANGE)
        for key in self.characteristics:
            if key not in CHARACTERISTICS:
                raise RulesError(at(at(f, "characteristics"), key), "unknown characteristic")
        for name in ("atc", "atd"):
            check_int(at(f, name), getattr(self, name), *SCORE_RANGE)
        check_int(at(f, "defense"), self.defense, 0, 80)
        check_int(at(f, "init"), self.init, 0, 80)
        names = set()
        for i, p in enumerate(self.paths):
            p.validate(at(at(f, "paths"), i))
            if p.name in names:
                raise RulesError(at(at(at(f, "paths"), i), "name"), f"path {p.name!r} is listed twice")
            names.add(p.name)
        validate_modifiers(at(f, "modifiers"), self.modifiers)

    def path(self, name: str) -> Path:
        for p in self.paths:
            if p.name == name:
                return p
        raise RulesError("path", f"no path named {name!r} on this sheet")

    def to_dict(self) -> dict:
        return {"level": self.level, "characteristics": dict(self.characteristics), "atc": self.atc,
                "atd": self.atd, "defense": self.defense, "init": self.init,
                "paths": [p.to_dict() for p in self.paths], "modifiers": [m.to_dict() for m in self.modifiers]}

    @classmethod
    def from_dict(cls, d: dict, f: str = "sheet") -> "CofSheet":
        d = need_dict(f, d)
        out = cls.__new__(cls)
        out.level = get_int(d, "level", f, default=1)
        out.characteristics = int_map(d, "characteristics", f, CHARACTERISTICS, None, None)
        out.atc = get_int(d, "atc", f, default=0)
        out.atd = get_int(d, "atd", f, default=0)
        out.defense = get_int(d, "defense", f, default=10)
        out.init = get_int(d, "init", f, default=10)
        out.paths = objects(d, "paths", f, Path.parse, [])
        out.modifiers = objects(d, "modifiers", f, SheetModifier.parse, [])
        out.validate(f)
        return out
