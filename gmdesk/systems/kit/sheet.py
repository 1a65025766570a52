"""Pieces shared by every system's sheet: a modifier entry written on the sheet."""

from __future__ import annotations

from dataclasses import dataclass

from gmdesk.engine.core import Modifier, RulesError, check_int

from .fields import at, check_str, get_int, get_str
from .scopes import check_scope


@dataclass
class SheetModifier:
    """A standing bonus or penalty written on a sheet (an item, a feat, a racial trait).

    ``kind`` is the engine's stacking type (pf2 ``item``/``circumstance``/``status``/``untyped``;
    other systems use ``untyped`` or a descriptive kind); ``scope`` says which rolls it touches
    (see ``kit.scopes``).
    """

    value: int
    source: str
    kind: str = "untyped"
    scope: str = "all"

    def validate(self, field: str) -> None:
        check_int(at(field, "value"), self.value)
        check_str(at(field, "source"), self.source)
        check_str(at(field, "kind"), self.kind)
        check_scope(at(field, "scope"), self.scope)
        if not self.source.strip():
            raise RulesError(at(field, "source"), "say where the modifier comes from")

    def to_modifier(self) -> Modifier:
        return Modifier(self.value, self.source, self.kind)

    def to_dict(self) -> dict:
        return {"value": self.value, "source": self.source, "kind": self.kind, "scope": self.scope}

    @classmethod
    def parse(cls, d: dict, field: str) -> "SheetModifier":
        m = cls(get_int(d, "value", field), get_str(d, "source", field), get_str(d, "kind", field, default="untyped"),
                get_str(d, "scope", field, default="all"))
        m.validate(field)
        return m


def validate_modifiers(field: str, modifiers: list) -> None:
    for i, m in enumerate(modifiers):
        if not isinstance(m, SheetModifier):
            raise RulesError(at(field, i), "must be a modifier entry")
        m.validate(at(field, i))
