"""The roll log's timing for ``benchmarks/ui.py`` (issue 4, item 11), run inside a shown window.

``log_scroll(panel, rows)``: the roll-log view over ``rows`` logged rolls: page-down steps from the
top, jumps anywhere (dragging the scroll bar), the same jumps with a filter on; each step is timed
to the view repainted with its rows read.

The log is measured whole, out of its dock and at a reading size (the Table layout shows it as a
one-line strip, whose scrolling reads nothing), and the figures are refused loudly (``NothingDone``)
when the work did not happen: no row on screen, no page read while scrolling, the last row not reached.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from gmdesk import systems
from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, LogFilter

_edit = {"n": 0}
READING_SIZE = (1100, 700)


class NothingDone(RuntimeError):
    """The view did not do the work its timings claim to measure."""


def build_log(path: Path, rows: int, system: str | None = None, batch: int = 50_000) -> CampaignStore:
    """A campaign holding ``rows`` rolls (five actors, four sessions, one roll in seven secret) of
    four-degree checks, in a campaign of ``system`` (default: the first system, pf2)."""
    system = system or systems.default().id
    store = CampaignStore.create(path, CampaignInfo("Benchmark", system))
    tiers = ("critical_failure", "failure", "success", "critical_success")
    template = LogEntry(system=system, tier="success", label="Stealth", total=12, dc=15,
                        time_utc="2026-01-01T10:00:00.000Z", dice=[{"sides": 20, "face": 7, "state": "kept"}])
    done = 0
    while done < rows:
        n = min(batch, rows - done)
        store.log.append_many([
            dataclasses.replace(template, actor=f"Actor {i % 5}", session=f"Session {i % 4}", tier=tiers[i % 4],
                                total=i % 30, secret=i % 7 == 0)
            for i in range(done, done + n)
        ])
        done += n
    return store


def _settle(view) -> None:
    view.viewport().repaint()  # paint now: the model reads the rows on screen
    QApplication.processEvents()


def log_scroll(panel, rows: int = 1_000_000, steps: int = 200, jumps: int = 100) -> dict:
    previous, was_strip, dock = panel.store, panel.is_strip(), panel.parentWidget()
    with tempfile.TemporaryDirectory(prefix="gmdesk-log-bench-") as tmp:
        store = build_log(Path(tmp) / "log.gmdesk", rows)
        try:
            panel.set_campaign(store)
            panel.set_strip(False)
            panel.setParent(None)  # a window of its own, at a size the GM reads the log at
            panel.resize(*READING_SIZE)
            view = panel.table
            panel.show()
            _settle(view)
            bar = view.verticalScrollBar()
            on_screen = view.rowAt(view.viewport().height() - 1) - view.rowAt(0) + 1
            if view.rowAt(0) < 0 or on_screen < 10:
                raise NothingDone(f"the log view shows {max(on_screen, 0)} rows: nothing to scroll")
            before = panel.model.page_reads
            page, jump, filtered = [], [], []
            for _ in range(steps):
                start = time.perf_counter()
                bar.triggerAction(bar.SliderAction.SliderPageStepAdd)
                _settle(view)
                page.append(time.perf_counter() - start)
            rng = random.Random(1)
            for _ in range(jumps):
                start = time.perf_counter()
                bar.setValue(rng.randrange(bar.maximum() + 1))
                _settle(view)
                jump.append(time.perf_counter() - start)
            reads = panel.model.page_reads - before
            if reads == 0:
                raise NothingDone(f"{steps} pages down and {jumps} jumps over {rows:,} rolls read no row")
            panel.model.set_filter(LogFilter(actor="Actor 3", include_secret=False))
            _settle(view)
            for _ in range(jumps):
                start = time.perf_counter()
                bar.setValue(rng.randrange(bar.maximum() + 1))
                _settle(view)
                filtered.append(time.perf_counter() - start)
            bar.setValue(bar.maximum())
            _settle(view)
            last = view.indexAt(view.viewport().rect().topLeft()).data(Qt.ItemDataRole.DisplayRole)
        finally:
            panel.set_campaign(previous)
            if isinstance(dock, QDockWidget):
                dock.setWidget(panel)
            panel.set_strip(was_strip)
            store.close()
    if last is None:
        raise NothingDone("the log view's last row was never shown")
    ms = lambda xs: round(statistics.median(xs) * 1000, 2)  # noqa: E731
    return {"log_rows": rows, "log_scroll_ms_per_page": ms(page), "log_jump_ms": ms(jump),
            "log_jump_ms_max": round(max(jump) * 1000, 2), "log_filtered_jump_ms": ms(filtered),
            "log_page_reads": reads, "log_rows_on_screen": on_screen, "log_bottom_row_shown": True}
