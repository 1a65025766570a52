"""The campaign's objects: characters, the campaign itself, scenes of prepared checks, encounters.

Plain mutable dataclasses (the UI edits them in place and calls ``validate``); ``to_dict`` gives
JSON-safe data for the store and ``from_dict`` rebuilds an object, raising ``RulesError`` that names
the bad field (``sheet.abilities.str``, ``combatants[2].hp``). Running a fight (turns, HP, ticking conditions)
lives in ``initiative``; building checks from a sheet in ``checks``.

The characters and the campaign are here; scenes of prepared checks in ``scenes``, the fight (encounter,
combatants, conditions) in ``encounter``. This module names them all, so that a caller imports them from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import check_str, get_int, get_str, need_dict, need_list
from gmdesk.systems.kit.refs import CheckRef  # noqa: F401  (re-exported)
from gmdesk.systems.kit.statblock import is_stat_block

from .encounter import STATES, TICKS, Combatant, ConditionState, Encounter  # noqa: F401  (re-exported)
from .fields import KINDS, opt_id
from .house_rules import TIE_RULES, HouseRules  # noqa: F401  (re-exported)
from .names import name_field
from .scenes import PreparedCheck, Scene  # noqa: F401  (re-exported)
from .sheets import sheet_from_dict, system_of

# How the player window shows the health of those who are not player characters (per campaign):
# in words (unhurt, wounded, badly wounded, down), as numbers, or not at all.
NPC_HEALTH = ("words", "numbers", "hidden")
MAX_PACKS = 100  # bestiary packs of one campaign
MAX_PATH = 4096
MAX_ORIGIN = 200


@dataclass
class Character:
    """A player character or an NPC/monster, with its system's sheet or a stat block.

    ``origin`` says where an imported character came from (``pathbuilder``, ``foundry:dnd5e:<id>``,
    ``stat block``): importing the same one again updates it rather than adding a twin
    (``gmdesk.campaign.importing``). Empty for a character made in gmdesk.
    """

    id: int | None
    name: str
    kind: str  # "pc" | "npc"
    system: str
    sheet: Any  # its system's sheet (GameSystem.sheet) or stat block (GameSystem.stat_block)
    notes: str = ""
    max_hp: int = 0
    origin: str = ""

    def __post_init__(self) -> None:
        self.validate()

    @property
    def is_pc(self) -> bool:
        return self.kind == "pc"

    def validate(self, sheet: bool = True) -> None:
        """``sheet`` False: the sheet was just checked as it was read (``from_dict``)."""
        opt_id("id", self.id)
        self.name = name_field("name", self.name)
        if not self.name.strip():
            raise RulesError("name", "a character needs a name")
        check_str("kind", self.kind, KINDS)
        check_str("system", self.system, systems.ids())
        # Its own system first: asking every system would load all five (a lazy registry) on each open.
        if not systems.get(self.system).owns(self.sheet) and system_of(self.sheet) != self.system:
            raise RulesError("sheet", f"a {system_of(self.sheet)} sheet on a {self.system} character")
        if sheet:
            self.sheet.validate("sheet")
        check_str("notes", self.notes)
        check_int("max_hp", self.max_hp, 0, 100000)
        check_str("origin", self.origin)
        if len(self.origin) > MAX_ORIGIN:
            raise RulesError("origin", f"at most {MAX_ORIGIN} characters")

    @property
    def is_stat_block(self) -> bool:
        """True when its numbers are entered as printed (``kit.statblock``), not built."""
        return is_stat_block(self.sheet)

    def to_dict(self) -> dict:
        d = {"id": self.id, "name": self.name, "kind": self.kind, "system": self.system,
             "sheet": self.sheet.to_dict(), "notes": self.notes, "max_hp": self.max_hp}
        if self.origin:  # unwritten when empty: a character as older gmdesks wrote it
            d["origin"] = self.origin
        return d

    @classmethod
    def from_dict(cls, d: object) -> "Character":
        d = need_dict("character", d)
        system = get_str(d, "system", "", systems.ids())
        out = cls.__new__(cls)
        out.id = opt_id("id", d.get("id"))
        out.name = get_str(d, "name", "")
        out.kind = get_str(d, "kind", "", KINDS)
        out.system = system
        out.sheet = sheet_from_dict(system, d.get("sheet"), "sheet")
        out.notes = get_str(d, "notes", "", default="")
        out.max_hp = get_int(d, "max_hp", "", default=0)
        out.origin = get_str(d, "origin", "", default="")
        out.validate(sheet=False)  # sheet_from_dict checked the sheet
        return out


@dataclass
class CampaignInfo:
    name: str
    system: str
    house_rules: HouseRules = field(default_factory=HouseRules)
    npc_health: str = "words"  # the player window's choice (NPC_HEALTH)
    # The GM's bestiary packs for this campaign (folders or files, as absolute paths): part of the
    # campaign, so that adding one is an undoable edit and it travels with the file.
    bestiary_packs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        self.name = name_field("name", self.name)
        check_str("system", self.system, systems.ids())
        if not isinstance(self.house_rules, HouseRules):
            raise RulesError("house_rules", "must be a HouseRules")
        self.house_rules.validate()
        check_str("npc_health", self.npc_health, NPC_HEALTH)
        if not isinstance(self.bestiary_packs, (tuple, list)) or len(self.bestiary_packs) > MAX_PACKS:
            raise RulesError("bestiary_packs", f"a list of at most {MAX_PACKS} paths")
        for path in self.bestiary_packs:
            if not isinstance(path, str) or not path or len(path) > MAX_PATH or "\0" in path:
                raise RulesError("bestiary_packs", f"a path of 1 to {MAX_PATH} characters")
        self.bestiary_packs = tuple(dict.fromkeys(self.bestiary_packs))

    def to_dict(self) -> dict:
        d = {"name": self.name, "system": self.system, "house_rules": self.house_rules.to_dict()}
        if self.npc_health != "words":  # the default stays unwritten: a file as older gmdesks wrote it
            d["npc_health"] = self.npc_health
        if self.bestiary_packs:
            d["bestiary_packs"] = list(self.bestiary_packs)
        return d

    @classmethod
    def from_dict(cls, d: object) -> "CampaignInfo":
        d = need_dict("campaign", d)
        return cls(get_str(d, "name", ""), get_str(d, "system", "", systems.ids()),
                   HouseRules.from_dict(d.get("house_rules", {})), get_str(d, "npc_health", "", NPC_HEALTH, "words"),
                   tuple(need_list("bestiary_packs", d.get("bestiary_packs", []))))


__all__ = ["Character", "CampaignInfo", "HouseRules", "Scene", "PreparedCheck", "CheckRef",
           "Encounter", "Combatant", "ConditionState", "KINDS", "STATES", "TICKS", "TIE_RULES", "NPC_HEALTH"]
