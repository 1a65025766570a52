"""The rolls to analyse, counted once and kept up to date: which rolls (``StatsFilter``), and their
counts by group, tier and exact odds, and by dice thrown (``Tally``).

A ``Tally`` reads the store's grouped facts (``gmdesk.store.roll_facts.FactsReader``) — a few hundred
or thousand rows however long the log — and ``update()`` adds only the rolls logged since, so a panel
following the table stays cheap on a million-roll campaign.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from gmdesk.campaign.initiative_log import TIER as INITIATIVE
from gmdesk.store.check_odds import SUCCESS_TIERS
from gmdesk.store.roll_facts import Group, parse_dice


@dataclass(frozen=True)
class StatsFilter:
    """Which rolls are analysed: one actor's, one session's (as ``roll_facts`` defines sessions), those
    logged at or after ``since`` (a UTC date or time), the GM's secret rolls or not, and not the rolls
    of the actors in ``leave_out`` (combatants hidden from the players: a player-safe recap)."""

    actor: str | None = None
    session: str | None = None
    since: str | None = None
    include_secret: bool = True
    leave_out: frozenset[str] = frozenset()


class GroupCounts:
    """One stored group's rolls: outcomes (tier → rolls), odds (odds id → rolls), rolls without odds
    (``initiative`` of them initiative rolls, which have no success or failure), successes. Integers
    only; fractions come when the report is built."""

    __slots__ = ("outcomes", "odds", "without", "initiative", "successes")

    def __init__(self) -> None:
        self.outcomes: dict[str, int] = {}
        self.odds: dict[int, int] = {}
        self.without = 0
        self.initiative = 0
        self.successes = 0


@dataclass
class Tally:
    flt: StatsFilter = field(default_factory=StatsFilter)
    groups: dict[int, Group] = field(default_factory=dict)
    odds: dict[int, dict[str, Fraction]] = field(default_factory=dict)
    by_group: dict[int, GroupCounts] = field(default_factory=dict)
    by_odds: dict[int, list[int]] = field(default_factory=dict)  # odds id → [rolls, successes]
    dice: Counter = field(default_factory=Counter)  # dice thrown ("20:4,17") → rolls
    last_id: int = 0
    unfacted: int = 0  # rolls the store has no facts for: not analysed

    @classmethod
    def load(cls, reader, flt: StatsFilter = StatsFilter(), progress=None) -> "Tally":
        """Count the rolls ``flt`` picks. ``reader``: ``store.log.facts``; ``progress(done, total)`` is
        told how far the reading got (``gmdesk.store.progress``)."""
        tally = cls(flt)
        tally._read(reader, 0, progress)
        return tally

    def update(self, reader) -> bool:
        """Add the rolls logged since the last read; True when there were any."""
        if reader.last_id() <= self.last_id:
            return False
        self._read(reader, self.last_id)
        return True

    def _read(self, reader, after: int, progress=None) -> None:
        f = self.flt
        more = {"progress": progress} if progress is not None else {}
        got = reader.counts(actor=f.actor, session=f.session, include_secret=f.include_secret, since=f.since,
                            after=after, odds_after=max(self.odds, default=0), leave_out=f.leave_out, **more)
        self.groups = got.groups
        self.odds.update(got.odds)
        self._add_rows(got.tally)
        for text, n in got.dice:
            self.dice[text] += n
        self.last_id = got.newest
        if got.unfacted is not None:
            self.unfacted = got.unfacted

    def add(self, grp: int, tier: str, odds_id: int | None, n: int = 1) -> None:
        """Count ``n`` rolls of group ``grp`` with outcome ``tier`` and odds ``odds_id`` (None: unknown)."""
        self._add_rows([(grp, tier, odds_id, n)])

    def _add_rows(self, rows) -> None:
        # A million rolls arrive as some 100,000 rows: one tight loop, no call per row.
        by_group, by_odds, odds, success = self.by_group, self.by_odds, self.odds, SUCCESS_TIERS
        for grp, tier, odds_id, n in rows:
            counts = by_group.get(grp)
            if counts is None:
                counts = by_group[grp] = GroupCounts()
            if odds_id is None or odds_id not in odds:
                counts.without += n
                if tier == INITIATIVE:
                    counts.initiative += n
                continue
            outcomes, per_odds = counts.outcomes, counts.odds
            outcomes[tier] = outcomes.get(tier, 0) + n
            per_odds[odds_id] = per_odds.get(odds_id, 0) + n
            record = by_odds.get(odds_id)
            if record is None:
                record = by_odds[odds_id] = [0, 0]
            record[0] += n
            if tier in success:
                counts.successes += n
                record[1] += n

    @property
    def rolls(self) -> int:
        return sum(sum(c.outcomes.values()) + c.without for c in self.by_group.values())

    def faces(self) -> dict[int, Counter]:
        """Die size → Counter of faces thrown, over every roll counted."""
        out: dict[int, Counter] = {}
        for text, n in self.dice.items():
            for sides, faces in parse_dice(text).items():
                counter = out.setdefault(sides, Counter())
                for face in faces:
                    if 1 <= face <= sides:
                        counter[face] += n
        return out
