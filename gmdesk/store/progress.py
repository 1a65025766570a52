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
