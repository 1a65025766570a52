"""What a game system's check builder takes and gives: the rolls a sheet offers (``CheckOption``)
and everything about one roll that is not on the sheet (``Situation``).

``gmdesk.campaign.checks`` hands these to the character's system (``GameSystem.checks``); each
system refuses the toggles it does not have, so a ``Situation`` carries every system's options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word

from .refs import CheckRef

__all__ = ["CheckOption", "Situation", "CheckRules"]


@dataclass(frozen=True)
class CheckOption:
    """One roll a character can make: which (``ref``) and its name in both languages."""

    ref: CheckRef
    label_en: str
    label_fr: str

    def label(self, lang: str = "en") -> str:
        return self.label_fr if lang == "fr" else self.label_en

    @property
    def word(self) -> Word:
        return Word(self.label_en, self.label_fr)


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
    failure_has_consequences: bool | None = None  # None: as the rules say for this check (dnd35 Climb)
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
    # A system's own switches and numbers beyond these fields, as (name, value) pairs: a new system
    # adds its toggles (``CheckOptions``) without changing this class. ``option(name)`` reads them.
    extra: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        """A field of the situation, or one of a system's own options (``extra``)."""
        if name in FIELDS:
            return getattr(self, name)
        return dict(self.extra).get(name, default)

    @classmethod
    def of(cls, **values: Any) -> "Situation":
        """A situation from any options: those it has as fields, the others in ``extra``."""
        known = {k: v for k, v in values.items() if k in FIELDS}
        extra = tuple(sorted((k, v) for k, v in values.items() if k not in FIELDS))
        return cls(**known, extra=extra)


@dataclass(frozen=True)
class CheckRules:
    """How a system turns a sheet into engine checks (``GameSystem.checks``):

    - ``options(character)``: the character's rolls, the natural default first;
    - ``scopes(sheet, ref)``: the scopes (``kit.scopes``) a roll falls under;
    - ``build(character, ref, situation, conditions, house_rules, lang)``: the engine check;
    - ``defense(character, ref, conditions, house_rules, attack_kind, touch, lang, shield_raised)``:
      the DC the character sets against another's roll (its AC, or the DC of roll ``ref``), as
      (base, modifiers on it).
    """

    options: Any
    scopes: Any
    build: Any
    defense: Any


FIELDS = frozenset(f for f in Situation.__dataclass_fields__ if f != "extra")
