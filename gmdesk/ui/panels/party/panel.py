"""The party dock: PCs and NPCs/monsters in a filterable table, with add, duplicate and delete.

Selecting a row tells the rest of the window (``bus.actorSelected``); a selection made elsewhere (an
undo that brings a character back into view) is mirrored here without echoing it back.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLineEdit, QMessageBox,
                               QTableView, QToolButton, QVBoxLayout, QWidget)

from gmdesk.campaign.model import Character
from gmdesk.campaign.sheets import new_sheet
from gmdesk.ui import plain_text
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_undo import CampaignSteps
from gmdesk.ui.panels.party.columns import ColumnFit
from gmdesk.ui.panels.party.filter import PartyFilter
from gmdesk.ui.panels.party.importing import DropFiles, freeze_selected, import_characters
from gmdesk.ui.panels.party.model import PartyModel
from gmdesk.ui.undo import CampaignHistory, ids_of
from gmdesk.ui.campaign_state import mark_edits

translate = QCoreApplication.translate


class PartyPanel(QWidget):
    def __init__(self, bus: CampaignBus, parent: QWidget | None = None, undo_stack: QUndoStack | None = None):
        super().__init__(parent)
        self.bus = bus
        self.store = None
        # Adding, copying and deleting a character are undo steps on the window's history.
        self.undo_stack = undo_stack if undo_stack is not None else CampaignHistory(self)
        self.steps = CampaignSteps(self.undo_stack, self)
        self.steps.written.connect(self._written_back)
        self._echo = False  # True while mirroring a selection made elsewhere
        self._shown_actor: int | None = None  # the character the other panels show (the last announced)
        self.model = PartyModel(self)
        self.proxy = PartyFilter(self)
        self.proxy.setSourceModel(self.model)

        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("partyFilter")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(lambda text: self._narrow(self.proxy.setFilterFixedString, text))
        self.kind_filter = QComboBox()
        self.kind_filter.setObjectName("partyKindFilter")
        self.kind_filter.currentIndexChanged.connect(
            lambda i: self._narrow(self.proxy.set_kind, self.kind_filter.itemData(i) or ""))

        self.add_pc_action = QAction(self)
        self.add_pc_action.setShortcut(QKeySequence(Qt.Key.Key_Insert))
        self.add_pc_action.triggered.connect(lambda: self.add_character("pc"))
        self.add_npc_action = QAction(self)
        self.add_npc_action.setShortcut(QKeySequence("Shift+Ins"))
        self.add_npc_action.triggered.connect(lambda: self.add_character("npc"))
        self.duplicate_action = QAction(self)
        self.duplicate_action.setShortcut(QKeySequence("Ctrl+D"))
        self.duplicate_action.triggered.connect(self.duplicate_selected)
        self.delete_action = QAction(self)
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.delete_action.triggered.connect(self.delete_selected)
        for action in self._actions():
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        mark_edits(*self._actions())
        # File › Import… and the party list's menu (importing.py): bring characters in, freeze one.
        self.import_action = QAction(self, triggered=lambda: self.import_files())
        self.import_action.setObjectName("importAction")
        self.freeze_action = QAction(self, triggered=self.freeze_selected)
        self.freeze_action.setObjectName("freezeAction")
        mark_edits(self.import_action, self.freeze_action)
        self.import_dialog = None

        buttons = QHBoxLayout()
        buttons.setSpacing(2)
        self._buttons = []
        for action, name in zip(self._actions(), ("addPc", "addNpc", "duplicate", "delete")):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setObjectName(name)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            buttons.addWidget(button)
            self._buttons.append(button)
        buttons.addStretch(1)

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.kind_filter)

        self.table = QTableView()
        self.table.setObjectName("partyTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the GM's own order until a header is clicked
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        # The key numbers take the room left: anarchy's five attributes, elided in a narrow dock,
        # must not squeeze the names to "Gh…". The others fit their widest text (columns.py).
        self.table.horizontalHeader().setSectionResizeMode(PartyModel.STATS, QHeaderView.ResizeMode.Stretch)
        self.columns = ColumnFit(self.table, self.model, (PartyModel.NAME, PartyModel.KIND, PartyModel.LEVEL,
                                                          PartyModel.HP), self.model.column_texts)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in (self.duplicate_action, self.freeze_action, self.import_action):
            self.table.addAction(action)
        self._drop = DropFiles(self, self.table.viewport())

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

        bus.characterChanged.connect(self._character_changed)
        # pf2's proficiency house rule changes the key numbers the list shows (and filters by).
        bus.settingsChanged.connect(lambda: self.store is not None and self.model.rules_changed())
        bus.actorSelected.connect(self._select_silently)
        bus.actorSelected.connect(lambda cid: setattr(self, "_shown_actor", cid if cid is not None and cid >= 0 else None))
        bus.campaignOpened.connect(self.select_first)
        # The keyboard starts on the list, not in the filter: the first keys the GM types are the
        # window's shortcuts (N, I, Ctrl+R…), not a filter that hides the party and switches the
        # check panel to whoever is left. (Once the window has enabled the panels it opened.)
        bus.campaignOpened.connect(lambda: QTimer.singleShot(0, self._take_start_focus))
        self.retranslate()
        self._update_actions()

    def _actions(self) -> list[QAction]:
        return [self.add_pc_action, self.add_npc_action, self.duplicate_action, self.delete_action]

    # -- panel contract -----------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        """Show ``store``'s party; the filter typed for the last campaign goes with it."""
        self.store = self.steps.store = store
        self._shown_actor = None
        self.filter_edit.clear()
        self.kind_filter.setCurrentIndex(0)
        self.model.set_store(store)
        self._update_actions()

    def retranslate(self) -> None:
        self.filter_edit.setPlaceholderText(translate("PartyPanel", "Filter by name, kind, numbers…"))
        kind = self.kind_filter.currentIndex()
        self.kind_filter.blockSignals(True)
        self.kind_filter.clear()
        self.kind_filter.addItem(translate("PartyPanel", "Everyone"), "")
        self.kind_filter.addItem(translate("PartyPanel", "PCs"), "pc")
        self.kind_filter.addItem(translate("PartyPanel", "NPCs"), "npc")
        self.kind_filter.setCurrentIndex(max(kind, 0))
        self.kind_filter.blockSignals(False)
        self.add_pc_action.setText(translate("PartyPanel", "+ PC"))
        self.add_pc_action.setToolTip(translate("PartyPanel", "Add a player character (Ins)"))
        self.add_npc_action.setText(translate("PartyPanel", "+ NPC"))
        self.add_npc_action.setToolTip(translate("PartyPanel", "Add an NPC or monster (Shift+Ins)"))
        self.duplicate_action.setText(translate("PartyPanel", "Duplicate"))
        self.duplicate_action.setToolTip(translate("PartyPanel", "Duplicate the selected character (Ctrl+D)"))
        self.delete_action.setText(translate("PartyPanel", "Delete"))
        self.delete_action.setToolTip(translate("PartyPanel", "Delete the selected character (Del)"))
        self.import_action.setText(translate("PartyPanel", "&Import characters…"))
        self.import_action.setToolTip(translate("PartyPanel", "Pathbuilder 2e, Foundry VTT, sheets files or pasted stat "
                                                              "blocks, previewed before they are added"))
        self.freeze_action.setText(translate("PartyPanel", "Turn into a stat block"))
        self.freeze_action.setToolTip(translate("PartyPanel", "Keep the selected character's numbers as they are now, "
                                                              "entered as printed"))
        self.model.language_changed()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1)
        if self.model.rowCount():
            self.model.dataChanged.emit(self.model.index(0, 0),
                                        self.model.index(self.model.rowCount() - 1, self.model.columnCount() - 1))

    # -- selection ----------------------------------------------------------------------------
    def selected_id(self) -> int | None:
        index = self.table.selectionModel().currentIndex()
        if not index.isValid() or not self.table.selectionModel().isRowSelected(index.row(), index.parent()):
            return None
        return index.data(PartyModel.IdRole)

    def select_id(self, character_id: int | None) -> None:
        """Select (and announce) a character; None or unknown clears the selection."""
        row = self.model.row_of(character_id) if character_id is not None else -1
        sm = self.table.selectionModel()
        if row < 0:
            sm.clearSelection()
            sm.clearCurrentIndex()
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():  # hidden by the filter: show it anyway rather than select nothing
            self.filter_edit.clear()
            self.kind_filter.setCurrentIndex(0)
            index = self.proxy.mapFromSource(self.model.index(row, 0))
        sm.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                           | QItemSelectionModel.SelectionFlag.Rows)
        self.table.scrollTo(index)

    def select_first(self) -> None:
        if self.proxy.rowCount():
            self.select_id(self.proxy.index(0, 0).data(PartyModel.IdRole))
        else:
            self.bus.actorSelected.emit(-1)

    def _narrow(self, change, value: str) -> None:
        """The GM types in the filter (or picks PCs/NPCs): the list narrows, and the character the
        other panels show stays until the GM picks a row. Qt would make another row current when the
        selected one is filtered out, and each keystroke would switch the sheet and the check panel
        to whoever came first (rebuilding them: a bestiary's filter waited for it)."""
        shown, echo = self._shown_actor, self._echo
        self._echo = True
        try:
            change(value)
            row = self.model.row_of(shown) if shown is not None else -1
            index = self.proxy.mapFromSource(self.model.index(row, 0)) if row >= 0 else None
            sm = self.table.selectionModel()
            if index is not None and index.isValid():
                # The character the panels show is in the list (again): it is the one selected.
                sm.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                   | QItemSelectionModel.SelectionFlag.Rows)
                self.table.scrollTo(index)
            else:
                # Nothing current: a click on any row the filter left picks it (and announces it).
                sm.clearSelection()
                sm.clearCurrentIndex()
                self.table.scrollToTop()  # the matches from the first (Qt had scrolled to the row it chose)
        finally:
            self._echo = echo
        self._update_actions()

    def _take_start_focus(self) -> None:
        """A campaign opened with the keyboard nowhere (a start, a switch): it goes to the list."""
        focus = self.window().focusWidget()
        if focus is None or focus is self.filter_edit or not focus.isVisible():
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _current_changed(self, current, previous) -> None:
        self._update_actions()
        if self._echo:
            return
        character_id = current.data(PartyModel.IdRole) if current.isValid() else None
        self.bus.actorSelected.emit(character_id if character_id is not None else -1)

    def _select_silently(self, character_id: int) -> None:
        if character_id is None or character_id < 0 or character_id == self.selected_id():
            return
        self._echo = True
        try:
            self.select_id(character_id)
        finally:
            self._echo = False

    def _update_actions(self) -> None:
        has_store = self.store is not None and not getattr(self.store, "read_only", False)
        selected = self.table.selectionModel().currentIndex().isValid()
        self.add_pc_action.setEnabled(has_store)
        self.add_npc_action.setEnabled(has_store)
        self.duplicate_action.setEnabled(has_store and selected)
        self.delete_action.setEnabled(has_store and selected)
        self.import_action.setEnabled(has_store)
        current = self.table.selectionModel().currentIndex().data(PartyModel.IdRole) if selected else None
        row = self.model.row_of(current) if current is not None else -1
        self.freeze_action.setEnabled(has_store and row >= 0 and not self.model.character(row).is_stat_block)

    # -- changes ------------------------------------------------------------------------------
    def _written_back(self, parts: tuple, shown) -> None:
        """An undo or redo rewrote characters (and what named them): every panel reloads, and the
        character it touched is selected when it is there."""
        if self.store is None:
            return
        self.model.refresh()
        self.bus.characterChanged.emit(-1)
        if "scenes" in parts:
            self.bus.prepChanged.emit()
        if "encounter" in parts:
            self.bus.encounterChanged.emit()
        character_id = ids_of(self.undo_stack).get("character", shown)
        if character_id is not None and self.model.row_of(character_id) >= 0:
            self.select_id(character_id)
        else:
            self.select_first()

    def _character_changed(self, character_id: int) -> None:
        if self.store is None:
            return
        self.model.refresh()
        self._update_actions()

    def add_character(self, kind: str) -> int | None:
        if self.store is None:
            return None
        system = self.store.info.system
        base = (QCoreApplication.translate("PartyPanel", "New character") if kind == "pc"
                else QCoreApplication.translate("PartyPanel", "New NPC"))
        taken = {c.name for c in self.store.characters.list()}
        name, n = base, 2
        while name in taken:
            name, n = f"{base} {n}", n + 1
        with self.steps.step(translate("PartyPanel", "Add %1").replace("%1", name), ("characters",),
                             shown=self.selected_id):
            created = self.store.characters.add(Character(None, name, kind, system, new_sheet(system)))
            self.bus.characterChanged.emit(created.id)
            self.select_id(created.id)
        return created.id

    def import_files(self, files=()) -> int:
        """File › Import…: the preview (with ``files`` read), then one undo step."""
        return import_characters(self, list(files))

    def freeze_selected(self) -> int | None:
        """Turn the selected character into a stat block of its numbers now (one undo step)."""
        done = freeze_selected(self)
        self._update_actions()
        return done

    def duplicate_selected(self) -> int | None:
        character_id = self.selected_id()
        if self.store is None or character_id is None:
            return None
        name = self.model.character(self.model.row_of(character_id)).name
        with self.steps.step(translate("PartyPanel", "Duplicate %1").replace("%1", name), ("characters",),
                             shown=self.selected_id):
            copy = self.store.characters.duplicate(character_id)
            self.bus.characterChanged.emit(copy.id)
            self.select_id(copy.id)
        return copy.id

    def delete_selected(self) -> bool:
        character_id = self.selected_id()
        if self.store is None or character_id is None:
            return False
        row = self.model.row_of(character_id)
        name = self.model.character(row).name
        answer = QMessageBox.question(
            self, QCoreApplication.translate("PartyPanel", "Delete a character"),
            plain_text.message(QCoreApplication.translate(
                "PartyPanel", "Delete %1 and their sheet? The roll log keeps their rolls.").replace("%1", name)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            return False
        proxy_row = self.table.selectionModel().currentIndex().row()
        # The sheet goes, and so do the places that named it (who may roll a check, a combatant's
        # sheet): undo brings all of them back.
        with self.steps.step(translate("PartyPanel", "Delete %1").replace("%1", name),
                             ("characters", "scenes", "encounter"), shown=lambda: character_id):
            self.store.characters.delete(character_id)
        self.bus.characterChanged.emit(character_id)
        # Keep a selection where the deleted row was, so Delete can be pressed again.
        if self.proxy.rowCount():
            next_index = self.proxy.index(min(proxy_row, self.proxy.rowCount() - 1), 0)
            self.select_id(next_index.data(PartyModel.IdRole))
        else:
            self.bus.actorSelected.emit(-1)
        return True
