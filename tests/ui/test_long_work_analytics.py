"""The analytics over a big roll log are counted off the window's thread (in the worker's own
connection): the window keeps running meanwhile, and what it shows is what counting at once shows."""

from __future__ import annotations

from gmdesk.ui.panels.analytics import panel as analytics_panel
from tests.ui.test_long_work import no_work_left  # noqa: F401 (the fixture: no work runs on)
from tests.ui.test_analytics_panel import show_analytics, table


def test_a_big_log_is_counted_off_the_window_thread(make_window, demo_file, qtbot, monkeypatch):
    window = make_window(demo_file)
    panel = show_analytics(window, qtbot)  # the demo's log is small: counted at once
    at_once = table(panel)
    assert at_once and getattr(panel, "counting", None) is None
    monkeypatch.setattr(analytics_panel, "BIG_LOG", 0)  # every log is big now
    panel.tally = panel.report = None
    panel.refresh(force=True)
    assert panel.report is None and panel.counting.running()  # not counted on the window's thread
    qtbot.waitUntil(lambda: not panel.counting.running(), timeout=10000)
    assert panel.counting.outcome == "done" and table(panel) == at_once


def test_changing_the_filters_replaces_the_count_running(make_window, demo_file, qtbot, monkeypatch):
    window = make_window(demo_file)
    panel = show_analytics(window, qtbot)
    monkeypatch.setattr(analytics_panel, "BIG_LOG", 0)
    panel.refresh(force=True)
    first = panel.counting
    panel.session_combo.setCurrentIndex(panel.session_combo.count() - 1)  # another filter: counted anew
    assert panel.counting is not first or not first.running()
    qtbot.waitUntil(lambda: not panel.counting.running() and not first.running(), timeout=10000)
    monkeypatch.setattr(analytics_panel, "BIG_LOG", 10**9)
    shown = table(panel)
    panel.refresh(force=True)  # counted at once, with the same filter
    assert table(panel) == shown
