"""Adding to the fight: campaign characters (ticked in a list) or an ad-hoc combatant, with N
copies of a monster at once under numbered names ("Gobelin 1", "Gobelin 2"…).

Keyboard: arrows and Space tick characters, Ctrl+Tab switches to the ad-hoc page, Enter adds.
The dialog only builds ``Combatant``s (ids None); the panel adds them as one undoable edit.
"""

from __future__ import annotations

import re
from typing import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QSpinBox, QTabWidget, QVBoxLayout, QWidget)

from gmdesk import systems
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.model import Character, Combatant
from gmdesk.ui.number_box import NumberBox
from gmdesk.ui.panels.encounter.text import fill, language, translate


class AddCombatantsDialog(QDialog):
    CAMPAIGN, AD_HOC = range(2)

    def __init__(self, characters: Iterable[Character], system: str, taken_names: Iterable[str] = (),
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("addCombatantsDialog")
        self.setWindowTitle(translate("EncounterPanel", "Add to the fight"))
        self.system = system
        self.taken = set(taken_names)
        self.characters = list(characters)

        self.list = QListWidget()
        self.list.setObjectName("campaignCharacters")
        for c in sorted(self.characters, key=lambda c: c.kind != "pc"):  # PCs first, each in the GM's order
            kind = translate("EncounterPanel", "PC") if c.kind == "pc" else translate("EncounterPanel", "NPC")
            hp = fill(translate("EncounterPanel", "%1 HP"), c.max_hp) if c.max_hp else ""
            item = QListWidgetItem(" · ".join(x for x in (c.name, kind, hp) if x))
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(self._toggle)

        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("adHocName")
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("adHocKind")
        self.kind_combo.addItem(translate("EncounterPanel", "NPC"), "npc")
        self.kind_combo.addItem(translate("EncounterPanel", "PC"), "pc")
        self.init_spin = QSpinBox()
        self.init_spin.setObjectName("adHocInit")
        self.init_spin.setRange(-20, 60)
        self.hp_spin = NumberBox()  # "1 200" HP in French, "1,200" in English
        self.hp_spin.setObjectName("adHocHp")
        self.hp_spin.setRange(0, 9999)
        self.hp_spin.setSpecialValueText(translate("EncounterPanel", "not tracked"))
        ad_hoc = QWidget()
        form = QFormLayout(ad_hoc)
        form.addRow(translate("EncounterPanel", "&Name"), self.name_edit)
        form.addRow(translate("EncounterPanel", "&Kind"), self.kind_combo)
        # What the ad-hoc "initiative modifier" is called in the system (cof: the Init score itself; none
        # where the GM orders the queue by hand).
        self.init_label = systems.get(system).fight.ad_hoc_label
        if self.init_label is not None:
            form.addRow(self.init_label.text(language()), self.init_spin)
        form.addRow(translate("EncounterPanel", "&Hit points"), self.hp_spin)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("addTabs")
        self.tabs.addTab(self.list, translate("EncounterPanel", "From the &campaign"))
        self.tabs.addTab(ad_hoc, translate("EncounterPanel", "&Ad hoc"))
        if not self.characters:
            self.tabs.setCurrentIndex(self.AD_HOC)
        self.tabs.currentChanged.connect(self._tab_changed)

        self.copies_spin = QSpinBox()
        self.copies_spin.setObjectName("copies")
        self.copies_spin.setRange(1, 50)
        self.copies_hint = QLabel(translate("EncounterPanel", "Several copies get numbered names; player characters come once."))
        self.copies_hint.setWordWrap(True)
        self.copies_hint.setEnabled(False)
        copies = QFormLayout()
        copies.addRow(translate("EncounterPanel", "C&opies"), self.copies_spin)
        # An ambush: hidden from the player window from the moment it joins, until the GM reveals it.
        self.hidden_check = QCheckBox(translate("EncounterPanel", "Hidden from the players until revealed"))
        self.hidden_check.setObjectName("addHidden")

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("EncounterPanel", "Add"))
        # Creatures with their stat blocks: the Bestiary dock adds them (the panel sends the GM there).
        self.bestiary_button = self.buttons.addButton(translate("EncounterPanel", "From the &bestiary…"),
                                                      QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(copies)
        layout.addWidget(self.copies_hint)
        layout.addWidget(self.hidden_check)
        layout.addWidget(self.buttons)
        self.resize(420, 420)
        self._tab_changed(self.tabs.currentIndex())

    def _toggle(self, item: QListWidgetItem) -> None:
        checked = item.checkState() == Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    def _tab_changed(self, index: int) -> None:
        (self.list if index == self.CAMPAIGN else self.name_edit).setFocus()

    def accept(self) -> None:
        if self.combatants():
            super().accept()
        elif self.tabs.currentIndex() == self.AD_HOC:
            self.name_edit.setFocus()  # an ad-hoc combatant needs a name

    # -- result -------------------------------------------------------------------------------
    def chosen_characters(self) -> list[Character]:
        """The ticked characters; none ticked: the highlighted one."""
        items = [self.list.item(i) for i in range(self.list.count())]
        ticked = [i for i in items if i.checkState() == Qt.CheckState.Checked]
        if not ticked and self.list.currentItem() is not None:
            ticked = [self.list.currentItem()]
        by_id = {c.id: c for c in self.characters}
        return [by_id[i.data(Qt.ItemDataRole.UserRole)] for i in ticked]

    def combatants(self) -> list[Combatant]:
        copies = self.copies_spin.value()
        hidden = self.hidden_check.isChecked()
        taken = set(self.taken)
        out: list[Combatant] = []
        if self.tabs.currentIndex() == self.CAMPAIGN:
            for c in self.chosen_characters():
                template = Combatant(None, c.name, c.id, hp=c.max_hp, max_hp=c.max_hp, kind=c.kind, hidden=hidden)
                out += named(template, copies if c.kind == "npc" else 1, taken)
        else:
            name = self.name_edit.text().strip()
            if name:
                hp = self.hp_spin.value()
                template = Combatant(None, name, hp=hp, max_hp=hp, kind=self.kind_combo.currentData(),
                                     init_modifier=self.init_spin.value() if self.init_label is not None else 0,
                                     hidden=hidden)
                out += named(template, copies, taken)
        return out


def named(template: Combatant, count: int, taken: set[str]) -> list[Combatant]:
    """``count`` copies, numbered when there are several, or when the name (or a numbered one,
    "Gobelin 2") is already in the fight. Adds the names used to ``taken``."""
    numbered = re.compile(re.escape(template.name) + r" \d+\Z")
    if count == 1 and template.name not in taken and not any(numbered.match(n) for n in taken):
        out = [Combatant.from_dict({**template.to_dict(), "id": None})]
    else:
        out = ini.numbered_copies(template, count, taken)
    taken.update(c.name for c in out)
    return out
