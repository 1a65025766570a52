"""D&D 3.5 checks (RULES.md §3, seed 002): what the rest of gmdesk uses of the dnd35 engine.

Skill and ability checks with take 10 / take 20 and aid another, caster level and level checks,
attack rolls and saving throws (``checks``, on the shared d20 machinery of ``base``), the class
features rolled like checks (``features``), opposed checks with their tie rules (``opposed``),
ranks (``ranks``), the seed's tables (``data``) and the roll log's descriptions (``serial``).
"""

from __future__ import annotations

from . import serial
from .base import AID_BONUS, AID_DC, SYSTEM, Aid, D20Check
from .checks import (CHECK_TYPES, AbilityCheck, AttackRoll, CasterLevelCheck, FeatureCheck, LevelCheck,
                     SavingThrow, SkillCheck)
from .opposed import OpposedCheck

RULINGS = ()  # no RULES.md ruling concerns dnd35 checks

__all__ = ["SYSTEM", "RULINGS", "AID_DC", "AID_BONUS", "Aid", "D20Check", "SkillCheck", "AbilityCheck",
           "CasterLevelCheck", "LevelCheck", "AttackRoll", "SavingThrow", "FeatureCheck", "OpposedCheck",
           "CHECK_TYPES", "check_from_dict"]


def check_from_dict(d: dict):
    """Rebuild any dnd35 check (opposed included) from its ``describe()``."""
    return serial.check_from_dict(d, {**CHECK_TYPES, "opposed": OpposedCheck})
