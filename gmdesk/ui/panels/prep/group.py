"""Group odds of the selected prepared check: everyone who may roll it rolls once — the chance that at
least one succeeds, that all do, the expected number of successes, and each roller's chance by DC.
dnd35 adds aid another and anarchy teamwork: one leader rolls, the chosen helpers help."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGridLayout, QGroupBox, QLabel, QListWidget, QListWidgetItem,
                               QVBoxLayout, QWidget)

from gmdesk.engine.core import RulesError
from gmdesk.engine.prep import GroupOdds
from gmdesk.engine.series import percent_text
from gmdesk.ui.charts.lazy import LazyChart, chart_of
from gmdesk.ui.panels.prep.analysis import Helped, group, helped, member_curves, moving_targets
from gmdesk.ui.panels.prep.grid import Grid, PrepContext
from gmdesk.ui.panels.check.setup import target_word
from gmdesk.ui.scrolling import scrolling_column


from gmdesk.ui.i18n import current_language

translate = QCoreApplication.translate


def decimal(value: Fraction, point: str, places: int = 2) -> str:
    return f"{float(value):.{places}f}".replace(".", point)


class PrepGroup(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx: PrepContext | None = None
        self.grid: Grid | None = None
        self.column = -1
        self.point = "."
        self.odds: GroupOdds | None = None
        self.help_result: Helped | None = None

        self.any_label, self.all_label, self.expected_label = QLabel(), QLabel(), QLabel()
        self.any_label.setObjectName("groupAtLeastOne")
        self.all_label.setObjectName("groupAll")
        self.expected_label.setObjectName("groupExpected")
        self.distribution_label = QLabel()
        self.distribution_label.setObjectName("groupDistribution")
        self.distribution_label.setWordWrap(True)
        self.names = {key: QLabel() for key in ("any", "all", "expected", "exactly")}
        for name in self.names.values():  # "Exactement k réussissent :" ran past the column's edge at 1280 px
            name.setWordWrap(True)
        figures = QFormLayout()
        # Each figure under its name: the names are long (in French most of all), and side by side
        # they would push the chart out of a Prep panel on a laptop.
        figures.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        figures.addRow(self.names["any"], self.any_label)
        figures.addRow(self.names["all"], self.all_label)
        figures.addRow(self.names["expected"], self.expected_label)
        figures.addRow(self.names["exactly"], self.distribution_label)

        self.help_box = QGroupBox()
        self.help_box.setObjectName("groupHelp")
        self.leader_combo = QComboBox()
        self.leader_combo.setObjectName("helpLeader")
        self.helpers_list = QListWidget()
        self.helpers_list.setObjectName("helpHelpers")
        self.helpers_list.setMaximumHeight(90)
        self.help_label = QLabel()
        self.help_label.setObjectName("helpResult")
        self.help_label.setWordWrap(True)
        help_form = QFormLayout(self.help_box)
        help_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.leader_name, self.helpers_name = QLabel(), QLabel()
        self.leader_name.setBuddy(self.leader_combo)
        self.helpers_name.setBuddy(self.helpers_list)
        help_form.addRow(self.leader_name, self.leader_combo)
        help_form.addRow(self.helpers_name, self.helpers_list)
        help_form.addRow(self.help_label)

        self._chart = LazyChart(chart_of("gmdesk.ui.panels.prep.charts", "MembersChart"), "groupChart")  # built when the GM first opens this tab
        column = QWidget()
        left = QVBoxLayout(column)
        left.setContentsMargins(0, 0, 0, 0)
        left.addLayout(figures)
        left.addWidget(self.help_box)
        left.addStretch(1)
        # The figures and the help box scroll when the tab is low (the Prep panel on a 768-px screen):
        # squeezed, their wrapped lines were cut ("3: 2.9" without its "%").
        scroll = scrolling_column(column, "groupFigures")
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(scroll, 0, 0)
        layout.addWidget(self._chart.widget, 0, 1)
        layout.setColumnStretch(0, 2)
        layout.setColumnStretch(1, 3)

        self.leader_combo.currentIndexChanged.connect(self._leader_changed)
        self.helpers_list.itemChanged.connect(self.recompute_help)
        self.retranslate()

    @property
    def chart(self) -> MembersChart:
        """Each roller's chance by DC (built on first use)."""
        return self._chart.get()

    def ensure_chart(self) -> None:
        self._chart.get()

    def forget(self) -> None:
        """Another campaign: its rollers leave the leader and helper lists (a check of the next one
        may share an id with the check shown)."""
        self.ctx, self.grid, self.column = None, None, -1
        self._fill_help()
        self.recompute()

    def set_data(self, ctx: PrepContext | None, grid: Grid | None, column: int, point: str = ".") -> None:
        same_check = (self.grid is not None and grid is not None and 0 <= column < len(grid.checks)
                      and 0 <= self.column < len(self.grid.checks)
                      and self.grid.checks[self.column].id == grid.checks[column].id)
        self.ctx, self.grid, self.column, self.point = ctx, grid, column, point
        self.help_box.setVisible(self.has_help())
        if ctx is not None:
            self.help_box.setTitle(self.help_title())
        if not same_check:
            self._fill_help()
        self.recompute()

    def help_title(self) -> str:
        if self.ctx is not None and self.ctx.by_threshold:
            return translate("PrepPanel", "Teamwork")
        return translate("PrepPanel", "Aid another")

    def has_help(self) -> bool:
        """Aid another (dnd35) and teamwork (anarchy): the systems with helpers (``CheckOptions.helpers``)."""
        return self.ctx is not None and self.ctx.game.options.helpers is not None

    def valid(self) -> bool:
        return self.ctx is not None and self.grid is not None and 0 <= self.column < len(self.grid.checks)

    def recompute(self) -> None:
        if not self.valid():
            self.odds = None
            for label in (self.any_label, self.all_label, self.expected_label, self.distribution_label):
                label.setText("—")
            # Hidden, and emptied: its legend named the rollers of a check (of a campaign) gone.
            self._chart.draw(lambda chart: chart.show_members([], None, "", ""), visible=False)
            return
        pct = lambda p: percent_text(p, self.point)  # noqa: E731
        odds = self.odds = group(self.grid, self.column)
        n = len(odds.chances)
        if n == 0:
            for label in (self.any_label, self.all_label, self.expected_label, self.distribution_label):
                label.setText("—")
            self.expected_label.setText(translate("PrepPanel", "nobody can roll this check"))
        else:
            self.any_label.setText(pct(odds.at_least_one))
            self.all_label.setText(pct(odds.all))
            text = translate("PrepPanel", "{expected} of {n}")
            self.expected_label.setText(text.format(expected=decimal(odds.expected, self.point), n=n))
            self.distribution_label.setText(", ".join(f"{k}: {pct(p)}" for k, p in enumerate(odds.distribution)))
        prepared = self.grid.checks[self.column]
        by_threshold = self.ctx.by_threshold
        targets = moving_targets(self.grid, self.column, self.ctx)
        own = prepared.threshold if by_threshold else prepared.dc
        word = target_word(self.ctx.system, prepared.check)
        curves = member_curves(self.grid, self.column, targets)
        title = translate("PrepPanel", "Each roller's chance by {word}").format(word=word)

        def paint(chart: MembersChart) -> None:
            chart.show_members(curves, own, f"{word} {own}" if own is not None else "", word)
            chart.set_title(title)

        self._chart.draw(paint, visible=n > 0)
        self.recompute_help()

    # -- aid another / teamwork -----------------------------------------------------------------
    def _fill_help(self) -> None:
        self.leader_combo.blockSignals(True)
        self.leader_combo.clear()
        if self.valid():
            rollers = [m for m, _ in self.grid.rollers(self.column)]
            # The best of the rollers leads by default: that is whom the others help in play.
            rollers.sort(key=lambda m: -self.grid.cell(self.grid.row_of(m.id), self.column).chance)
            for m in rollers:
                self.leader_combo.addItem(m.name, m.id)
        self.leader_combo.setCurrentIndex(0 if self.leader_combo.count() else -1)
        self.leader_combo.blockSignals(False)
        self._fill_helpers()

    def _leader_changed(self, *_) -> None:
        self._fill_helpers()
        self.recompute_help()

    def _fill_helpers(self) -> None:
        self.helpers_list.blockSignals(True)
        self.helpers_list.clear()
        leader = self.leader_combo.currentData()
        if self.valid():
            for m in self.grid.members:
                if m.id == leader:
                    continue
                item = QListWidgetItem(m.name)
                item.setData(Qt.ItemDataRole.UserRole, m.id)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.helpers_list.addItem(item)
        self.helpers_list.blockSignals(False)

    def helper_ids(self) -> list[int]:
        return [self.helpers_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.helpers_list.count())
                if self.helpers_list.item(i).checkState() == Qt.CheckState.Checked]

    def set_helpers(self, leader_id: int, helper_ids) -> None:
        """Choose the leader and tick the helpers (as a GM would by clicking)."""
        index = self.leader_combo.findData(leader_id)
        if index >= 0:
            self.leader_combo.setCurrentIndex(index)
        for i in range(self.helpers_list.count()):
            item = self.helpers_list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in helper_ids
                               else Qt.CheckState.Unchecked)

    def recompute_help(self, *_) -> None:
        self.help_result = None
        if not self.has_help() or not self.valid() or self.leader_combo.currentData() is None:
            self.help_label.setText("")
            return
        try:
            result = helped(self.ctx, self.grid, self.column, self.leader_combo.currentData(), self.helper_ids())
        except RulesError as exc:
            self.help_label.setText(translate("PrepPanel", "Not possible: {reason}").format(reason=exc.said(current_language())))
            return
        self.help_result = result
        pct = lambda p: percent_text(p, self.point)  # noqa: E731
        if not result.helpers:
            text = translate("PrepPanel", "Alone: {p}. Tick helpers to see what their help gives.")
            self.help_label.setText(text.format(p=pct(result.alone.success)))
            return
        gain = result.gain * 100
        self.help_label.setText(translate("PrepPanel", "Alone: {alone} → with {helpers}: {helped} ({gain} points)").format(
            alone=pct(result.alone.success), helpers=", ".join(result.helpers), helped=pct(result.helped.success),
            gain=f"{float(gain):+.1f}".replace(".", self.point)))

    def retranslate(self) -> None:
        self.names["any"].setText(translate("PrepPanel", "At least one succeeds:"))
        self.names["all"].setText(translate("PrepPanel", "All succeed:"))
        self.names["expected"].setText(translate("PrepPanel", "Expected successes:"))
        self.names["exactly"].setText(translate("PrepPanel", "Exactly k succeed:"))
        self.leader_name.setText(translate("PrepPanel", "&Who rolls:"))
        self.helpers_name.setText(translate("PrepPanel", "&Helpers:"))
        if self.ctx is not None:
            self.help_box.setTitle(self.help_title())
        self.recompute()
