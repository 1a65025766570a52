"""Situational modifiers of one roll: value, stacking type (where the system has types, pf2) and
where it comes from.

A small table the GM fills during play ("+2 circumstance: cover", "−1 dice: darkness"). The engine
decides what counts: a pf2 bonus that does not stack shows up struck through in the breakdown. The
system says which types there are and whether a modifier adds dice (``CheckOptions``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmdesk import systems
from gmdesk.engine.core import Modifier
from gmdesk.systems.kit.options import CheckOptions
from gmdesk.ui.fit_columns import FillColumn
from gmdesk.ui import i18n


class CheckModifiers(QWidget):
    changed = Signal()
    VALUE, KIND, SOURCE = range(3)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("CheckModifiers")
        self.system = ""
        self.spec = CheckOptions()
        self.title = QLabel()
        self.add_button = QToolButton()
        self.add_button.setObjectName("addModifier")
        self.add_button.setText("+")
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button = QToolButton()
        self.remove_button.setObjectName("removeModifier")
        self.remove_button.setText("−")
        self.remove_button.clicked.connect(self.remove_current)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("modifierTable")
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # The value and type as wide as they need, the source the rest: fitted in the frame that
        # shows a change (``FillColumn``), not by the header's own modes a frame later.
        self._columns = FillColumn(self.table, (self.VALUE, self.KIND), self.SOURCE)
        self.table.setMaximumHeight(92)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.add_button)
        top.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.table)
        self.retranslate()

    def set_system(self, system: str) -> None:
        self.system = system
        game = systems.find(system)
        self.spec = game.options if game is not None else CheckOptions()
        self.clear()
        self.table.setColumnHidden(self.KIND, not self.spec.modifier_kinds)  # types only where they stack
        self.retranslate()
        self._columns.fit(contents=True)

    def clear(self) -> None:
        had = self.table.rowCount() > 0
        self.table.setRowCount(0)
        if had:
            self.changed.emit()

    def add_row(self, value: int = 1, kind: str = "", source: str = "") -> int:
        """A new modifier row (of the system's first type: pf2's circumstance, the GM's usual situational
        bonus; untyped where modifiers simply add up)."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        spin = QSpinBox()
        spin.setRange(-30, 30)
        spin.setValue(value)
        spin.valueChanged.connect(self.changed)
        combo = QComboBox()
        for k, word in self.spec.modifier_kinds:
            combo.addItem(word.text(i18n.current_language()), k)
        default = self.spec.modifier_kinds[0][0] if self.spec.modifier_kinds else "untyped"
        combo.setCurrentIndex(max(0, combo.findData(kind or default)))
        combo.currentIndexChanged.connect(self.changed)
        edit = QLineEdit(source or QCoreApplication.translate("CheckModifiers", "situation"))
        edit.textChanged.connect(self.changed)
        self.table.setCellWidget(row, self.VALUE, spin)
        self.table.setCellWidget(row, self.KIND, combo)
        self.table.setCellWidget(row, self.SOURCE, edit)
        self.table.setCurrentCell(row, self.VALUE)
        self._columns.fit(contents=True)
        self.changed.emit()
        return row

    def remove_current(self) -> None:
        row = self.table.currentRow()
        if row < 0:
            row = self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)
            self.changed.emit()

    def value_spin(self, row: int) -> QSpinBox:
        return self.table.cellWidget(row, self.VALUE)

    def kind_combo(self, row: int) -> QComboBox:
        return self.table.cellWidget(row, self.KIND)

    def source_edit(self, row: int) -> QLineEdit:
        return self.table.cellWidget(row, self.SOURCE)

    def modifiers(self) -> tuple[Modifier, ...]:
        out = []
        for row in range(self.table.rowCount()):
            value = self.value_spin(row).value()
            if value == 0:
                continue  # a row being edited: zero changes nothing (and pf2 refuses a 0 bonus)
            kind = self.kind_combo(row).currentData() if self.spec.modifier_kinds else "untyped"
            source = self.source_edit(row).text().strip() or QCoreApplication.translate("CheckModifiers", "situation")
            out.append(Modifier(value, source, kind))
        return tuple(out)

    def retranslate(self) -> None:
        dice = self.spec.dice_modifiers
        self.title.setText(QCoreApplication.translate("CheckModifiers", "Situational dice modifiers:") if dice else QCoreApplication.translate("CheckModifiers", "Situational modifiers:"))
        self.add_button.setToolTip(QCoreApplication.translate("CheckModifiers", "Add a modifier"))
        self.remove_button.setToolTip(QCoreApplication.translate("CheckModifiers", "Remove the selected modifier"))
        self.table.setHorizontalHeaderLabels([QCoreApplication.translate("CheckModifiers", "Dice") if dice else QCoreApplication.translate("CheckModifiers", "Value"), QCoreApplication.translate("CheckModifiers", "Type"), QCoreApplication.translate("CheckModifiers", "Source")])
