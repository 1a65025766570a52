"""Field descriptions that drive the generic sheet form: one list per system, no hand-written forms.

A field names a place in the sheet's ``to_dict()`` by a *path* (``("abilities", "str")``,
``("attacks", 0, "name")``) and says how to edit it. Ranges may depend on the sheet itself (the 3.5
maximum ranks depend on level and class skills), so ``lo``/``hi`` accept a function of the sheet.
``derived`` returns the value the engine derives from the field (a modifier, a pool), shown beside it.

Labels are English source strings translated in the ``SheetFields`` context, or ``(English, French)``
pairs taken from the domain's skill tables (the seeds' French names), picked by the current language.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Sequence, Union

from PySide6.QtCore import QCoreApplication

from gmdesk.ui import i18n

Path = tuple
Label = Union[str, tuple[str, str]]  # source text, or (English, French) from the domain tables
# A range bound: a number, or a function of (the stored sheet, the list row being edited or None).
Bound = Union[int, float, Callable[[object, "dict | None"], "float | None"], None]


def label_text(label: Label) -> str:
    if isinstance(label, tuple):
        return label[1] if i18n.current_language() == "fr" else label[0]
    return QCoreApplication.translate("SheetFields", label)


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
    derived: Callable[[object], str] | None = None
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
    derived: Callable[[object, int], str] | None = None  # per-row summary (the attack bonus…)
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
    summary: Callable[[object], list[tuple[str, str]]] = lambda sheet: []
    warnings: Callable[[object], list[str]] = lambda sheet: []


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
