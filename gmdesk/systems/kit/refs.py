"""``CheckRef``: which roll of a sheet is meant, independent of any particular sheet.

A prepared check stores a ``CheckRef`` so that the same "Stealth vs DC 20" can be built for every
party member. Kinds (``key`` in brackets):

- ``skill`` [skill key; pf2 ``lore:<topic>``; cof unused], ``save`` [fortitude/reflex/will, or an
  ability for dnd5e], ``perception`` [""], ``ability`` [str, dex… / cof for, dex…];
- ``attack`` [melee, ranged, spell]: the sheet's first attack of that kind, or a bare one;
- ``weapon`` [attack name on the sheet]; ``flat`` [""] (a bare d20, pf2);
- ``initiative`` [""]; ``preset`` [anarchy attribute-only test: perception, physical_defense…];
- ``path`` [cof path name]: the path's characteristic with its rank as the skill modifier;
- ``feature`` [dnd35 class feature rolled as a check: turn_undead, bardic_knowledge, wild_empathy].
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdesk.engine.core import RulesError

from .fields import at, check_str, need_dict

KINDS = ("skill", "save", "perception", "ability", "attack", "weapon", "flat", "initiative", "preset", "path",
         "feature")
NO_KEY = ("perception", "flat", "initiative")


@dataclass(frozen=True)
class CheckRef:
    kind: str
    key: str = ""

    def __post_init__(self) -> None:
        self.validate("check")

    def validate(self, f: str) -> None:
        check_str(at(f, "kind"), self.kind, KINDS)
        check_str(at(f, "key"), self.key)
        if self.kind in NO_KEY and self.key:
            raise RulesError(at(f, "key"), f"a {self.kind} check takes no key")
        if self.kind not in NO_KEY and not self.key:
            raise RulesError(at(f, "key"), f"a {self.kind} check needs a key (which {self.kind})")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "key": self.key}

    @classmethod
    def from_dict(cls, d: object, f: str = "check") -> "CheckRef":
        d = need_dict(f, d)
        kind, key = d.get("kind"), d.get("key", "")
        check_str(at(f, "kind"), kind, KINDS)
        check_str(at(f, "key"), key)
        out = object.__new__(cls)
        object.__setattr__(out, "kind", kind)
        object.__setattr__(out, "key", key)
        out.validate(f)
        return out

    def __str__(self) -> str:
        return f"{self.kind}:{self.key}" if self.key else self.kind


def flat_id(ref: CheckRef) -> str:
    """A roll's id for scripts (``gmdesk checks --json``): lowercase English, one word —
    ``perception``, ``initiative``, a skill's key (``stealth``, ``lore:sewer``), a save's key
    (``will``), an ability's (``str``), ``weapon:<name>``, ``attack:<kind>``, ``path:<name>``. A
    system whose ids differ gives its own (``GameSystem.check_id``: dnd5e saves are ``str_save``…)."""
    if ref.kind in NO_KEY:
        return ref.kind
    if ref.kind in ("skill", "save", "ability", "preset", "feature"):
        return ref.key.lower()
    return f"{ref.kind}:{ref.key.lower()}"
