"""One exact figure of the threat table and the fight's odds: a side's roll against the other, as the
check panel would build it (``build_check``, the campaign's house rules, each side's conditions in the
fight where given, no Heroic Inspiration spent), with its exact ``Odds``; None where that side cannot make the roll. And how a
chance is written for the GM (``percent``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from gmdesk.engine.core import Odds, RulesError

from .checks import CheckRef, Situation, available_checks, build_check, option_label
from .house_rules import HouseRules
from .model import Character


@dataclass(frozen=True)
class Cell:
    """One exact figure: who rolls what (``ref``), its modifier, the DC or AC it faces, its odds, and
    the engine check itself (its breakdown, for a tooltip)."""

    ref: CheckRef
    label: str
    modifier: int
    dc: int
    odds: Odds
    check: Any = None

    @property
    def success(self):
        return self.odds.success


def roll_cell(actor: Character, ref: CheckRef, situation: Situation, house_rules: HouseRules, lang: str,
              label: str | None = None, conditions: tuple = ()) -> Cell | None:
    """``conditions``: the actor's (``ConditionState``s, a fight's combatant's), as the check panel passes
    them; the target's are ``situation.opponent_conditions``."""
    # The odds as they stand, no resource spent: Heroic Inspiration is the player's to use.
    situation = replace(situation, inspiration=False)
    try:
        check = build_check(actor, ref, situation, conditions, house_rules, lang=lang)
        # The DC as faced: with the typed entries on the DC itself where the system keeps them apart
        # (pf2: the target's armor, a sickened target's −2), so that modifier and DC say the odds.
        dc = getattr(check, "effective_dc", None)
        label = _label(actor, ref, lang) if label is None else label
        return Cell(ref, label, check.modifier, check.target if dc is None else dc, check.odds(), check)
    except (RulesError, AttributeError):
        return None  # a roll this side cannot make (no such skill, no AC in this system)


def attack_cell(actor: Character, ref: CheckRef, target: Character, house_rules: HouseRules, lang: str = "en",
                modifiers: tuple = ()) -> Cell | None:
    """``actor``'s attack ``ref`` against ``target``'s AC, with ``modifiers`` (a round's later attack: pf2's
    multiple attack penalty)."""
    return _attack(actor, ref, target, house_rules, lang, tuple(modifiers), None)


def _attack(actor, ref, target, house_rules, lang, modifiers, label, conditions=(), target_conditions=()
            ) -> Cell | None:
    situation = Situation(opponent=target, modifiers=modifiers, opponent_conditions=tuple(target_conditions))
    return roll_cell(actor, ref, situation, house_rules, lang, label, tuple(conditions))


def condition_key(conditions) -> tuple:
    """What a memo tells conditions apart by: each one's key and value (a ``ConditionState`` is mutable,
    not hashable; its rounds left change no roll)."""
    return tuple((c.key, c.value) for c in conditions)


def _label(actor: Character, ref: CheckRef, lang: str) -> str:
    try:
        return option_label(actor, ref, lang)
    except RulesError:
        return ref.key or ref.kind


class Cells:
    """The cells of one table, each built once: a character's rolls are listed once (a stat block's list
    walks every printed check), and an attack against a target is one engine check whether the threat
    table's best attack or the round's first use asks for it. Lives as long as one table is built (the
    characters do not change meanwhile)."""

    def __init__(self, house_rules: HouseRules, lang: str = "en"):
        self.house_rules, self.lang = house_rules, lang
        self._options: dict[int, list] = {}
        self._attacks: dict[tuple, Cell | None] = {}
        self._rounds: dict[int, Any] = {}

    def options(self, character: Character) -> list:
        key = id(character)
        if key not in self._options:
            self._options[key] = available_checks(character)
        return self._options[key]

    def label(self, character: Character, ref: CheckRef) -> str:
        return next((o.label(self.lang) for o in self.options(character) if o.ref == ref), str(ref))

    def attack(self, actor: Character, ref: CheckRef, target: Character, modifiers: tuple = (),
               conditions: tuple = (), target_conditions: tuple = ()) -> Cell | None:
        """The attack as the check panel would build it, with each side's conditions (the threat table's
        hit cells and the rounds pass the same)."""
        key = (id(actor), ref, id(target), modifiers, condition_key(conditions), condition_key(target_conditions))
        if key not in self._attacks:
            self._attacks[key] = _attack(actor, ref, target, self.house_rules, self.lang, modifiers,
                                         self.label(actor, ref), conditions, target_conditions)
        return self._attacks[key]

    def save(self, target: Character, ref: CheckRef, dc: int, conditions: tuple = ()) -> Cell | None:
        """``target``'s save ``ref`` against ``dc`` (a breath weapon's), with its conditions."""
        key = (id(target), ref, dc, condition_key(conditions))
        if key not in self._attacks:
            self._attacks[key] = roll_cell(target, ref, Situation(dc=dc), self.house_rules, self.lang,
                                           self.label(target, ref), tuple(conditions))
        return self._attacks[key]

    def round_of(self, character: Character, rules: Any) -> Any:
        """``rules.round_of(character.sheet)`` (``kit.damage.Round``), read once per character."""
        key = id(character)
        if key not in self._rounds:
            self._rounds[key] = rules.round_of(character.sheet)
        return self._rounds[key]

    def roll(self, actor: Character, ref: CheckRef, situation: Situation) -> Cell | None:
        return roll_cell(actor, ref, situation, self.house_rules, self.lang, self.label(actor, ref))


def percent(p: Fraction, lang: str = "en") -> str:
    """35 %, 0.5 %: whole percents, one decimal below 1 % (a narrow no-break space before % in both:
    the project's typography)."""
    value = float(p) * 100
    text = f"{value:.0f}" if value >= 1 or value == 0 else f"{value:.1f}"
    return (text.replace(".", ",") if lang == "fr" else text) + "\u202f%"
