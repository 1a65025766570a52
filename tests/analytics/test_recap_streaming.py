"""Issue 25: the session recap streams. One pass over the session's rolls, a batch at a time; the
fights and the log spilled to a temporary file; bounded state for the top's sentences and streaks.
The page of a small session is byte for byte what it was before (pages captured from the recap as it
was, in ``tests/fixtures/recap``); a long session's memory stays flat; the work says how far it got
and stops when told, leaving the file it was to replace as it was."""

from __future__ import annotations

import datetime as dt
import io
import os
import random
import signal
import subprocess
import sys
import time
import tracemalloc
from dataclasses import replace
from functools import partialmethod
from pathlib import Path

import pytest

from gmdesk.analytics import recap, recap_pass
from gmdesk.analytics.report import streaks
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.cli import build_parser
from gmdesk.cli.progress import TerminalProgress
from gmdesk.cli.words import refusal
from gmdesk.store import CampaignStore, LogFilter, exports, session_rows
from gmdesk.store.demo_seed import seed
from gmdesk.store.progress import Cancelled
from analytics_helpers import cli_check

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "recap"


class _Fixed(dt.datetime):
    """The page's "Made on" date, as the pages in the fixtures were made."""

    @classmethod
    def now(cls, tz=None):
        return dt.datetime(2026, 1, 2, 3, 4, tzinfo=dt.timezone.utc)


