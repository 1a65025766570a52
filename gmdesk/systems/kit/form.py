"""A system's sheet form as data (``GameSystem.form(lang)`` → ``SheetSpec``): the window's generic
form (``gmdesk.ui.sheets``) renders it; no hand-written forms, no Qt here.

A field names a place in the sheet's ``to_dict()`` by a *path* (``("abilities", "str")``,
``("attacks", 0, "name")``) and says how to edit it. Ranges may depend on the sheet itself (the 3.5
maximum ranks depend on level and class skills), so ``lo``/``hi`` accept a function of the sheet.
``derived`` returns the value the engine derives from the field (a modifier, a pool), shown beside it.

Labels are ``Word``s (English and French, ``gmdesk.engine.words``), or plain text shown as it is
(a code, a name); ``text(label, lang)`` picks the GM's language. The pieces every system's form
shares are at the end: the character header, the modifier list, derived values that never raise.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Sequence, Union

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word

from .checks import Situation
from .house import Defaults
from .refs import CheckRef

Path = tuple
Label = Union[Word, str]  # a Word in both languages, or text shown as it is (a code, a name)
# A range bound: a number, or a function of (the stored sheet, the list row being edited or None).
Bound = Union[int, float, Callable[[object, "dict | None"], "float | None"], None]


def text(label: "Label | None", lang: str = "en") -> str:
    """A label in ``lang``: a ``Word`` (or an (English, French) pair) picked, plain text as it is."""
    if label is None:
        return ""
    if isinstance(label, tuple):
        return Word(*label).text(lang)
    return label


@dataclass(frozen=True)
class Field:
    """One editor. ``kind``: ``int``, ``half`` (multiples of ½), ``opt_int`` (empty allowed), ``choice``,
    ``bool``, ``text``, ``csv`` (a list of words typed with commas), ``key`` (a choice that also takes
    typed text), ``multi`` (a subset of ``choices``), ``member`` (a checkbox for "``member`` is in the
    list at ``path``"). ``read``/``write`` replace plain path access when one editor stands for a
    value spread over the sheet (dnd5e proficient/expertise)."""

    path: Path
    label: Label
    kind: str = "int"
    lo: Bound = None
    hi: Bound = None
    choices: Sequence[tuple[str, Label]] = ()
    member: str = ""
    derived: Callable[[object], "str | Word"] | None = None
    tip: Label = ""
    default: Any = None  # the value when the path is absent from the dict (pf2 skills: untrained)
    read: Callable[[dict], Any] | None = None
    write: Callable[[dict, Any], dict] | None = None

    def bound(self, which: str, sheet: object, row: dict | None = None) -> float | None:
        value = self.lo if which == "lo" else self.hi
        return value(sheet, row) if callable(value) else value

    def get(self, d: dict) -> Any:
        if self.read is not None:
            return self.read(d)
        if self.kind == "member":
            return self.member in (get_path(d, self.path) or [])
        return get_path(d, self.path, self.default)

    def put(self, d: dict, value: Any) -> dict:
        """A copy of ``d`` holding ``value`` in this field."""
        if self.write is not None:
            return self.write(copy.deepcopy(d), value)
        if self.kind == "member":
            return set_path(d, self.path, toggle_member(get_path(d, self.path), self.member, bool(value)))
        return set_path(d, self.path, value)


@dataclass(frozen=True)
class Section:
    title: Label
    fields: Sequence[Field] = ()
    columns: int = 1  # fields laid out in this many side-by-side columns
    root: Path = ("sheet",)  # where the fields' paths start in the character's dict


@dataclass(frozen=True)
class ListSection:
    """A list of records (attacks, paths, Edges): one row per item, with add and remove."""

    title: Label
    path: Path
    columns: Sequence[Field]  # paths relative to one item
    new_item: Callable[[dict], dict]  # a valid blank record, given the sheet dict
    derived: Callable[[object, int], "str | Word"] | None = None  # per-row summary (the attack bonus…)
    # A list kept in the sheet as something else (pf2 Lores are "lore:<topic>" keys of a dict).
    read: Callable[[dict], list] | None = None
    write: Callable[[dict, list], dict] | None = None
    add_label: Label = ""

    def rows(self, d: dict) -> list[dict]:
        return list(self.read(d) if self.read is not None else (get_path(d, self.path) or []))

    def put_rows(self, d: dict, rows: list[dict]) -> dict:
        if self.write is not None:
            return self.write(copy.deepcopy(d), copy.deepcopy(rows))
        return set_path(d, self.path, rows)


@dataclass(frozen=True)
class SheetSpec:
    system: str
    sections: Sequence[Section | ListSection]
    # Values derived from the whole sheet (AC, spell DC, pools), as (label, text) pairs.
    summary: Callable[[object], list[tuple[Label, "str | Word"]]] = lambda sheet: []
    warnings: Callable[[object], list[str]] = lambda sheet: []
    kind: str = "sheet"  # "sheet", or "stat_block" (``kit.statblock_form``): which form of the system


# -- paths into plain dicts -----------------------------------------------------------------------------


def get_path(d: Any, path: Path, default: Any = None) -> Any:
    for key in path:
        try:
            d = d[key]
        except (KeyError, IndexError, TypeError):
            return default
    return d


def set_path(d: dict, path: Path, value: Any) -> dict:
    """A deep copy of ``d`` with ``path`` set to ``value`` (intermediate dicts created)."""
    out = copy.deepcopy(d)
    node = out
    for key in path[:-1]:
        if isinstance(node, dict) and key not in node:
            node[key] = {}
        node = node[key]
    node[path[-1]] = copy.deepcopy(value)
    return out


def toggle_member(items: list, member: str, present: bool) -> list:
    items = [x for x in (items or []) if x != member]
    return items + [member] if present else items


def error_path(field_name: str) -> Path:
    """``"sheet.attacks[2].name"`` -> ``("attacks", 2, "name")``: which editor a RulesError points at."""
    parts: list[Any] = []
    for chunk in field_name.split("."):
        while "[" in chunk:
            head, _, rest = chunk.partition("[")
            if head:
                parts.append(head)
            index, _, chunk = rest.partition("]")
            parts.append(int(index) if index.isdigit() else index)
        if chunk:
            parts.append(chunk)
    if parts and parts[0] == "sheet":
        parts = parts[1:]
    return tuple(parts)


def signed(n: int | float) -> str:
    return f"{n:+d}" if isinstance(n, int) else f"{n:+g}"


# -- what every system's form shares ----------------------------------------------------------------

KIND_CHOICES = (("pc", Word("Player character", "Personnage joueur")),
                ("npc", Word("NPC / monster", "PNJ / monstre")))
SCOPE_TIP = Word("Which rolls it touches: all, checks, dcs, ac, perception, initiative, attack, save:will, "
                 "skill:stealth, uses:dex…",
                 "Les jets concernés\u202f: all (tout), checks (tests), dcs (DD), ac (CA), perception, initiative, "
                 "attack (attaques), save:will, skill:stealth, uses:dex…")


def header_section() -> Section:
    """Name, kind, hit points and notes live on the character, beside its sheet."""
    return Section(
        Word("Character", "Personnage"),
        (
            Field(("name",), Word("Name", "Nom"), "text"),
            Field(("kind",), Word("Kind", "Type"), "choice", choices=KIND_CHOICES),
            Field(("max_hp",), Word("Max HP", "PV max"), "int", 0, 100_000),
            Field(("notes",), Word("Notes", "Notes"), "text"),
        ),
        root=(),
    )


def modifiers_section(kind_choices=None, value_range: Callable | None = None,
                      default_kind: str = "untyped", default_value: int = -1) -> ListSection:
    """Standing bonuses and penalties written on the sheet (items, feats, racial traits)."""
    kind = (Field(("kind",), Word("Type", "Type"), "choice", choices=kind_choices)
            if kind_choices else Field(("kind",), Word("Type", "Type"), "text"))
    lo, hi = value_range if value_range else (-50, 50)
    return ListSection(
        Word("Bonuses and penalties", "Bonus et pénalités"),
        ("modifiers",),
        (
            Field(("value",), Word("Value", "Valeur"), "int", lo, hi),
            Field(("source",), Word("Source", "Source"), "text"),
            kind,
            Field(("scope",), Word("Applies to", "S’applique à"), "text", tip=SCOPE_TIP),
        ),
        new_item=lambda d: {"value": default_value, "source": "?", "kind": default_kind, "scope": "all"},
        add_label=Word("Add a bonus or penalty", "Ajouter un bonus ou une pénalité"),
    )


def safe(compute: Callable[[], "int | str | Word"]) -> "str | Word":
    """A derived value, or a dash when the sheet cannot give one yet (level 0 proficiency…)."""
    try:
        value = compute()
    except (RulesError, KeyError, ValueError, TypeError, LookupError):
        return "—"
    return signed(value) if isinstance(value, int) else value


# The six d20 abilities as the French books abbreviate them (FOR, SAG…).
D20_ABILITIES = {"str": Word("STR", "FOR"), "dex": Word("DEX", "DEX"), "con": Word("CON", "CON"),
                 "int": Word("INT", "INT"), "wis": Word("WIS", "SAG"), "cha": Word("CHA", "CHA")}
ABILITY_CHOICES = tuple(D20_ABILITIES.items())


def ability_word(values: dict, signed: bool = False) -> Word:
    """"STR 16 DEX 14 …" / "FOR 16 DEX 14 …": d20 abilities and their values in both languages."""
    shown = {k: (f"{v:+d}" if signed else str(v)) for k, v in values.items()}
    return Word(" ".join(f"{D20_ABILITIES[k].en} {v}" for k, v in shown.items()),
                " ".join(f"{D20_ABILITIES[k].fr} {v}" for k, v in shown.items()))


def by_label(fields, lang: str) -> tuple:
    """Skills in the alphabetical order of the GM's language (the form is rebuilt on a switch)."""
    return tuple(sorted(fields, key=lambda f: text(f.label, lang).casefold()))


def skill_label(entry) -> Word:
    """English and French from a domain skill table row: a tuple ending with both names, or a record
    with ``en`` and ``fr``."""
    if hasattr(entry, "en"):
        return Word(entry.en, entry.fr)
    return Word(entry[-2], entry[-1])


@dataclass(frozen=True)
class Bearer:
    """A sheet as the builders take a character, for the values a form derives from it alone."""

    system: str
    sheet: object
    id: int | None = None
    name: str = "?"
    kind: str = "pc"


def built_check(build: Callable, system_id: str, sheet, kind: str, key: str = "", situation=None, house=None):
    """The engine check a system's ``build`` makes of this sheet's roll (``kind``, ``key``), with every
    sheet modifier in scope and the rules' defaults: the check panel's own numbers, for derived values.
    (Its imports are the module's: under PySide an import inside a function costs a hook's call each
    time, and a sheet shown asks this some 25 times.)"""
    return build(Bearer(system_id, sheet), CheckRef(kind, key), situation or Situation(dc=10), (),
                 house if house is not None else Defaults(), "en")
