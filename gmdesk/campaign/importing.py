"""Bringing characters in from where they already are: which format a document is, the characters it
holds, and which of them are already in the campaign.

    found = read_json(doc, "pf2")          # a Pathbuilder export, a Foundry actor…: [Imported]
    found = read_text(pasted, "dnd5e")     # stat blocks as the books print them
    plan = plan_import(found, store.characters.list(), "pf2")   # what to add, what to update

The formats are the systems' (``GameSystem.importers`` and ``paste``): each system says which JSON
documents are its own, so a Foundry dnd5e actor offered to a pf2 campaign is refused with the one line
that says whose it is. Reading files within limits is the store's (``gmdesk.store.import_files``).

Importing the same character twice updates it instead of adding a twin: a character is the same when
its **name** (letter case aside) and its **source** (``Character.origin``: Pathbuilder, the Foundry
actor's id, a pasted stat block) are the same. The update keeps the character's place, id, notes and
everything that refers to it (prepared checks, the fight); its sheet, kind and HP are the new ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gmdesk import systems
from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.systems.kit.importing import Imported, foundry_actor, foundry_system, foundry_v9_actor

from .model import Character
from .names import file_name

MAX_CHARACTERS = 200  # per import, as for a sheets file (gmdesk.store.sheet_files.MAX_CHARACTERS)
MATCHED_ON = Word("same name and same source", "même nom et même source")


def formats() -> list[tuple[str, Word]]:
    """Every file format some system reads: (system id, format name)."""
    return [(s.id, imp.name) for s in systems.all_systems() for imp in s.importers]


def read_json(doc: Any, system_id: str, bestiary: bool = False) -> list[Imported]:
    """The characters of a JSON document in a ``system_id`` campaign; RulesError with one line otherwise.
    ``bestiary``: as a bestiary pack reads it (``FileImporter.creatures`` where the format has it)."""
    for system in systems.all_systems():
        for importer in system.importers:
            claim = importer.claims(doc)
            if claim is False:
                continue
            if isinstance(claim, str):
                raise RulesError("format", claim)
            if system.id != system_id:
                raise RulesError("format", f"a {importer.name.en} file holds {system.id} characters; "
                                           f"this campaign is {system_id}")
            found = (importer.creatures if bestiary and importer.creatures is not None else importer.read)(doc)
            return _checked(found, system_id)
    if foundry_v9_actor(doc):
        raise RulesError("format", "a Foundry VTT actor exported from Foundry V9 or older; export it again from "
                                   "Foundry V10 or later")
    if foundry_actor(doc):
        named = foundry_system(doc) or "unknown"
        readable = ", ".join(sorted({i.name.en for s in systems.all_systems() for i in s.importers
                                     if "Foundry" in i.name.en})) or "none"
        raise RulesError("format", f"a Foundry VTT actor of the {named!r} system; gmdesk reads {readable}")
    names = ", ".join(sorted({i.name.en for s in systems.all_systems() for i in s.importers}))
    raise RulesError("format", f"not a file gmdesk imports ({names}, a gmdesk sheets file, or a stat block as text)")


def read_text(text: str, system_id: str) -> list[Imported]:
    """The stat blocks pasted in ``text`` for a ``system_id`` campaign (its system's parser)."""
    system = systems.get(system_id)
    if system.paste is None:
        raise RulesError("text", f"{system_id} reads no pasted stat blocks")
    if not text.strip():
        raise RulesError("text", "nothing pasted")
    if system.paste_marks is not None and not system.paste_marks(text):
        for other in systems.all_systems():
            if other.id != system_id and other.paste_marks is not None and other.paste_marks(text):
                raise RulesError("text", f"these look like {other.name.en} stat blocks ({other.id}); this campaign is "
                                         f"{system_id}")
    return _checked(system.paste(text), system_id)


def _checked(found: list[Imported], system_id: str) -> list[Imported]:
    if len(found) > MAX_CHARACTERS:
        raise RulesError("characters", f"{len(found):,} characters; one import adds at most {MAX_CHARACTERS}")
    for imported in found:
        imported.name = file_name("name", imported.name)
        if not imported.name:
            raise RulesError("name", "a character needs a name")
        character(imported, system_id)  # the domain's own checks, before anything is written
    return found


def character(imported: Imported, system_id: str) -> Character:
    """The campaign character an import gives (no id yet)."""
    try:
        return Character(None, imported.name, imported.kind, system_id, imported.sheet, imported.text_notes,
                         imported.max_hp, imported.origin)
    except RulesError as exc:
        raise RulesError(f"{imported.name}.{exc.field}", exc.rule) from None


def twin_key(name: str, origin: str) -> tuple[str, str]:
    return (" ".join(name.split()).casefold(), origin)


@dataclass
class ImportPlan:
    """What an import does: characters to add, (stored character, its new state) to update, and the
    characters left out because the same one (same name, same source) came again in this import."""

    add: list[Character] = field(default_factory=list)
    update: list[tuple[Character, Character]] = field(default_factory=list)
    left_out: list[Imported] = field(default_factory=list)
    kept: list[Imported] = field(default_factory=list)  # what was read, each character once

    @property
    def count(self) -> int:
        return len(self.add) + len(self.update)


def repeats(found: list[Imported]) -> tuple[list[Imported], list[Imported]]:
    """(kept, left out): within one import, as across imports, the same character (same name, same
    source) is one character — a file given twice, a block pasted twice. The last one read is kept,
    in the place of the first (the party's order is the order the GM gave)."""
    kept: list[Imported] = []
    where: dict[tuple[str, str], int] = {}
    left_out: list[Imported] = []
    for imported in found:
        key = twin_key(imported.name, imported.origin)
        if imported.origin and key in where:
            left_out.append(kept[where[key]])
            kept[where[key]] = imported
        else:
            where[key] = len(kept)
            kept.append(imported)
    return kept, left_out


def plan_import(found: list[Imported], existing: list[Character], system_id: str,
                update_twins: bool = True) -> ImportPlan:
    """Which imported characters are new and which update a twin already in the campaign (same name,
    same source). With ``update_twins`` False the twins are added as new characters (once each)."""
    stored = {twin_key(c.name, c.origin): c for c in existing if c.origin}
    kept, left_out = repeats(found)
    plan = ImportPlan(left_out=left_out, kept=kept)
    for imported in kept:
        new = character(imported, system_id)
        twin = stored.get(twin_key(new.name, new.origin)) if new.origin else None
        if twin is not None and update_twins:
            plan.update.append((twin, replace(twin, kind=new.kind, sheet=new.sheet, max_hp=new.max_hp,
                                              notes=twin.notes or new.notes)))
        else:
            plan.add.append(new)
    return plan


def twins(found: list[Imported], existing: list[Character]) -> list[tuple[Imported, Character]]:
    """The imported characters already in the campaign (same name, same source), with their twin."""
    stored = {twin_key(c.name, c.origin): c for c in existing if c.origin}
    return [(i, stored[twin_key(i.name, i.origin)]) for i in repeats(found)[0]
            if i.origin and twin_key(i.name, i.origin) in stored]
