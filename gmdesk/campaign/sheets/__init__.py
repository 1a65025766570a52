"""One sheet dataclass per system; ``SHEETS`` maps a system id to its class."""

from __future__ import annotations

from gmdesk import systems
from gmdesk.engine.core import RulesError

from .anarchy import AnarchySheet
from .cof import CofSheet
from .dnd5e import Dnd5eSheet
from .dnd35 import Dnd35Sheet
from .pf2 import Pf2Sheet

SHEETS = {"pf2": Pf2Sheet, "dnd5e": Dnd5eSheet, "dnd35": Dnd35Sheet, "cof": CofSheet, "anarchy": AnarchySheet}

Sheet = Pf2Sheet | Dnd5eSheet | Dnd35Sheet | CofSheet | AnarchySheet


def new_sheet(system: str) -> Sheet:
    """A blank, valid sheet for ``system``."""
    return sheet_class(system)()


def sheet_class(system: str) -> type:
    try:
        return SHEETS[system]
    except KeyError:
        raise RulesError("system", f"unknown system {system!r}; one of {', '.join(systems.ids())}") from None


def sheet_from_dict(system: str, d: object, field: str = "sheet") -> Sheet:
    return sheet_class(system).from_dict(d, field)


def system_of(sheet: object) -> str:
    for system, cls in SHEETS.items():
        if isinstance(sheet, cls):
            return system
    raise RulesError("sheet", f"not a sheet: {type(sheet).__name__}")


__all__ = ["SHEETS", "Sheet", "new_sheet", "sheet_class", "sheet_from_dict", "system_of", "Pf2Sheet",
           "Dnd5eSheet", "Dnd35Sheet", "CofSheet", "AnarchySheet"]