@pytest.fixture
def utc(monkeypatch):
    """The GM's clock on UTC, as when the fixtures were made (the log shows local times)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    exports._utc_offset.cache_clear()
    monkeypatch.setattr(recap, "datetime", _Fixed)
    yield
    monkeypatch.undo()
    time.tzset()
    exports._utc_offset.cache_clear()


def demo(tmp_path: Path, system: str, lang: str) -> Path:
    game = demo_campaign(system, lang)
    path = tmp_path / f"{system}-{lang}.gmdesk"
    CampaignStore.create(path, game.info, lambda s: seed(s, game)).close()
    return path


@pytest.mark.parametrize("system, lang, session, options, page", [
    ("pf2", "en", "Session 2", {"include_secret": True}, "pf2_en_session2_secret.html"),
    ("pf2", "fr", "Séance 2", {"player_safe": True}, "pf2_fr_seance2_player_safe.html"),
    ("cof", "fr", "Séance 1", {}, "cof_fr_seance1.html"),
])
def test_a_small_sessions_page_is_what_it_was_before_the_recap_streamed(tmp_path, utc, monkeypatch, system, lang,
                                                                        session, options, page):
    path = demo(tmp_path, system, lang)
    expected = (FIXTURES / page).read_text(encoding="utf-8")
    with CampaignStore.open(path) as store:
        assert recap.recap_html(store, session, lang=lang, **options) == expected
        monkeypatch.setattr(session_rows, "BATCH", 3)  # read three rolls at a time: the same page
        out = tmp_path / "recap.html"
        recap.write_recap(store, session, out, lang=lang, **options)
    assert out.read_bytes() == (FIXTURES / page).read_bytes()


def long_session(path: Path, rolls: int) -> Path:
    """One session of ``rolls`` real pf2 rolls by four characters, a fight every few rolls, one in
    twenty secret."""
    checks = [cli_check("pf2", "--mod", str(mod), "--dc", "18") for mod in (2, 7, 12)]
    described = [(c, c.describe()) for c in checks]
    rng = random.Random(25)
    entries = []
    for i in range(rolls):
        check, describe = described[i % 3]
        e = LogEntry.from_roll(check.roll(rng), describe, actor=("Valeros", "Kyra", "Merisiel", "Ezren")[i % 4],
                               label="Perception", session="Long night", secret=i % 20 == 7)
        entries.append(replace(e, fight="Ambush" if i % 3 else "", round=1 + i // 30 % 5))
    with CampaignStore.create(path, CampaignInfo("Long", "pf2")) as store:
        store.log.append_many(entries)
    return path


def test_the_recap_says_how_far_it_got_and_reads_every_roll_shown(tmp_path, monkeypatch):
    path = long_session(tmp_path / "long.gmdesk", 600)
    monkeypatch.setattr(session_rows, "BATCH", 100)
    told = []
    with CampaignStore.open(path) as store:
        shown = store.log.count(LogFilter(session="Long night", include_secret=False))
        recap.write_recap(store, "Long night", tmp_path / "r.html", progress=lambda d, t: told.append((d, t)) or True)
    assert told[0] == (0, shown) and told[-1] == (shown, shown) and len(told) == -(-shown // 100) + 1  # every batch, and the start
    assert [d for d, _ in told] == sorted(d for d, _ in told)
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.count('<tr><td class="num">') == shown  # the log: every roll shown, once


def test_cancel_leaves_the_previous_page_and_no_temporary_file(tmp_path, monkeypatch):
    path = long_session(tmp_path / "long.gmdesk", 600)
    monkeypatch.setattr(session_rows, "BATCH", 100)
    out = tmp_path / "out" / "recap.html"
    out.parent.mkdir()
    out.write_text("the previous recap\n", encoding="utf-8")
    with CampaignStore.open(path) as store, pytest.raises(Cancelled):
        recap.write_recap(store, "Long night", out, progress=lambda done, total: done < 200)
    assert out.read_text(encoding="utf-8") == "the previous recap\n"
    assert [f.name for f in out.parent.iterdir()] == ["recap.html"]


def test_a_long_sessions_streaks_keep_their_shape_in_bounded_points(tmp_path, monkeypatch):
    path = long_session(tmp_path / "long.gmdesk", 900)
    monkeypatch.setattr(recap_pass, "EXACT_STREAKS", 100)  # a "long" session: 900 rolls in 10 slices
    monkeypatch.setattr(recap_pass, "COLUMNS", 10)
    with CampaignStore.open(path) as store:
        exact = {s.actor: s.points for s in streaks(store.log.facts, "Long night", include_secret=False)}
        with open(tmp_path / "fights", "w+") as fights, open(tmp_path / "log", "w+") as log:
            seen = recap_pass.read_session(store.log.facts, "Long night", include_secret=False, hidden=frozenset(),
                                           tr=lambda t, **v: t.format(**v), lang="en", target="DC",
                                           fights_out=fights, log_out=log)
    assert {s.actor for s in seen.streaks} == set(exact)
    for line in seen.streaks:
        points, every = line.points, exact[line.actor]
        assert len(points) <= 1 + 3 * 10 < len(every)
        assert set(points) <= set(every) and points == sorted(points)  # points of the line, in order
        assert points[-1] == every[-1]  # where it ends
        assert min(y for _, y in points) == min(y for _, y in every)  # its lowest and highest
        assert max(y for _, y in points) == max(y for _, y in every)


def test_a_recaps_memory_does_not_grow_with_the_session(tmp_path, monkeypatch):
    """Before, the page and every row were held at once: four times the rolls took four times the
    memory. Now the pass holds a batch and the top's few inputs, whatever the session's length."""
    monkeypatch.setattr(session_rows, "BATCH", 200)
    monkeypatch.setattr(recap_pass, "EXACT_STREAKS", 100)  # streak lines in bounded points from 100 rolls
    monkeypatch.setattr(recap_pass, "COLUMNS", 50)
    peaks, sizes = [], []
    for rolls in (1000, 4000):
        out = tmp_path / f"r{rolls}.html"
        with CampaignStore.open(long_session(tmp_path / f"{rolls}.gmdesk", rolls)) as store:
            recap.write_recap(store, "Long night", out)  # caches warmed: what is measured is the pass
            tracemalloc.start()
            try:
                recap.write_recap(store, "Long night", out)
                peaks.append(tracemalloc.get_traced_memory()[1])
            finally:
                tracemalloc.stop()
        sizes.append(out.stat().st_size)
    assert sizes[1] > 3 * sizes[0]
    assert peaks[1] < 1.3 * peaks[0], (peaks, sizes)


# -- the command line ------------------------------------------------------------------------------

class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_command_line_shows_how_far_the_recap_got_on_a_terminal_only(tmp_path, monkeypatch):
    path = long_session(tmp_path / "long.gmdesk", 300)
    monkeypatch.setattr(session_rows, "BATCH", 50)
    lines = []
    real = TerminalProgress.line
    monkeypatch.setattr(TerminalProgress, "line", lambda self, *a: lines.append(real(self, *a)) or lines[-1])
    monkeypatch.setattr(TerminalProgress, "__init__", partialmethod(TerminalProgress.__init__, every=0))
    for err in (io.StringIO(), Terminal()):
        args = build_parser().parse_args(["export", str(path), "--format", "recap", "--out", str(tmp_path / "r.html")])
        assert args.handler(args, io.StringIO(), err) == 0
    assert lines and lines[-1].startswith("recap: ") and " of " in lines[-1]  # drawn on the terminal only…
    assert err.getvalue().endswith("\r\x1b[K")  # …and erased at the end
    assert len(lines) == len(set(lines)) >= 2


SLOW = """
import sys, time
from gmdesk.store import session_rows
batches = session_rows.batches
def slow(*args, **kwargs):  # a long session, as the test sees it: each batch takes a while
    for chunk in batches(*args, **kwargs):
        time.sleep(0.05)
        yield chunk
session_rows.batches, session_rows.BATCH = slow, 10
from gmdesk.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_stops_the_recap_with_130_and_leaves_the_previous_page(tmp_path):
    path = long_session(tmp_path / "long.gmdesk", 400)
    out = tmp_path / "recap.html"
    out.write_text("the previous recap\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
           "LANGUAGE": "en"}
    p = subprocess.Popen([sys.executable, "-c", SLOW, "export", str(path), "--format", "recap", "--out", str(out)],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(f.name.endswith(".tmp") for f in tmp_path.iterdir()):  # it has started writing
        assert p.poll() is None and time.monotonic() < deadline, p.communicate()
        time.sleep(0.002)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode in (130, -signal.SIGINT), err  # (see test_cli_interrupt: either is the shell's 130)
    assert err == f"gmdesk export: interrupted: nothing written, {out} is as it was\n"
    assert out.read_text(encoding="utf-8") == "the previous recap\n"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["long.gmdesk", "recap.html"]


def test_ctrl_c_says_in_french_that_the_recap_on_stdout_is_incomplete():
    assert refusal("interrupted: the recap on stdout is incomplete", "fr") == \
        "interrompu\u202f: le récapitulatif sur la sortie standard est incomplet"
