"""Which rolls a list, an export or the statistics read (``LogFilter``), and the log's one spelling of
a UTC time (``canonical_time``). Apart from the roll log so that the roll facts (``roll_facts``), which
the log writes, can pick rolls by date without importing the log back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from gmdesk.campaign.names import plain_name
from gmdesk.store.errors import InvalidInput

_CANONICAL_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\Z")
_DATE_ONLY = re.compile(r"\d{4}-\d\d-\d\d\Z")


def canonical_time(value: str, field: str = "time_utc") -> str:
    """``2026-11-30T09:15:02.123Z``: one spelling of UTC, so that times sort and compare as text."""
    if isinstance(value, str) and _CANONICAL_TIME.match(value):
        return value
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise InvalidInput(field, f"not a date and time: {value!r}") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)  # the log speaks UTC; a bare time is UTC
    try:
        moment = moment.astimezone(timezone.utc)
    except OverflowError:  # 9999-12-31T23:00-05:00 is in the year 10000
        raise InvalidInput(field, f"out of the calendar's range (years 1 to 9999): {value!r}") from None
    return f"{moment:%Y-%m-%dT%H:%M:%S}.{moment.microsecond // 1000:03d}Z"


@dataclass(frozen=True)
class LogFilter:
    """Which rolls a list or an export shows. ``since``/``until`` are inclusive, UTC; a bare date
    (``2026-11-30``) means that whole day."""

    session: str | None = None
    actor: str | None = None
    since: str | None = None
    until: str | None = None
    tier: str | None = None
    system: str | None = None
    include_secret: bool = True
    secret_only: bool = False  # only the GM's secret rolls

    def __post_init__(self) -> None:
        if self.secret_only and not self.include_secret:
            raise InvalidInput("secret_only", "cannot show only the secret rolls while leaving them out")
        self.where()  # refuse a bad date when the filter is made, not at first use

    @property
    def is_everything(self) -> bool:
        return self == LogFilter()

    def where(self, *, by_index: bool = True) -> tuple[str, list[object]]:
        """The SQL condition and its arguments; ``by_index`` False leaves out the id bounds read
        through the time index (for a count by a scan of the table alone)."""
        clauses: list[str] = []
        args: list[object] = []
        for column in ("session", "actor", "tier", "system"):
            value = getattr(self, column)
            if value is None:
                continue
            plain = plain_name(value).strip() if column in ("session", "actor") else value
            if plain != value:  # a name as the log holds it (the name rule), or as an older gmdesk logged it
                clauses.append(f"{column} IN (?, ?)")
                args += [plain, value]
            else:
                clauses.append(f"{column} = ?")
                args.append(value)
        # Times only nearly follow ids (clocks of two machines, imported rolls), so the time test
        # stays; the id bounds beside it are exact (no matching roll lies outside them) and let a
        # list in id order start and stop where the dates do instead of reading the whole log.
        if self.since is not None:
            since = _bound(self.since, "since", end=False)
            if by_index:
                clauses.append("time_utc >= ? AND id >= "
                               "(SELECT min(id) FROM roll_log INDEXED BY roll_log_time WHERE time_utc >= ?)")
                args += [since, since]
            else:
                clauses.append("time_utc >= ?")
                args.append(since)
        if self.until is not None:
            op = "<" if _DATE_ONLY.match(self.until) else "<="
            until = _bound(self.until, "until", end=True)
            if by_index:
                clauses.append(f"time_utc {op} ? AND id <= "
                               f"(SELECT max(id) FROM roll_log INDEXED BY roll_log_time WHERE time_utc {op} ?)")
                args += [until, until]
            else:
                clauses.append(f"time_utc {op} ?")
                args.append(until)
        if not self.include_secret:
            clauses.append("secret = 0")
        if self.secret_only:
            clauses.append("secret = 1")
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args


def _bound(value: str, field: str, end: bool) -> str:
    if isinstance(value, str) and _DATE_ONLY.match(value):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise InvalidInput(field, f"not a date: {value!r}") from None
        if end and day == date.max:  # no next midnight to stop before: every time that day sorts below this
            return f"{day.isoformat()}U"
        # "until 2026-11-30" takes that whole day: everything before the next midnight.
        return (day + timedelta(days=1)).isoformat() if end else day.isoformat()
    return canonical_time(value, field)
