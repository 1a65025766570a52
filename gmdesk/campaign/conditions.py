"""Conditions per system and what they do to checks: each system's catalogue
(``GameSystem.conditions``, data in ``gmdesk/systems/<id>/conditions.py``), asked by system id.

What the effects mean: ``gmdesk.systems.kit.conditions``.
"""

from __future__ import annotations

from typing import Iterable

from gmdesk import systems
from gmdesk.systems.kit import conditions as kit
from gmdesk.systems.kit.conditions import Applied, Condition, Effect

__all__ = ["Condition", "Effect", "catalogue", "condition", "Applied", "resolve", "applied"]


def catalogue(system: str) -> tuple[Condition, ...]:
    """Every condition of a system, in the order a GM picks them from a list."""
    return tuple(systems.get(system).conditions.values())


def condition(system: str, key: str) -> Condition:
    return systems.get(system).condition(key)


def resolve(system: str, states: Iterable) -> list[tuple[Condition, int | None]]:
    """The conditions in force: implied ones added (pf2 prone → flat-footed), each key once."""
    return kit.resolve(systems.get(system).conditions, states)


def applied(system: str, states: Iterable, scopes: set[str] | frozenset[str], lang: str = "en") -> Applied:
    """The effects of ``states`` on a roll (or defence) falling under ``scopes``."""
    return kit.applied(systems.get(system).conditions, states, scopes, lang)
