"""Pieces every system's sheet form shares: the character header and the modifier-entry list."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP

from gmdesk.engine.core import RulesError
from gmdesk.ui.sheets.fields import Field, ListSection, Section, label_text, signed

KIND_CHOICES = (("pc", QT_TRANSLATE_NOOP("SheetFields", "Player character")),
                ("npc", QT_TRANSLATE_NOOP("SheetFields", "NPC / monster")))

SCOPE_TIP = QT_TRANSLATE_NOOP(
    "SheetFields", "Which rolls it touches: all, checks, dcs, ac, perception, initiative, attack, "
                   "save:will, skill:stealth, uses:dex…")


def header_section() -> Section:
    """Name, kind, hit points and notes live on the character, beside its sheet."""
    return Section(
        QT_TRANSLATE_NOOP("SheetFields", "Character"),
        (
            Field(("name",), QT_TRANSLATE_NOOP("SheetFields", "Name"), "text"),
            Field(("kind",), QT_TRANSLATE_NOOP("SheetFields", "Kind"), "choice", choices=KIND_CHOICES),
            Field(("max_hp",), QT_TRANSLATE_NOOP("SheetFields", "Max HP"), "int", 0, 100_000),
            Field(("notes",), QT_TRANSLATE_NOOP("SheetFields", "Notes"), "text"),
        ),
        root=(),
    )


def modifiers_section(kind_choices=None, value_range: Callable | None = None,
                      default_kind: str = "untyped", default_value: int = -1) -> ListSection:
    """Standing bonuses and penalties written on the sheet (items, feats, racial traits)."""
    kind = (Field(("kind",), QT_TRANSLATE_NOOP("SheetFields", "Type"), "choice", choices=kind_choices)
            if kind_choices else Field(("kind",), QT_TRANSLATE_NOOP("SheetFields", "Type"), "text"))
    lo, hi = value_range if value_range else (-50, 50)
    return ListSection(
        QT_TRANSLATE_NOOP("SheetFields", "Bonuses and penalties"),
        ("modifiers",),
        (
            Field(("value",), QT_TRANSLATE_NOOP("SheetFields", "Value"), "int", lo, hi),
            Field(("source",), QT_TRANSLATE_NOOP("SheetFields", "Source"), "text"),
            kind,
            Field(("scope",), QT_TRANSLATE_NOOP("SheetFields", "Applies to"), "text", tip=SCOPE_TIP),
        ),
        new_item=lambda d: {"value": default_value, "source": "?", "kind": default_kind, "scope": "all"},
        add_label=QT_TRANSLATE_NOOP("SheetFields", "Add a bonus or penalty"),
    )


def _as_character(sheet):
    from gmdesk.campaign.model import Character
    from gmdesk.campaign.sheets import system_of

    return Character(None, "?", "pc", system_of(sheet), sheet)


def engine_total(sheet, kind: str, key: str = "") -> int:
    """What the engine adds to the die for this roll of the sheet (anarchy: the dice pool), with
    every sheet modifier in scope and the stacking rules applied: the check panel's own number."""
    from gmdesk.campaign.checks import Situation, build_check
    from gmdesk.systems.kit.refs import CheckRef

    character = _as_character(sheet)
    anarchy = character.system == "anarchy"
    check = build_check(character, CheckRef(kind, key), Situation(threshold=1) if anarchy else Situation(dc=10))
    return check.pool_size() if anarchy else check.breakdown.total


def engine_defense(sheet, touch: bool = False) -> int:
    """The DC an attack against this sheet must reach (AC; pf2 TAC with ``touch``)."""
    from gmdesk.campaign.checks import dc_against
    from gmdesk.systems.pf2 import rules as pf2

    character = _as_character(sheet)
    base, modifiers = dc_against(character, None, touch=touch)
    if character.system == "pf2":
        return base + pf2.stack(modifiers).total
    return base + sum(m.value for m in modifiers)


def safe(compute: Callable[[], int | str]) -> str:
    """A derived value, or a dash when the sheet cannot give one yet (level 0 proficiency…)."""
    try:
        value = compute()
    except (RulesError, KeyError, ValueError, TypeError):
        return "—"
    return signed(value) if isinstance(value, int) else str(value)


# The six d20 abilities as the French books abbreviate them (FOR, SAG…).
D20_ABILITIES = {"str": ("STR", "FOR"), "dex": ("DEX", "DEX"), "con": ("CON", "CON"),
                 "int": ("INT", "INT"), "wis": ("WIS", "SAG"), "cha": ("CHA", "CHA")}
ABILITY_CHOICES = tuple(D20_ABILITIES.items())


def by_label(fields) -> tuple:
    """Skills in the alphabetical order of the language on screen (the spec is rebuilt on a switch)."""
    return tuple(sorted(fields, key=lambda f: label_text(f.label).casefold()))


def skill_label(entry) -> tuple[str, str]:
    """(English, French) from a domain skill table row: a tuple ending with both names, or a record
    with ``en`` and ``fr``."""
    if hasattr(entry, "en"):
        return entry.en, entry.fr
    return entry[-2], entry[-1]
