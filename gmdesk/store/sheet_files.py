"""Character sheets to and from JSON files, to move a party between campaigns or share a monster.

    {"format": "gmdesk-characters", "version": 1, "system": "pf2", "characters": [Character.to_dict()…]}

Importing validates every sheet through the domain model and names the bad field
(``characters[2].sheet.abilities.str``); ids in the file are dropped, the store gives new ones.

A sheets file comes from elsewhere, so importing it has limits (``LIMITS``, in README): its size, how
many characters it adds, how long a name is, how deep its JSON nests. Anything beyond them is refused
whole, before the campaign is touched, with one sentence naming the limit. A UTF-8 byte order mark
(Windows Notepad writes one) is accepted.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import TextIO

from gmdesk.campaign.model import Character
from gmdesk.campaign.names import MAX_NAME, file_name
from gmdesk.engine.core import RulesError
from gmdesk.store.atomic import atomic_text, os_error
from gmdesk.store.errors import InvalidInput
from gmdesk.systems.kit.importing import NotFinite

FORMAT = "gmdesk-characters"
VERSION = 1

MAX_FILE_BYTES = 2 << 20  # 2 MiB: a party of 100 full sheets is about 0.5 MiB
MAX_CHARACTERS = 200  # per import: a party and its monsters, with room to spare
MAX_DEPTH = 32  # JSON nesting: a sheet nests 4 or 5 levels
LIMITS = {"file_bytes": MAX_FILE_BYTES, "characters": MAX_CHARACTERS, "name": MAX_NAME, "depth": MAX_DEPTH}


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
    doc = parse_json(read_limited(src, where), where)
    if not (isinstance(doc, dict) and (doc.get("format") == FORMAT or "sheet" in doc)):
        raise InvalidInput(where, "not a gmdesk sheets file (no \"format\": \"gmdesk-characters\")")
    return characters_in(doc, system)


def characters_in(doc: dict, system: str | None) -> list[Character]:
    """The characters of a sheets file's document (or of one character's), without ids; InvalidInput
    naming the bad field. Shared with ``gmdesk import`` (``import_files``)."""
    if doc.get("format") != FORMAT:
        return characters_of([doc], "character", system)
    if not isinstance(doc.get("version"), int) or doc["version"] > VERSION:
        raise InvalidInput("version", f"sheets file version {doc.get('version')!r}; this gmdesk reads up to {VERSION}")
    items = doc.get("characters")
    if not isinstance(items, list):
        raise InvalidInput("characters", "must be a list")
    if len(items) > MAX_CHARACTERS:
        raise InvalidInput("characters", f"{len(items):,} characters; one import adds at most {MAX_CHARACTERS}")
    document_system(doc, system)
    return characters_of(items, "characters", system)


def document_system(doc: dict, system: str | None) -> None:
    """A sheets file says its system (None when it mixes several): one of another system than the
    campaign's is refused whole, whatever its characters say, rather than half read."""
    named = doc.get("system")
    if named is not None and not isinstance(named, str):
        raise InvalidInput("system", f"must be text or null, got {str(named)[:20]!r}")
    if system is not None and named is not None and named != system:
        raise InvalidInput("system", f"a sheets file of {named[:20]!r} characters, this campaign is {system}")


def characters_of(items: list, prefix: str, system: str | None) -> list[Character]:
    """The characters of a sheets file's list (``prefix`` names it in messages), without ids."""
    out = []
    for i, item in enumerate(items):
        field = f"{prefix}[{i}]" if prefix == "characters" else prefix
        if not isinstance(item, dict):
            raise InvalidInput(field, "must be an object")
        try:
            name = item.get("name")
            if isinstance(name, str):
                name = file_name("name", name)  # the one rule for names, refused past MAX_NAME, never cut
            character = Character.from_dict({**item, "name": name, "id": None})
        except RulesError as exc:
            raise InvalidInput(f"{field}.{exc.field}", exc.rule) from None
        if system is not None and character.system != system:
            raise InvalidInput(f"{field}.system", f"a {character.system} sheet, this campaign is {system}")
        out.append(character)
    return out


def read_limited(src: str | Path | TextIO, where: str) -> str:
    """The text of ``src``, refused past ``MAX_FILE_BYTES`` without reading more than that (a byte
    order mark accepted). Shared with ``gmdesk import`` (``import_files``)."""
    try:
        if isinstance(src, (str, Path)):
            with open(src, "rb") as f:
                # Asked for by the file's size: read(2 MiB) has Python set 2 MiB aside first, for each
                # file (a third of the time of a small one). Grown since, or a pipe (no size): the
                # rest, still no more than the limit.
                size = os.fstat(f.fileno()).st_size
                data = f.read(min(size, MAX_FILE_BYTES) + 1)
                if len(data) > size:
                    data += f.read(MAX_FILE_BYTES + 1 - len(data))
        else:
            data = src.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise os_error(exc, Path(where), "read") from None
    if len(data) > MAX_FILE_BYTES:
        raise InvalidInput(where, f"larger than {MAX_FILE_BYTES // (1 << 20)} MiB; a sheets file or a character "
                                  "export is far smaller")
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")  # a byte order mark is fine
    except UnicodeDecodeError as exc:
        raise InvalidInput(where, f"not UTF-8 text (byte {exc.start})") from None


def parse_json(text: str, where: str) -> object:
    """JSON within ``MAX_DEPTH`` levels of nesting (InvalidInput naming ``where`` otherwise)."""
    try:
        doc = json.loads(text, parse_constant=NotFinite, parse_float=_finite)
    except RecursionError:
        doc = None
    except ValueError as exc:
        raise InvalidInput(where, f"not a JSON sheets file: {exc}") from None
    if doc is None or _depth_over(doc, MAX_DEPTH):
        raise InvalidInput(where, f"nested more than {MAX_DEPTH} levels deep; not a sheets file")
    return doc


def _finite(text: str) -> float | NotFinite:
    """Python's JSON reads NaN, Infinity and 1e400 (infinite); JSON has none, no sheet holds one, and
    arithmetic on one fails far from the file that gave it: each becomes a value no field accepts."""
    value = float(text)
    return value if math.isfinite(value) else NotFinite(text)


def _depth_over(doc: object, limit: int) -> bool:
    """True if ``doc`` nests lists and objects more than ``limit`` levels (without recursion)."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return False
