"""Long work that says how far it got and can be stopped: exports of a big log, a million rolls
logged. No Qt and no terminal here: the caller passes ``progress(done, total) -> bool`` (the window's
runner draws a bar, the command line a line on stderr) and returns False to stop.

A stop is :class:`Cancelled`, raised between two batches: an export's temporary file is then
removed (``atomic_text``), and rolls already logged stay, each batch having been one transaction.
"""

from __future__ import annotations

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
