"""``GameSystem``: everything generic code may ask a game system, as one frozen object per system.

Each system's package (``gmdesk/systems/<id>/__init__.py``) builds its ``SYSTEM = GameSystem(...)``
and the registry (``gmdesk.systems``) lists them. The campaign, the store, the window and the
command line call these entry points and never test a system's id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gmdesk.engine.words import Word


@dataclass(frozen=True)
class GameSystem:
    """One game system, as generic code sees it.

    - ``id``: the stable id stored in campaign files and typed on the command line (``pf2``);
    - ``name``, ``description``: how the window names it and what the welcome dialog says of it;
    - ``rulings``: RULES.md's rulings (R-1…) that concern its checks, recorded on every logged roll;
    - ``check_from_dict``: rebuilds one of its engine checks from the description a roll logged.
    """

    id: str
    name: Word
    description: Word
    rulings: tuple[str, ...]
    check_from_dict: Callable[[dict], Any]
