"""The campaign's objects: characters, the campaign itself, scenes of prepared checks, encounters.

Plain mutable dataclasses (the UI edits them in place and calls ``validate``); ``to_dict`` gives
JSON-safe data for the store and ``from_dict`` rebuilds an object, raising ``RulesError`` that names
the bad field (``sheet.abilities.str``, ``combatants[2].hp``). Running a fight (turns, HP, ticking conditions)
lives in ``initiative``; building checks from a sheet in ``checks``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import at, check_str, get_bool, get_int, get_opt_int, get_str, need_dict, need_list, objects
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.statblock import is_stat_block

from .house_rules import TIE_RULES, HouseRules  # noqa: F401  (re-exported)
from .names import name_field
from .sheets import sheet_from_dict, system_of

KINDS = ("pc", "npc")
STATES = ("active", "downed", "dead")
TICKS = ("start", "end")
# How the player window shows the health of those who are not player characters (per campaign):
# in words (unhurt, wounded, badly wounded, down), as numbers, or not at all.
NPC_HEALTH = ("words", "numbers", "hidden")
MAX_PACKS = 100  # bestiary packs of one campaign
MAX_PATH = 4096


def _opt_id(f: str, value: object) -> int | None:
    return None if value is None else check_int(f, value, 1)


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
        _opt_id("id", self.id)
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
        out.id = _opt_id("id", d.get("id"))
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


@dataclass
class PreparedCheck:
    """A check the GM prepared for a scene: DC (d20 systems) or threshold (anarchy), who may roll it."""

    id: int | None
    name: str
    check: CheckRef
    dc: int | None = None
    threshold: int | None = None
    notes: str = ""
    rollers: list[int] = field(default_factory=list)  # character ids; empty = anyone
    secret: bool = False
    position: int = 0

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, f: str = "") -> None:
        _opt_id(at(f, "id"), self.id)
        self.name = name_field(at(f, "name"), self.name)
        if not isinstance(self.check, CheckRef):
            raise RulesError(at(f, "check"), "must be a CheckRef")
        self.check.validate(at(f, "check"))
        if self.dc is not None:
            check_int(at(f, "dc"), self.dc, -20, 100)
        if self.threshold is not None:
            check_int(at(f, "threshold"), self.threshold, 0, 30)
        check_str(at(f, "notes"), self.notes)
        for i, r in enumerate(self.rollers):
            check_int(at(at(f, "rollers"), i), r, 1)
        if not isinstance(self.secret, bool):
            raise RulesError(at(f, "secret"), "must be true or false")
        check_int(at(f, "position"), self.position, 0)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "check": self.check.to_dict(), "dc": self.dc,
                "threshold": self.threshold, "notes": self.notes, "rollers": list(self.rollers),
                "secret": self.secret, "position": self.position}

    @classmethod
    def parse(cls, d: dict, f: str = "") -> "PreparedCheck":
        d = need_dict(f or "prepared_check", d)
        out = cls.__new__(cls)
        out.id = _opt_id(at(f, "id"), d.get("id"))
        out.name = get_str(d, "name", f)
        out.check = CheckRef.from_dict(d.get("check"), at(f, "check"))
        out.dc = get_opt_int(d, "dc", f)
        out.threshold = get_opt_int(d, "threshold", f)
        out.notes = get_str(d, "notes", f, default="")
        out.rollers = [check_int(at(at(f, "rollers"), i), r, 1)
                       for i, r in enumerate(need_list(at(f, "rollers"), d.get("rollers", [])))]
        out.secret = get_bool(d, "secret", f, False)
        out.position = get_int(d, "position", f, default=0)
        out.validate(f)
        return out

    from_dict = classmethod(lambda cls, d: cls.parse(d, ""))


@dataclass
class Scene:
    id: int | None
    name: str
    position: int = 0
    checks: list[PreparedCheck] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, sheet: bool = True) -> None:
        """``sheet`` False: the sheet was just checked as it was read (``from_dict``)."""
        _opt_id("id", self.id)
        self.name = name_field("name", self.name)
        check_int("position", self.position, 0)
        for i, c in enumerate(self.checks):
            c.validate(at("checks", i))

    def ordered_checks(self) -> list[PreparedCheck]:
        return sorted(self.checks, key=lambda c: c.position)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "position": self.position,
                "checks": [c.to_dict() for c in self.checks]}

    @classmethod
    def from_dict(cls, d: object) -> "Scene":
        d = need_dict("scene", d)
        return cls(_opt_id("id", d.get("id")), get_str(d, "name", ""), get_int(d, "position", "", default=0),
                   objects(d, "checks", "", PreparedCheck.parse, []))


@dataclass
class ConditionState:
    """A condition on a combatant: its value (frightened 2), rounds left, and when it ticks down.

    ``rounds_left`` None = until removed; it goes down by one at the ``ticks`` ("start" or "end") of
    the turn of combatant ``anchor_id`` (None = the bearer's own turn), and the condition expires at 0.
    """

    key: str
    value: int | None = None
    rounds_left: int | None = None
    ticks: str = "end"
    anchor_id: int | None = None

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, f: str = "") -> None:
        check_str(at(f, "key"), self.key)
        if not self.key:
            raise RulesError(at(f, "key"), "a condition needs a key")
        if self.value is not None:
            check_int(at(f, "value"), self.value, 0, 20)
        if self.rounds_left is not None:
            check_int(at(f, "rounds_left"), self.rounds_left, 1, 10000)
        check_str(at(f, "ticks"), self.ticks, TICKS)
        _opt_id(at(f, "anchor_id"), self.anchor_id)

    def to_dict(self) -> dict:
        return {"key": self.key, "value": self.value, "rounds_left": self.rounds_left, "ticks": self.ticks,
                "anchor_id": self.anchor_id}

    @classmethod
    def parse(cls, d: dict, f: str = "") -> "ConditionState":
        d = need_dict(f or "condition", d)
        out = cls.__new__(cls)
        out.key = get_str(d, "key", f)
        out.value = get_opt_int(d, "value", f)
        out.rounds_left = get_opt_int(d, "rounds_left", f)
        out.ticks = get_str(d, "ticks", f, TICKS, "end")
        out.anchor_id = _opt_id(at(f, "anchor_id"), d.get("anchor_id"))
        out.validate(f)
        return out

    from_dict = classmethod(lambda cls, d: cls.parse(d, ""))


@dataclass
class Combatant:
    """One place in the initiative queue, linked to a character or ad hoc.

    ``position`` orders the queue (0 first). ``tiebreak`` says in words which value broke a tie
    ("Perception +7", "PJ d'abord"). ``kind`` and ``init_modifier`` matter for ad-hoc combatants;
    for a linked one they are copied from the sheet when initiative is rolled.
    """

    id: int | None
    name: str
    character_id: int | None = None
    initiative: int | None = None
    tiebreak: str = ""
    position: int = 0
    hp: int = 0
    max_hp: int = 0
    temp_hp: int = 0
    state: str = "active"
    delayed: bool = False
    readied: bool = False
    conditions: list[ConditionState] = field(default_factory=list)
    kind: str = "npc"
    init_modifier: int = 0
    hidden: bool = False  # hidden from the players (the player window) until the GM reveals it

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, f: str = "") -> None:
        _opt_id(at(f, "id"), self.id)
        self.name = name_field(at(f, "name"), self.name)
        _opt_id(at(f, "character_id"), self.character_id)
        if self.initiative is not None:
            check_int(at(f, "initiative"), self.initiative, -100, 1000)
        check_str(at(f, "tiebreak"), self.tiebreak)
        check_int(at(f, "position"), self.position, 0)
        check_int(at(f, "max_hp"), self.max_hp, 0, 100000)
        check_int(at(f, "hp"), self.hp, -100000, 100000)  # negative HP: dnd35 dying
        check_int(at(f, "temp_hp"), self.temp_hp, 0, 100000)
        check_str(at(f, "state"), self.state, STATES)
        for name in ("delayed", "readied", "hidden"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(at(f, name), "must be true or false")
        for i, c in enumerate(self.conditions):
            c.validate(at(at(f, "conditions"), i))
        check_str(at(f, "kind"), self.kind, KINDS)
        check_int(at(f, "init_modifier"), self.init_modifier, -100, 100)

    def condition(self, key: str) -> ConditionState | None:
        return next((c for c in self.conditions if c.key == key), None)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "character_id": self.character_id,
                "initiative": self.initiative, "tiebreak": self.tiebreak, "position": self.position,
                "hp": self.hp, "max_hp": self.max_hp, "temp_hp": self.temp_hp, "state": self.state,
                "delayed": self.delayed, "readied": self.readied,
                "conditions": [c.to_dict() for c in self.conditions], "kind": self.kind,
                "init_modifier": self.init_modifier, **({"hidden": True} if self.hidden else {})}

    @classmethod
    def parse(cls, d: dict, f: str = "") -> "Combatant":
        d = need_dict(f or "combatant", d)
        out = cls.__new__(cls)
        out.id = _opt_id(at(f, "id"), d.get("id"))
        out.name = get_str(d, "name", f)
        out.character_id = _opt_id(at(f, "character_id"), d.get("character_id"))
        out.initiative = get_opt_int(d, "initiative", f)
        out.tiebreak = get_str(d, "tiebreak", f, default="")
        out.position = get_int(d, "position", f, default=0)
        out.hp = get_int(d, "hp", f, default=0)
        out.max_hp = get_int(d, "max_hp", f, default=0)
        out.temp_hp = get_int(d, "temp_hp", f, default=0)
        out.state = get_str(d, "state", f, STATES, "active")
        out.delayed = get_bool(d, "delayed", f, False)
        out.readied = get_bool(d, "readied", f, False)
        out.conditions = objects(d, "conditions", f, ConditionState.parse, [])
        out.kind = get_str(d, "kind", f, KINDS, "npc")
        out.init_modifier = get_int(d, "init_modifier", f, default=0)
        out.hidden = get_bool(d, "hidden", f, False)
        out.validate(f)
        return out

    from_dict = classmethod(lambda cls, d: cls.parse(d, ""))


@dataclass
class Encounter:
    """A fight: the queue (combatants by ``position``), the round (from 1) and whose turn (queue index)."""

    id: int | None
    name: str
    round: int = 1
    turn: int = 0
    combatants: list[Combatant] = field(default_factory=list)
    # What the last turn changes changed, so that "previous turn" can take them back (turn_rewind).
    rewind: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, sheet: bool = True) -> None:
        """``sheet`` False: the sheet was just checked as it was read (``from_dict``)."""
        _opt_id("id", self.id)
        self.name = name_field("name", self.name)
        check_int("round", self.round, 1)
        check_int("turn", self.turn, 0, max(len(self.combatants) - 1, 0))
        ids = set()
        for i, c in enumerate(self.combatants):
            c.validate(at("combatants", i))
            if c.id is not None:
                if c.id in ids:
                    raise RulesError(at(at("combatants", i), "id"), f"id {c.id} is used twice")
                ids.add(c.id)
        if not isinstance(self.rewind, list) or not all(isinstance(m, dict) for m in self.rewind):
            raise RulesError("rewind", "must be a list of turn marks")

    def queue(self) -> list[Combatant]:
        """The combatants in initiative order."""
        return sorted(self.combatants, key=lambda c: c.position)

    def current(self) -> Combatant | None:
        q = self.queue()
        return q[self.turn] if q else None

    def by_id(self, combatant_id: int) -> Combatant:
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise RulesError("combatant", f"no combatant with id {combatant_id}")

    def to_dict(self) -> dict:
        out = {"id": self.id, "name": self.name, "round": self.round, "turn": self.turn,
               "combatants": [c.to_dict() for c in self.combatants]}
        if self.rewind:  # only once a turn has passed: a fight without one reads as it always did
            out["rewind"] = [dict(m) for m in self.rewind]
        return out

    @classmethod
    def from_dict(cls, d: object) -> "Encounter":
        d = need_dict("encounter", d)
        out = cls.__new__(cls)
        out.id = _opt_id("id", d.get("id"))
        out.name = get_str(d, "name", "")
        out.round = get_int(d, "round", "", default=1)
        out.turn = get_int(d, "turn", "", default=0)
        out.combatants = objects(d, "combatants", "", Combatant.parse, [])
        rewind = d.get("rewind", [])
        # Marks are a convenience: a damaged list is dropped (previous turn then only moves the marker).
        out.rewind = [m for m in rewind if isinstance(m, dict)] if isinstance(rewind, list) else []
        out.validate()
        return out


__all__ = ["Character", "CampaignInfo", "HouseRules", "Scene", "PreparedCheck", "CheckRef",
           "Encounter", "Combatant", "ConditionState", "KINDS", "STATES", "TICKS", "TIE_RULES", "NPC_HEALTH"]
