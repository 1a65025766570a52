"""Character sheets of any system: each system's sheet class (``GameSystem.sheet``), by system id."""

from __future__ import annotations

from gmdesk import systems
from gmdesk.engine.core import RulesError

__all__ = ["new_sheet", "sheet_class", "sheet_from_dict", "system_of"]


def new_sheet(system: str):
    """A blank, valid sheet for ``system``."""
    return systems.get(system).new_sheet()


def sheet_class(system: str) -> type:
    return systems.get(system).sheet


def sheet_from_dict(system: str, d: object, field: str = "sheet"):
    """A built sheet or a stat block (``GameSystem.sheet_from_dict``)."""
    return systems.get(system).sheet_from_dict(d, field)


def system_of(sheet: object) -> str:
    """The id of the system whose sheet (or stat block) this is."""
    for system in systems.all_systems():
        if system.owns(sheet):
            return system.id
    raise RulesError("sheet", f"not a sheet: {type(sheet).__name__}")
