"""Long work that says how far it got and can be stopped: exports of a big log, a million rolls
logged. No Qt and no terminal here: the caller passes ``progress(done, total) -> bool`` (the window's
runner draws a bar, the command line a line on stderr) and returns False to stop.

A stop is :class:`Cancelled`, raised between two batches: an export's temporary file is then
removed (``atomic_text``), and rolls already logged stay, each batch having been one transaction.
"""

from __future__ import annotations

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
