"""From a sheet to an engine check: which rolls a character has, and building one for a situation.

``available_checks(character)`` lists a character's rolls (``CheckOption``: a ``CheckRef`` and its
labels), the natural default first. ``build_check(character, ref, situation, conditions,
house_rules)`` returns the engine's check object of the character's system (``Pf2Check``,
``Dnd5eTest``, ``CofTest``, ``AnarchyTest``, the dnd35 check), with the sheet's numbers, the
conditions' effects and the situation's toggles in its breakdown; its ``odds()`` and ``roll(rng)``
are the engine's. The per-system work is in ``gmdesk.campaign.build``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from gmdesk.engine.core import Modifier, RulesError

from .house_rules import HouseRules
from .refs import CheckRef

__all__ = ["CheckRef", "CheckOption", "Situation", "available_checks", "build_check", "check_scopes",
           "option_label", "dc_against"]


@dataclass(frozen=True)
class CheckOption:
    ref: CheckRef
    label_en: str
    label_fr: str

    def label(self, lang: str = "en") -> str:
        return self.label_fr if lang == "fr" else self.label_en


@dataclass(frozen=True)
class Situation:
    """Everything about one roll that is not on the sheet. Toggles a system lacks are refused.

    Target: ``dc`` (DC, AC, ND), or ``opponent`` (a Character; with ``opponent_ref`` its roll of that
    kind sets the DC — pf2 10 + modifier, dnd5e passive 10 + modifier, anarchy the opposing pool,
    dnd35 an opposed check — and an attack without ``opponent_ref`` aims at its AC/TAC/DEF, with
    ``opponent_conditions`` applied); anarchy ``threshold``, ``difficulty`` (simple, or variable
    with ``variable``) or ``opposing_pool``.

    pf2 fortune and misfortune: ``fortune``/``reroll_failure`` and ``misfortune``/``reroll_success``
    (one of each side at most); ``player_knows`` lets a secret check take fortune abilities.

    ``helpers``: dnd35 aid another and anarchy teamwork, each a Character (rolls the same check) or
    a number (the helper's modifier, or pool). ``rerolls`` None = what the sheet's Edges give.
    """

    dc: int | None = None
    threshold: int | None = None
    difficulty: str | None = None
    variable: bool = False
    opponent: Any = None
    opponent_ref: CheckRef | None = None
    opponent_conditions: tuple = ()
    opponent_shield_raised: bool = False
    opposing_pool: int | None = None
    touch: bool = False
    advantage: bool = False
    disadvantage: bool = False
    fortune: bool = False
    misfortune: bool = False
    reroll_failure: bool = False  # pf2 fortune: reroll a failed check
    reroll_success: bool = False  # pf2 misfortune: must reroll a successful check
    player_knows: bool = False  # pf2 secret check: the player knows it happens (fortune allowed)
    cannot_succeed: bool = False
    fail_voluntarily: bool = False  # dnd5e saves: the creature chooses to fail, no roll
    inspiration: bool | None = None
    take10: bool = False
    take20: bool = False
    threatened: bool = False
    failure_has_consequences: bool = False
    helpers: tuple = ()
    luck_before: bool = False
    luck_after: bool = False
    rerolls: int | None = None
    dice: int | None = None
    specialization: bool = False
    paths: tuple[str, ...] = ()
    synergies: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = field(default_factory=tuple)
    dc_modifiers: tuple[Modifier, ...] = field(default_factory=tuple)
    secret: bool = False
    label: str = ""


def _builder(system: str):
    from .build import BUILDERS

    try:
        return BUILDERS[system]
    except KeyError:
        raise RulesError("system", f"unknown system {system!r}") from None


def available_checks(character) -> list[CheckOption]:
    """The character's rolls, the natural default first (Perception, or its nearest equivalent)."""
    return _builder(character.system).options(character)


def option_label(character, ref: CheckRef, lang: str = "en") -> str:
    for option in available_checks(character):
        if option.ref == ref:
            return option.label(lang)
    return str(ref)


def check_scopes(character, ref: CheckRef) -> frozenset[str]:
    """The scopes (``gmdesk.campaign.scopes``) a roll falls under: what modifiers and conditions hit it."""
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
