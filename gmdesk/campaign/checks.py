"""From a sheet to an engine check: which rolls a character has, and building one for a situation.

``available_checks(character)`` lists a character's rolls (``CheckOption``: a ``CheckRef`` and its
labels), the natural default first. ``build_check(character, ref, situation, conditions,
house_rules)`` returns the engine's check object of the character's system (``Pf2Check``,
``Dnd5eTest``, ``CofTest``, ``AnarchyTest``, the dnd35 check), with the sheet's numbers, the
conditions' effects and the situation's toggles in its breakdown; its ``odds()`` and ``roll(rng)``
are the engine's. The per-system work is each system's (``GameSystem.checks``: ``gmdesk/systems/<id>/build.py``).
"""

from __future__ import annotations

from typing import Iterable

from gmdesk import systems
from gmdesk.engine.core import Modifier, RulesError
from gmdesk.systems.kit.checks import CheckOption, Situation
from gmdesk.systems.kit.refs import CheckRef

from .house_rules import HouseRules

__all__ = ["CheckRef", "CheckOption", "Situation", "available_checks", "build_check", "check_scopes",
           "option_label", "dc_against"]


def _builder(system: str):
    return systems.get(system).checks


def available_checks(character) -> list[CheckOption]:
    """The character's rolls, the natural default first (Perception, or its nearest equivalent)."""
    return _builder(character.system).options(character)


def option_label(character, ref: CheckRef, lang: str = "en") -> str:
    for option in available_checks(character):
        if option.ref == ref:
            return option.label(lang)
    return str(ref)


def check_scopes(character, ref: CheckRef) -> frozenset[str]:
    """The scopes (``gmdesk.systems.kit.scopes``) a roll falls under: what modifiers and conditions hit it."""
    return _builder(character.system).scopes(character.sheet, ref)


def build_check(character, ref: CheckRef, situation: Situation | None = None, conditions: Iterable = (),
                house_rules: HouseRules | None = None, *, lang: str = "en"):
    """The engine check for ``character`` making roll ``ref`` in ``situation``.

    ``conditions`` are the character's ``ConditionState``s; ``lang`` names the breakdown lines.
    Raises ``RulesError`` naming the field when the roll is not possible (a trained-only skill
    without ranks, take 20 when failure has consequences, no DC given…).
    """
    if not isinstance(ref, CheckRef):
        raise RulesError("check", "must be a CheckRef")
    return _builder(character.system).build(character, ref, situation or Situation(), tuple(conditions),
                                             house_rules or HouseRules(), lang)


def dc_against(character, ref: CheckRef | None, conditions: Iterable = (), house_rules: HouseRules | None = None,
               *, attack_kind: str = "melee", touch: bool = False, shield_raised: bool = False,
               lang: str = "en") -> tuple[int, list[Modifier]]:
    """The DC ``character`` sets against someone else's roll: its AC (``ref`` None) or, with ``ref``,
    the DC of that roll (pf2 10 + modifier). Returns the base DC and the typed modifiers on it (pf2:
    the engine stacks them; elsewhere they are simply added)."""
    return _builder(character.system).defense(character, ref, tuple(conditions), house_rules or HouseRules(),
                                              attack_kind, touch, lang, shield_raised)
