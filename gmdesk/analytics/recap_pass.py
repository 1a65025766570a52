"""The one pass a session recap makes over the session's rolls (issue 25): a million rolls are read a
batch at a time (``FactsReader.session_rows``), never held. Each roll goes, as it is read, into the
fights' and the log's HTML (written to ``fights_out`` and ``log_out``, temporary files the page copies
once its top is written) and into the little the top needs: how many rolls are shown and when the
first and the last was, the luckiest and the unluckiest moment, each character's streak line.

A streak line of a long session keeps, for each of ``COLUMNS`` slices of the session, the lowest, the
highest and the last point of that slice: the chart looks the same (the image is a few hundred
pixels wide), its size stays bounded. A session of up to ``EXACT_STREAKS`` rolls keeps every point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TextIO

from gmdesk.analytics import plain
from gmdesk.analytics.recap_log import Fights, LogRows
from gmdesk.analytics.report import Streak
from gmdesk.campaign.player_view import is_public
from gmdesk.store.check_odds import SUCCESS_TIERS
from gmdesk.store.progress import Progress, reporting

EXACT_STREAKS = 20_000
COLUMNS = 1_000


@dataclass
class Seen:
    """What the page's top says of the session, gathered in the pass."""

    shown: int = 0
    first: str = ""  # the first and the last shown roll's time (UTC)
    last: str = ""
    lucky: tuple | None = None  # (chance of success, the roll's row)
    unlucky: tuple | None = None
    streaks: list[Streak] = field(default_factory=list)
    any_fight: bool = False


class _Line:
    """One character's streak: every point, or per slice its lowest, highest and last (see above)."""

    __slots__ = ("points", "column", "slice")

    def __init__(self) -> None:
        self.points: list[tuple[int, float]] = [(0, 0.0)]
        self.column = -1
        self.slice: list[tuple[int, float]] = []  # lowest, highest, last of the current column

    def add(self, x: int, y: float, column: int | None) -> None:
        if column is None:
            self.points.append((x, y))
            return
        if column != self.column:
            self.flush()
            self.column, self.slice = column, [(x, y), (x, y), (x, y)]
            return
        low, high, _ = self.slice
        self.slice = [(x, y) if y < low[1] else low, (x, y) if y > high[1] else high, (x, y)]

    def flush(self) -> None:
        self.points += sorted(set(self.slice))
        self.slice = []


def read_session(facts, session: str, *, include_secret: bool, hidden: frozenset[str], tr, lang: str,
                 target: str | None, fights_out: TextIO, log_out: TextIO,
                 progress: Progress | None = None) -> Seen:
    """Read ``session``'s rolls once: the fights and the log written, the top's inputs returned.
    ``hidden``: the names a player-safe recap leaves out (their groups, and every roll naming them)."""
    counted = {grp: group.actor for grp, group in
               facts.groups(session=session, include_secret=include_secret, leave_out=hidden).items()}
    chance = {i: plain.success_chance(o) for i, o in facts.odds().items()}
    fraction = {i: float(c) for i, c in chance.items()}
    # A chance's rank among them all: a million comparisons of integers, not of fractions. Only a
    # roll that could have gone the other way is a lucky (or unlucky) moment.
    rank = {c: n for n, c in enumerate(sorted(set(chance.values())))}
    could_fail = {i: rank[c] for i, c in chance.items() if c < 1}
    could_succeed = {i: rank[c] for i, c in chance.items() if c > 0}
    total, batches = facts.session_rows(session, include_secret)
    columns = None if total <= EXACT_STREAKS else COLUMNS
    fights, log = Fights(tr, lang), LogRows(tr, lang, target)
    lucky = unlucky = None  # (rank, row)
    lines: dict[str, _Line] = {}
    running: dict[str, float] = {}
    number, shown, first, last = 0, 0, None, ""
    for batch in reporting(batches, total, progress):
        html = []
        for row in batch:
            who = counted.get(row[14])
            if who is None:  # a hidden combatant's roll: not in the streaks, not shown
                continue
            number += 1
            tier, odds_id = row[15], row[16]
            won = tier in SUCCESS_TIERS
            known = odds_id in fraction
            if known:
                running[who] = y = running.get(who, 0.0) + won - fraction[odds_id]
                line = lines.get(who)
                if line is None:
                    line = lines[who] = _Line()
                line.add(number, y, None if columns is None else number * columns // total)
            if hidden and not is_public(SimpleNamespace(secret=False, actor=row[2], label=row[3]), hidden):
                continue
            shown += 1
            if first is None:
                first = row[1]
            last = row[1]
            if known:
                if won:
                    r = could_fail.get(odds_id)
                    if r is not None and (lucky is None or r < lucky[0]):
                        lucky = (r, row)
                else:
                    r = could_succeed.get(odds_id)
                    if r is not None and (unlucky is None or r > unlucky[0]):
                        unlucky = (r, row)
            if row[12]:
                fights.add(row)
            html.append(log.row(row))
        log_out.write("".join(html))
        fights_out.write(fights.take())
    fights.finish()
    fights_out.write(fights.take())
    for line in lines.values():
        if line.slice:
            line.flush()
    return Seen(shown, first or "", last,
                None if lucky is None else (chance[lucky[1][16]], lucky[1]),
                None if unlucky is None else (chance[unlucky[1][16]], unlucky[1]),
                sorted((Streak(who, line.points) for who, line in lines.items()), key=lambda s: s.actor.casefold()),
                fights.any)
