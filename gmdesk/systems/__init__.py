"""The game systems gmdesk knows: one folder each (``gmdesk/systems/<id>/``), one registry here.

    from gmdesk import systems
    systems.ids()            # ("pf2", "dnd5e", "dnd35", "cof", "anarchy"), in the order menus show
    systems.get("cof")       # its GameSystem (RulesError naming "system" for an unknown id)
    systems.register(SYSTEM) # one more at run time (a plug-in, the toy system of the tests)

Generic code (campaign, store, window, command line) asks the ``GameSystem`` it gets here and never
compares a system's id with a literal (tests/test_architecture.py checks it).
"""

from __future__ import annotations

from gmdesk.engine.core import RulesError

from .base import GameSystem

__all__ = ["GameSystem", "register", "unregister", "ids", "get", "find", "all_systems", "default"]

_REGISTRY: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    """Add a system (its id must be new: a lowercase word, as files store it)."""
    if not isinstance(system, GameSystem):
        raise TypeError(f"not a GameSystem: {system!r}")
    if not system.id or not system.id.isascii() or not system.id.isidentifier() or system.id != system.id.lower():
        raise ValueError(f"a system id is a lowercase ASCII word, got {system.id!r}")
    if system.id in _REGISTRY:
        raise ValueError(f"system {system.id!r} is already registered")
    _REGISTRY[system.id] = system
    return system


def unregister(system_id: str) -> None:
    """Take a system out again (tests that registered one of their own)."""
    _REGISTRY.pop(system_id, None)


def ids() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def all_systems() -> tuple[GameSystem, ...]:
    return tuple(_REGISTRY.values())


def find(system_id: object) -> GameSystem | None:
    return _REGISTRY.get(system_id) if isinstance(system_id, str) else None


def get(system_id: object) -> GameSystem:
    found = find(system_id)
    if found is None:
        raise RulesError("system", f"unknown system {system_id!r}; one of {', '.join(_REGISTRY)}")
    return found


def default() -> GameSystem:
    """The first system: the one the window offers first (welcome dialog, new campaign)."""
    return next(iter(_REGISTRY.values()))


def _register_builtin() -> None:
    from . import anarchy, cof, dnd5e, dnd35, pf2

    for package in (pf2, dnd5e, dnd35, cof, anarchy):
        register(package.SYSTEM)


_register_builtin()
