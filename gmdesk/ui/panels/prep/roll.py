"""At the table: roll the selected prepared check for the chosen characters in one action.

Each roll is the engine's (``check.roll(rng)``), logged with ``LogEntry.from_roll`` (all the rolls
of one action in one transaction), and secret by default when the check is marked secret. A roll is
real: it counts each character's current conditions (the fight in progress), as the check panel's
roll does, whether or not the prep odds on screen include them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from PySide6.QtCore import QCoreApplication, QDate, Qt, QT_TRANSLATE_NOOP, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QHBoxLayout, QHeaderView, QLabel, QListWidget,
                               QListWidgetItem, QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout, QWidget)

from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import Character
from gmdesk.engine.core import RollResult
from gmdesk.engine.core import RulesError
from gmdesk.ui.panels.prep.grid import Grid, PrepContext, build, labelled
from gmdesk.ui.panels.check.roll import check_to_roll
from gmdesk.ui.theme import count_text, tier_color, tier_name
from gmdesk.ui.campaign_state import mark_edits


translate = QCoreApplication.translate


@dataclass(frozen=True)
class PrepRoll:
    member: Character
    result: RollResult
    entry_id: int
    secret: bool


def roll_prepared(store, grid: Grid, column: int, member_ids: Sequence[int], secret: bool, rng: random.Random,
                  session: str, ctx: PrepContext | None = None) -> list[PrepRoll]:
    """Roll check ``column`` for the chosen members (grid order), log every roll; returns them.
    With ``ctx`` (the prep odds' context), each check is made with the character's current conditions."""
    prepared = grid.checks[column]
    table = PrepContext.from_store(store, ctx.lang, with_conditions=True) if ctx is not None else None
    rolled = []
    for member, cell in grid.rollers(column):
        if member.id not in member_ids:
            continue
        check = cell.check
        if table is not None and not ctx.with_conditions and table.conditions.get(member.id):
            try:
                check = build(table, table.characters.get(member.id, member), prepared)
            except RulesError:
                pass  # the rules refuse it in the fight's state: the roll the GM saw stays
        check = labelled(check_to_roll(check, member.system), prepared, secret)
        rolled.append((member, check, check.roll(rng)))
    entries = [LogEntry.from_roll(result, check.describe(), actor=member.name, label=prepared.name,
                                  session=session, secret=secret) for member, check, result in rolled]
    ids = store.log.append_many(entries) if entries else []
    return [PrepRoll(member, result, entry_id, secret) for (member, _, result), entry_id in zip(rolled, ids)]


def dice_text(result: RollResult) -> str:
    kept = [str(d.face) for d in result.dice if d.state in ("kept", "helper")]
    other = [str(d.face) for d in result.dice if d.state not in ("kept", "helper")]
    text = " ".join(kept)
    return f"{text} ({' '.join(other)})" if other else text


class PrepRollPane(QWidget):
    rolled = Signal(list)  # the PrepRolls of one action

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.store = None
        self.ctx: PrepContext | None = None
        self.grid: Grid | None = None
        self.column = -1
        self.rng: random.Random = random.Random()
        self.last: list[PrepRoll] = []
        self._check_id: int | None = None

        self.who_list = QListWidget()
        self.who_list.setObjectName("rollWho")
        self.who_list.setMaximumWidth(220)
        self.secret_box = QCheckBox()
        self.secret_box.setObjectName("rollSecret")
        self.roll_action = QAction(self)
        self.roll_action.setObjectName("prepRollAction")
        self.roll_action.setShortcut(QKeySequence("Ctrl+Return"))
        self.roll_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.roll_action.triggered.connect(self.roll)
        self.addAction(self.roll_action)
        mark_edits(self.roll_action)  # every roll is logged
        self.roll_button = QToolButton()
        self.roll_button.setObjectName("prepRollButton")
        self.roll_button.setDefaultAction(self.roll_action)
        self.roll_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.roll_button.setMinimumHeight(30)
        self.results = QTableWidget(0, 4)
        self.results.setObjectName("rollResults")
        self.results.verticalHeader().setVisible(False)
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.results.horizontalHeader().setStretchLastSection(True)
        self.who_label = QLabel()
        self.who_label.setBuddy(self.who_list)
        self.status = QLabel()
        self.status.setObjectName("rollStatus")
        self.status.setWordWrap(True)

        left = QVBoxLayout()
        left.addWidget(self.who_label)
        left.addWidget(self.who_list, 1)
        left.addWidget(self.secret_box)
        left.addWidget(self.roll_button)
        right = QVBoxLayout()
        right.addWidget(self.status)
        right.addWidget(self.results, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(left)
        layout.addLayout(right, 1)
        self.retranslate()
        self.set_data(None, None, -1)

    def forget(self) -> None:
        """Another campaign: its rolls, who rolls and the secret flag go (a check of the next one
        may share an id with the check shown)."""
        self._check_id = None
        self.last = []
        self.results.setRowCount(0)
        self.status.clear()
        self.secret_box.setChecked(False)
        self.set_data(None, None, -1)

    def set_data(self, store, grid: Grid | None, column: int, ctx: PrepContext | None = None) -> None:
        """Follow the selected check; a newly selected check resets who rolls and the secret flag."""
        self.store, self.grid, self.column, self.ctx = store, grid, column, ctx
        valid = grid is not None and 0 <= column < len(grid.checks)
        check_id = grid.checks[column].id if valid else None
        chosen = set(self.chosen_ids()) if check_id == self._check_id else None
        self.who_list.clear()
        if valid:
            for member, _ in grid.rollers(column):
                item = QListWidgetItem(member.name)
                item.setData(Qt.ItemDataRole.UserRole, member.id)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                on = chosen is None or member.id in chosen
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                self.who_list.addItem(item)
        if check_id != self._check_id:
            self.secret_box.setChecked(bool(valid and grid.checks[column].secret))
            self._check_id = check_id
        writable = store is not None and not getattr(store, "read_only", False)
        self.roll_action.setEnabled(valid and writable and self.who_list.count() > 0)

    def chosen_ids(self) -> list[int]:
        return [self.who_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.who_list.count())
                if self.who_list.item(i).checkState() == Qt.CheckState.Checked]

    def session_name(self) -> str:
        return QDate.currentDate().toString("yyyy-MM-dd")

    def roll(self) -> list[PrepRoll]:
        if self.store is None or self.grid is None or not 0 <= self.column < len(self.grid.checks):
            return []
        rolls = roll_prepared(self.store, self.grid, self.column, self.chosen_ids(), self.secret_box.isChecked(),
                              self.rng, self.session_name(), self.ctx)
        self.last = rolls
        self._show(rolls)
        if rolls:
            self.rolled.emit(rolls)
        return rolls

    def _show(self, rolls: list[PrepRoll]) -> None:
        self.results.setRowCount(len(rolls))
        for row, r in enumerate(rolls):
            result = r.result
            if result.hits is not None:
                value = count_text("PrepPanel", result.hits, QT_TRANSLATE_NOOP("PrepPanel", "{n} hit"),
                                   QT_TRANSLATE_NOOP("PrepPanel", "{n} hits"))
            else:
                value = str(result.total)
            tier = QTableWidgetItem(tier_name(result.tier))
            tier.setData(Qt.ItemDataRole.DecorationRole, tier_color(result.tier))
            for column, item in enumerate((QTableWidgetItem(r.member.name), QTableWidgetItem(dice_text(result)),
                                           QTableWidgetItem(value), tier)):
                self.results.setItem(row, column, item)
        if rolls:
            name = self.grid.checks[self.column].name if self.grid else ""
            text = translate("PrepPanel", "{name}: {n} roll(s) logged").format(name=name, n=len(rolls))
            if rolls[0].secret:
                text += " — " + translate("PrepPanel", "secret: only the GM sees these")
            self.status.setText(text)

    def retranslate(self) -> None:
        self.who_label.setText(translate("PrepPanel", "Roll &for:"))
        self.secret_box.setText(translate("PrepPanel", "Secre&t roll"))
        self.roll_action.setText(translate("PrepPanel", "Roll the prepared check"))
        self.roll_action.setToolTip(
            translate("PrepPanel", "Roll the selected check for everyone ticked and log each roll (Ctrl+Enter)"))
        self.results.setHorizontalHeaderLabels([translate("PrepPanel", "Character"), translate("PrepPanel", "Dice"),
                                                translate("PrepPanel", "Total"), translate("PrepPanel", "Result")])
