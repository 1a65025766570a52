"""The Analytics panel painting its report (``gmdesk.analytics.report.Report``): the summary, the
groups table and the three charts, each drawn when its tab is first seen. Apart from the panel, which
counts the rolls into its tally and follows the log and the filters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from gmdesk.ui import i18n
from .views import fill_table, summary_text

if TYPE_CHECKING:
    from gmdesk.ui.charts.analytics_charts import CalibrationChart, DiceChart, StreakChart
    from gmdesk.analytics.report import Report

translate = QCoreApplication.translate


class PaintsTheReport:
    """Mixed into ``AnalyticsPanel`` (its ``tally``, ``report``, ``store``, ``summary``, ``table``,
    chart tabs, filters' combos, ``details_box``, ``level``, ``_kind_label``)."""

    @property
    def dice_chart(self) -> DiceChart:
        return self.dice_tab.lazy.get()

    @property
    def calibration_chart(self) -> CalibrationChart:
        return self.calibration_tab.lazy.get()

    @property
    def streak_chart(self) -> StreakChart:
        return self.streak_tab.lazy.get()

    # -- showing ------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        if self.tally is None:
            return
        from gmdesk.analytics.report import build

        self.report = build(self.tally, self.level())
        self._show_report()

    def _clear_views(self) -> None:
        self.summary.clear()
        self.table.setRowCount(0)
        self.dice_tab.draw(lambda chart: chart.clear_faces())
        self.calibration_tab.draw(lambda chart: chart.show_bins([], "", "", ""))
        self.streak_tab.draw(lambda chart: chart.show_streaks([], "", "", ""))

    def _show_report(self) -> None:
        report = self.report
        if report is None:
            self._clear_views()
            return
        lang = i18n.current_language()
        kind_label = self._kind_label()
        self.summary.setText(summary_text(report, lang, self.details_box.isChecked(), kind_label))
        fill_table(self.table, report, lang, kind_label)
        self._show_dice(report, lang)
        bins = [(float(b.predicted), b.observed, b.band[0], b.band[1], b.rolls) for b in report.calibration]
        texts = (translate("AnalyticsPanel", "When gmdesk said so many %, did so many succeed?"),
                 translate("AnalyticsPanel", "predicted chance of success"), translate("AnalyticsPanel", "observed rate"))
        self.calibration_tab.draw(lambda chart: chart.show_bins(bins, *texts))
        self._show_streaks()

    def _show_dice(self, report: Report, lang: str) -> None:
        from gmdesk.analytics.plain import dice_sentence

        if not report.dice:
            empty = translate("AnalyticsPanel", "No dice thrown yet")
            self.dice_tab.draw(lambda chart: chart.clear_faces(empty))
            return
        d = max(report.dice, key=lambda d: d.thrown)
        title = dice_sentence(d, lang)
        face, count = translate("AnalyticsPanel", "face"), translate("AnalyticsPanel", "count")
        self.dice_tab.draw(lambda chart: chart.show_faces(d.counts, d.band, float(d.expected), title, face, count))

    def _show_streaks(self) -> None:
        if self.store is None:
            return
        facts = self.store.log.facts
        session = self.session_combo.currentData()
        if session is None:
            known = facts.sessions()
            session = known[-1] if known else None
        self.streak_session = session
        from gmdesk.analytics.report import session_length, streaks

        found = [] if session is None else streaks(facts, session, actor=self.actor_combo.currentData())
        lines = [(s.actor, s.steps(session_length(found))) for s in found]
        texts = (translate("AnalyticsPanel", "Streaks of {session}").replace("{session}", session or "—"),
                 translate("AnalyticsPanel", "roll of the session"), translate("AnalyticsPanel", "successes − expected"))
        self.streak_tab.draw(lambda chart: chart.show_streaks(lines, *texts))
