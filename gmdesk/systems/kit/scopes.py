"""What a modifier or a condition applies to, as short strings shared by sheets and conditions.

A *scope* names a family of rolls or defences:

- ``all``: every check the creature makes and every DC (AC included) it sets (pf2 sickened);
- ``checks``: every check it rolls; ``dcs``: every DC it sets, AC and TAC included;
- ``ac`` (AC and pf2 TAC), ``tac`` (TAC only), ``perception``, ``initiative``;
- ``attack`` / ``attack:melee`` / ``attack:ranged`` / ``attack:spell``;
- ``save`` / ``save:<key>``, ``skill`` / ``skill:<key>``, ``ability`` / ``ability:<key>``;
- ``uses:<ability>``: every roll (and pf2 DC) built on that ability (pf2 clumsy: Dex-based);
- ``attacked``: rolls made *against* this creature (dnd5e prone, restrained, …);
- ``preset`` / ``preset:<key>``: anarchy attribute-only tests.

``gmdesk.campaign.checks.check_scopes`` says which scopes a given roll falls under (each system's ``CheckRules.scopes``).
"""

from __future__ import annotations

from gmdesk.engine.core import RulesError

PLAIN = frozenset({"all", "checks", "dcs", "ac", "tac", "perception", "initiative", "attack", "save", "skill",
                   "ability", "attacked", "preset"})
PREFIXED = frozenset({"attack", "save", "skill", "ability", "uses", "preset", "attacked"})


def check_scope(field: str, scope: object) -> str:
    if not isinstance(scope, str):
        raise RulesError(field, f"must be text, got {scope!r}")
    if scope in PLAIN:
        return scope
    head, sep, rest = scope.partition(":")
    if sep and head in PREFIXED and rest:
        return scope
    raise RulesError(field, f"unknown scope {scope!r} (e.g. all, checks, ac, skill:stealth, save:will, uses:dex)")


def applies(scope: str, scopes: frozenset[str] | set[str]) -> bool:
    """True when an entry scoped ``scope`` applies to a roll that falls under ``scopes``."""
    return scope in scopes
