"""Conditions per system and what they do to checks, as data that ``build_check`` applies.

An ``Effect`` touches the rolls (or, for ``ac``/``dcs``/``attacked:*`` scopes, the defences) that
fall under its scope (``gmdesk.campaign.scopes``):

- ``modifier``: a bonus/penalty (``value`` per point of the condition when ``per_value``), with
  its pf2 stacking type: two status penalties do not stack, the engine shows the loser suppressed;
- ``advantage`` / ``disadvantage`` (dnd5e), on the bearer's rolls, or with scope ``attacked`` on
  the rolls made against it;
- ``auto_fail`` (dnd5e paralysed: Str and Dex saves fail), ``lose_dex_ac`` (dnd35 flat-footed),
  ``dice`` (anarchy dice modifier), ``note`` (shown, not computed: no number in the rules).

Where each list comes from: pf2 sickened and flat-footed are the seed's; the others are the
published rules of each game (the playtest / 2024 SRD / 3.5 SRD / COF core book); the anarchy list
is gmdesk's own (the seed gives no conditions, only dice modifiers), every value set by the GM.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from gmdesk.engine.core import Modifier, RulesError

from .conditions_data import CATALOGUE, Condition, Effect

__all__ = ["Condition", "Effect", "CATALOGUE", "catalogue", "condition", "Applied", "applied"]


def catalogue(system: str) -> tuple[Condition, ...]:
    """Every condition of a system, in the order a GM picks them from a list."""
    if system not in CATALOGUE:
        raise RulesError("system", f"unknown system {system!r}")
    return tuple(CATALOGUE[system].values())


def condition(system: str, key: str) -> Condition:
    try:
        return CATALOGUE[system][key]
    except KeyError:
        raise RulesError("condition", f"no {system} condition {key!r}") from None


@dataclass
class Applied:
    """What a set of conditions does to one roll (or one defence)."""

    modifiers: list[Modifier]
    advantages: list[str]
    disadvantages: list[str]
    auto_fail: list[str]
    lose_dex: list[str]
    dice: list[Modifier]
    notes: list[str]

    def __bool__(self) -> bool:
        return any((self.modifiers, self.advantages, self.disadvantages, self.auto_fail, self.lose_dex, self.dice))


def resolve(system: str, states: Iterable) -> list[tuple[Condition, int | None]]:
    """The conditions in force: implied ones added (pf2 prone → flat-footed), each key once.

    The same condition twice counts once, at its highest value (frightened 1 and frightened 2 is
    frightened 2): conditions of one name never stack.
    """
    best: dict[str, int | None] = {}
    order: list[str] = []

    def add(key: str, value: int | None) -> None:
        cond = condition(system, key)
        if key in best:
            old = best[key]
            best[key] = value if old is None or (value is not None and value > old) else old
            return
        best[key] = value
        order.append(key)
        for implied in cond.implies:
            add(implied, None)

    for state in states:
        key = state.key
        if key.startswith("custom:"):
            continue  # a GM's own reminder: no effect on the numbers
        add(key, state.value)
    return [(condition(system, k), best[k]) for k in order]


def applied(system: str, states: Iterable, scopes: set[str] | frozenset[str], lang: str = "en") -> Applied:
    """The effects of ``states`` on a roll (or defence) falling under ``scopes``."""
    out = Applied([], [], [], [], [], [], [])
    for cond, value in resolve(system, states):
        if cond.valued and not value:
            continue  # frightened 0 is no longer frightened
        name = cond.label(lang, value)
        for effect in cond.effects:
            if effect.scope not in scopes:
                continue
            amount = effect.amount(value)
            if effect.kind == "modifier" and amount:
                out.modifiers.append(Modifier(amount, name, effect.mod_kind))
            elif effect.kind == "dice" and amount:
                out.dice.append(Modifier(amount, name, "condition"))
            elif effect.kind == "advantage":
                out.advantages.append(name)
            elif effect.kind == "disadvantage":
                out.disadvantages.append(name)
            elif effect.kind == "auto_fail":
                out.auto_fail.append(name)
            elif effect.kind == "lose_dex_ac":
                out.lose_dex.append(name)
            elif effect.kind == "note":
                out.notes.append(name)
    return out
