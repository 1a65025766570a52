"""The Analytics panel: what happened at the table against what the odds said (issue 17).

Filters (session, character), the GM's level, and four tabs: the groups (every character, kind of
check and session: expected against observed outcomes, the exact p-value of its successes, Holm's
flag), the dice faces against their bands, the calibration of the predicted chances, and the streaks
of the session. "Export recap…" writes the session's recap page (``gmdesk.analytics.recap``).

The numbers come from ``gmdesk.analytics`` (no Qt); the panel keeps a ``Tally`` of the rolls shown
and, when a roll is logged here or by another program (``CampaignWatcher`` announces those on the
bus), adds only the new rolls. Work waits while the panel is hidden (it is a tab behind the check
panel by default): a campaign switch clears it at once and it counts again when the GM looks.
The report is painted by ``painting.PaintsTheReport``, the recap exported by ``recap.ExportsTheRecap``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDoubleSpinBox,
                               QHeaderView, QLabel, QTableWidget, QTabWidget, QToolButton,
                               QVBoxLayout, QWidget)

from gmdesk.ui import i18n, long_work
from gmdesk.ui.numbers import number_locale, percent_suffix
from gmdesk.ui.panels.analytics.works import BIG_LOG, tally_work
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.charts.lazy import ChartsWhenSeen, chart_of
from gmdesk.ui.fit_columns import FitColumns
from gmdesk.ui.flow_layout import FlowLayout, flow_row
from .views import ChartTab, KindNames, summary_text
from .painting import PaintsTheReport
from .recap import ExportsTheRecap
from gmdesk.ui.panels.lifecycle import PanelLifecycle
from gmdesk.ui.write_refusals import refusal_text

if TYPE_CHECKING:
    from gmdesk.analytics.report import Report
    from gmdesk.analytics.tally import StatsFilter, Tally

# The analytics themselves are imported when the panel first counts (the window opens without them).
translate = QCoreApplication.translate
CHARTS = "gmdesk.ui.charts.analytics_charts"  # imported when a chart is first shown (pyqtgraph)
ALL = None
DEFAULT_LEVEL_PERCENT = 1.0  # gmdesk.analytics.report.DEFAULT_LEVEL, in percent (a test keeps them equal)
FOLLOW_MS = 250  # rolls logged in a burst (a prepared check for the whole party) are counted once


class AnalyticsPanel(PaintsTheReport, ExportsTheRecap, ChartsWhenSeen, PanelLifecycle, QWidget):
    COLUMNS = 8  # group, name, rolls, successes (expected), p-value, flag, outcomes, in plain words
    DETAIL_COLUMNS = (4, 6)  # the p-value and the outcomes' counts: shown with Details

    def __init__(self, bus: CampaignBus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("AnalyticsPanel")
        self.bus = bus
        self.store = None
        self.tally: Tally | None = None
        self.report: Report | None = None
        self.streak_session: str | None = None
        self._stale = False
        self._kinds = KindNames()

        self.session_label, self.session_combo = QLabel(), QComboBox()
        self.actor_label, self.actor_combo = QLabel(), QComboBox()
        for label, combo in ((self.session_label, self.session_combo), (self.actor_label, self.actor_combo)):
            label.setBuddy(combo)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(14)
            combo.currentIndexChanged.connect(self._filters_changed)
        self.level_label, self.level_spin = QLabel(), QDoubleSpinBox()
        self.level_label.setBuddy(self.level_spin)
        self.level_spin.setObjectName("analyticsLevel")
        self.level_spin.setRange(0.1, 20.0)
        self.level_spin.setSingleStep(0.5)
        self.level_spin.setDecimals(1)
        self.level_spin.setValue(DEFAULT_LEVEL_PERCENT)
        self.level_spin.setSuffix(" %")
        self.level_spin.valueChanged.connect(self._level_changed)
        self.secret_box = QCheckBox()
        self.player_safe_box = QCheckBox()
        self.player_safe_box.setObjectName("recapPlayerSafe")
        self.player_safe_box.toggled.connect(lambda safe: self.secret_box.setEnabled(not safe))
        self.details_box = QCheckBox()
        self.details_box.setObjectName("analyticsDetails")
        self.details_box.toggled.connect(self._details_toggled)
        self.export_action = QAction(self)
        self.export_action.setObjectName("exportRecapAction")
        self.export_action.triggered.connect(self.export_recap)
        self.export_action.setEnabled(False)
        self.export_button = QToolButton()
        self.export_button.setDefaultAction(self.export_action)
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.summary = QLabel()
        self.summary.setObjectName("analyticsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, never markup
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setObjectName("analyticsGroups")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        vertical = self.table.verticalHeader()
        vertical.setVisible(False)
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.columns = FitColumns(self.table, self.COLUMNS - 1)  # the plain words take the room left
        for column in self.DETAIL_COLUMNS:
            self.table.setColumnHidden(column, True)
        self.dice_tab = ChartTab(chart_of(CHARTS, "DiceChart"), "analyticsDice")
        self.calibration_tab = ChartTab(chart_of(CHARTS, "CalibrationChart"), "analyticsCalibration")
        self.streak_tab = ChartTab(chart_of(CHARTS, "StreakChart"), "analyticsStreaks")
        self.tabs = QTabWidget()
        self.tabs.setObjectName("analyticsTabs")
        for widget in (self.table, self.dice_tab, self.calibration_tab, self.streak_tab):
            self.tabs.addTab(widget, "")
        # Counted and charted when the GM can see the panel (``ChartsWhenSeen``: a dock behind another
        # dock's tab is "shown" off screen; its visibilityChanged says when it is in view).
        self._on_screen = False
        self._dock = None
        self.tabs.currentChanged.connect(self._chart_in_view)

        filters = FlowLayout(spacing=10)
        filters.addWidget(flow_row(self.session_label, self.session_combo))
        filters.addWidget(flow_row(self.actor_label, self.actor_combo))
        filters.addWidget(flow_row(self.level_label, self.level_spin))
        filters.addWidget(self.details_box)
        filters.addWidget(flow_row(self.secret_box, self.player_safe_box, self.export_button))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(filters)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status_label)

        self._timer = QTimer(self)
        self._timer.setObjectName("analyticsFollow")
        self._timer.setSingleShot(True)
        self._timer.setInterval(FOLLOW_MS)
        self._timer.timeout.connect(self._follow)
        bus.rollLogged.connect(self._rolls_logged)
        bus.rollsUndone.connect(self._rolls_undone)
        # (No refill on ``campaignOpened``: ``set_campaign`` has just filled them, reading the log's
        # sessions and actors a second time each switch.)
        self.retranslate()

    # -- campaign -----------------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        """Show ``store``'s rolls, every session and character: nothing of the last campaign stays."""
        self._timer.stop()
        self.store = store
        self.tally = self.report = None
        self.streak_session = None
        self.status_label.clear()
        for combo in (self.session_combo, self.actor_combo):
            combo.blockSignals(True)
            combo.clear()
            combo.blockSignals(False)
        self._clear_views()
        self.export_action.setEnabled(store is not None)
        self._fill_combos()
        self._stale = True
        self.refresh()

    def refresh(self, force: bool = False) -> None:
        """Count again (now if the panel is seen or ``force``; else when it is next seen)."""
        if self.store is None:
            self._stale = False
            return
        if not (force or self.seen()):
            self._stale = True
            return
        self._stale = False
        flt = self.current_filter()
        from gmdesk.analytics.tally import Tally

        if self.store.log.count() > BIG_LOG:
            self._count_off_thread(flt)
            return
        self.tally = Tally.load(self.store.log.facts, flt)
        self._rebuild()

    def _count_off_thread(self, flt) -> None:
        """A big log is counted off the window's thread (``long_work``, its own connection): the
        fight stays usable; the table and charts follow when it is done. A count for other filters
        replaces the one running; the same count already running is let finish."""
        counting = getattr(self, "counting", None)
        if counting is not None and counting.running():
            if counting.flt == flt:
                return
            counting.cancel()
        store = self.store

        def done(result) -> None:
            if self.store is store and self.current_filter() == flt:
                self.tally, self.report = result
                self._show_report()

        self.counting = long_work.run(self, translate("AnalyticsPanel", "Counting the roll log"),
                                      tally_work(store.path, flt, self.level()), on_done=done,
                                      on_failed=self._count_refused)
        self.counting.flt = flt

    def _count_refused(self, exc: BaseException) -> None:
        from gmdesk.store.errors import StoreError

        if not isinstance(exc, StoreError):
            raise exc
        self._clear_views()  # a file found damaged meanwhile: the banner says so; one line here
        self.summary.setText(" ".join(refusal_text(exc).split()))

    def seen(self) -> bool:
        """The GM can see the panel (not a dock hidden behind another dock's tab)."""
        return self._on_screen and self.isVisible()

    def _seen(self, visible: bool) -> None:
        super()._seen(visible)
        if visible and self._stale:
            QTimer.singleShot(0, self._refresh_if_seen)

    def _refresh_if_seen(self) -> None:
        from gmdesk.store.errors import StoreError

        if self._stale and self.seen():
            try:
                self.refresh()
            except StoreError:
                pass  # a busy or damaged file: the window's banner says so; counted when next seen

    def current_filter(self) -> StatsFilter:
        from gmdesk.analytics.tally import StatsFilter

        return StatsFilter(actor=self.actor_combo.currentData(), session=self.session_combo.currentData())

    def level(self) -> Fraction:
        return Fraction(round(self.level_spin.value() * 10), 1000)

    def _filters_changed(self) -> None:
        from gmdesk.store.errors import StoreError

        self.tally = None
        try:
            self.refresh()
        except StoreError as exc:  # a file found damaged meanwhile: the banner says so; one line here
            self._clear_views()
            self.summary.setText(" ".join(refusal_text(exc).split()))

    def _level_changed(self) -> None:
        if self.tally is not None:
            self._rebuild()

    def _details_toggled(self, shown: bool) -> None:
        """The numbers behind the words: the p-values, the outcomes' counts, the level and Holm's m."""
        for column in self.DETAIL_COLUMNS:
            self.table.setColumnHidden(column, not shown)
        if self.report is not None:
            self.summary.setText(summary_text(self.report, i18n.current_language(), shown, self._kind_label()))

    def _kind_label(self):
        """Kinds of check in the GM's words, as the campaign's system names them."""
        system, lang = self.store.info.system if self.store is not None else "", i18n.current_language()
        return lambda kind: self._kinds.label(kind, system, lang)

    def _rolls_logged(self, roll_id: int) -> None:
        if self.store is not None:
            self._timer.start()

    def _rolls_undone(self) -> None:
        """An undo took rolls back (or a redo made them again): old rolls count or not, so the tally
        is read again whole, not only its newest rolls."""
        from gmdesk.store.errors import StoreError

        try:
            self.refresh()
        except StoreError:
            return  # a busy or damaged file: the window's banner says so

    def _follow(self) -> None:
        """New rolls: added to the tally (when the panel is seen), new names to the filters."""
        from gmdesk.store.errors import StoreError

        if self.store is None:
            return
        try:
            self._fill_combos()
            if self.tally is None or not self.seen():
                self._stale = True
                if self.seen():
                    self.refresh()
                return
            if self.tally.update(self.store.log.facts):
                self._rebuild()
        except StoreError:
            return  # a busy or damaged file: the window's banner says so

    def _fill_combos(self) -> None:
        facts = self.store.log.facts if self.store is not None else None
        self._refill(self.session_combo, translate("AnalyticsPanel", "every session"),
                     facts.sessions() if facts else [])
        self._refill(self.actor_combo, translate("AnalyticsPanel", "every character"), facts.actors() if facts else [])

    @staticmethod
    def _refill(combo: QComboBox, every: str, values: list[str]) -> None:
        current = combo.currentData()
        if combo.count() == len(values) + 1 and [combo.itemData(i) for i in range(1, combo.count())] == values:
            combo.setItemText(0, every)
            return
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(every, ALL)
        for value in values:
            combo.addItem(value or "—", value)
        index = combo.findData(current)
        combo.setCurrentIndex(index if index >= 0 else 0)
        combo.blockSignals(False)

    # -- language -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.session_label.setText(translate("AnalyticsPanel", "&Session:"))
        self.actor_label.setText(translate("AnalyticsPanel", "C&haracter:"))
        self.level_label.setText(translate("AnalyticsPanel", "&Level:"))
        self.level_spin.setLocale(number_locale())  # "1,0 %" under a French window, whatever the system's
        self.level_spin.setSuffix(percent_suffix())
        self.level_spin.setToolTip(translate("AnalyticsPanel", "A group is flagged when chance alone would give a deviation that large less often than this, Holm-corrected for the number of groups"))  # noqa: E501
        self.secret_box.setText(translate("AnalyticsPanel", "Secret rolls in the recap"))
        self.secret_box.setToolTip(translate("AnalyticsPanel", "A recap shared with the players should leave the secret rolls out"))  # noqa: E501
        self.player_safe_box.setText(translate("AnalyticsPanel", "For the players"))
        self.player_safe_box.setToolTip(translate("AnalyticsPanel", "A recap to share: no secret roll, no combatant hidden from the players, no DC"))  # noqa: E501
        self.details_box.setText(translate("AnalyticsPanel", "&Details"))
        self.details_box.setToolTip(translate("AnalyticsPanel", "The numbers behind the words: p-values, Holm's correction, each outcome seen and expected"))  # noqa: E501
        self.export_action.setText(translate("AnalyticsPanel", "Export &recap…"))
        self.export_action.setToolTip(translate("AnalyticsPanel", "The session's recap as one web page: the luck at the table, the charts, the fights and the log"))  # noqa: E501
        for i, text in enumerate((translate("AnalyticsPanel", "Groups"), translate("AnalyticsPanel", "Dice"),
                                  translate("AnalyticsPanel", "Calibration"), translate("AnalyticsPanel", "Streaks"))):
            self.tabs.setTabText(i, text)
        self.table.setHorizontalHeaderLabels([
            translate("AnalyticsPanel", "Group"), translate("AnalyticsPanel", "Name"),
            translate("AnalyticsPanel", "Rolls"), translate("AnalyticsPanel", "Successes"),
            translate("AnalyticsPanel", "p-value"), translate("AnalyticsPanel", "Flag"),
            translate("AnalyticsPanel", "Outcomes: seen (expected)"), translate("AnalyticsPanel", "In plain words")])
        self._fill_combos()
        if self.report is not None:
            self._show_report()
