"""Long commands on a terminal (issue 25): how far they got, on one line of stderr rewritten in place
("export: 120,000 of 1,000,000 rolls (12 %), 98,000 rolls/s, 9 s left"), erased when they end.
Nothing at all when stderr is not a terminal: a script or a log file gets only what it asked for;
nor when the command's own output (``beside``: stdout) goes to the terminal, where the line would
cut through it (and the rows scrolling by say how far it got).

``TerminalProgress`` is a ``gmdesk.store.progress.Progress``; it never stops the work (Ctrl+C does:
the commands turn it into exit 130 and one line saying what was kept).
"""

from __future__ import annotations

import time
from typing import TextIO

INTERRUPTED = 130  # as a shell reports a command stopped by SIGINT (128 + 2)


def settled(status: int) -> int:
    """``status``, made sure to be the process's exit status once the command said what Ctrl+C kept.

    CPython remembers a KeyboardInterrupt that left code it compiled from a string (``exec``/``eval``
    of text: the methods ``dataclasses`` and ``namedtuple`` write while a module is imported) as
    "unhandled", even when gmdesk caught it; under ``python -m gmdesk`` the interpreter then ends the
    process by SIGINT after our exit 130 (returncode -2, about 1 Ctrl+C in 10: the signal lands during
    a lazy import). Every such evaluation starts by clearing that mark, so one harmless evaluation
    forgets the KeyboardInterrupt gmdesk already handled."""
    if status == INTERRUPTED:
        eval("None")  # noqa: S307 - a constant: only its side effect of clearing the mark matters
    return status


class TerminalProgress:
    def __init__(self, what: str, err: TextIO, *, beside: TextIO | None = None, unit: str = "rolls",
                 every: float = 0.2, lang: str = "en"):
        self.what, self.err, self.unit, self.every, self.lang = what, err, unit, every, lang
        self.on = _terminal(err) and not (beside is not None and _terminal(beside))
        self.start = time.monotonic()
        self.shown_at = 0.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> bool:
        if not self.on:
            return True
        now = time.monotonic()
        if now - self.shown_at < self.every and done != total:
            return True
        self.shown_at = now
        self.err.write("\r" + self.line(done, total, now - self.start) + "\x1b[K")
        self.err.flush()
        self.drawn = True
        return True

    def line(self, done: int, total: int, spent: float) -> str:
        from .words import count, words  # the French thousands and words, as every line of the command

        tr, lang = words(self.lang), self.lang
        rate = done / spent if spent > 0 else 0.0
        unit = tr(self.unit)
        text = (tr("{what}: {done} of {total} {unit} ({percent} %)", what=self.what, done=count(done, lang),
                   total=count(total, lang), unit=unit, percent=done * 100 // total) if total
                else tr("{what}: {done} {unit}", what=self.what, done=count(done, lang), unit=unit))
        if rate:
            text += f", {count(round(rate), lang)} {unit}/s"
            if total and done < total:
                text += tr(", {duration} left", duration=_duration((total - done) / rate))
        return text

    def close(self) -> None:
        """Erase the line, so that what comes next starts a clean line."""
        if self.drawn:
            self.err.write("\r\x1b[K")
            self.err.flush()
            self.drawn = False


def _terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or odd stream: say nothing
        return False


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes} min {seconds:02d} s"
