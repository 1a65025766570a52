"""The detail of the selected matrix cell: who, which check, every tier's chance, the modifiers, and
the DC sweep of that member's check (UI-B's ``SweepChart``) with the prepared DC marked."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QHeaderView, QLabel, QTableWidget,
                               QTableWidgetItem, QWidget)

from gmdesk.campaign.check_view import dc_shift, reasons
from gmdesk.engine import prep
from gmdesk.engine.series import dc_sweep, hits_sweep, percent_text
from gmdesk.ui.charts.lazy import LazyChart, chart_of
from gmdesk.ui.engine_words import EngineWords, check_names
from gmdesk.ui.panels.prep.analysis import cell_targets
from gmdesk.ui.panels.prep.grid import Cell, Grid, PrepContext
from gmdesk.ui.panels.check.setup import target_word
from gmdesk.ui.theme import complication_color, complication_name, tier_color, tier_name


translate = QCoreApplication.translate


def cell_words(ctx: PrepContext) -> EngineWords:
    """The engine's words in the GM's language, for ``explained_lines``."""
    return EngineWords(ctx.system, check_names(ctx.system, ctx.lang), lang=ctx.lang)


def explained_lines(words: EngineWords, ctx: PrepContext, cell: Cell) -> list[str]:
    """What moved a cell's odds: its breakdown, then every rule that is not a line of it (Heroic
    Inspiration, fortune, Luck, Edge rerolls, take 10…), as the check panel lists them."""
    breakdown = getattr(cell.check, "breakdown", None)
    if breakdown is None:
        return []
    lines = [words.breakdown_text(breakdown)]
    lines += [f"{what} — {why}" if why else what for what, why in reasons(ctx.system, cell.check, ctx.lang)]
    return lines


class PrepCellDetail(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = QLabel()
        self.title.setObjectName("prepDetailTitle")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.tiers = QTableWidget(0, 2)
        self.tiers.setObjectName("prepDetailTiers")
        self.tiers.horizontalHeader().setVisible(False)
        self.tiers.verticalHeader().setVisible(False)
        self.tiers.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tiers.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.tiers.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tiers.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tiers.setMaximumWidth(260)
        self.breakdown = QLabel()
        self.breakdown.setObjectName("prepDetailBreakdown")
        self.breakdown.setWordWrap(True)
        self.breakdown.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.breakdown.setTextFormat(Qt.TextFormat.PlainText)
        # Built when the GM first sees this pane (the Prep dock is a hidden tab at start-up).
        self._chart = LazyChart(chart_of("gmdesk.ui.charts.sweep_chart", "SweepChart"), "prepDetailSweep")
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title, 0, 0, 1, 2)
        layout.addWidget(self.tiers, 1, 0)
        layout.addWidget(self.breakdown, 2, 0)
        layout.addWidget(self._chart.widget, 1, 1, 2, 1)
        layout.setColumnStretch(1, 1)
        layout.setRowStretch(2, 1)
        self.cell: Cell | None = None
        self._shown: tuple | None = None
        self.show_cell(None, None, -1, -1)

    @property
    def chart(self) -> SweepChart:
        """The DC sweep of the cell (built on first use)."""
        return self._chart.get()

    def ensure_chart(self) -> None:
        self._chart.get()

    def forget(self) -> None:
        """Another campaign: nothing shown, and nothing taken for "as shown" by the next cell."""
        self.show_cell(None, None, -1, -1)

    def show_cell(self, ctx: PrepContext | None, grid: Grid | None, row: int, column: int,
                  decimal_point: str = ".") -> None:
        """Show cell (row, column) of ``grid``; anything out of range clears the pane."""
        if ctx is None or grid is None or not (0 <= row < len(grid.members) and 0 <= column < len(grid.checks)):
            self.cell = None
            self._shown = None
            self.title.setText(translate("PrepPanel", "Select a cell of the matrix to see its odds in detail."))
            self.tiers.setRowCount(0)
            self.breakdown.clear()
            self._chart.set_visible(False)
            return
        member, prepared = grid.members[row], grid.checks[column]
        cell = grid.cell(row, column)
        # Another member's sheet changed, or another check's DC: this cell is as shown, keep it.
        shown = (member.id, member.name, prepared.to_dict(), cell.allowed, cell.check, cell.error, decimal_point,
                 ctx.lang, ctx.system)
        if shown == self._shown and self.cell is not None:
            return
        self._shown = shown
        self.cell = cell
        word = target_word(ctx.system, prepared.check)
        own = prepared.threshold if ctx.by_threshold else prepared.dc
        target = translate("PrepPanel", "open test") if own is None else f"{word} {own}"
        title = f"{member.name} — {prepared.name} ({ctx.check_label(prepared.check)}, {target})"
        if not cell.allowed:
            title += "\n" + translate("PrepPanel", "Not among who may roll this check")
        if cell.odds is None:
            self.title.setText(title + "\n" + translate("PrepPanel", "Not possible: {reason}").format(reason=cell.error))
            self.tiers.setRowCount(0)
            self.breakdown.clear()
            self._chart.set_visible(False)
            return
        self.title.setText(title)
        rows = [(t, p) for t, p in reversed(list(cell.odds.tiers.items()))]
        if "complication" in cell.odds.extra:
            rows.append(("complication", cell.odds.extra["complication"]))
        self.tiers.setRowCount(len(rows))
        for i, (tier, p) in enumerate(rows):
            name = complication_name() if tier == "complication" else tier_name(tier)
            swatch = QTableWidgetItem(name)
            swatch.setData(Qt.ItemDataRole.DecorationRole,
                           complication_color() if tier == "complication" else tier_color(tier))
            value = QTableWidgetItem(percent_text(p, decimal_point))
            value.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.tiers.setItem(i, 0, swatch)
            self.tiers.setItem(i, 1, value)
        self.tiers.setMaximumHeight(self.tiers.verticalHeader().length() + 6)
        self.breakdown.setText(self._breakdown_text(ctx, cell))
        self._draw_sweep(ctx, cell, own, word, decimal_point)

    def _breakdown_text(self, ctx: PrepContext, cell: Cell) -> str:
        key = (ctx.system, ctx.lang)
        if getattr(self, "_words_key", None) != key:  # the engine's words in the GM's language
            self._words_key = key
            self._words = cell_words(ctx)
        return "\n".join(explained_lines(self._words, ctx, cell))

    def _draw_sweep(self, ctx: PrepContext, cell: Cell, own: int | None, word: str, point: str) -> None:
        check = cell.check
        if ctx.by_threshold and getattr(check, "kind", "") == "extended":
            self._chart.set_visible(False)
            return
        # Short: the chart is narrow beside the tier table, and a pyqtgraph title does not wrap.
        title = translate("PrepPanel", "Outcomes by {word}").format(word=word)

        def paint(chart: SweepChart) -> None:  # the sweep is computed only for a chart that exists
            targets = cell_targets(check, own, ctx)
            marker = own
            if ctx.by_threshold:
                sweep = hits_sweep(cell.odds, targets)
            else:
                cache = prep.OddsCache()
                sweep = dc_sweep(lambda t: cache.odds_at(check, t), targets)
                # The axis reads the DC as it stands once the modifiers on it count, as the check panel's.
                shift = dc_shift(check)
                sweep = replace(sweep, targets=tuple(t + shift for t in sweep.targets))
                marker = None if own is None else own + shift
            chart.show_sweep(sweep, marker, f"{word} {marker}" if marker is not None else "", word,
                             lambda p: percent_text(p, point))
            chart.set_title(title)

        self._chart.draw(paint)
