"""The sheet editor dock: the selected character's sheet, every edit saved at once and undoable.

Edits arrive from the form as ``Change``s; each becomes a ``FieldEdit`` on the window's undo stack,
whose ``apply`` re-reads the character from the store, applies the change, validates, saves, and
announces it on the bus. The fight in progress follows in the same step (``campaign.sheet_follow``:
a raised maximum HP, a new name), so undoing the edit puts the fight back too. Undoing an edit of a character not on screen brings that character back
into view, so the GM sees what was undone.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QLabel, QStackedLayout, QWidget

from gmdesk.campaign.model import Character
from gmdesk.campaign.sheet_follow import follow_sheet
from gmdesk.store.errors import StoreError
from gmdesk.ui import i18n
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.panels.on_screen import on_screen
from gmdesk.ui.sheets.form import SheetForm
from gmdesk.ui.sheets.rows import Change
from gmdesk.ui.undo import FieldEdit, ids_of


class SheetPanel(QWidget):
    def __init__(self, bus: CampaignBus, parent: QWidget | None = None, undo_stack: QUndoStack | None = None):
        super().__init__(parent)
        self.bus = bus
        self.store = None
        self.undo_stack = undo_stack if undo_stack is not None else QUndoStack(self)
        self.character_id: int | None = None
        self.form = SheetForm(self)
        self.form.commit.connect(self._push)
        self._empty = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self._empty.setWordWrap(True)
        self._empty.setObjectName("sheetEmpty")
        self._stack = QStackedLayout(self)
        self._stack.addWidget(self._empty)
        self._stack.addWidget(self.form)
        bus.actorSelected.connect(self.show_character)
        bus.characterChanged.connect(self._changed)
        bus.settingsChanged.connect(self._rules_changed)
        self.retranslate()

    # -- panel contract -----------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        self.store = store
        self.form.forget_built()  # the forms kept for the last campaign's other sheets
        rules = store.info.house_rules if store is not None else None
        same_rules = rules == self.form.house_rules  # a pf2 sheet's derived numbers follow them
        self.form.house_rules = rules
        self.form.set_read_only(bool(store is not None and store.read_only))
        if store is None:
            self.show_character(None)
            return
        self.character_id = None
        if same_rules and on_screen(self.form):
            # On screen, the form keeps its fields, not painted again until the new campaign's
            # character is in them: the party list selects it at once (``campaignOpened``), and a
            # sheet of the same shape only takes its values (building the form again cost 0.1 s of
            # each switch; hiding it behind the empty page and showing it again, 15 ms).
            self.form.setUpdatesEnabled(False)
            QTimer.singleShot(0, self, self._nobody_selected)
        else:
            # Nothing of the character shown before stays: the form forgets it. The page stays as
            # it is (behind its tab, flipping to the empty page and back cost 2.5 ms a switch).
            self.form.set_character(None)

    def retranslate(self) -> None:
        self._empty.setText(QCoreApplication.translate(
            "SheetPanel", "Select a character in the party list to edit their sheet."))
        self.form.retranslate()

    # -- showing ------------------------------------------------------------------------------
    def show_character(self, character_id: int | None) -> None:
        character = None
        if self.store is not None and character_id is not None and character_id >= 0:
            try:
                character = self.store.characters.get(character_id)
            except KeyError:
                character = None
        self.character_id = character.id if character else None
        self.form.set_character(character)
        self._stack.setCurrentWidget(self.form if character else self._empty)
        self._paint_again()

    def _nobody_selected(self) -> None:
        """No character was selected after the switch (the same campaign handed again, read-only):
        what the form holds is forgotten, the empty page shown."""
        if self.character_id is None and self.form.character is not None:
            self.show_character(None)
        self._paint_again()

    def _paint_again(self) -> None:
        if not self.form.updatesEnabled():
            self.form.setUpdatesEnabled(True)  # and repainted whole

    def _rules_changed(self) -> None:
        """The house rules changed (pf2 proficiency): the derived numbers are computed again."""
        if self.store is not None:
            self.form.house_rules = self.store.info.house_rules
            self.form.retranslate()

    def _changed(self, character_id: int) -> None:
        if self.character_id is not None and character_id in (self.character_id, -1):
            self.show_character(self.character_id)

    # -- editing ------------------------------------------------------------------------------
    def _push(self, change: Change) -> None:
        character_id = self.character_id
        if character_id is None or self.store is None:
            return
        name = self.form.character.name if self.form.character else ""
        text = QCoreApplication.translate("SheetPanel", "Edit %1: %2").replace("%1", name).replace("%2", change.label)
        command = FieldEdit(text, (character_id,) + tuple(change.key), change.old, change.new,
                            lambda value, t=change.transform: self._write(character_id, t, value), change.burst)
        self.undo_stack.push(command)

    def _write(self, character_id: int, transform, value: Any) -> None:
        """Apply one field's value to the stored character; LookupError if it is gone."""
        if self.store is None:
            raise LookupError(character_id)
        character_id = ids_of(self.undo_stack).get("character", character_id)  # brought back by an undo
        try:
            stored = self.store.characters.get(character_id)
        except KeyError:
            raise LookupError(character_id) from None
        updated = Character.from_dict(transform(stored.to_dict(), value))
        self.store.characters.update(updated)
        fight_changed = self._follow_in_fight(stored, updated)
        if self.character_id != character_id:
            self.bus.actorSelected.emit(character_id)
        self.bus.characterChanged.emit(character_id)
        if fight_changed:
            self.bus.encounterChanged.emit()

    def _follow_in_fight(self, before: Character, after: Character) -> bool:
        """The combatants of this character show the sheet as edited (written with the edit: its undo
        writes the old sheet, and they follow it back)."""
        try:
            encounter = self.store.encounter.get()
        except StoreError:  # a fight that cannot be read: the sheet edit stands on its own
            return False
        if encounter is None or not follow_sheet(encounter, before, after, self.store.info.house_rules,
                                                 i18n.current_language()):
            return False
        self.store.encounter.save(encounter)
        return True
