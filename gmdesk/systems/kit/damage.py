"""What a system's rules say damage does (``GameSystem.damage``): which outcome deals what, and a round.

A ``DamageRules`` gives, for an attack roll's tiers and for the tiers of a save against a damaging
action, the effect on the damage (``gmdesk.engine.damage``: none, full, dice doubled, total doubled,
half); the penalty the later attack rolls of a round take (pf2's multiple attack penalty); and a
character's round (``round_of(sheet)``):

- a stat block: the attacks the GM put in its round (``PrintedAttack.per_round``: that many uses,
  in the block's order) — else its best attack, once (``Round.choose_best``: the one with the most
  damage expected against the target, which only the target's AC can tell);
- a built sheet: its best attack with damage written on the sheet, as many times a round as the
  sheet says (``attacks_per_round``: 5e Extra Attack, pf2 Strikes).

An attack whose damage text is empty or unreadable is left out of a round (it shows no odds rather
than invented ones). A system whose rules give no damage model has ``damage = None`` and says why
(``GameSystem.no_damage``). No Qt, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from gmdesk.engine.core import RulesError
from gmdesk.engine.damage import DamageRoll, parse_damage
from gmdesk.engine.words import Word

from .form import Field
from .refs import CheckRef
from .statblock import MAX_PER_ROUND, is_stat_block

__all__ = ["DAMAGE_FIELD", "DamageRules", "MAX_PER_ROUND", "PER_ROUND_FIELD", "attacks_per_round_field", "Round", "Use", "check_damage_text", "per_round_entry", "readable", "sheet_round"]


@dataclass(frozen=True)
class Use:
    """One attack of a round: the roll (``ref``), its name, its damage; or, with ``dc``, an action the
    target saves against (``ref`` the target's save: a breath weapon), no attack roll."""

    ref: CheckRef
    label: str
    roll: DamageRoll
    dc: int | None = None


@dataclass(frozen=True)
class Round:
    """A character's round. ``choose_best``: the round is ``times`` uses of ONE of ``uses``, the best
    against the target (no routine set, or a built sheet's best attack); else ``uses`` as listed."""

    uses: tuple[Use, ...] = ()
    choose_best: bool = False
    times: int = 1

    @property
    def empty(self) -> bool:
        return not self.uses


@dataclass(frozen=True)
class DamageRules:
    """``attack``: an attack roll's tier → effect; ``save``: the target's save tier → effect on a
    damaging action that allows one (5e half on a success, pf2 basic save); ``penalties``: what the
    1st, 2nd, 3rd… attack roll of a round take (the last repeats; () = none), named ``penalty_name``;
    ``said``: what the model covers, in the GM's words."""

    attack: Mapping[str, str]
    save: Mapping[str, str]
    said: Word
    penalties: tuple[int, ...] = ()
    penalty_name: Word = Word("", "")
    round_of: Callable[[Any], Round] = field(default=lambda sheet: sheet_round(sheet))

    def penalty(self, index: int) -> int:
        """The penalty on the round's attack roll number ``index`` (0 = the first)."""
        if not self.penalties:
            return 0
        return self.penalties[min(index, len(self.penalties) - 1)]


def readable(text: str) -> DamageRoll | None:
    """The damage a text says, or None when it is empty or unreadable (then no odds are shown)."""
    if not text or not text.strip():
        return None
    try:
        return parse_damage(text)
    except RulesError:
        return None


def sheet_round(sheet: Any, times_field: str = "attacks_per_round") -> Round:
    """A character's round as the kit reads it: a stat block's routine, else its best attack once; a
    built sheet's best attack ``times_field`` times (1 when the sheet has no such number)."""
    if is_stat_block(sheet):
        routine = []
        for a in sheet.attacks:
            roll = readable(a.damage)
            if roll is not None and a.per_round:
                routine += [Use(CheckRef("weapon", a.name), a.name, roll)] * a.per_round
        for a in getattr(sheet, "save_actions", ()):  # after the attacks: the order changes no sum
            roll = readable(a.damage)
            if roll is not None and a.per_round:
                # the save's key as the GM typed it ("Dex", " dex"): the system's keys are lower case
                routine += [Use(CheckRef("save", a.save.strip().lower()), a.name, roll, a.dc)] * a.per_round
        if routine:
            return Round(tuple(routine))
        return Round(_uses(sheet.attacks), choose_best=True)
    return Round(_uses(getattr(sheet, "attacks", ())), choose_best=True, times=getattr(sheet, times_field, 1))


def _uses(attacks) -> tuple[Use, ...]:
    out = []
    for a in attacks:
        roll = readable(getattr(a, "damage", ""))
        if roll is not None:
            out.append(Use(CheckRef("weapon", a.name), a.name, roll))
    return tuple(out)


def per_round_entry(times: int) -> dict:
    """A built sheet's ``attacks_per_round`` as stored: only when it is not 1 (sheets stored before it
    read and write the same)."""
    return {} if times == 1 else {"attacks_per_round": times}


def check_damage_text(f: str, text: str) -> None:
    """A sheet's damage field: text of at most 200 characters, empty (unknown) or readable dice."""
    if not isinstance(text, str):
        raise RulesError(f, f"damage must be text, got {text!r}")
    if text.strip():
        parse_damage(text, f)


# -- the forms' fields (sheets and stat blocks) ------------------------------------------------------
DAMAGE_FIELD = Field(("damage",), Word("Damage", "Dégâts"), "text", default="",
                     tip=Word("As printed, e.g. 1d8+3 slashing (parts joined by + or a comma); empty: not known, "
                              "and the fight's odds leave the attack out",
                              "Comme imprimés, p.\u00a0ex. 1d8+3 tranchant (parties jointes par + ou une virgule)\u202f; "
                              "vide\u202f: inconnus, et les chances du combat laissent l’attaque de côté"))
PER_ROUND_FIELD = Field(("per_round",), Word("A round", "Par round"), "int", 0, MAX_PER_ROUND, default=0,
                        tip=Word("How many times the creature makes this attack in its round, for the fight's odds "
                                 "(0: not in its round; none set: its best attack, once)",
                                 "Combien de fois la créature fait cette attaque dans son round, pour les chances du "
                                 "combat (0\u202f: pas dans son round\u202f; aucune\u202f: sa meilleure attaque, une fois)"))


def attacks_per_round_field(label: Word, tip: Word) -> Field:
    """A built sheet's attacks per round (5e Extra Attack, pf2 Strikes)."""
    return Field(("attacks_per_round",), label, "int", 1, MAX_PER_ROUND, default=1, tip=tip)
