"""What a system's importers give (``GameSystem.importers``, ``GameSystem.paste``): characters read from
a file another tool wrote (Pathbuilder 2e, Foundry VTT) or from a stat block pasted as text, before
anything is added, with what was recognised and what was not, for the window's preview.

A ``FileImporter`` reads one JSON format: ``claims(doc)`` says whether the document is its format
(``True``), not its (``False``), or its format but refused, with the one line that says why (a
Pathbuilder file reporting no character, a Foundry pf2e *character* that should come through
Pathbuilder); ``read(doc)`` turns it into ``Imported`` records or raises ``RulesError`` naming the
bad field. ``glance(doc)``, where a format has it, reads only what a bestiary's index needs of each
creature (``Glance``), fast and without checking the rest: a pack of ten thousand files is indexed
in seconds, and ``read`` checks a creature whole when the GM shows or adds it. No I/O here: the store
reads files within its limits and hands the parsed document over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word

MAX_ITEMS = 2000  # lists read from a document (items, lores…): beyond, the document is refused


@dataclass
class Imported:
    """One character as read, not yet in a campaign: ``sheet`` is the system's sheet or stat block.

    ``origin`` names its source for re-imports (``pathbuilder``, ``foundry:dnd5e:<actor id>``,
    ``stat block``); ``source`` says it to the GM ("Pathbuilder 2e", "Foundry VTT dnd5e actor");
    ``recognised`` is what the preview lists (label, value as read), ``unrecognised`` the lines or
    fields read but not used, ``notes`` what the GM should know (a number computed rather than read),
    ``assumed`` each value the file left out that gmdesk filled in ("CR missing, level 1 used"): the
    preview and ``gmdesk import`` both say them, so that no number differs from the source unsaid.
    """

    name: str
    kind: str
    sheet: Any
    max_hp: int = 0
    origin: str = ""
    source: Word = Word("stat block", "bloc de stats")
    recognised: list[tuple[Word, "str | Word"]] = field(default_factory=list)  # a value as read, or in both languages
    unrecognised: list[str] = field(default_factory=list)
    notes: list[Word] = field(default_factory=list)
    text_notes: str = ""  # written into the character's notes (what gmdesk keeps but does not compute)
    assumed: list[Word] = field(default_factory=list)
    # What a bestiary prints beside a stat block (``Creature`` fields: hit_dice, size, type, actions):
    # a pack's creature takes them.
    bestiary: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Glance:
    """What a bestiary's search needs of one creature of a document, read without the rest: the
    n-th ``read`` gives, checked whole, the same creature."""

    name: str
    hp: int
    level: int | None = None
    challenge: str = ""
    origin: str = ""
    xp: int | None = None  # as the document gives it; None: the system's own (its challenge's)
    bestiary: dict = field(default_factory=dict)  # as ``Imported.bestiary``: size, type, hit_dice, actions


@dataclass(frozen=True)
class FileImporter:
    """``creatures``, where a format has it, is how a bestiary pack reads the document when not as
    ``read`` does: a Foundry dnd5e NPC imports as a built sheet (Foundry's proficiencies kept), and
    a pack shows it as the stat block it amounts to."""

    id: str
    name: Word
    claims: Callable[[Any], "bool | str"]
    read: Callable[[Any], list[Imported]]
    glance: "Callable[[Any], list[Glance]] | None" = None  # only for formats whose creatures are stat blocks
    creatures: "Callable[[Any], list[Imported]] | None" = None


# -- reading documents safely ------------------------------------------------------------------------


def obj(doc: Any, path: str) -> dict:
    if not isinstance(doc, dict):
        raise RulesError(path, f"must be an object, got {_type(doc)}")
    return doc


def lst(doc: Any, path: str) -> list:
    if not isinstance(doc, list):
        raise RulesError(path, f"must be a list, got {_type(doc)}")
    if len(doc) > MAX_ITEMS:
        raise RulesError(path, f"{len(doc):,} entries; at most {MAX_ITEMS:,}")
    return doc


def get(doc: dict, dotted: str, default: Any = None) -> Any:
    """``get(doc, "system.abilities.str.value")``: None (or ``default``) when any step is missing."""
    node: Any = doc
    for key in dotted.split("."):
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


def whole(value: Any, path: str, lo: int | None = None, hi: int | None = None, default: Any = RulesError) -> int:
    """An integer field: ints, and numbers written as text ("2", "16") as some exports do."""
    if value is None or value == "":
        if default is RulesError:
            raise RulesError(path, "is missing")
        return default
    if isinstance(value, bool):
        raise RulesError(path, f"must be a number, got {value!r}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        text = value.strip()
        body = text[1:] if text[:1] in "+-" else text
        if not (body.isascii() and body.isdigit()) or len(body) > 6:
            raise RulesError(path, f"must be a whole number, got {value[:20]!r}")
        value = int(text)
    if not isinstance(value, int):
        raise RulesError(path, f"must be a whole number, got {_type(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RulesError(path, f"must be between {lo} and {hi}, got {value}")
    return value


def missing(label: Word, used: "Word | str") -> Word:
    """What the preview and ``gmdesk import`` say of a value the file left out (``Imported.assumed``):
    "CR missing, level 1 used"."""
    used = used if isinstance(used, Word) else Word.same(used)
    return Word(f"{label.en} missing, {used.en} used", f"{label.fr}\u202f: rien dans le fichier, {used.fr} par défaut")


HP = Word("HP", "PV")
AC = Word("AC", "CA")


def unprinted(recognised: list, numbers: dict[str, int], defaults: dict[str, tuple[int, Word]]) -> tuple[dict, list[Word]]:
    """A pasted block's numbers (``defaults`` when it printed none) and what ``Imported.assumed`` says
    of what it did not print: each default filled in, and HP 0 when no HP was read (``recognised``)."""
    assumed = [] if numbers else [missing(label, str(value)) for value, label in defaults.values()]
    if not any(label == HP for label, _ in recognised):
        assumed.append(missing(HP, "0"))
    return numbers or {key: value for key, (value, _) in defaults.items()}, assumed


def left_out(what: str) -> Word:
    """What the preview and ``gmdesk import`` say of something the file gives without a usable number
    (a Strike without its attack bonus): left out rather than kept with another number."""
    return Word(f"{what}: no usable number, left out", f"{what}\u202f: sans valeur utilisable, laissé de côté")


def text(value: Any, path: str, default: str | None = None, limit: int = 100) -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str):
        raise RulesError(path, f"must be text, got {_type(value)}")
    value = " ".join(value.split())
    if len(value) > limit:
        raise RulesError(path, f"{len(value):,} characters; at most {limit}")
    return value


class NotFinite:
    """What a JSON reader gives for NaN, Infinity or a number no float holds (1e400): not a number
    to any field, so the field that holds one is named when it is refused (``whole``: "got NaN")."""

    __slots__ = ("word",)

    def __init__(self, word: str):
        self.word = word[:20]

    def __repr__(self) -> str:
        return self.word


def _type(value: Any) -> str:
    if isinstance(value, NotFinite):
        return repr(value)
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "a number")


# -- Foundry VTT actors, whatever their system ---------------------------------------------------------

FOUNDRY_ACTOR_TYPES = ("character", "npc", "vehicle", "group", "encounter", "hazard", "loot", "familiar", "party",
                       "army")


def foundry_actor(doc: Any) -> bool:
    """An actor exported from Foundry VTT V10 or later: ``type``, ``system``, ``items``."""
    return isinstance(doc, dict) and isinstance(doc.get("type"), str) and isinstance(doc.get("system"), dict) \
        and isinstance(doc.get("items"), list) and isinstance(doc.get("name"), str)


def foundry_v9_actor(doc: Any) -> bool:
    """An actor exported from Foundry V9 or older (its body under ``data``)."""
    return isinstance(doc, dict) and isinstance(doc.get("type"), str) and isinstance(doc.get("data"), dict) \
        and isinstance(doc.get("items"), list) and "system" not in doc


def foundry_system(doc: dict) -> str | None:
    """The game system a Foundry document names (``_stats.systemId``, ``_stats.exportSource.system``,
    ``flags.exportSource.system``), or None when it names none."""
    for path in ("_stats.systemId", "_stats.exportSource.system", "flags.exportSource.system"):
        value = get(doc, path)
        if isinstance(value, str) and value:
            return value
    return None
