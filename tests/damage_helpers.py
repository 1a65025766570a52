"""Damage as a GM's disk makes it, made on purpose: one flipped bit in an index page or in a stored
row's JSON, found deterministically (the page through SQLite's ``dbstat``, the bytes by their text)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def flip_an_index_key(path: Path, index: str = "roll_log_actor", name: bytes = b"Merisiel", *,
                      oldest: bool = False) -> None:
    """One flipped bit in a key of a leaf page in the middle of ``index`` (or the first page holding
    ``name``: its oldest rolls), "Merisiel" read as "merisiel": every page still well formed, so only a
    check of the index against its table sees it."""
    with sqlite3.connect(path) as c:
        page_size = c.execute("PRAGMA page_size").fetchone()[0]
        leaves = [p for (p,) in c.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' "
                                          "ORDER BY pageno", (index,))]
    c.close()
    data = bytearray(path.read_bytes())
    starts = [(p - 1) * page_size for p in leaves]
    start = next(a for a in starts if name in data[a:a + page_size]) if oldest else starts[len(starts) // 2]
    at = data.index(name, start, start + page_size)
    data[at] ^= 0x20
    path.write_bytes(bytes(data))


def flip_in_json(path: Path, text: bytes) -> None:
    """One flipped bit in the JSON of a stored row: its first ``:`` after ``text`` read as ``;``."""
    data = bytearray(path.read_bytes())
    at = data.index(b":", data.index(text))
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
