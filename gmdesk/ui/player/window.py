"""The player window: a second top-level window for the screen the players see (a TV, a projector).

It shows the round and whose turn it is, the initiative order (names, health, conditions), the last
public rolls, and the odds of the check the GM shows when the GM says so — large, high contrast, on
a dark background for a dim room. It shows only what it is handed (``PlayerScreen`` feeds it the
players' view from ``gmdesk.campaign.player_view``); it edits nothing and takes no focus from the
GM's window. Its type grows with the window's height, so it reads from three metres on a TV and
still fits on a laptop.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QCloseEvent, QColor, QFont, QFontMetrics, QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import (QAbstractItemView, QFrame, QHBoxLayout, QLabel, QListView, QSizePolicy, QStyledItemDelegate,
                               QStyleOptionViewItem, QVBoxLayout, QWidget)

from gmdesk.campaign.player_view import PublicFight, PublicOdds, PublicRoll
from gmdesk.ui.one_frame import OneFrame
from gmdesk.ui.player.models import BACKGROUND, CURRENT_BG, MUTED, TEXT, FightModel, RollsModel
from gmdesk.ui.player.words import PlayerWords

STYLE = f"""
QWidget#playerWindow {{ background: {BACKGROUND}; }}
QWidget#playerWindow QLabel {{ color: {TEXT}; background: transparent; }}
QLabel#playerTurn {{ color: {CURRENT_BG}; }}
QLabel#playerRollsTitle, QLabel#playerOddsTitle, QLabel#playerNoFight, QLabel#playerNoRolls {{ color: {MUTED}; }}
QListView {{ background: {BACKGROUND}; color: {TEXT}; border: none; gridline-color: #2a2c31; }}
QFrame#playerOdds {{ background: #1b1d23; border: 2px solid #3a3e47; border-radius: 10px; }}
"""
RULE = "#2a2c31"
LINES_PER_SCREEN = 26  # the type's line height is the window's height divided by this
MIN_PIXELS, MAX_PIXELS = 15, 72


CARD_ROLE = FightModel.CardRole  # the same role in both models


def _cells(index) -> tuple[tuple[str, QColor], ...]:
    """The row's (text, colour) of each column, in one call (``_RowsModel.CardRole``)."""
    return index.data(CARD_ROLE)


class FightCard(QStyledItemDelegate):
    """A place of the queue: the turn marker, the name and the health on one line; the conditions,
    smaller, on a second line when there are some (wrapped, never cut). ``FightModel``'s columns hold
    each part; the list shows its first column."""

    SMALL = 0.8

    def _small(self, font: QFont) -> QFont:
        small = QFont(font)
        small.setPixelSize(max(MIN_PIXELS, round(font.pixelSize() * self.SMALL)))
        return small

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        (mark, mark_colour), (name, name_colour), (health, health_colour), (conditions, cond_colour) = \
            _cells(index)
        font = index.data(Qt.ItemDataRole.FontRole) or option.font
        background = index.data(Qt.ItemDataRole.BackgroundRole)
        painter.save()
        if background is not None:
            painter.fillRect(option.rect, background)
        metrics = QFontMetrics(font)
        line = round(metrics.height() * 1.35)
        pad = metrics.height() // 4
        first = QRect(option.rect.left() + pad, option.rect.top(), option.rect.width() - 2 * pad, line)
        marker = metrics.horizontalAdvance("▶ ")
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.setFont(font)
        painter.setPen(mark_colour)
        painter.drawText(first, left, mark)
        health_width = metrics.horizontalAdvance(health)
        painter.setPen(health_colour)
        painter.drawText(first, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, health)
        painter.setPen(name_colour)
        name_room = first.adjusted(marker, 0, -(health_width + pad), 0)
        painter.drawText(name_room, left, metrics.elidedText(name, Qt.TextElideMode.ElideRight, name_room.width()))
        if conditions:
            small = self._small(option.font)
            painter.setFont(small)
            painter.setPen(cond_colour)
            below = QRect(first.left() + marker, first.bottom() + 1, first.width() - marker,
                          option.rect.bottom() - first.bottom() - pad // 2)
            painter.drawText(below, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                             conditions)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: N802 (Qt's name)
        metrics = QFontMetrics(option.font)
        line = round(metrics.height() * 1.35)
        conditions = index.siblingAtColumn(FightModel.CONDITIONS).data()
        if not conditions:
            return QSize(option.rect.width(), line)
        pad = metrics.height() // 4
        width = max(option.rect.width(), self.parent().viewport().width()) - 2 * pad - metrics.horizontalAdvance("▶ ")
        small = QFontMetrics(self._small(option.font))
        wrapped = small.boundingRect(QRect(0, 0, max(width, 1), 10000), Qt.TextFlag.TextWordWrap, conditions)
        return QSize(option.rect.width(), line + wrapped.height() + pad)


class RollCard(QStyledItemDelegate):
    """A roll on two lines, as a card: who and what; then the total (or hits) and the outcome in its
    colour. The model's columns hold each part (``RollsModel``); the list shows its first column."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        (who, who_colour), (what, what_colour), (result, result_colour), (outcome, outcome_colour) = \
            _cells(index)
        painter.save()
        painter.setPen(QColor(RULE))
        painter.drawLine(option.rect.bottomLeft(), option.rect.bottomRight())  # cards apart
        pad = QFontMetrics(option.font).height() // 4
        rect = option.rect.adjusted(pad, pad, -pad, -pad)
        line = rect.height() // 2
        first, second = QRect(rect.left(), rect.top(), rect.width(), line), QRect(rect.left(), rect.top() + line,
                                                                                  rect.width(), line)
        bold = QFont(option.font)
        bold.setBold(True)
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.setFont(bold)
        metrics = QFontMetrics(bold)
        who = metrics.elidedText(who, Qt.TextElideMode.ElideRight, first.width() * 3 // 5)
        painter.setPen(who_colour)
        painter.drawText(first, left, who)
        rest = first.adjusted(metrics.horizontalAdvance(who + "  "), 0, 0, 0)
        painter.setFont(option.font)
        painter.setPen(what_colour)
        painter.drawText(rest, left, QFontMetrics(option.font).elidedText(what, Qt.TextElideMode.ElideRight,
                                                                          rest.width()))
        painter.setFont(bold)
        shown = f"{result}  " if result else ""
        painter.setPen(result_colour)
        painter.drawText(second, left, shown)
        painter.setPen(outcome_colour)
        painter.drawText(second.adjusted(metrics.horizontalAdvance(shown), 0, 0, 0), left,
                         metrics.elidedText(outcome, Qt.TextElideMode.ElideRight,
                                            second.width() - metrics.horizontalAdvance(shown)))
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: N802 (Qt's name)
        height = QFontMetrics(option.font).height()
        return QSize(option.rect.width(), round(height * 2.7))


class PlayerWindow(QWidget):
    closed = Signal()
    leave_full_screen = Signal()

    def __init__(self, words: PlayerWords):
        super().__init__(None, Qt.WindowType.Window)  # no parent: its own window on its own screen
        self.setObjectName("playerWindow")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # Opening it leaves the GM typing where they were: the players only look at it.
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.words = words
        self.campaign_name = ""
        OneFrame.watch(self)  # a turn shown to the players in one frame (one_frame.py)
        self.round_label = self._label("playerRound")
        self.turn_label = self._label("playerTurn")
        self.turn_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.fight_model = FightModel(self)
        self.fight_view = self._list("playerFight", self.fight_model, FightCard)
        self.no_fight_label = self._label("playerNoFight")
        self.no_fight_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.rolls_title = self._label("playerRollsTitle")
        self.rolls_model = RollsModel(self)
        self.rolls_view = self._list("playerRolls", self.rolls_model, RollCard)
        self.rolls_view.setUniformItemSizes(True)
        self.no_rolls_label = self._label("playerNoRolls")
        self.odds_frame = QFrame()
        self.odds_frame.setObjectName("playerOdds")
        self.odds_title = self._label("playerOddsTitle")
        self.odds_check = self._label("playerOddsCheck")
        self.odds_check.setWordWrap(True)
        self.odds_value = self._label("playerOddsValue")
        self.odds_target = self._label("playerOddsTarget")
        odds = QVBoxLayout(self.odds_frame)
        for label in (self.odds_title, self.odds_check, self.odds_value, self.odds_target):
            odds.addWidget(label)
        self.odds_frame.setVisible(False)
        self.odds: PublicOdds | None = None

        top = QHBoxLayout()
        top.addWidget(self.round_label, 2)
        top.addWidget(self.turn_label, 3)
        self.left = left = QVBoxLayout()
        left.addWidget(self.fight_view, 1)
        left.addWidget(self.no_fight_label, 1)
        self.right = right = QVBoxLayout()
        right.addWidget(self.rolls_title)
        right.addWidget(self.rolls_view, 1)
        right.addWidget(self.no_rolls_label, 1)
        right.addWidget(self.odds_frame)
        self.body = body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(right, 2)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addLayout(top)
        self.layout_.addLayout(body, 1)
        self.setStyleSheet(STYLE)
        self.show_fight(None, "")
        self.show_rolls([])
        self.retranslate(words)
        self._scale()

    def _label(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, never markup
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)
        return label

    def _list(self, name: str, model, card) -> QListView:
        view = QListView()
        view.setObjectName(name)
        view.setModel(model)
        view.setItemDelegate(card(view))
        self._quiet(view)
        return view

    @staticmethod
    def _quiet(view: QAbstractItemView) -> None:
        """Nothing to pick, edit or scroll by hand: the players only look (the turn is kept in sight)."""
        view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    # -- what it shows ------------------------------------------------------------------------
    def retranslate(self, words: PlayerWords) -> None:
        """The players' language changed: the fixed texts now; the owner hands the rest again."""
        self.words = words
        self.fight_model.reset(words)
        self.rolls_model.reset(words)
        self.rolls_title.setText(words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "Last rolls")))
        self.no_fight_label.setText(words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "No fight in progress")))
        self.no_rolls_label.setText(words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "No roll yet")))
        self.odds_title.setText(words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "Chance of success")))
        self.set_campaign_name(self.campaign_name)
        self.show_odds(self.odds)

    def set_campaign_name(self, name: str) -> None:
        self.campaign_name = name
        title = self.words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "Player window"))
        self.setWindowTitle(f"{name} — {title}" if name else f"gmdesk — {title}")

    def show_fight(self, fight: PublicFight | None, system: str) -> None:
        self.fight_model.set_fight(fight, system)
        self.fight_view.doItemsLayout()  # a row's height follows its conditions (a dozen rows: nothing to notice)
        has_queue = fight is not None and bool(fight.combatants)
        self.fight_view.setVisible(has_queue)
        self.no_fight_label.setVisible(not has_queue)
        if fight is None:
            self.round_label.clear()
            self.turn_label.clear()
            return
        self.round_label.setText(self.words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "Round %1"), fight.round))
        current = next((c for c in fight.combatants if c.id == fight.current_id), None)
        self.turn_label.setText(self.words.tr(QT_TRANSLATE_NOOP("PlayerWindow", "%1's turn"), current.name)
                                if current is not None else "")
        row = self.fight_model.current_row()
        if row >= 0:
            self.fight_view.scrollTo(self.fight_model.index(row, FightModel.NAME),
                                     QAbstractItemView.ScrollHint.EnsureVisible)

    def show_rolls(self, rolls: list[PublicRoll]) -> None:
        self.rolls_model.set_rolls(rolls)
        self._rolls_shown()

    def add_rolls(self, rolls: list[PublicRoll]) -> None:
        self.rolls_model.add(rolls)
        self._rolls_shown()

    def _rolls_shown(self) -> None:
        has_rolls = self.rolls_model.rowCount() > 0
        self.rolls_view.setVisible(has_rolls)
        self.no_rolls_label.setVisible(not has_rolls)

    def show_odds(self, odds: PublicOdds | None) -> None:
        self.odds = odds
        self.odds_frame.setVisible(odds is not None)
        if odds is None:
            for label in (self.odds_check, self.odds_value, self.odds_target):
                label.clear()
            return
        w = self.words
        self.odds_check.setText(w.tr(QT_TRANSLATE_NOOP("PlayerWindow", "%1 — %2"), odds.actor_name,
                                     odds.label(w.language)))
        self.odds_value.setText(w.percent(odds.chance))
        target = odds.target_name(w.language)
        self.odds_target.setText(f"{target} {odds.target}" if target else "")
        self.odds_target.setVisible(bool(target))

    # -- size ---------------------------------------------------------------------------------
    def unit(self) -> int:
        """The type's size in pixels: a line for every 26th of the window's height."""
        return max(MIN_PIXELS, min(MAX_PIXELS, self.height() // LINES_PER_SCREEN, self.width() // 40))

    def _scale(self) -> None:
        unit = self.unit()
        if getattr(self, "_unit", None) == unit:
            return
        self._unit = unit

        def font(scale: float, bold: bool = False) -> QFont:
            f = QFont(self.font())
            f.setPixelSize(max(MIN_PIXELS, round(unit * scale)))
            f.setBold(bold)
            return f

        self.round_label.setFont(font(1.3, True))
        self.turn_label.setFont(font(1.3, True))
        self.fight_view.setFont(font(1.0))
        self.fight_model.set_base_font(self.fight_view.font())
        self.rolls_view.setFont(font(0.85))
        for label in (self.rolls_title, self.odds_title, self.no_fight_label, self.no_rolls_label, self.odds_check,
                      self.odds_target):
            label.setFont(font(0.8))
        self.odds_value.setFont(font(2.0, True))
        self.fight_view.doItemsLayout()
        margin = unit // 2
        self.layout_.setContentsMargins(margin, margin // 2, margin, margin)
        self.layout_.setSpacing(margin // 2)
        self.body.setSpacing(unit)  # the fight and the rolls apart
        for column in (self.left, self.right):
            column.setSpacing(unit // 4)  # (a nested layout would take its parent's spacing)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._scale()

    # -- keys and closing ---------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.leave_full_screen.emit()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        super().closeEvent(event)
        self.closed.emit()
