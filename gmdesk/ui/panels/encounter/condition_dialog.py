"""Putting a condition on a combatant (the system's list, a value, a duration in rounds that counts
down at the start or the end of a chosen combatant's turn), and picking one to remove.

Keyboard: type the first letters of the condition in the list, Tab to the value and the rounds,
Enter. A duration of 0 means "until removed". The dialogs only choose; the panel makes the edit.
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QSpinBox, QVBoxLayout, QWidget)

from gmdesk.campaign import conditions as catalogue
from gmdesk.campaign.model import Combatant
from gmdesk.ui.panels.encounter.text import CUSTOM, condition_label, condition_note, fill, language, translate


class ConditionDialog(QDialog):
    def __init__(self, system: str, bearer: Combatant, queue: Sequence[Combatant], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("conditionDialog")
        self.setWindowTitle(fill(translate("EncounterPanel", "Condition on %1"), bearer.name))
        self.system = system
        self.bearer = bearer

        self.condition_combo = QComboBox()
        self.condition_combo.setObjectName("conditionKey")
        lang = language()
        for c in sorted(catalogue.catalogue(system), key=lambda c: c.name(lang).casefold()):
            self.condition_combo.addItem(c.name(lang), c.key)
        self.condition_combo.addItem(translate("EncounterPanel", "Other (a reminder, no effect on the odds)"), CUSTOM)
        self.custom_edit = QLineEdit()
        self.custom_edit.setObjectName("conditionCustom")
        self.custom_edit.setPlaceholderText(translate("EncounterPanel", "its name"))
        self.value_spin = QSpinBox()
        self.value_spin.setObjectName("conditionValue")
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setObjectName("conditionRounds")
        self.rounds_spin.setRange(0, 999)
        self.rounds_spin.setSpecialValueText(translate("EncounterPanel", "until removed"))
        self.ticks_combo = QComboBox()
        self.ticks_combo.setObjectName("conditionTicks")
        self.ticks_combo.addItem(translate("EncounterPanel", "at the end of the turn of"), "end")
        self.ticks_combo.addItem(translate("EncounterPanel", "at the start of the turn of"), "start")
        self.anchor_combo = QComboBox()
        self.anchor_combo.setObjectName("conditionAnchor")
        self.anchor_combo.addItem(fill(translate("EncounterPanel", "%1 (its own)"), bearer.name), None)
        for c in queue:
            if c.id != bearer.id:
                self.anchor_combo.addItem(c.name, c.id)
        self.note_label = QLabel()
        self.note_label.setObjectName("conditionNote")
        self.note_label.setWordWrap(True)

        form = QFormLayout()
        form.addRow(translate("EncounterPanel", "&Condition"), self.condition_combo)
        form.addRow(translate("EncounterPanel", "&Name"), self.custom_edit)
        form.addRow(translate("EncounterPanel", "&Value"), self.value_spin)
        form.addRow(translate("EncounterPanel", "&Rounds"), self.rounds_spin)
        form.addRow(translate("EncounterPanel", "Counts &down"), self.ticks_combo)
        form.addRow("", self.anchor_combo)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note_label)
        layout.addWidget(self.buttons)
        self.condition_combo.currentIndexChanged.connect(self._condition_changed)
        self._condition_changed()

    def select(self, key: str) -> None:
        index = self.condition_combo.findData(key)
        if index >= 0:
            self.condition_combo.setCurrentIndex(index)

    def _condition_changed(self) -> None:
        key = self.condition_combo.currentData()
        custom = key == CUSTOM
        self.custom_edit.setEnabled(custom)
        cond = None if custom else catalogue.condition(self.system, key)
        valued = custom or cond.valued
        # 0 shows "—": no value (a custom reminder may have one or not; frightened always has one)
        low = 1 if valued and not custom else 0
        # The rules' bound, where they give one (pf2 frightened: 4, its status penalty's worst).
        high = cond.max_value if cond is not None and cond.max_value is not None else 20
        self.value_spin.setRange(low, high if valued else 0)
        self.value_spin.setSpecialValueText("—" if low == 0 else "")  # shown at the minimum only
        self.value_spin.setEnabled(valued)
        existing = self.bearer.condition(key) if not custom else None
        if existing is not None and existing.value is not None:
            self.value_spin.setValue(existing.value)
        note = "" if custom else condition_note(self.system, key)
        if valued and cond is not None and cond.max_value is not None:
            bound = fill(translate("EncounterPanel", "At most %1: the rules go no higher."), cond.max_value)
            note = f"{note} — {bound}" if note else bound
        self.note_label.setText(note)

    def accept(self) -> None:
        if self.condition_combo.currentData() == CUSTOM and not self.custom_edit.text().strip():
            self.custom_edit.setFocus()
            return
        super().accept()

    def choice(self) -> tuple[str, int | None, int | None, str, int | None]:
        """(key, value, rounds, ticks, anchor id): what ``initiative.add_condition`` takes."""
        key = self.condition_combo.currentData()
        if key == CUSTOM:
            key = CUSTOM + self.custom_edit.text().strip()
        value = self.value_spin.value() or None
        rounds = self.rounds_spin.value() or None
        return key, value, rounds, self.ticks_combo.currentData(), self.anchor_combo.currentData()


class RemoveConditionDialog(QDialog):
    """Pick one of a combatant's conditions (Enter removes it)."""

    def __init__(self, system: str, bearer: Combatant, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("removeConditionDialog")
        self.setWindowTitle(fill(translate("EncounterPanel", "Remove a condition from %1"), bearer.name))
        self.list = QListWidget()
        self.list.setObjectName("conditionList")
        for s in bearer.conditions:
            item = QListWidgetItem(condition_label(system, s.key, s.value))
            item.setData(Qt.ItemDataRole.UserRole, s.key)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("EncounterPanel", "Remove"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(buttons)

    def key(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None
