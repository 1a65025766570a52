"""D&D 3.5: everything gmdesk knows of this game, in one folder (``SYSTEM`` is what the registry lists)."""

from __future__ import annotations

from gmdesk.systems.base import GameSystem

from . import words
from .rules import RULINGS, check_from_dict

SYSTEM = GameSystem(
    id="dnd35",
    name=words.NAME,
    description=words.DESCRIPTION,
    rulings=RULINGS,
    check_from_dict=check_from_dict,
)
