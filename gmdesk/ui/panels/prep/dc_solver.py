"""The DC solver pane: the GM states a target ("the best in the party succeeds 60 % of the time"),
gmdesk answers the DC that comes closest (``gmdesk.engine.prep.solve_dc``), what it achieves, and draws
it on the party's DC sweep. What it answers is the system's (``GameSystem.prep.modes``: a DC, or
anarchy's threshold and opposing pool from the difficulty table). "Use" writes the answer into the
prepared check (``applyRequested``) when the answer is what a prepared check keeps.

Under the chart, a legend names its lines (the goal, the wanted chance, each roller): a wrapping strip
(``legend.LegendStrip``, names painted as typed) rather than a box inside the plot, which would hide a
chart this small.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from gmdesk import systems
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.engine.words import fill
from gmdesk.ui.panels.prep.legend import LegendStrip
from gmdesk.ui import plain_text
from gmdesk.ui.charts.lazy import LazyChart, chart_of, keep_room_when_hidden
from gmdesk.ui.panels.prep.analysis import Solved, goals_for, solve
from gmdesk.ui.panels.prep.grid import Grid, PrepContext
from gmdesk.ui.panels.check.setup import target_word
from gmdesk.ui.theme import MEMBER_HEX
from gmdesk.ui.theme import MARKER_HEX, TIER_HEX
from gmdesk.ui.campaign_state import mark_edits
from gmdesk.ui.long_text import ElidedCombo, WrappingButton

GOAL_NAMES = {
    "best": QT_TRANSLATE_NOOP("PrepPanel", "the best in the party succeeds"),
    "average": QT_TRANSLATE_NOOP("PrepPanel", "an average member succeeds"),
    "worst": QT_TRANSLATE_NOOP("PrepPanel", "the weakest member succeeds"),
    "at_least_one": QT_TRANSLATE_NOOP("PrepPanel", "at least one of them succeeds"),
    "all": QT_TRANSLATE_NOOP("PrepPanel", "all of them succeed"),
    "crit_fail_best": QT_TRANSLATE_NOOP("PrepPanel", "the best critically fails at most"),
    "crit_fail_average": QT_TRANSLATE_NOOP("PrepPanel", "an average member critically fails at most"),
    "crit_fail_worst": QT_TRANSLATE_NOOP("PrepPanel", "nobody critically fails more than"),
}
DEFAULT_CHANCE = {"success": 60, "limit": 10}


translate = QCoreApplication.translate

def tr(text: str) -> str:
    return QCoreApplication.translate("PrepPanel", text)


class PrepDcSolver(QWidget):
    applyRequested = Signal(int)  # the DC or threshold to write into the prepared check

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx: PrepContext | None = None
        self.grid: Grid | None = None
        self.column = -1
        self.solved: Solved | None = None
        self.decimal_point = "."

        self.goal_combo = ElidedCombo()  # a sentence: cut with "…" when narrow, whole on hover
        self.goal_combo.setObjectName("solverGoal")
        self.chance_spin = QSpinBox()
        self.chance_spin.setObjectName("solverChance")
        self.chance_spin.setRange(0, 100)
        self.chance_spin.setSingleStep(5)
        self.chance_spin.setSuffix(" %")
        self.chance_spin.setValue(DEFAULT_CHANCE["success"])
        self.mode_combo = QComboBox()
        self.mode_combo.setObjectName("solverMode")
        self.answer_label = QLabel()
        self.answer_label.setObjectName("solverAnswer")
        self.answer_label.setWordWrap(True)
        self.apply_button = WrappingButton(min_chars=14)  # a sentence: wraps in a narrow panel
        mark_edits(self.apply_button)
        self.apply_button.setObjectName("solverApply")
        self._chart = LazyChart(chart_of("gmdesk.ui.panels.prep.charts", "GoalChart"), "solverChart")  # built when the GM first opens this tab
        self.legend = LegendStrip()
        self.legend.setObjectName("solverLegend")
        self.legend_entries: list[str] = []
        # Hidden while a message stands in for the answer, the chart and its legend keep their room: the
        # controls beside them widened into it under the GM's cursor (issue 24).
        for widget in (self._chart.placeholder, self.legend):
            keep_room_when_hidden(widget)

        # The goal is a sentence ("the best in the party succeeds"): in a narrow Prep panel (a laptop)
        # it ends with "…" and shows whole on hover rather than push the chart out; the labels go
        # above their fields to leave the chart its room.
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self.goal_label, self.chance_label, self.mode_label = QLabel(), QLabel(), QLabel()
        self.goal_label.setBuddy(self.goal_combo)
        self.chance_label.setBuddy(self.chance_spin)
        self.mode_label.setBuddy(self.mode_combo)
        form.addRow(self.goal_label, self.goal_combo)
        form.addRow(self.chance_label, self.chance_spin)
        form.addRow(self.mode_label, self.mode_combo)
        # The answer (or "No answer: …") under the button that uses it: its lines come and go as the
        # GM turns the chance, and the button below them moved under the GM's cursor (issue 24).
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.apply_button)
        left.addWidget(self.answer_label)
        left.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(left, 2)
        right = QVBoxLayout()
        right.setSpacing(2)
        right.addWidget(self._chart.widget, 1)
        right.addWidget(self.legend)
        layout.addLayout(right, 3)

        self._previous_goal = "best"
        self.goal_combo.currentIndexChanged.connect(self._goal_changed)
        self.chance_spin.valueChanged.connect(self.recompute)
        self.mode_combo.currentIndexChanged.connect(self.recompute)
        self.apply_button.clicked.connect(self._apply)
        self.retranslate()

    def _fit_goals(self) -> None:
        self.goal_combo.setToolTip(self.goal_combo.currentText())  # retranslated: the new words
        self.goal_combo.setMinimumContentsLength(12)

    @property
    def chart(self) -> GoalChart:
        """The party's DC sweep with the answer drawn on it (built on first use)."""
        return self._chart.get()

    def ensure_chart(self) -> None:
        self._chart.get()

    # -- feeding ------------------------------------------------------------------------------
    def set_system(self, system: str) -> None:
        """Fill the goals and modes the system has (four degrees of success add the critical-failure limits)."""
        self.system = system
        goal, mode = self.goal(), self.mode()
        self.goal_combo.blockSignals(True)
        self.goal_combo.clear()
        for g in goals_for(system):
            self.goal_combo.addItem(tr(GOAL_NAMES[g]), g)
        index = self.goal_combo.findData(goal)
        self.goal_combo.setCurrentIndex(max(index, 0))
        self.goal_combo.blockSignals(False)
        self._fit_goals()
        self.mode_combo.blockSignals(True)
        self.mode_combo.clear()
        for m in self._modes():
            self.mode_combo.addItem(m.name.text(self._lang()), m.id)
        index = self.mode_combo.findData(mode)
        self.mode_combo.setCurrentIndex(max(index, 0))
        self.mode_combo.blockSignals(False)
        self.mode_combo.setEnabled(self.mode_combo.count() > 1)

    def set_data(self, ctx: PrepContext | None, grid: Grid | None, column: int, decimal_point: str = ".") -> None:
        self.ctx, self.grid, self.column, self.decimal_point = ctx, grid, column, decimal_point
        for i, m in enumerate(self._modes()):  # in the context's language, should it differ
            if i < self.mode_combo.count():
                self.mode_combo.setItemText(i, m.name.text(self._lang()))
        self.recompute()

    def goal(self) -> str:
        return self.goal_combo.currentData() or "best"

    def mode(self) -> str | None:
        """The solver mode chosen (None: the system's first)."""
        return self.mode_combo.currentData()

    def _modes(self):
        game = systems.find(getattr(self, "system", ""))
        return game.prep.modes if game is not None else ()

    def _solver(self):
        modes = self._modes()
        return next((m for m in modes if m.id == self.mode()), modes[0] if modes else None)

    def _lang(self) -> str:
        # The modes are filled (set_system) before the campaign's context arrives (set_data): without
        # one, the window's language, never English under a French window ("Répondre par : a threshold").
        from gmdesk.ui.i18n import current_language

        return self.ctx.lang if self.ctx else current_language()

    def wanted(self) -> Fraction:
        return Fraction(self.chance_spin.value(), 100)

    def _goal_changed(self, *_) -> None:
        # Switching between a success goal and a critical-failure limit: offer that kind's usual figure.
        was_limit, is_limit = self._previous_goal.startswith("crit_fail"), self.goal().startswith("crit_fail")
        self._previous_goal = self.goal()
        if was_limit != is_limit:
            self.chance_spin.blockSignals(True)
            self.chance_spin.setValue(DEFAULT_CHANCE["limit" if is_limit else "success"])
            self.chance_spin.blockSignals(False)
        self.recompute()

    # -- solving ------------------------------------------------------------------------------
    def target_word(self) -> str:
        if self.ctx is None or self.grid is None or not 0 <= self.column < len(self.grid.checks):
            return system_target(self.ctx.system if self.ctx else "", self._lang())
        return target_word(self.ctx.system, self.grid.checks[self.column].check)

    def _system_word(self) -> str:
        return system_target(self.ctx.system if self.ctx else "", self._lang())

    def answer_text(self, target: int) -> str:
        solver = self._solver()
        if solver is not None and solver.answer is not None:
            name = solver.names(target)
            return solver.answer.format(self._lang(), n=target, name=name.text(self._lang()) if name else "")
        return f"{self.target_word()} {target}"

    def recompute(self, *_) -> None:
        self.solved = None
        if self.ctx is None or self.grid is None or not 0 <= self.column < len(self.grid.checks):
            self._show_message(fill(translate("PrepPanel", "Select a prepared check to solve its %1."),
                                    self._system_word()))
            return
        try:
            solved = solve(self.ctx, self.grid, self.column, self.goal(), self.wanted(), self.mode())
        except RulesError as exc:
            self._show_message(translate("PrepPanel", "No answer: {reason}").format(reason=exc.rule))
            return
        self.solved = solved
        s = solved.solution
        pct = lambda p: percent_text(p, self.decimal_point)  # noqa: E731
        text = translate("PrepPanel", "{target}: {goal} {achieved} of the time (wanted {wanted}).").format(
            target=self.answer_text(s.target), goal=tr(GOAL_NAMES[s.goal]), achieved=pct(s.achieved),
            wanted=pct(s.wanted))
        if not s.satisfied:
            text += " " + fill(translate("PrepPanel", "No %1 keeps the limit; this one comes nearest."),
                               self._system_word())
        self.answer_label.setText(text)
        applicable = self._solver() is None or self._solver().writes
        self.apply_button.setEnabled(applicable and not self.ctx.read_only)
        prepared = self.grid.checks[self.column]
        if applicable:
            text = translate("PrepPanel", "Use {target} for “{name}”")
            self.apply_button.setText(text.format(target=self.answer_text(s.target), name=plain_text.mnemonic(prepared.name)))
            self.apply_button.setToolTip("")
        else:
            self.apply_button.setText(translate("PrepPanel", "Use as a threshold"))
            self.apply_button.setToolTip(
                translate("PrepPanel", "A prepared check keeps a threshold; set the opposing pool in the check panel."))
        self._draw(solved)

    def _draw(self, solved: Solved) -> None:
        s = solved.solution
        categorical: list[str] = []
        solver = self._solver()
        if solver is not None and solver.axis is not None:
            lang = self._lang()
            categorical = [f"{x}\n{solver.names(x).text(lang) if solver.names(x) else ''}" for x, _ in s.curve]
            axis = solver.axis.text(lang)
        else:
            axis = self.target_word()
        marker = f"{self.answer_text(s.target)}: {percent_text(s.achieved, self.decimal_point)}"
        title = tr(GOAL_NAMES[s.goal])

        def paint(chart: GoalChart) -> None:
            chart.show_solution(s.curve, s.wanted, s.target, marker, axis, solved.member_curves,
                                categorical=categorical)
            chart.set_title(title)

        self._chart.draw(paint)
        wanted = translate("PrepPanel", "wanted: {chance}").format(chance=percent_text(s.wanted, self.decimal_point))
        self._show_legend(title, wanted, solved.members[:len(solved.member_curves)])

    def _show_legend(self, goal: str, wanted: str, members) -> None:
        """Each line of the chart, drawn in its colour and named: the goal (thick), the wanted chance
        (dashed), each roller (thin, in the chart's order of colours). Names are shown as typed."""
        entries = [(TIER_HEX["success"], "━━", goal), (MARKER_HEX, "╌╌", wanted)]
        entries += [(MEMBER_HEX[i % len(MEMBER_HEX)], "──", name) for i, name in enumerate(members)]
        self.legend_entries = [text for _, _, text in entries]
        self.legend.set_entries(entries)
        self.legend.setVisible(True)

    def _show_message(self, text: str) -> None:
        self.answer_label.setText(text)
        self.apply_button.setEnabled(False)
        self.apply_button.setText(fill(translate("PrepPanel", "Use this %1"), self._system_word()))
        self._chart.set_visible(False)
        self.legend_entries = []
        self.legend.set_entries([])
        self.legend.setVisible(False)

    def _apply(self) -> None:
        if self.solved is not None and (self._solver() is None or self._solver().writes):
            self.applyRequested.emit(self.solved.target)

    def retranslate(self) -> None:
        self.goal_label.setText(translate("PrepPanel", "&Goal:"))
        self.chance_label.setText(translate("PrepPanel", "C&hance:"))
        self.mode_label.setText(translate("PrepPanel", "&Answer with:"))
        for i in range(self.goal_combo.count()):
            self.goal_combo.setItemText(i, tr(GOAL_NAMES[self.goal_combo.itemData(i)]))
        self._fit_goals()
        for i, m in enumerate(self._modes()):
            if i < self.mode_combo.count():
                self.mode_combo.setItemText(i, m.name.text(self._lang()))
        self.recompute()


def system_target(system: str, lang: str) -> str:
    """The name of the number the system's checks aim at (DC, DD, ND, threshold, seuil)."""
    found = systems.find(system)
    return found.target.word.text(lang) if found is not None else translate("PrepPanel", "DC")


def solver_title(system: str, lang: str) -> str:
    """The solver tab's title in the system's words: "DC solver", "Threshold solver", "Calcul du ND"."""
    text = fill(translate("PrepPanel", "%1 solver"), system_target(system, lang))
    return text[:1].upper() + text[1:]
