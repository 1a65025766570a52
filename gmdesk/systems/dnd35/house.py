"""D&D 3.5's own house-rule option: how many helpers may aid another at most (None: no cap)."""

from __future__ import annotations

from gmdesk.engine.core import check_int
from gmdesk.systems.kit.house import HouseOption


def _max_helpers(value, field: str):
    return None if value is None else check_int(field, value, 0, 50)


OPTIONS = (HouseOption("dnd35_max_helpers", lambda: None, _max_helpers),)
