"""What a pack's files gave, kept between sessions (``PackReader(cache=folder)``): a pack of thousands
of files is read once, then only the files whose size or date changed are read again.

One file per pack and system under ``<data folder>/bestiary-index/``, written whole or not at all
(``atomic``). It is a convenience, never the GM's data: a damaged or foreign one is ignored (the pack's
files are read again), and one that cannot be written is simply not kept.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from gmdesk import systems
from gmdesk.systems.kit.bestiary import Creature, CreatureAction, Damage

from .atomic import atomic_text
from .errors import StoreError

FOLDER = "bestiary-index"
# 2: a glanced creature keeps its place in its file ("at") and only what a search needs; 3: and what a
# bestiary prints beside its block (hit dice, size, type, actions), and Foundry dnd5e NPCs are creatures
VERSION = 3
Known = dict[str, tuple[tuple[int, int], list[Creature], "str | None"]]  # file → (stamp, creatures, problem)


def cache_file(folder: str | Path, pack: Path, system_id: str) -> Path:
    digest = hashlib.sha256(f"{system_id}\0{pack.resolve()}".encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return Path(folder) / FOLDER / f"{digest}.json"


ReaderOf = Callable[[str, str, int, str], Callable]  # (file, source, at, name) → a glanced creature's reader


def load(path: Path, system_id: str, reader_of: ReaderOf) -> Known:
    """What the cache says of each file; {} when there is none, or it is damaged or another's.
    ``reader_of`` gives a glanced creature its reader (``bestiary_packs.FileBlock``)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("version") != VERSION or doc.get("system") != system_id \
            or not isinstance(doc.get("files"), dict):
        return {}
    block_class = systems.get(system_id).stat_block
    out: Known = {}
    try:
        for file, (mtime, size, rows, problem) in doc["files"].items():
            if type(mtime) is not int or type(size) is not int or not (problem is None or type(problem) is str):
                return {}
            out[file] = ((mtime, size), [_creature(d, file, system_id, block_class, reader_of) for d in rows], problem)
    except (TypeError, ValueError, KeyError):
        return {}
    return out


def _creature(d: dict, file: str, system_id: str, block_class: type, reader_of: ReaderOf) -> Creature:
    name, hp, xp, block, at = d["name"], d["hp"], d["xp"], d["block"], d.get("at")
    source, origin = d["source"], d["origin"]
    level = block.get("level") if type(block) is dict else None
    if not (type(name) is str and type(hp) is int and (xp is None or type(xp) is int) and type(block) is dict
            and (level is None or type(level) is int) and type(block.get("challenge", "")) is str
            and type(source) is str and type(origin) is str and (at is None or type(at) is int)):
        raise ValueError("a damaged entry")
    looks = _looks(d)
    if at is not None:  # glanced: its block is read from its file when it is shown or added
        return Creature(name, system_id, block, hp, **looks, xp=xp, source=source, origin=origin,
                        reader=reader_of(file, source, at, name))
    # The block is read (and checked) from its dict when it is shown or added, as the SRD's are.
    return Creature(name, system_id, block, hp, **looks, xp=xp, source=source, origin=origin, block_class=block_class)


def _looks(d: dict) -> dict:
    """Hit dice, size, type and actions as ``_row`` wrote them (ValueError when damaged)."""
    looks = {k: d.get(k, "") for k in ("hit_dice", "size", "type")}
    actions = d.get("actions", [])
    if not (all(type(v) is str for v in looks.values()) and type(actions) is list):
        raise ValueError("a damaged entry")
    looks["actions"] = tuple(_action(a) for a in actions)
    return looks


def _action(a: dict) -> CreatureAction:
    name, bonus, damage, save, dc = a["name"], a.get("bonus"), a.get("damage", []), a.get("save", ""), a.get("dc")
    if not (type(name) is str and (bonus is None or type(bonus) is int) and type(damage) is list
            and type(save) is str and (dc is None or type(dc) is int)):
        raise ValueError("a damaged entry")
    rolls = tuple(Damage(x["dice"], x["type"]) for x in damage)
    if not all(type(r.dice) is str and type(r.type) is str for r in rolls):
        raise ValueError("a damaged entry")
    return CreatureAction(name, bonus, rolls, save, dc)


def save(path: Path, system_id: str, known: Known) -> None:
    """Keep ``known`` for next time; a cache that cannot be written is not kept (nothing else fails)."""
    doc = {"version": VERSION, "system": system_id,
           "files": {f: [stamp[0], stamp[1], [_row(c) for c in creatures], problem]
                     for f, (stamp, creatures, problem) in known.items()}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_text(path) as out:
            out.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))  # dumps: C-encoded, dump is not
    except (OSError, StoreError):
        pass


def _row(c: Creature) -> dict:
    block = c.stat_block if isinstance(c.stat_block, dict) else c.block.to_dict()
    row = {"name": c.name, "hp": c.hp, "xp": c.xp, "source": c.source, "origin": c.origin, "block": block}
    row.update({k: v for k, v in (("hit_dice", c.hit_dice), ("size", c.size), ("type", c.type)) if v})
    if c.actions:
        row["actions"] = [a.to_dict() for a in c.actions]
    if c.reader is not None:  # a reader_of's: the block stays in the file, read when shown or added
        row["at"] = c.reader.at
    return row
