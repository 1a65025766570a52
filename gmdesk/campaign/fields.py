"""What the campaign's objects (``model``, ``scenes``, ``encounter``) check alike: whether one is a player
character, and the id the store gives it.

Apart so that each of those modules reads them without importing the others.
"""

from __future__ import annotations

from gmdesk.engine.core import check_int

KINDS = ("pc", "npc")


def opt_id(f: str, value: object) -> int | None:
    return None if value is None else check_int(f, value, 1)
