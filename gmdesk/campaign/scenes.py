"""Scenes of prepared checks: what the GM readies before play (the Prep panel, the prep sheets).

Apart from ``model`` (the campaign and its characters) and ``encounter`` (the fight): a scene holds
only checks, by the characters' ids; ``model`` names them again for its callers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.fields import at, check_str, get_bool, get_int, get_opt_int, get_str, need_dict, need_list, objects
from gmdesk.systems.kit.refs import CheckRef

from .fields import opt_id
from .names import name_field


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
        opt_id(at(f, "id"), self.id)
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
        out.id = opt_id(at(f, "id"), d.get("id"))
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
        opt_id("id", self.id)
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
        return cls(opt_id("id", d.get("id")), get_str(d, "name", ""), get_int(d, "position", "", default=0),
                   objects(d, "checks", "", PreparedCheck.parse, []))
