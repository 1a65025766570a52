"""Bestiary packs: the creatures a GM already has, read where they are (read-only, never written).

A pack is a folder (read whole, sub-folders too) or one file: Foundry VTT pf2e NPC and dnd5e NPC
exports, text files of pasted stat blocks, gmdesk sheets files — whatever ``gmdesk import`` reads
(``import_files.read_import``). Each stat block in it becomes a ``Creature`` of the campaign's system.
A file that cannot be read is named in one line (``Pack.problems``) and skipped; the others are read.
Files are read again only when they change (size or modification time): ``PackReader`` keeps what
it read.

Indexing reads of each file only what a search needs where its format allows it (``FileImporter.glance``:
a Foundry pf2e NPC's name, level and HP), so that ten thousand files take seconds, not minutes; such a
creature's block is read whole, and checked, when the GM shows or adds it (``FileBlock``), and a file
that fails then is named at that moment. A file that is not JSON, or that the glance cannot read, goes
the whole way at once, as ``gmdesk import`` reads it.

Which packs a GM added for all campaigns is remembered in the data folder (``bestiary-packs.json``,
``PackList``): it is not a campaign's edit. A campaign's own packs are part of the campaign
(``CampaignInfo.bestiary_packs``, one undo step each); those an older gmdesk remembered in the data
folder for one campaign (by its path) are still read, and never moved into the campaign without
the GM. Written whole or not at all (``atomic``); a damaged list is read as empty, never written over
without a change from the GM.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Callable, Iterable

from gmdesk import systems
from gmdesk.campaign.names import file_name
from gmdesk.engine.core import RulesError
from gmdesk.systems.kit.bestiary import Creature
from gmdesk.systems.kit.statblock import is_stat_block

from .atomic import atomic_text
from .errors import CampaignFileError, InvalidInput, StoreError
from .import_files import read_import
from .sheet_files import read_limited

MAX_FILES = 50_000  # files read in one pack: a whole bestiary, one creature a file, and then some
READS = (".json", ".txt", ".md", ".gmdesk-sheets")
Progress = Callable[[int, int], bool]  # (done, total) -> go on


@dataclass
class Pack:
    path: Path
    creatures: list[Creature] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # one line per file skipped
    stopped: bool = False  # the progress callback asked to stop: what was read so far


def files_of(path: Path) -> list[Path]:
    """The files a pack reads: the file itself, or a folder's readable files, sorted."""
    if path.is_file():
        return [path]
    if path.exists() and not path.is_dir():
        raise InvalidInput("--pack", f"{path}: not a file or a folder")
    if not path.is_dir():
        raise InvalidInput("--pack", f"{path}: no such file or folder")
    found = []
    for root, dirs, names in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(root, n) for n in sorted(names) if n.lower().endswith(READS) and not n.startswith(".")]
        if len(found) > MAX_FILES:
            raise InvalidInput("--pack", f"{path}: more than {MAX_FILES:,} files; choose a smaller folder")
    return found


def creatures_in(file: Path, system_id: str, source: str) -> list[Creature]:
    """The stat blocks of one file as creatures (InvalidInput naming the file when it cannot be read)."""
    return _read_creatures(file, system_id, source)[0]


def _read_creatures(file: Path, system_id: str, source: str) -> tuple[list[Creature], list[str]]:
    """The file's creatures, and the names of the characters it holds that are not (built sheets)."""
    found = read_import(str(file), system_id, bestiary=True)
    out, characters = [], []
    for imported in found:
        block = imported.sheet
        if not is_stat_block(block):
            characters.append(imported.name)  # a player character's built sheet: not a creature to add
            continue
        out.append(Creature(imported.name, system_id, block, imported.max_hp, **{"size": "", "type": "",
                                                                                  **imported.bestiary},
                            xp=_xp(system_id, block), source=source,
                            origin=imported.origin or f"pack:{file.name}:{imported.name}"))
    return out, characters


def _xp(system_id: str, block) -> int | None:
    worth = systems.get(system_id).creature_xp
    return worth(block) if worth is not None else None


def glanced_in(file: Path, system_id: str, source: str) -> list[Creature] | None:
    """The creatures of a JSON file whose format glances (their blocks read later by ``FileBlock``),
    or None when the file must be read whole (not JSON, another format, a glance refused: the whole
    reading names what is wrong)."""
    if not file.name.lower().endswith(".json"):
        return None
    try:
        doc = json.loads(read_limited(file, str(file)))
    except (ValueError, RecursionError):  # not JSON: read whole, as text, and named if it fails
        return None
    system = systems.get(system_id)
    importer = next((i for i in system.importers if i.glance is not None and i.claims(doc) is True), None)
    if importer is None:
        return None
    try:
        glances = importer.glance(doc)
        names = [file_name("name", g.name) for g in glances]
    except (RulesError, TypeError, AttributeError):
        return None
    if not all(names):
        return None
    worth = system.creature_xp
    return [Creature(name, system_id, {"level": g.level, "challenge": g.challenge}, g.hp, **g.bestiary,
                     xp=g.xp if g.xp is not None else worth(SimpleNamespace(level=g.level, challenge=g.challenge))
                     if worth is not None else None,
                     source=source, origin=g.origin or f"pack:{file.name}:{name}",
                     reader=FileBlock(str(file), system_id, source, at, name))
            for at, (g, name) in enumerate(zip(glances, names))]


