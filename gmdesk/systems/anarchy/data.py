"""Shadowrun Anarchy tables as data (RULES.md §5, seed 004): difficulties, attributes, presets.

Labels come in French (the seed's words, what the GM reads on the page) and English. Ids are
stable: they go in campaign files, the roll log and ``AnarchyTest.describe()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdesk.engine.core import RulesError


@dataclass(frozen=True)
class Difficulty:
    """One row of the difficulty table.

    ``threshold`` is the simple test's threshold (0 = "automatic": the test cannot fail);
    ``opposing_pool`` is the variable test's opposing pool.
    """

    id: str
    en: str
    fr: str
    threshold: int
    opposing_pool: int


DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty("very_easy", "very easy", "très facile", 0, 4),
    Difficulty("easy", "easy", "facile", 1, 6),
    Difficulty("average", "average", "moyen", 2, 8),
    Difficulty("hard", "hard", "difficile", 3, 10),
    Difficulty("very_hard", "very hard", "très difficile", 4, 12),
)


def _key(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())


_DIFFICULTY_NAMES = {
    _key(name): d for d in DIFFICULTIES for name in (d.id, d.en, d.fr)
}


def difficulty(name: str, field: str = "difficulty") -> Difficulty:
    """The row for an id or a label in either language (``"hard"``, ``"very_hard"``, ``"Difficile"``)."""
    if not isinstance(name, str) or _key(name) not in _DIFFICULTY_NAMES:
        known = ", ".join(d.id for d in DIFFICULTIES)
        raise RulesError(field, f"unknown difficulty {name!r} (one of {known})")
    return _DIFFICULTY_NAMES[_key(name)]


@dataclass(frozen=True)
class Attribute:
    code: str  # the seed's (French) abbreviation, used as the id
    fr: str
    en: str
    en_code: str


ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute("FOR", "Force", "Strength", "STR"),
    Attribute("AGI", "Agilité", "Agility", "AGI"),
    Attribute("VOL", "Volonté", "Willpower", "WIL"),
    Attribute("LOG", "Logique", "Logic", "LOG"),
    Attribute("CHA", "Charisme", "Charisma", "CHA"),
)

_ATTRIBUTE_CODES = {
    _key(name): a.code for a in ATTRIBUTES for name in (a.code, a.en_code, a.fr, a.en)
}


def attribute_code(name: str, field: str = "attributes") -> str:
    """The seed's code (``FOR``) for a code or name in either language (``STR``, ``Strength``)."""
    if not isinstance(name, str) or _key(name) not in _ATTRIBUTE_CODES:
        known = ", ".join(a.code for a in ATTRIBUTES)
        raise RulesError(field, f"unknown attribute {name!r} (one of {known})")
    return _ATTRIBUTE_CODES[_key(name)]


@dataclass(frozen=True)
class Preset:
    """An attribute-only test: two attributes (possibly the same one twice) and a dice penalty."""

    id: str
    fr: str
    en: str
    attributes: tuple[str, str]
    penalty: int = -2
    note_fr: str = ""
    note_en: str = ""


PRESETS: tuple[Preset, ...] = (
    Preset("catch_object", "Attraper un objet au vol", "Catch an object", ("AGI", "AGI")),
    Preset("physical_defense", "Défense physique", "Physical defense", ("AGI", "LOG")),
    Preset(
        "magical_defense", "Défense magique", "Magical defense", ("VOL", "CHA"),
        note_fr="Armure = LOG", note_en="armor = LOG",
    ),
    Preset(
        "resist_fatigue", "Lutter contre la fatigue ou la température",
        "Resist fatigue or temperature", ("FOR", "VOL"),
    ),
    Preset("perceptiveness", "Perspicacité", "Perceptiveness", ("CHA", "LOG")),
    Preset("perception", "Perception", "Perception", ("LOG", "VOL")),
    Preset("resist_torture", "Résister à la torture", "Resist torture", ("FOR", "VOL")),
    Preset("resist_intimidation", "Résister à l’intimidation", "Resist intimidation", ("CHA", "VOL")),
    Preset("recall_detail", "Se souvenir d’un détail spécifique", "Recall a specific detail", ("LOG", "LOG")),
    Preset("lift_object", "Soulever un objet lourd", "Lift a heavy object", ("FOR", "FOR")),
)

PRESETS_BY_ID = {p.id: p for p in PRESETS}


def preset(preset_id: str, field: str = "preset") -> Preset:
    if preset_id not in PRESETS_BY_ID:
        raise RulesError(field, f"unknown attribute-only test {preset_id!r} (one of {', '.join(PRESETS_BY_ID)})")
    return PRESETS_BY_ID[preset_id]
