"""A session's rolls as its recap reads them (``gmdesk.analytics.recap``): in log order, a batch at a
time (keyset pages of ``BATCH`` rows, never the whole session in memory), each roll with the facts the
recap's sentences and streaks need (its group, its tier as counted, its odds).

The rolls read are those logged when the reading began (``newest``): a roll logged meanwhile by the
window belongs to the next recap, not to half of this one.
"""

from __future__ import annotations

from typing import Iterator

from gmdesk.store.log_filter import NOT_UNDONE

BATCH = 5000

# (id, time_utc, actor, label, tier, total, hits, dc, complication, dice_json, secret, reroll_of, fight,
# round, group, counted tier, odds id)
_COLUMNS = ("l.id, l.time_utc, l.actor, l.label, l.tier, l.total, l.hits, l.dc, l.complication, l.dice_json, "
            "l.secret, l.reroll_of, l.fight, l.round, f.grp, o.tier, f.odds_id")


def _picked(include_secret: bool) -> str:
    secret = "" if include_secret else " AND secret = 0"
    return (f"f.grp IN (SELECT id FROM roll_groups WHERE session = ?{secret}) AND f.{NOT_UNDONE}")


def count(read, session: str, include_secret: bool = True) -> tuple[int, int]:
    """(the session's rolls, the newest roll id): how many a recap will read, and up to which."""
    return read(lambda c: c.execute(
        f"SELECT count(*), coalesce(max(f.id), 0) FROM roll_facts f WHERE {_picked(include_secret)}",
        (session,)).fetchone())


def batches(read, session: str, include_secret: bool = True, newest: int | None = None,
            batch: int | None = None) -> Iterator[list[tuple]]:
    """The session's rolls (up to ``newest``, all when None), a list per batch (``BATCH`` rolls), in
    log order."""
    batch = batch or BATCH
    sql = (f"SELECT {_COLUMNS} FROM roll_facts f NOT INDEXED JOIN roll_log l ON l.id = f.id "
           f"JOIN roll_outcomes o ON o.id = f.outcome WHERE {_picked(include_secret)} AND f.id > ? AND f.id <= ? "
           "ORDER BY f.id LIMIT ?")
    last, end = 0, (1 << 62) if newest is None else newest
    while True:
        chunk = read(lambda c: c.execute(sql, (session, last, end, batch)).fetchall())
        if chunk:
            yield chunk
        if len(chunk) < batch:
            return
        last = chunk[-1][0]
