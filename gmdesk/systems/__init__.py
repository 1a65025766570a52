"""The game systems gmdesk knows: one folder each (``gmdesk/systems/<id>/``), one registry here.

    from gmdesk import systems
    systems.ids()            # ("pf2", "dnd5e", "dnd35", "cof", "anarchy"), in the order menus show
    systems.get("cof")       # its GameSystem (RulesError naming "system" for an unknown id)
    systems.register(SYSTEM) # one more at run time (a plug-in, the toy system of the tests)

Generic code (campaign, store, window, command line) asks the ``GameSystem`` it gets here and never
compares a system's id with a literal (tests/test_architecture.py checks it); this registry is the
one place that spells the built-in systems' ids. A built-in system is loaded the first time it is
asked for (``<id>/system.py``), so that ``gmdesk odds`` loads only the command-line options of each
system (``cli(id)``) and the rules of the one it computes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from gmdesk.engine.core import RulesError

if TYPE_CHECKING:
    from .base import GameSystem
    from .kit.cli import Cli

__all__ = ["register", "unregister", "ids", "get", "find", "all_systems", "loaded", "default", "cli", "house"]

# The built-in systems, in the order every menu shows them; each folder's system.py builds SYSTEM.
BUILT_IN = ("pf2", "dnd5e", "dnd35", "cof", "anarchy")

_REGISTRY: dict[str, "GameSystem | None"] = {}  # None: a built-in system not loaded yet


def register(system: "GameSystem") -> "GameSystem":
    """Add a system (its id must be new: a lowercase word, as files store it)."""
    from .base import GameSystem

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


def _load(system_id: str) -> "GameSystem":
    system = _REGISTRY[system_id]
    if system is None:
        system = _REGISTRY[system_id] = importlib.import_module(f"{__name__}.{system_id}.system").SYSTEM
    return system


def ids() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def all_systems() -> tuple["GameSystem", ...]:
    return tuple(_load(system_id) for system_id in _REGISTRY)


def loaded() -> tuple["GameSystem", ...]:
    """The systems loaded so far (asked for once): those whose checks, sheets or words exist yet."""
    return tuple(system for system in _REGISTRY.values() if system is not None)


def find(system_id: object) -> "GameSystem | None":
    return _load(system_id) if isinstance(system_id, str) and system_id in _REGISTRY else None


def get(system_id: object) -> "GameSystem":
    found = find(system_id)
    if found is None:
        raise RulesError("system", f"unknown system {system_id!r}; one of {', '.join(_REGISTRY)}")
    return found


def default() -> "GameSystem":
    """The first system: the one the window offers first (welcome dialog, new campaign)."""
    return _load(next(iter(_REGISTRY)))


def cli(system_id: str) -> "Cli":
    """A system's command-line options (``GameSystem.cli``), without loading the rest of a built-in
    system that is not loaded yet: its ``cli`` module alone."""
    system = _REGISTRY.get(system_id)
    if system is not None:
        return system.cli
    if system_id not in _REGISTRY:
        raise RulesError("system", f"unknown system {system_id!r}; one of {', '.join(_REGISTRY)}")
    return importlib.import_module(f"{__name__}.{system_id}.cli").CLI


def house(system_id: str) -> tuple[tuple, str]:
    """A system's own house options and its initiative tie rule by default (``GameSystem.house_options``,
    ``GameSystem.fight.default_tie``), without loading the rest of a built-in system that is not
    loaded yet: its ``house`` and ``fight`` modules alone. Every campaign's house rules read every
    system's options, and a window opening one campaign needs one system."""
    system = _REGISTRY.get(system_id)
    if system is not None:
        return system.house_options, system.fight.default_tie
    if system_id not in _REGISTRY:
        raise RulesError("system", f"unknown system {system_id!r}; one of {', '.join(_REGISTRY)}")
    own = importlib.import_module(f"{__name__}.{system_id}.house").OPTIONS
    return own, importlib.import_module(f"{__name__}.{system_id}.fight").FIGHT.default_tie


for _system_id in BUILT_IN:
    _REGISTRY[_system_id] = None
