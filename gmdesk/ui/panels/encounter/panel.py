"""The initiative dock: the queue of the fight in progress, turns and rounds, HP and conditions,
all from the keyboard (N next turn, Shift+N back, I roll, D delay, H hit points, C condition…;
every key is in ``actions``; the widgets in ``layout``).

Every change is a domain operation (``gmdesk.campaign.initiative``) made through the
``EncounterKeeper``: undoable, saved to the campaign file at once, then ``bus.encounterChanged``.
Closing gmdesk mid-fight and reopening resumes the same round, turn, HP and conditions.
Selecting a combatant announces it (``combatantSelected``, and ``actorSelected`` for one linked to a
campaign character) so the check panel shows its rolls with its conditions applied.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt
from PySide6.QtGui import QKeyEvent, QUndoStack
from PySide6.QtWidgets import QMainWindow, QWidget

from gmdesk import systems
from gmdesk.campaign.model import ConditionState, Encounter
from gmdesk.engine.core import RulesError
from gmdesk.store.errors import StoreError
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.panels.encounter.add_dialog import AddCombatantsDialog
from gmdesk.ui.panels.encounter.condition_dialog import ConditionDialog, RemoveConditionDialog
from gmdesk.ui.panels.encounter.model import EncounterModel
from gmdesk.ui.panels.encounter import text as words
from gmdesk.ui.panels.encounter.actions import STATE, build_actions, retranslate_actions
from gmdesk.ui.panels.encounter.commands import FightCommands
from gmdesk.ui.panels.encounter.edits import EncounterKeeper
from gmdesk.ui.panels.encounter.layout import EncounterLayout
from gmdesk.ui.panels.encounter.text import fill, translate
from gmdesk.ui.fit_columns import settle_columns
from gmdesk.ui.theme import restyle

ERROR_STYLE = "color: #a8321e;"
# Widest a column grows to fit its contents, in pixels (the conditions take the rest).
COLUMN_CAPS = {EncounterModel.NAME: 170, EncounterModel.INIT: 60, EncounterModel.TIEBREAK: 130,
               EncounterModel.HP: 90, EncounterModel.STATE: 110}


def conditions_for_actor(store, character_id: int, combatant_id: int | None = None) -> list[ConditionState]:
    """The encounter conditions of a campaign character, for its checks: those of combatant
    ``combatant_id`` if given (and linked to it), else of the combatant whose turn it is if linked
    to it, else of the first in the queue linked to it (copies of one monster share a sheet)."""
    if store is None:
        return []
    try:
        encounter = store.encounter.get()
    except StoreError:  # a damaged fight: the checks go on without its conditions
        return []
    linked = [c for c in encounter.queue() if c.character_id == character_id] if encounter else []
    if not linked:
        return []
    current = encounter.current()
    chosen = (next((c for c in linked if c.id == combatant_id), None)
              or next((c for c in linked if current is not None and c.id == current.id), None) or linked[0])
    return [ConditionState.from_dict(s.to_dict()) for s in chosen.conditions]


class EncounterPanel(FightCommands, EncounterLayout, QWidget):
    def __init__(self, bus: CampaignBus, parent: QWidget | None = None, undo_stack: QUndoStack | None = None):
        super().__init__(parent)
        self.bus = bus
        self.store = None
        self.rng = random.Random()  # tests seed it: panel.rng = random.Random(7)
        self.skip_downed = False
        self.dialog = None  # the add / condition dialog while it is open
        self.last_messages: list[str] = []
        window_stack = getattr(parent, "undo_stack", None)  # the main window's, shared with sheet edits
        if undo_stack is None:
            undo_stack = window_stack if isinstance(window_stack, QUndoStack) else QUndoStack(self)
        self.undo_stack = undo_stack
        self._own_stack = undo_stack.parent() is self
        self._announcing = False
        self._quiet_selection = False
        self.keeper = EncounterKeeper(self.undo_stack, self)
        self.keeper.changed.connect(self._changed)
        self.keeper.failed.connect(self._error)
        self.keeper.rollsMarked.connect(bus.rollsUndone)

        self.model = EncounterModel(self)
        self.model.reorder = self.reorder
        self.model.edit = self._edit_cell
        # The fight's own keys (N, I, D…) work anywhere in the main window, the others in the panel.
        self.actions_by_name = build_actions(self, parent if isinstance(parent, QMainWindow) else None)
        # Ticked while the selected combatant is hidden; a click (triggered) hides or reveals it.
        self.actions_by_name["hide_action"].setCheckable(True)
        if self._own_stack:  # standalone (no window): its own Ctrl+Z / Ctrl+Shift+Z
            self.undo_action = self.undo_stack.createUndoAction(self)
            self.redo_action = self.undo_stack.createRedoAction(self)
            self.undo_action.setShortcut("Ctrl+Z")
            self.redo_action.setShortcuts(["Ctrl+Shift+Z", "Ctrl+Y"])
            for action in (self.undo_action, self.redo_action):
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.addAction(action)
        self._build()
        bus.characterChanged.connect(self._reload)
        bus.encounterChanged.connect(self._reload)
        self.retranslate()
        self._update_actions()

    # -- layout -------------------------------------------------------------------------------
    # -- panel contract -----------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        self.store = store
        if self._own_stack:
            self.undo_stack.clear()
        self._close_dialog()
        self.hp_edit.clear()  # an amount typed for the last campaign's fight
        self.keeper.open(store)  # shows it, and says why if the fight cannot be read
        # Whose turn it is, shown but not announced: a campaign opens on its first party member
        # (the GM's own click, or the next turn, makes the rest of the window follow the queue).
        self._quiet_selection = True
        try:
            self._select(self._current_id())
        finally:
            self._quiet_selection = False

    def retranslate(self) -> None:
        retranslate_actions(self.actions_by_name)
        self.roll_button.setText(translate("EncounterPanel", "Initiative"))
        self.roll_button.setToolTip(translate("EncounterPanel", "Roll initiative: everyone (I), NPCs only (Shift+I), "
                                                                "selected (Ctrl+I); start or end the fight"))
        self.state_button.setText(translate("EncounterPanel", "State"))
        self.hp_label.setText(translate("EncounterPanel", "HP:"))  # no Alt mnemonic: Alt+H is the Help menu
        self.hp_edit.setPlaceholderText(translate("EncounterPanel", "-7, +5, t10"))
        self.hp_edit.setToolTip(self.actions_by_name["hp_action"].toolTip())
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1)
        self.model.refresh_all()
        self._fit_columns()
        self._show_round()

    # -- reading ------------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter | None:
        return self.keeper.encounter

    @property
    def system(self) -> str:
        return self.keeper.system

    def selected_id(self) -> int | None:
        index = self.table.selectionModel().currentIndex()
        return index.data(EncounterModel.IdRole) if index.isValid() else None

    def _current_id(self) -> int | None:
        current = self.encounter.current() if self.encounter is not None else None
        return current.id if current is not None else None

    def _target_id(self) -> int | None:
        """The selected combatant, else the one whose turn it is."""
        return self.selected_id() if self.selected_id() is not None else self._current_id()

    def current_conditions(self, combatant_id: int) -> list[ConditionState]:
        """A combatant's conditions now (copies), for the check panel."""
        if self.encounter is None:
            return []
        try:
            c = self.encounter.by_id(combatant_id)
        except RulesError:
            return []
        return [ConditionState.from_dict(s.to_dict()) for s in c.conditions]

    def _names(self) -> dict[int, str]:
        return {c.id: c.name for c in self.encounter.combatants} if self.encounter else {}

    # -- selection ----------------------------------------------------------------------------
    def select_id(self, combatant_id: int | None) -> None:
        self._select(combatant_id)

    def _select(self, combatant_id: int | None) -> None:
        row = self.model.row_of(combatant_id)
        sm = self.table.selectionModel()
        if row < 0:
            return
        index = self.model.index(row, EncounterModel.NAME)
        sm.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self.table.scrollTo(index)

    def _current_changed(self, current, previous) -> None:
        self._update_actions()
        if not current.isValid() or self._quiet_selection:
            return
        self.bus.combatantSelected.emit(current.data(EncounterModel.IdRole))
        character_id = current.data(EncounterModel.CharacterRole)
        if character_id is not None:
            self.bus.actorSelected.emit(character_id)

    # -- showing ------------------------------------------------------------------------------
    def _changed(self, events: list) -> None:
        names = {**self.model_names(), **self._names()}  # a removed combatant keeps its name here
        self.model.set_encounter(self.encounter, self.system)
        self._fit_columns()
        self._show_round()
        self._update_actions()
        self._say(words.announce(events, self.system, names))
        if getattr(self, "_turn_follows", False):
            # Whoever acts now, selected before the change is announced: the check panel follows them
            # and then finds the fight as it already read it, instead of redrawing its odds twice.
            self._select(self._current_id())
        self._announcing = True
        try:
            self.bus.encounterChanged.emit()
        finally:
            self._announcing = False

    def model_names(self) -> dict[int, str]:
        return {self.model.combatant(r).id: self.model.combatant(r).name for r in range(self.model.rowCount())}

    def _reload(self, *_) -> None:
        if not self._announcing and self.store is not None:
            self.keeper.reload()

    def _fit_columns(self) -> None:
        """Fit the columns to their contents, long names and tie-breaks capped, so that the
        conditions keep their room in a narrow dock (the tooltips have every word)."""
        enc = self.encounter
        # The tie-break column only when a tie was broken: in a narrow dock every pixel counts.
        self.table.setColumnHidden(EncounterModel.TIEBREAK, not (enc and any(c.tiebreak for c in enc.combatants)))
        # Each column measured once per distinct content (its texts, each row's font: the current
        # one is bold): a turn or an HP change brings back widths already measured, and measuring
        # every row through the model is what costs.
        model, R = self.model, Qt.ItemDataRole
        context = (self.table.font().key(), self.table.style().name())
        if getattr(self, "_widths_for", None) != context:
            self._widths_for, self._widths = context, {column: {} for column in COLUMN_CAPS}
        fonts = [model.data(model.index(row, EncounterModel.NAME), R.FontRole) for row in range(model.rowCount())]
        fonts = [font.key() if font is not None else "" for font in fonts]
        # The header quiet while the widths are set: told of each new width, the table repaints
        # that column on a timer of its own, a frame after the turn's (the rows are painted whole
        # in this one: they all changed). Then the conditions' stretch settled now too.
        header = self.table.horizontalHeader()
        quiet = header.blockSignals(True)
        try:
            self._set_widths(model, fonts)
        finally:
            header.blockSignals(quiet)
        settle_columns(self.table)

    def _set_widths(self, model, fonts: list[str]) -> None:
        R = Qt.ItemDataRole
        for column, cap in COLUMN_CAPS.items():
            content = (model.headerData(column, Qt.Orientation.Horizontal),
                       tuple((font, model.data(model.index(row, column), R.DisplayRole)) for row, font in enumerate(fonts)))
            known = self._widths[column]
            if content not in known:
                if len(known) > 256:  # a long fight's HP texts: the oldest are measured again if met
                    known.clear()
                self.table.resizeColumnToContents(column)
                known[content] = min(self.table.columnWidth(column), cap)
            self.table.setColumnWidth(column, known[content])

    def _show_round(self) -> None:
        enc = self.encounter
        current = enc.current() if enc is not None else None
        if enc is None or current is None:
            self.round_label.setText(translate("EncounterPanel", "No fight: add combatants (Ins)"))
        else:
            self.round_label.setText(fill(translate("EncounterPanel", "Round %1 · %2's turn"), enc.round, current.name))

    def _say(self, messages: list[str], error: bool = False) -> None:
        self.last_messages = list(messages)
        restyle(self.status_label, ERROR_STYLE if error else "")
        self.status_label.setText(" · ".join(messages))

    def _error(self, message: str) -> None:
        self._say([message], error=True)

    def _update_actions(self) -> None:
        a, enc = self.actions_by_name, self.encounter
        writable = self.keeper.writable
        has_queue = writable and enc is not None and bool(enc.combatants)
        selected = has_queue and self.selected_id() is not None
        rolled = not systems.get(self.system).fight.by_hand if self.system else True
        for name in a:
            a[name].setEnabled(writable)
        for name in ("next_action", "previous_action", "start_action", "end_action", "delay_action"):
            a[name].setEnabled(has_queue)
        for name in ("roll_all_action", "roll_npcs_action"):
            a[name].setEnabled(has_queue and rolled)
        a["roll_selected_action"].setEnabled(selected and rolled)
        for name in ("return_action", "ready_action", "use_ready_action", "remove_action", "move_up_action",
                     "move_down_action", "add_condition_action", "remove_condition_action", *STATE, "hide_action"):
            a[name].setEnabled(selected)
        row = self.model.row_of(self.selected_id()) if selected else -1
        a["hide_action"].setChecked(row >= 0 and self.model.combatant(row).hidden)
        a["player_view_action"].setEnabled(True)
        a["skip_downed_action"].setEnabled(True)
        self.roll_button.setEnabled(has_queue)
        self.state_button.setEnabled(selected)
        self.hp_edit.setEnabled(has_queue)
        self.table.setDragEnabled(has_queue)
        self.table.setAcceptDrops(has_queue)

    # -- dialogs ------------------------------------------------------------------------------
    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.reject()
            self.dialog = None

    def _show_dialog(self, dialog, on_accept) -> None:
        self._close_dialog()
        self.dialog = dialog
        dialog.accepted.connect(lambda: on_accept(dialog))
        dialog.finished.connect(lambda _: self._dialog_done(dialog))
        dialog.open()  # window-modal, not a nested event loop

    def _dialog_done(self, dialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        self.table.setFocus()

    def open_add_dialog(self) -> None:
        if not self.keeper.writable:
            return
        taken = [c.name for c in self.encounter.combatants] if self.encounter else []
        dialog = AddCombatantsDialog(self.store.characters.list(), self.system, taken, self)
        dialog.bestiary_button.clicked.connect(lambda: (dialog.reject(), self.bus.bestiaryWanted.emit(dialog.name_edit.text())))
        self._show_dialog(dialog, lambda d: self.add_combatants(d.combatants()))

    def open_condition_dialog(self) -> None:
        cid = self.selected_id()
        if cid is None or self.encounter is None:
            return
        dialog = ConditionDialog(self.system, self.encounter.by_id(cid), self.encounter.queue(), self)
        self._show_dialog(dialog, lambda d: self.add_condition(cid, *d.choice()))

    def open_remove_condition(self) -> None:
        cid = self.selected_id()
        if cid is None or self.encounter is None:
            return
        bearer = self.encounter.by_id(cid)
        if len(bearer.conditions) <= 1:
            if bearer.conditions:
                self.remove_condition(cid, bearer.conditions[0].key)
            return
        dialog = RemoveConditionDialog(self.system, bearer, self)
        self._show_dialog(dialog, lambda d: d.key() and self.remove_condition(cid, d.key()))

    # -- keys ---------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if watched is self.table and event.text() in ("-", "+") and self.hp_edit.isEnabled():
                # typing a damage or healing amount in the queue starts the HP entry
                self.hp_edit.setFocus()
                self.hp_edit.setText(event.text())
                return True
            if watched is self.hp_edit and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                # pick the target without leaving the entry
                row = self.table.currentIndex().row() + (1 if event.key() == Qt.Key.Key_Down else -1)
                if 0 <= row < self.model.rowCount():
                    self._select(self.model.combatant(row).id)
                return True
        return super().eventFilter(watched, event)
