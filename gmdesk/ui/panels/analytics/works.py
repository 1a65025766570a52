"""The analytics panel's long work, run off the window's thread by ``long_work``: counting a big roll
log and writing a session recap, each in the worker's own connection to the campaign (SQLite
connections are not shared across threads). Qt-free: the panel hands them to the runner."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from gmdesk.ui import long_work

BIG_LOG = 50_000  # rolls past which the panel counts off the window's thread


def tally_work(campaign: Path, flt, level: Fraction):
    """The count and its report as a work for ``long_work``, in the worker's own connection."""
    def work(progress: long_work.Progress):
        from gmdesk.analytics.report import build
        from gmdesk.analytics.tally import Tally

        store = long_work.read_campaign(campaign)
        try:
            tally = Tally.load(store.log.facts, flt)
        finally:
            store.close()
        if not progress(1, 2):
            raise long_work.Cancelled()
        return tally, build(tally, level)
    return work


def recap_work(campaign: Path, session: str, path: str, **options):
    """The recap as a work for ``long_work``: the campaign opened afresh in the worker's thread, the
    page written as the session's rolls are read (``progress``: how many; Cancel leaves no file)."""
    def work(progress: long_work.Progress) -> str:
        from gmdesk.analytics.recap import write_recap
        from gmdesk.store.atomic import refuse_protected
        from gmdesk.store.progress import Cancelled

        refuse_protected(Path(path))
        store = long_work.read_campaign(campaign)
        try:
            return write_recap(store, session, path, progress=progress, **options)
        except Cancelled:
            raise long_work.Cancelled() from None
        finally:
            store.close()
    return work
