"""``gmdesk stats`` over a big log (issue 25): how far the reading got on a terminal's stderr (a rate and
an estimate of the time left on one rewritten line), nothing more when piped; Ctrl+C: exit 130, one line."""

from __future__ import annotations

import io

import pytest

from gmdesk.cli import main
from gmdesk.store import progress as store_progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    path = tmp_path_factory.mktemp("stats") / "c.gmdesk"
    assert main(["new", str(path), "--system", "pf2", "--lang", "en"], io.StringIO(), io.StringIO()) == 0
    assert main(["roll", "pf2", "--mod", "5", "--dc", "15", "--count", "3000", "--seed", "1", "--log", str(path),
                 "--actor", "Kyra"], io.StringIO(), io.StringIO()) == 0
    return path


def stats(campaign, err, *more: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(["stats", str(campaign), "--lang", "en", *more], out, err), out.getvalue()


def test_the_progress_line_on_a_terminal_only(campaign, monkeypatch):
    monkeypatch.setattr(store_progress, "TICK_STEPS", 1000)  # many reports over a small log
    piped = io.StringIO()
    rc, report = stats(campaign, piped)
    assert rc == 0 and piped.getvalue() == ""  # piped: nothing extra
    tty = Terminal()
    rc, same = stats(campaign, tty)
    assert rc == 0 and same == report  # the report itself unchanged
    shown = tty.getvalue()
    assert shown.startswith("\rstats: ") and "of 3,000 rolls (100 %)" in shown and "rolls/s" in shown
    assert "\n" not in shown and shown.endswith("\r\x1b[K")  # one line, rewritten, erased at the end


def test_how_far_the_reading_got_grows_to_the_whole(campaign, monkeypatch):
    from gmdesk.analytics.report import analyse
    from gmdesk.store import CampaignStore

    monkeypatch.setattr(store_progress, "TICK_STEPS", 1000)
    told: list[tuple[int, int]] = []
    with CampaignStore.open(campaign, read_only=True) as store:
        with_progress = analyse(store, progress=lambda done, total: told.append((done, total)) or True)
        without = analyse(store)
    assert with_progress.whole.rolls == without.whole.rolls == 3000
    assert len(told) > 3 and told[-1] == (3000, 3000)
    assert [d for d, _ in told] == sorted(d for d, _ in told) and all(d < 3000 for d, _ in told[:-1])


def test_ctrl_c_while_sqlite_reads_exits_130_with_one_line(campaign, monkeypatch):
    """Ctrl+C lands inside SQLite's long query (its progress handler): the query stops, exit 130."""
    monkeypatch.setattr(store_progress, "TICK_STEPS", 1000)
    from gmdesk.cli import progress as cli_progress

    def interrupted(self, done, total):
        if done:
            raise KeyboardInterrupt
        return True

    monkeypatch.setattr(cli_progress.TerminalProgress, "__call__", interrupted)
    err = io.StringIO()
    rc, out = stats(campaign, err)
    assert (rc, out) == (130, "")
    assert err.getvalue() == "gmdesk stats: interrupted: nothing was changed or written\n"
