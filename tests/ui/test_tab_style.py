"""The French tabs' fix (no 2 px shift clipping "À la table") lives on the tab bars alone: a
``pixelMetric`` written in Python on the application's style ran for every metric of every widget
laid out, about 5,000 times a turn of the fight."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QStyle, QTabBar

from gmdesk.ui.guards import GuardStyle

SHIFT = QStyle.PixelMetric.PM_TabBarTabShiftVertical


def test_no_metric_of_the_application_goes_through_python():
    assert "pixelMetric" not in vars(GuardStyle)


def test_every_tab_bar_of_the_window_draws_its_tabs_unshifted(make_window, demo_file):
    window = make_window(demo_file)
    bars = window.findChildren(QTabBar)
    assert len(bars) >= 2  # the panels' tabs and the docks' tabs (made by Qt's QMainWindow)
    for bar in bars:
        assert bar.style().pixelMetric(SHIFT, None, bar) == 0
    assert QApplication.style().pixelMetric(SHIFT) != 0  # the rest of the window keeps its style
