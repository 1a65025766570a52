"""Long work that says how far it got and can be stopped: exports of a big log, a million rolls
logged. No Qt and no terminal here: the caller passes ``progress(done, total) -> bool`` (the window's
runner draws a bar, the command line a line on stderr) and returns False to stop.

A stop is :class:`Cancelled`, raised between two batches: an export's temporary file is then
removed (``atomic_text``), and rolls already logged stay, each batch having been one transaction.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

# done, total (total 0 when unknown) -> False to stop
Progress = Callable[[int, int], bool]
T = TypeVar("T", bound=Sequence)


class Cancelled(Exception):
    """The GM stopped the work; ``done`` items were finished (and, for rolls, kept)."""

    def __init__(self, done: int, total: int):
        super().__init__(f"stopped after {done:,} of {total:,}")
        self.done = done
        self.total = total


def reporting(batches: Iterable[T], total: int, progress: Progress | None) -> Iterator[T]:
    """``batches`` as they are, ``progress`` told after each one is used (when the next is asked
    for, or at the end); Cancelled when it answers False."""
    done = 0
    tell(progress, done, total)
    for batch in batches:
        yield batch
        done += len(batch)
        tell(progress, done, total)


def tell(progress: Progress | None, done: int, total: int) -> None:
    """Report ``done`` of ``total``; Cancelled if the answer is False (None counts as go on)."""
    if progress is not None and progress(done, total) is False:
        raise Cancelled(done, total)


# SQLite's steps per roll in a tally's scans (measured: 17 to 19 for the two covering-index scans), and
# how many steps pass between two reports: how far a single long query got is estimated from them.
STEPS_PER_ROW = 17
TICK_STEPS = 20_000


@contextmanager
def watched(conn: sqlite3.Connection, rows: int, progress: Progress | None) -> Iterator[None]:
    """Tell ``progress`` how far the queries run on ``conn`` inside the block got through ``rows``
    rows (an estimate from SQLite's steps: the scans are single queries, with no batch to count).
    A stop (False) or Ctrl+C, which lands inside SQLite's call, ends the query and is raised after it."""
    if progress is None:
        yield
        return
    ticks, stopped = 0, []

    def tick() -> int:
        nonlocal ticks
        ticks += 1
        try:
            tell(progress, min(max(rows - 1, 0), ticks * TICK_STEPS // STEPS_PER_ROW), rows)
            return 0
        except BaseException as exc:  # noqa: BLE001 - Ctrl+C or Cancelled: SQLite stops, then it is raised
            stopped.append(exc)
            return 1

    conn.set_progress_handler(tick, TICK_STEPS)
    try:
        yield
    except sqlite3.OperationalError:
        if stopped:
            raise stopped[0] from None
        raise
    finally:
        conn.set_progress_handler(None, 0)
    tell(progress, rows, rows)


STATEMENT_STEPS = 100_000  # SQLite asks whether to stop every so many steps of a statement (about a ms)


class Watch:
    """A ``Progress`` (None: none) that remembers how far the work got, so that it can be asked again
    whether to go on while one long SQLite statement runs (an upgrade's new index over a million
    rolls): ``interrupting`` makes SQLite ask it every ``STATEMENT_STEPS`` steps. A statement stopped
    that way fails with SQLite's "interrupted"; ``stopped`` then says it was the GM's Cancel."""

    def __init__(self, progress: Progress | None):
        self.progress = progress
        self.done = self.total = 0
        self.stopped = False

    def __call__(self, done: int, total: int) -> bool:
        self.done, self.total = done, total
        tell(self.progress, done, total)
        return True

    def stop_asked(self) -> bool:
        if not self.stopped and self.progress is not None and self.progress(self.done, self.total) is False:
            self.stopped = True
        return self.stopped

    def cancelled(self) -> Cancelled:
        return Cancelled(self.done, self.total)

    @contextmanager
    def interrupting(self, conn) -> Iterator[None]:
        if self.progress is None:
            yield
            return
        conn.set_progress_handler(self.stop_asked, STATEMENT_STEPS)
        try:
            yield
        finally:
            conn.set_progress_handler(None, 0)
