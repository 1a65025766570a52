"""What the check panel shows about a check: its breakdown, the chance of every tier, the last roll.

The breakdown lists every modifier the engine considered; one that a stacking rule suppressed stays
visible, struck through, with the reason beside it. Tier names are coloured with the theme's colours.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QCoreApplication, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmdesk.engine.core import Breakdown, RollResult
from gmdesk.ui.engine_words import EngineWords
from gmdesk.ui.flow_layout import FlowLayout
from gmdesk.ui.long_text import WrappingButton
from gmdesk.ui.panels.log.model import dice_text
from gmdesk.ui.fit_columns import FillColumn
from gmdesk.ui.theme import complication_color, complication_name, count_text, restyle, tier_color, tier_name
from gmdesk.ui.campaign_state import mark_edits


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckResults", ...) elsewhere."""
    return QCoreApplication.translate("CheckResults", text)


class BreakdownView(QTreeWidget):
    """Value | source | type, then the reason of a suppressed entry; a total line at the end."""

    VALUE, SOURCE, KIND, NOTE = range(4)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("breakdownView")
        self.words = EngineWords("")
        self.setColumnCount(4)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # Value, source and type as wide as their lines, the note the room left (its tooltip holds
        # it whole): fitted in the frame that shows the lines, not a frame after (``FillColumn``).
        self._columns = FillColumn(self, (self.VALUE, self.SOURCE, self.KIND), self.NOTE)
        self.retranslate()

    def show_breakdown(self, breakdown: Breakdown, dc_breakdown: Breakdown = Breakdown(),
                       total_text: str = "", dc_text: str = "", words: EngineWords | None = None,
                       dice_lines: list[tuple[str, str]] = ()) -> None:
        """``words`` puts the engine's kinds and sources in the GM's language (raw without it).
        ``dice_lines`` (what, why) say what changed the dice rather than the total — a condition's
        disadvantage, say — so that odds never move without a visible reason."""
        self.words = words or EngineWords("")
        # The same lines again (a turn, a condition elsewhere): the tree is not rebuilt and laid out.
        shown = (breakdown, dc_breakdown, total_text, dc_text, tuple(dice_lines), self.words.lang, self.words.system)
        if shown == getattr(self, "_shown", None) and self.topLevelItemCount():
            return
        self._shown = shown
        self.clear()
        for line in breakdown.lines:
            self._add(line)
        total = QTreeWidgetItem([total_text, QCoreApplication.translate("CheckResults", "total"), "", ""])
        bold = QFont(self.font())
        bold.setBold(True)
        for column in range(4):
            total.setFont(column, bold)
        self.addTopLevelItem(total)
        italic = QFont(self.font())
        italic.setItalic(True)
        for what, why in dice_lines:
            item = QTreeWidgetItem(["", what, "", why])
            item.setFont(self.SOURCE, italic)
            # Both may be longer than their column: whole on hover.
            item.setToolTip(self.SOURCE, f"{what} — {why}" if why else what)
            if why:
                item.setToolTip(self.NOTE, why)
            self.addTopLevelItem(item)
        if dc_breakdown.lines:
            head = QTreeWidgetItem(["", dc_text, "", ""])
            head.setFont(self.SOURCE, bold)
            self.addTopLevelItem(head)
            for line in dc_breakdown.lines:
                self._add(line)
        # Laid out, its columns fitted and its queued updates made now rather than on the view's
        # timers and queued calls: later, they were a frame of their own after the turn's (the
        # tree and its header painted twice a turn).
        self._columns.fit(contents=True)
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall.value)

    def _add(self, line) -> None:
        m = line.modifier
        words = self.words
        item = QTreeWidgetItem([f"{m.value:+d}", words.source(m.source), words.kind(m.kind), ""])
        if item.text(self.SOURCE) != m.source:
            item.setToolTip(self.SOURCE, m.source)  # the engine's own words, as the roll log keeps them
        item.setTextAlignment(self.VALUE, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if line.suppressed:
            struck = QFont(self.font())
            struck.setStrikeOut(True)
            for column in (self.VALUE, self.SOURCE, self.KIND):
                item.setFont(column, struck)
                item.setForeground(column, QBrush(self.palette().color(self.palette().ColorRole.PlaceholderText)))
            reason = words.reason(line.reason) if line.reason else QCoreApplication.translate("CheckResults", "suppressed")
            item.setText(self.NOTE, reason)
            item.setToolTip(self.SOURCE, reason)
            item.setToolTip(self.NOTE, reason)  # a sentence: cut with "…" in a narrow panel, whole on hover
        self.addTopLevelItem(item)

    def lines(self) -> list[QTreeWidgetItem]:
        return [self.topLevelItem(i) for i in range(self.topLevelItemCount())]

    def retranslate(self) -> None:
        self.setHeaderLabels([QCoreApplication.translate("CheckResults", "Value"), QCoreApplication.translate("CheckResults", "Source"), QCoreApplication.translate("CheckResults", "Type"), QCoreApplication.translate("CheckResults", "Note")])


class TierTable(QWidget):
    """The exact chance of every tier (percent, one decimal), side by side, worst first, each in
    its colour: it doubles as the charts' legend. Anarchy adds the complication chance."""

    MAX = 5

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("tierTable")
        # Each tier's name over its chance; the tiers flow onto a second line when the panel is
        # narrow (French names, a laptop) rather than squeeze the choices column beside them.
        flow = FlowLayout(self, spacing=14)
        bold = QFont(self.font())
        bold.setBold(True)
        big = QFont(bold)
        big.setPointSizeF(big.pointSizeF() * 1.25)
        self.names: list[QLabel] = []
        self.values: list[QLabel] = []
        self.cells: list[QWidget] = []
        for i in range(self.MAX):
            name, value = QLabel(), QLabel()
            name.setFont(bold)
            value.setFont(big)
            cell = QWidget()
            column = QVBoxLayout(cell)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(0)
            column.addWidget(name)
            column.addWidget(value)
            flow.addWidget(cell)
            self.names.append(name)
            self.values.append(value)
            self.cells.append(cell)
        self.tiers: list[str] = []

    def show_odds(self, rows: list[tuple[str, str]]) -> None:
        """``rows``: (tier id or "complication", percent text), worst tier first."""
        self.tiers = [tier for tier, _ in rows][: self.MAX]
        for i, (name, value) in enumerate(zip(self.names, self.values)):
            if i < len(self.tiers):
                tier, text = rows[i]
                colour = complication_color() if tier == "complication" else tier_color(tier)
                label = complication_name() if tier == "complication" else tier_name(tier)
                name.setText(f"■ {label}")
                restyle(name, f"color: {colour.name()}")
                value.setText(text)
            self.cells[i].setVisible(i < len(self.tiers))

    def texts(self) -> dict[str, str]:
        return {tier: self.values[i].text() for i, tier in enumerate(self.tiers)}

    def retranslate(self) -> None:
        pass  # the names come from the theme at every update


class RollResultView(QWidget):
    """The last roll: the tier big and coloured, the dice, the total (or hits), a reroll when allowed."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rollResult")
        self.tier_label = QLabel()
        self.tier_label.setObjectName("rollTier")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.7)
        font.setBold(True)
        self.tier_label.setFont(font)
        self.total_label = QLabel()
        self.total_label.setObjectName("rollTotal")
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.4)
        self.total_label.setFont(big)
        self.dice_label = QLabel()
        self.dice_label.setObjectName("rollDice")
        self.dice_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.secret_label = QLabel()
        self.secret_label.setObjectName("rollSecret")
        # Its text is the rule's ("Spend a Luck point: reroll the dice that missed"): it wraps rather
        # than widen the column, which would change the panel's width after every roll.
        self.reroll_button = WrappingButton()
        self.reroll_button.setObjectName("rerollButton")
        mark_edits(self.reroll_button)  # a reroll is logged, and may spend a point from the sheet
        self.reroll_button.setVisible(False)
        self.total_label.setWordWrap(True)
        self.dice_label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.tier_label)
        top.addStretch(1)
        top.addWidget(self.secret_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.total_label)
        layout.addWidget(self.dice_label)
        layout.addWidget(self.reroll_button)
        self._shown: tuple | None = None  # the last roll shown, to say it again in another language
        self.clear()

    def retranslate(self, target_word: str = "") -> None:
        """The language changed: "Not rolled yet", or the last roll (tier, hits, the engine's notes)
        said again in the new one; the reroll button stays as it was."""
        if self._shown is None:
            self.clear()
            return
        result, secret, reroll_of, system, number = self._shown
        self.show_roll(result, secret, reroll_of, target_word, system, number)

    def clear(self) -> None:
        self._shown = None
        self.tier_label.setText(QCoreApplication.translate("CheckResults", "Not rolled yet"))
        restyle(self.tier_label, "color: palette(placeholder-text); font-weight: normal")
        self.total_label.clear()
        self.dice_label.clear()
        self.secret_label.clear()
        self.reroll_button.setVisible(False)

    def show_roll(self, result: RollResult, secret: bool, reroll_of: int | None = None, target_word: str = "",
                  system: str = "", number: int | None = None) -> None:
        """The roll as logged: ``number`` is its number in the roll log (its # column), which a
        reroll's "reroll of #…" names."""
        self._shown = (result, secret, reroll_of, system, number)
        colour = tier_color(result.tier)
        self.tier_label.setText(tier_name(result.tier))
        restyle(self.tier_label, f"color: {colour.name()}")
        if result.hits is not None:
            text = count_text("CheckResults", result.hits, QT_TRANSLATE_NOOP("CheckResults", "{n} hit"),
                              QT_TRANSLATE_NOOP("CheckResults", "{n} hits"))
            if len(result.complications) > 1:  # the helpers' and each interval's add up (seed)
                text += " · " + QCoreApplication.translate("CheckResults", "{n} complications (degrees {degrees})").format(
                    n=len(result.complications), degrees=", ".join(map(str, result.complications)))
            elif result.complication is not None:
                text += " · " + QCoreApplication.translate("CheckResults", "{name} {degree}").format(name=complication_name(), degree=result.complication)
        else:
            text = QCoreApplication.translate("CheckResults", "total {total}").format(total=result.total) if result.total is not None else ""
        if result.dc is not None:
            text += "  " + QCoreApplication.translate("CheckResults", "vs {word} {dc}").format(word=target_word, dc=result.dc)
        self.total_label.setText(text)
        dice = dice_text([{"sides": d.sides, "face": d.face, "state": d.state} for d in result.dice])
        notes = EngineWords(system, {}).notes_text(result.notes)  # in the GM's language
        logged = ("  · " + QCoreApplication.translate("CheckResults", "roll #{id}").format(id=number)
                  if number is not None else "")
        self.dice_label.setText(dice + (f"  ({notes})" if notes else "") + logged)
        self.secret_label.setText(QCoreApplication.translate("CheckResults", "🔒 secret roll") if secret else "")
        if reroll_of is not None:
            self.secret_label.setText((self.secret_label.text() + "  " if secret else "")
                                      + QCoreApplication.translate("CheckResults", "reroll of #{id}").format(id=reroll_of))
