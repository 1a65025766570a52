"""A system's check options as data the check panel renders (``GameSystem.options``).

The panel shows the toggles, lists and numbers the campaign's system declares, in its words; it
asks the system which reroll the rules offer after a roll, what a roll spends from the sheet,
and what changes the dice (advantage, fortune…) in words. Nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from gmdesk.engine.words import Word


@dataclass(frozen=True)
class Toggle:
    """A switch of the roll: the ``Situation`` field ``name`` set to True.

    - ``only_for`` / ``not_for``: the roll kinds (``CheckRef.kind``) it applies to / never applies to;
      elsewhere it is disabled and unticked;
    - ``excludes``: ticking it unticks that one (take 10 or take 20; one fortune effect per roll);
    - ``secret_only``: only on a secret roll (shown after "Secret roll", unticked with it);
    - ``always_sent``: sent even when off (off then overrides what the sheet says);
    - ``from_sheet(sheet)``: ticked or not from the sheet when the roll changes;
    - ``from_roll(sheet, ref)``: ticked or not from what is rolled when the roll changes (dnd35:
      "Failure costly" on Climb), the GM free to change it;
    - ``available(sheet, ref)``: may it be ticked now (a ticked one stays enabled, to be unticked);
    - ``tip_note(sheet)``: a note added to its tip ("Luck left: 2");
    - ``spends``: the sheet resource (``CheckOptions.resources``) a roll with it ticked spends."""

    name: str
    label: Word
    tip: Word | None = None
    only_for: frozenset[str] | None = None
    not_for: frozenset[str] = frozenset()
    excludes: str = ""
    secret_only: bool = False
    always_sent: bool = False
    from_sheet: Callable[[Any], bool] | None = None
    from_roll: Callable[[Any, Any], bool] | None = None
    available: Callable[[Any, Any], bool] | None = None
    tip_note: Callable[[Any], Word] | None = None
    spends: str = ""

    def applies_to(self, ref) -> bool:
        kind = ref.kind if ref is not None else None
        if self.only_for is not None and kind not in self.only_for:
            return False
        return kind not in self.not_for


@dataclass(frozen=True)
class Number:
    """A number of the roll (the ``Situation`` field ``name``): -1 means "not set", shown as
    ``special``. It is not sent while the toggle ``off_with`` is ticked and the campaign's house
    rule ``off_ruling`` holds (R-3: Luck's reroll replaces the Edges')."""

    name: str
    label: Word
    special: Word
    hi: int
    off_with: str = ""
    off_ruling: str = ""


@dataclass(frozen=True)
class Choices:
    """A list of things the roll may also take (cof's other paths, dnd35's situational synergies):
    ``items(sheet, ref)`` gives (key, text); the ticked keys go in the ``Situation`` field ``name``."""

    name: str
    label: Word
    items: Callable[[Any, Any], list[tuple[str, str]]]


@dataclass(frozen=True)
class Resource:
    """Something on the sheet a roll or a reroll spends: the attribute ``attr`` (a yes/no such as
    Heroic Inspiration, or a count such as Luck) and the undo step's name ("Spend {name}'s Luck")."""

    attr: str
    spend_label: Word


@dataclass(frozen=True)
class Reroll:
    """A reroll the rules offer after a roll: ``kind`` (the system's own name for it), the button's
    text, and the resource it spends ('' for none)."""

    kind: str
    label: Word
    resource: str = ""


def _no_reroll(check, result, sheet, secret: bool) -> Reroll | None:
    return None


def _same(check):
    return check


def _nothing(check, lang: str) -> list[tuple[str, str]]:
    return []


def _no_sweep(check):
    return None


@dataclass(frozen=True)
class CheckOptions:
    """- ``toggles``, ``numbers``, ``choices``: what the panel shows, in this order;
    - ``helpers``: the helpers list's label (aid another, teamwork); None: the system has none;
    - ``modifier_kinds``: the stacking types a situational modifier may take, (kind, Word), the
      first the default; empty: modifiers simply add up (no type column);
    - ``dice_modifiers``: situational modifiers add dice, not a number (dice pools);
    - ``resources``: what rolls and rerolls spend from the sheet, by name;
    - ``as_rolled(check)``: the check as actually rolled (dnd5e: Heroic Inspiration is offered
      after the roll, not spent inside it);
    - ``offer_reroll(check, result, sheet, secret)``: the reroll the rules offer after a roll;
    - ``reroll(kind, check, previous, rng)``: (the check as logged, the new result);
    - ``explain(check, lang)``: what changes the dice and what the odds assume, as (what, why);
    - ``sweep(check)``: ``target -> {tier: probability}`` for this check at any DC, faster than
      rebuilding it at each (the DC sweep redraws on every keystroke), or None for no shortcut."""

    toggles: tuple[Toggle, ...] = ()
    numbers: tuple[Number, ...] = ()
    choices: tuple[Choices, ...] = ()
    helpers: Word | None = None
    modifier_kinds: tuple[tuple[str, Word], ...] = ()
    dice_modifiers: bool = False
    resources: Mapping[str, Resource] = field(default_factory=dict)
    as_rolled: Callable[[Any], Any] = _same
    offer_reroll: Callable[[Any, Any, Any, bool], Reroll | None] = _no_reroll
    reroll: Callable[..., Any] | None = None
    explain: Callable[[Any, str], list[tuple[str, str]]] = _nothing
    sweep: Callable[[Any], Any] = _no_sweep

    def toggle(self, name: str) -> Toggle | None:
        return next((t for t in self.toggles if t.name == name), None)

    def spent(self, flags: Mapping[str, bool]) -> dict[str, int]:
        """What a roll with these toggles spends: {resource: points}."""
        out: dict[str, int] = {}
        for t in self.toggles:
            if t.spends and flags.get(t.name):
                out[t.spends] = out.get(t.spends, 0) + 1
        return out


def spend(sheet, resource: Resource, points: int = 1) -> bool:
    """Take ``points`` of ``resource`` off the sheet. False when it has not enough (nothing changes)."""
    value = getattr(sheet, resource.attr, None)
    if isinstance(value, bool):
        if not value or points != 1:
            return False
        setattr(sheet, resource.attr, False)
        return True
    if isinstance(value, int) and value >= points > 0:
        setattr(sheet, resource.attr, value - points)
        return True
    return False
