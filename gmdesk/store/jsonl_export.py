"""The roll log as JSON Lines, straight from its raw rows: one object per roll, exactly what
``LogEntry.to_dict()`` holds, in its order, without building an entry per roll.

The check, dice, breakdown and notes columns are JSON already; each distinct text is read and written
back once (a cache: a log repeats the same few hundred), so a hand-edited column comes out valid and
in the compact form gmdesk writes. A million rolls export in about the CSV's time.
"""

from __future__ import annotations

import json
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Iterable, TextIO

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

# LogEntry's fields in its order, read from these columns (id comes first for the keyset paging).
COLUMNS = ("id, system, tier, time_utc, session, actor, label, check_json, dice_json, breakdown_json, total, dc, "
           "hits, complication, secret, reroll_of, notes_json, fight, round")


@lru_cache(maxsize=1 << 16)
def _json(raw: str) -> str:
    return _dumps(json.loads(raw))


def _text(value: object) -> str:
    return encode_basestring(value) if type(value) is str else _dumps(value)


def _number(value: object) -> str:
    if value is None:
        return "null"
    return str(value) if type(value) is int else _dumps(value)


def line(r: tuple) -> str:
    """One roll's JSON object (no line end) from a row of ``COLUMNS``."""
    t, n = _text, _number
    return (f'{{"system":{t(r[1])},"tier":{t(r[2])},"time_utc":{t(r[3])},"session":{t(r[4])},'
            f'"actor":{t(r[5])},"label":{t(r[6])},"check":{_json(r[7])},"dice":{_json(r[8])},'
            f'"breakdown":{_json(r[9])},"total":{n(r[10])},"dc":{n(r[11])},"hits":{n(r[12])},'
            f'"complication":{n(r[13])},"secret":{"true" if r[14] else "false"},"reroll_of":{n(r[15])},'
            f'"notes":{_json(r[16])},"id":{n(r[0])},"fight":{t(r[17])},"round":{n(r[18])}}}')


def write_batches(batches: Iterable[list[tuple]], stream: TextIO) -> int:
    """Every row of ``batches`` (rows of ``COLUMNS``) as one line; returns how many."""
    n = 0
    for rows in batches:
        stream.write("".join([line(r) + "\n" for r in rows]))
        n += len(rows)
    return n