@dataclass(frozen=True)
class FileBlock:
    """A glanced creature's stat block, read whole from its file when it is first shown or added
    (``Creature.reader``); InvalidInput naming the file when the file no longer gives it."""

    file: str
    system_id: str
    source: str
    at: int  # the at-th creature of the file
    name: str

    def __call__(self):
        try:
            found = creatures_in(Path(self.file), self.system_id, self.source)
        except READ_ERRORS as exc:
            raise InvalidInput(self.file, _why(exc)) from None
        if self.at < len(found) and found[self.at].name == self.name:
            return found[self.at].block
        raise InvalidInput(self.file, f"no longer holds {self.name!r}; it changed since the pack was read")


READ_ERRORS = (InvalidInput, StoreError, CampaignFileError, RulesError, OSError, UnicodeError, ValueError)


def _why(exc: Exception) -> str:
    if isinstance(exc, (OSError, UnicodeError)) or type(exc) is ValueError:
        return f"cannot be read ({type(exc).__name__})"
    return " ".join(str(getattr(exc, "rule", None) or exc).split())[:250]


class PackReader:
    """Reads packs, keeping each file's creatures until the file changes; with ``cache`` (a folder:
    the data folder), also between sessions (``bestiary_cache``)."""

    def __init__(self, cache: str | Path | None = None) -> None:
        self._files: dict[tuple[str, str], tuple[tuple[int, int], list[Creature], str | None]] = {}
        self._cache = cache
        self._cached: dict[tuple[str, str], set[str]] = {}  # (pack, system) → the files its cache holds

    def read(self, path: str | Path, system_id: str, progress: Progress | None = None) -> Pack:
        path = Path(path)
        pack = Pack(path)
        files = files_of(path)
        total = len(files)
        cache_file = None
        if self._cache is not None:
            from . import bestiary_cache

            cache_file = bestiary_cache.cache_file(self._cache, path, system_id)
            if (str(path), system_id) not in self._cached:
                loaded = bestiary_cache.load(cache_file, system_id, lambda file, source, at, name: FileBlock(
                    file, system_id, source, at, name))
                self._cached[str(path), system_id] = set(loaded)
                for file, known in loaded.items():
                    self._files.setdefault((file, system_id), known)
        fresh = False
        for done, file in enumerate(files, 1):
            key = (str(file), system_id)
            try:
                st = file.stat()
                stamp = (st.st_mtime_ns, st.st_size)
            except OSError as exc:
                pack.problems.append(f"{file}: {exc.strerror or exc}")
                continue
            if not stat.S_ISREG(st.st_mode):  # a pipe named .json would wait for a writer forever
                pack.problems.append(f"{file}: not a regular file")
                continue
            known = self._files.get(key)
            if known is None or known[0] != stamp:
                known = (stamp, *self._read_one(file, system_id, path))
                self._files[key] = known
                fresh = True
            _, creatures, problem = known
            pack.creatures += creatures
            if problem:
                pack.problems.append(problem)
            if progress is not None and not progress(done, total):
                pack.stopped = True
                break
        if cache_file is not None and not pack.stopped:
            # Written again when a file was read anew, or one the cache held is gone.
            names = {str(f) for f in files if (str(f), system_id) in self._files}
            if fresh or names != self._cached[str(path), system_id]:
                from . import bestiary_cache

                bestiary_cache.save(cache_file, system_id, {f: self._files[f, system_id] for f in names})
                self._cached[str(path), system_id] = names
        return pack

    @staticmethod
    def _read_one(file: Path, system_id: str, pack: Path) -> tuple[list[Creature], str | None]:
        try:
            glanced = glanced_in(file, system_id, str(pack))
            if glanced is not None:
                return glanced, None
            creatures, characters = _read_creatures(file, system_id, str(pack))
            if characters and not creatures:  # named, so that the GM does not look for them in vain
                names = ", ".join(characters[:3]) + (f" and {len(characters) - 3} more" if len(characters) > 3 else "")
                return [], " ".join(f"{file}: {names}: a character, not a creature; skipped".split())[:300]
            return creatures, None
        except READ_ERRORS as exc:
            return [], " ".join(f"{file}: {_why(exc)}".split())[:300]


# -- the packs a GM added --------------------------------------------------------------------------

LIST_FILE = "bestiary-packs.json"
ALL = "*"  # the list's key for packs added for all campaigns


class PackList:
    """The packs added, per campaign (its resolved path) or for all campaigns (``ALL``)."""

    def __init__(self, folder: str | Path):
        self.path = Path(folder) / LIST_FILE

    def _load(self) -> dict[str, list[str]]:
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(doc, dict):
            return {}
        return {str(k): [p for p in v if isinstance(p, str)] for k, v in doc.items() if isinstance(v, list)}

    def packs(self, campaign: str | Path | None, in_campaign: Iterable[str] = ()) -> list[Path]:
        """The packs a campaign reads: those for all campaigns, then its own (``in_campaign``: those
        the campaign holds; also those an older gmdesk remembered here for it)."""
        doc = self._load()
        own = doc.get(_key(campaign), []) if campaign is not None else []
        return [Path(p) for p in dict.fromkeys(doc.get(ALL, []) + own + list(in_campaign))]

    def add(self, pack: str | Path, campaign: str | Path | None = None) -> None:
        """Remember ``pack`` for ``campaign`` (None: for all campaigns)."""
        doc = self._load()
        key = ALL if campaign is None else _key(campaign)
        entry = str(Path(pack).resolve())
        if entry not in doc.setdefault(key, []):
            doc[key].append(entry)
            self._save(doc)

    def remove(self, pack: str | Path, campaign: str | Path | None = None) -> None:
        doc = self._load()
        key = ALL if campaign is None else _key(campaign)
        entry = str(Path(pack).resolve())
        if entry in doc.get(key, []):
            doc[key].remove(entry)
            self._save(doc)

    def _save(self, doc: dict) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_text(self.path) as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)


def _key(campaign: str | Path) -> str:
    return str(Path(campaign).resolve())
