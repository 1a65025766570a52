"""What the Analytics panel writes: the summary line, the groups table, the kinds of check in the GM's
words, and the tabs whose chart is built when first seen (split from ``analytics`` to keep both small)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from gmdesk.ui.charts.lazy import LazyChart
from gmdesk.ui.theme import count_text, tier_name

if TYPE_CHECKING:
    from gmdesk.analytics.report import Report

translate = QCoreApplication.translate
FLAG_HEX = "#fbe3e0"  # a flagged group that ran hot: warm
COLD_HEX = "#dde8f3"  # and one that ran cold: cool


class ChartTab(QWidget):
    """A tab holding one chart, built the first time the GM sees it (``LazyChart``): the window opens
    without the panel's three pyqtgraph charts, which a hidden tab would not show anyway."""

    def __init__(self, factory, name: str):
        super().__init__()
        self.lazy = LazyChart(factory, name)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.lazy.widget)

    def ensure_chart(self) -> None:
        self.lazy.get()

    def draw(self, paint) -> None:
        self.lazy.draw(paint)


class KindNames:
    """Kinds of check in the GM's words where the campaign's sheets name them (``plain.kind_name``),
    the system's names read once per system and language."""

    def __init__(self) -> None:
        self._label = None
        self._names_for: tuple[str, str] | None = None

    def label(self, kind: str, system: str, lang: str) -> str:
        from gmdesk.analytics.plain import kind_namer

        if self._names_for != (system, lang):
            self._label, self._names_for = kind_namer(system, lang), (system, lang)
        return self._label(kind)


def family_word(family: str) -> str:
    return {"campaign": translate("AnalyticsPanel", "all rolls"),
            "actor": translate("AnalyticsPanel", "character"),
            "kind": translate("AnalyticsPanel", "kind of check"),
            "session": translate("AnalyticsPanel", "session")}[family]


def summary_text(report: Report, lang: str, details: bool = False, kind_label=lambda kind: kind) -> str:
    """"20 rolls analysed. Nobody was luckier or unluckier than chance explains (22 groups looked at).",
    the flagged findings in plain words, what was left out and why; ``details``: the level and Holm."""
    from gmdesk.analytics import plain
    from gmdesk.analytics.words import number, p_text, percent

    whole = report.whole
    text = count_text("AnalyticsPanel", whole.rolls, QT_TRANSLATE_NOOP("AnalyticsPanel", "{n} roll analysed."),
                      QT_TRANSLATE_NOOP("AnalyticsPanel", "{n} rolls analysed."))
    parts = [text]
    if whole.rolls:
        parts.append(plain.verdict(report, lang))
        tested = plain.tested_groups(report)
        parts += [plain.group_sentence(g, plain.group_name(g, kind_label, lang), tested, lang) for g in report.flagged]
    parts += [plain.dice_sentence(d, lang) for d in report.dice]
    parts += plain.left_out(report, lang, kind_label)
    if details and whole.rolls:
        level = percent(float(report.level), lang, 1 if report.level * 1000 % 10 else 0)
        parts.append(translate("AnalyticsPanel", "Flagged past level {level}, Holm-corrected over {m} groups.")
                     .replace("{level}", level).replace("{m}", str(plain.tested_groups(report))))
        parts += [translate("AnalyticsPanel", "d{sides}: χ² = {chi2}, p = {p}.").replace("{sides}", str(d.sides))
                  .replace("{chi2}", number(d.chi2, lang)).replace("{p}", p_text(d.p_value, lang))
                  for d in report.dice if d.p_value is not None]
    return " ".join(parts)


def fill_table(table: QTableWidget, report: Report, lang: str, kind_label) -> None:
    """One row per group with rolls: its family, name, rolls, successes against their expectation,
    p-value (Holm's in the tooltip), flag, every outcome seen (expected), and what that means in
    plain words (the p-value and outcome columns are the panel's Details)."""
    from gmdesk.analytics.plain import luck_clause, tested_groups
    from gmdesk.analytics.words import number, p_text

    rows = [g for g in report.distinct if g.rolls]  # a group of rolls with unknown odds only: said in the summary
    tested = tested_groups(report)
    table.setRowCount(len(rows))
    hot_brush, cold_brush = QBrush(QColor(FLAG_HEX)), QBrush(QColor(COLD_HEX))
    for r, g in enumerate(rows):
        expected = number(float(g.expected_successes), lang, 1)
        outcomes = " · ".join(f"{tier_name(t)} {g.observed.get(t, 0)} ({number(float(e), lang, 1)})"
                              for t, e in g.expected.items())
        flag = ""
        if g.flagged:
            flag = translate("AnalyticsPanel", "hot") if g.direction == "hot" else translate("AnalyticsPanel", "cold")
        name = kind_label(g.name) if g.family == "kind" else g.name
        cells = (family_word(g.family), name, str(g.rolls),
                 translate("AnalyticsPanel", "{observed} of {expected} expected").replace(
                     "{observed}", str(g.successes)).replace("{expected}", expected),
                 p_text(g.p_value, lang), flag, outcomes, luck_clause(g, tested, lang))
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if c in (2, 3, 4):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if g.flagged:
                item.setBackground(hot_brush if g.direction == "hot" else cold_brush)
            if c == 4:
                item.setToolTip(translate("AnalyticsPanel", "Holm-adjusted: {p}").replace("{p}", p_text(g.p_holm, lang)))
            elif c in (6, 7):
                item.setToolTip(text)  # long by nature: cut with "…" in a narrow dock, whole on hover
            table.setItem(r, c, item)
