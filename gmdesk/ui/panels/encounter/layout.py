"""The initiative dock's widgets: the round, the queue's table, the toolbars and menus, the quick HP
entry; what each does is ``commands``'."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QFrame, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMenu,
                               QSizePolicy, QTableView, QToolButton, QVBoxLayout, QWidget)

from gmdesk.ui.campaign_state import mark_edits
from gmdesk.ui.flow_layout import FlowLayout
from gmdesk.ui.panels.bestiary.threat_view import DifficultyLabel
from gmdesk.ui.panels.encounter.model import EncounterModel
from gmdesk.ui.panels.encounter.actions import ROLL, STATE


class EncounterLayout:
    """Mixed into ``EncounterPanel`` (its ``model``, ``actions_by_name`` and slots)."""

    def _build(self) -> None:
        self.round_label = QLabel()
        self.round_label.setObjectName("roundLabel")
        font = QFont(self.round_label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.round_label.setFont(font)
        # Wrapped: "Pas de combat : ajoutez des combattants (Inser)" on one line would make the
        # dock (and, before the window is first laid out, the window) wider than 1280 px.
        self.round_label.setWordWrap(True)

        self.table = QTableView()
        self.table.setObjectName("encounterTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # F2 or a double click: a name, or an initiative a player rolled at the table
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.table.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.table.setDragDropOverwriteMode(False)
        self.table.setDropIndicatorShown(True)
        rows = self.table.verticalHeader()  # the place in the queue, "▶ 2" for whose turn it is
        rows.setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setSectionsClickable(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(EncounterModel.CONDITIONS, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(24)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.installEventFilter(self)

        self.hp_edit = QLineEdit()
        self.hp_edit.setObjectName("hpEntry")
        self.hp_edit.setClearButtonEnabled(True)
        self.hp_edit.setMaximumWidth(120)
        self.hp_edit.returnPressed.connect(self.apply_hp_entry)
        self.hp_edit.installEventFilter(self)
        self.hp_label = QLabel()
        self.hp_label.setBuddy(self.hp_edit)

        self.status_label = QLabel()
        self.status_label.setObjectName("encounterStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.difficulty_label = DifficultyLabel(self, full=False)  # the fight against this party, as its rules judge it
        self.difficulty_label.follow(self.bus, lambda: self.store)

        self.roll_menu = QMenu(self)
        for name in ROLL:
            self.roll_menu.addAction(self.actions_by_name[name])
        self.roll_menu.addSeparator()
        self.roll_menu.addAction(self.actions_by_name["start_action"])
        self.roll_menu.addAction(self.actions_by_name["end_action"])
        self.state_menu = QMenu(self)
        for name in STATE:
            self.state_menu.addAction(self.actions_by_name[name])

        self.roll_button = self._menu_button("rollInitiative", self.roll_menu)
        self.state_button = self._menu_button("stateMenu", self.state_menu)
        mark_edits(self.roll_button, self.state_button, self.hp_edit)
        # Rows of tool buttons, most used first: in a narrow dock the rest wraps onto the next line.
        turns = self._toolbar("turnBar", ("previous_action", "next_action", self.roll_button, None, "add_action",
                                          "remove_action"))
        fight = self._toolbar("fightBar", ("delay_action", "return_action", "ready_action", "use_ready_action",
                                          "skip_downed_action"))
        marks = self._toolbar("markBar", ("add_condition_action", "remove_condition_action", self.state_button,
                                          "hide_action"))
        view = self._toolbar("viewBar", ("player_view_action",))
        top = QHBoxLayout()
        top.addWidget(self.round_label, 1)
        top.addWidget(view)
        bottom = QHBoxLayout()
        bottom.addWidget(self.hp_label)
        bottom.addWidget(self.hp_edit)
        bottom.addWidget(marks, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(turns)
        layout.addWidget(fight)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        layout.addWidget(self.status_label)
        layout.addWidget(self.difficulty_label)

    def _toolbar(self, name: str, items) -> QWidget:
        """A row of the panel's actions that wraps onto a second line when the dock is narrow: a
        QToolBar hid the last ones behind its » button on a laptop, where the GM never saw them."""
        bar = QWidget()
        bar.setObjectName(name)
        row = FlowLayout(bar, spacing=2)
        for item in items:
            if item is None:
                line = QFrame()
                line.setFrameShape(QFrame.Shape.VLine)
                line.setFrameShadow(QFrame.Shadow.Sunken)
                row.addWidget(line)
            elif isinstance(item, str):
                button = QToolButton()
                button.setDefaultAction(self.actions_by_name[item])
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
                button.setAutoRaise(True)
                button.setObjectName(item.removesuffix("_action"))
                row.addWidget(button)
            else:
                item.setAutoRaise(True)
                row.addWidget(item)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        bar.setSizePolicy(policy)
        return bar

    def _menu_button(self, name: str, menu: QMenu) -> QToolButton:
        button = QToolButton()
        button.setObjectName(name)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setMenu(menu)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        return button

    def _context_menu(self, pos) -> None:
        menu = QMenu(self)
        for name in ("add_condition_action", "remove_condition_action", None, "delay_action", "return_action",
                     "ready_action", "use_ready_action", None, *STATE, "hide_action", None, "roll_selected_action",
                     "move_up_action", "move_down_action", "remove_action"):
            if name is None:
                menu.addSeparator()
            else:
                menu.addAction(self.actions_by_name[name])
        menu.exec(self.table.viewport().mapToGlobal(pos))
