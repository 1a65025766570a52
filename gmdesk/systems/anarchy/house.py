"""Shadowrun Anarchy's own house-rule option: opposed and variable tests break ties on the fewer 1s
of the initial roll (off: ties go to the acting character)."""

from __future__ import annotations

from gmdesk.engine.core import RulesError
from gmdesk.systems.kit.house import HouseOption


def _flag(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise RulesError(field, "must be true or false")
    return value


OPTIONS = (HouseOption("anarchy_ones_tiebreak", lambda: False, _flag),)
