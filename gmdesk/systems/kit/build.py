"""Helpers the systems' check builders share (``GameSystem.checks``)."""

from __future__ import annotations

from typing import Iterable, Mapping

from gmdesk.engine.core import Modifier, RulesError

from .conditions import Applied, Condition, applied


def sheet_modifiers(entries: Iterable, scopes: frozenset[str]) -> list[Modifier]:
    """The sheet's standing entries whose scope covers this roll."""
    return [e.to_modifier() for e in entries if e.scope in scopes]


def refuse(situation, system: str, *names: str) -> None:
    """A toggle the system does not have is an error, not silently ignored."""
    for name in names:
        value = getattr(situation, name)
        if value not in (False, None, (), 0):
            raise RulesError(name, f"{system} has no such option")


def conditions_on(catalogue: Mapping[str, Condition], conditions, scopes: frozenset[str], lang: str) -> Applied:
    """What the creature's ``conditions`` (from its system's ``catalogue``) do to a roll under ``scopes``."""
    return applied(catalogue, conditions, scopes, lang)


def target_dc(situation, what: str = "dc") -> int:
    if situation.dc is None:
        raise RulesError("dc", f"give a {what} (or an opponent)")
    return situation.dc


def attack_of(sheet, ref, kinds: tuple[str, ...]):
    """The sheet attack a ref names: ``weapon``/name, or ``attack``/kind = the first of that kind.

    Returns None for a bare attack of that kind (no weapon on the sheet).
    """
    if ref.kind == "weapon":
        for a in sheet.attacks:
            if a.name == ref.key:
                return a
        raise RulesError("check.key", f"no attack named {ref.key!r} on this sheet")
    if ref.key not in kinds:
        raise RulesError("check.key", f"an attack is one of {', '.join(kinds)}; got {ref.key!r}")
    return next((a for a in sheet.attacks if a.kind == ref.key), None)
