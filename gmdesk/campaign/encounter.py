"""The fight: an encounter, its combatants in the initiative queue, and the conditions on them.

Apart from ``model`` (the campaign and its characters) and ``scenes`` (prepared checks): these are the
objects; running a fight (turns, HP, ticking conditions) lives in ``initiative`` and the modules it
names. ``model`` names them again for its callers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import at, check_str, get_bool, get_int, get_opt_int, get_str, need_dict, objects

from .fields import KINDS, opt_id
from .names import name_field

STATES = ("active", "downed", "dead")
TICKS = ("start", "end")


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
        opt_id(at(f, "anchor_id"), self.anchor_id)

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
        out.anchor_id = opt_id(at(f, "anchor_id"), d.get("anchor_id"))
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
        opt_id(at(f, "id"), self.id)
        self.name = name_field(at(f, "name"), self.name)
        opt_id(at(f, "character_id"), self.character_id)
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
        out.id = opt_id(at(f, "id"), d.get("id"))
        out.name = get_str(d, "name", f)
        out.character_id = opt_id(at(f, "character_id"), d.get("character_id"))
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
        opt_id("id", self.id)
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
        out.id = opt_id("id", d.get("id"))
        out.name = get_str(d, "name", "")
        out.round = get_int(d, "round", "", default=1)
        out.turn = get_int(d, "turn", "", default=0)
        out.combatants = objects(d, "combatants", "", Combatant.parse, [])
        rewind = d.get("rewind", [])
        # Marks are a convenience: a damaged list is dropped (previous turn then only moves the marker).
        out.rewind = [m for m in rewind if isinstance(m, dict)] if isinstance(rewind, list) else []
        out.validate()
        return out
