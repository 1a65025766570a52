"""Reading what ``gmdesk import`` and File › Import… are given: files from other tools, gmdesk's own
sheets files, and stat blocks pasted as text, within the limits of a sheets file (``sheet_files``:
its size, how deep its JSON nests, how many characters it adds; a byte order mark accepted).

    found = read_import("mirela.json", "pf2")        # [Imported], or InvalidInput naming the file
    found = read_import(sys.stdin, "pf2", text=True)  # a paste

A file's format is told by its content: JSON is a Pathbuilder export, a Foundry actor or a gmdesk
sheets file (``gmdesk.campaign.importing`` asks the systems whose it is); anything else is text, read
as stat blocks by the campaign's system. Nothing is written here: a file that cannot be read is
refused whole with one line, before the campaign is touched.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TextIO

from gmdesk.campaign.importing import read_json, read_text
from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.store.errors import CampaignFileError, InvalidInput
from gmdesk.store.fileformat import probe, reading, refused_as_damaged
from gmdesk.store.schema import CURRENT_VERSION
from gmdesk.store.sheet_files import FORMAT, characters_in, parse_json, read_limited
from gmdesk.systems.kit.importing import Imported

SHEETS_FILE = Word("gmdesk sheets file", "fichier de fiches gmdesk")


def read_import(src: str | Path | TextIO, system_id: str, where: str | None = None,
                text: bool | None = None, bestiary: bool = False) -> list[Imported]:
    """The characters in ``src`` for a ``system_id`` campaign. ``text`` True reads it as pasted stat
    blocks whatever it looks like; None tells JSON from text by its first character. ``bestiary``:
    as a bestiary pack reads it (``FileImporter.creatures``)."""
    where = where or (str(src) if isinstance(src, (str, Path)) else "input")
    content = read_limited(src, where)
    try:
        if text is None:
            text = not content.lstrip().startswith(("{", "["))
        if text:
            return read_text(content, system_id)
        doc = parse_json(content, where)
        if isinstance(doc, dict) and (doc.get("format") == FORMAT or "sheet" in doc and "system" in doc):
            return _sheets_file(doc, system_id, where)
        return read_json(doc, system_id, bestiary)
    except InvalidInput:
        raise
    except RulesError as exc:
        raise InvalidInput(where, exc.rule if exc.field in ("format", "text") else f"{exc.field}: {exc.rule}") from None
    except RecursionError:
        raise InvalidInput(where, "nested too deep to read") from None


def _sheets_file(doc: dict, system_id: str, where: str) -> list[Imported]:
    try:
        characters = characters_in(doc, system_id)
    except InvalidInput as exc:  # named after the file, as every other refusal of an import
        raise InvalidInput(where, f"{exc.field}: {exc.rule}") from None
    return [Imported(c.name, c.kind, c.sheet, c.max_hp, c.origin, SHEETS_FILE,
                     [(Word("Name", "Nom"), c.name)], [], [], c.notes) for c in characters]


def campaign_system(path: str | Path) -> str:
    """The system of the campaign at ``path``, read without writing to it (an older file is not
    upgraded yet: a refused import leaves it byte for byte as it was)."""
    path = Path(path)
    try:
        damage = probe(path, CURRENT_VERSION).damage(path)
    except CampaignFileError as exc:
        if exc.kind != "damaged":
            raise
        damage = str(exc)
    if damage is not None:
        raise refused_as_damaged(damage, path)
    try:
        with reading(path) as conn:
            row = conn.execute("SELECT system FROM campaign WHERE id = 1").fetchone()
    except sqlite3.Error as exc:
        raise CampaignFileError(f"{path}: the campaign file is damaged: {exc}", "damaged", path) from None
    if row is None:
        raise CampaignFileError(f"{path}: the campaign file is damaged (no campaign row)", "damaged", path)
    return str(row[0])
