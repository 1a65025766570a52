"""How a system's own words appear in a check's breakdown (``GameSystem.words``).

The engine and the systems' builders name a modifier in English keys or in the seed's words
(``Modifier(+1, "wis", "ability")``, ``"acrobatics (trained)"``, ``"For 16"``). The window's
``EngineWords`` (``gmdesk.ui.engine_words``) maps the engine's common vocabulary; what only one
system writes it asks the system through these words, in the GM's language:

- ``names(lang)``: engine keys (skills, saves, presets…) → their names in ``lang``;
- ``phrases``: whole sources or reasons only this system writes ("base attack bonus");
- ``kinds``: modifier kinds this system names otherwise (cof's "skill" is a path rank);
- ``abbreviations``: False when ability codes stay as the books print them in both languages
  (a French game says FOR, SAG… to an English GM too);
- ``untrained``: how "(untrained)" after a skill's name reads in this system;
- ``tidy(source)``: a source as the builder writes it → as it is shown;
- ``kind_names(lang)``: the kinds of check the roll log groups by (``climb``, ``will``, ``str``,
  ``resist_fatigue``) → their names, beside ``names`` (the statistics and the recap: never a raw key);
- ``creature_kind(size, type, lang)``: a bestiary creature's size and type as the GM reads them
  (dnd5e's "Large aberration" / "aberration de taille G"); None: as printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from gmdesk.engine.words import Word


def _no_names(lang: str) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class SystemWords:
    names: Callable[[str], dict[str, str]] = _no_names
    phrases: Mapping[str, Word] = field(default_factory=dict)
    kinds: Mapping[str, Word] = field(default_factory=dict)
    abbreviations: bool = True
    untrained: Word | None = None
    tidy: Callable[[str], str] | None = None
    kind_names: Callable[[str], dict[str, str]] = _no_names
    creature_kind: Callable[[str, str, str], str] | None = None


# The attack kinds several systems log (a bare attack, melee, ranged).
ATTACK_KINDS = {"attack": ("Attack", "Attaque"), "melee": ("Melee", "Corps à corps"), "ranged": ("Ranged", "Distance")}


def keyed(*tables: Mapping[str, tuple], lang: str) -> dict[str, str]:
    """key → name in ``lang`` from tables of ``key: (…, English, French)`` (the last two of each row)."""
    return {key: (row[-1] if lang == "fr" else row[-2]) for table in tables for key, row in table.items()}
