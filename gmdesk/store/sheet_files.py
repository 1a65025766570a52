"""Character sheets to and from JSON files, to move a party between campaigns or share a monster.

    {"format": "gmdesk-characters", "version": 1, "system": "pf2", "characters": [Character.to_dict()…]}

Importing validates every sheet through the domain model and names the bad field
(``characters[2].sheet.abilities.str``); ids in the file are dropped, the store gives new ones.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from gmdesk.campaign.model import Character
from gmdesk.rules.core import RulesError
from gmdesk.store.atomic import atomic_text, os_error
from gmdesk.store.errors import InvalidInput

FORMAT = "gmdesk-characters"
VERSION = 1


def characters_document(characters: list[Character]) -> dict:
    systems = sorted({c.system for c in characters})
    return {
        "format": FORMAT,
        "version": VERSION,
        "system": systems[0] if len(systems) == 1 else None,
        "characters": [c.to_dict() for c in characters],
    }


def export_characters(characters: list[Character], out: str | Path | TextIO) -> None:
    """Write ``characters`` as one JSON document (to a path, atomically, or to an open stream)."""
    text = json.dumps(characters_document(list(characters)), ensure_ascii=False, indent=2) + "\n"
    if isinstance(out, (str, Path)):
        with atomic_text(out) as stream:
            stream.write(text)
    else:
        out.write(text)


def import_characters(src: str | Path | TextIO, system: str | None = None) -> list[Character]:
    """Characters read from a sheets file (a path or an open stream), without ids.

    A single ``Character.to_dict()`` object is accepted too. With ``system``, sheets of another
    system are refused. Raises InvalidInput naming the bad field.
    """
    where = str(src) if isinstance(src, (str, Path)) else "input"
    try:
        if isinstance(src, (str, Path)):
            text = Path(src).read_text(encoding="utf-8")
        else:
            text = src.read()
        doc = json.loads(text)
    except OSError as exc:
        raise os_error(exc, Path(where), "read") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise InvalidInput(where, f"not a JSON sheets file: {exc}") from None
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        if not isinstance(doc.get("version"), int) or doc["version"] > VERSION:
            raise InvalidInput("version", f"sheets file version {doc.get('version')!r}; this gmdesk reads up to {VERSION}")
        items, prefix = doc.get("characters"), "characters"
        if not isinstance(items, list):
            raise InvalidInput("characters", "must be a list")
    elif isinstance(doc, dict) and "sheet" in doc:
        items, prefix = [doc], "character"
    else:
        raise InvalidInput(where, "not a gmdesk sheets file (no \"format\": \"gmdesk-characters\")")
    out = []
    for i, item in enumerate(items):
        field = f"{prefix}[{i}]" if prefix == "characters" else prefix
        if not isinstance(item, dict):
            raise InvalidInput(field, "must be an object")
        try:
            character = Character.from_dict({**item, "id": None})
        except RulesError as exc:
            raise InvalidInput(f"{field}.{exc.field}", exc.rule) from None
        if system is not None and character.system != system:
            raise InvalidInput(f"{field}.system", f"a {character.system} sheet, this campaign is {system}")
        out.append(character)
    return out
