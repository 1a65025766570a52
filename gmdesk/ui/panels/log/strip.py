"""The roll log shrunk to one line: the last roll (who, what, the dice, the result, the outcome in its
colour) and a button that grows the log back. At the table on a laptop the log needs no more room
than that; the GM grows it to look back or to filter."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from gmdesk.store.errors import StoreError
from gmdesk.store.rolllog import LogFilter
from gmdesk.ui.long_text import ElidedLabel
from gmdesk.ui.theme import restyle, tier_color


class LastRollStrip(QWidget):
    """``grow_requested`` when the GM asks for the whole log back."""

    grow_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("lastRollStrip")
        self.title = QLabel()
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.roll = ElidedLabel(min_chars=12)
        self.roll.setObjectName("lastRoll")
        self.outcome = QLabel()
        self.outcome.setObjectName("lastRollOutcome")
        self.outcome.setFont(bold)
        self.grow_button = QToolButton()
        self.grow_button.setObjectName("growLog")
        self.grow_button.clicked.connect(self.grow_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.roll, 1)
        layout.addWidget(self.outcome)
        layout.addWidget(self.grow_button)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.retranslate()

    def show_last(self, store, model) -> None:
        """The newest roll of ``store``'s log (every roll, whatever the table's filters), its cells
        worded as the table words them (``model``: the panel's ``RollLogModel``)."""
        entry = None
        if store is not None:
            try:
                newest = store.log.page(LogFilter(), 0, 1, newest_first=True)
                entry = newest[0] if newest else None
            except StoreError:
                entry = None
        font = self.roll.font()
        font.setStrikeOut(entry is not None and entry.undone)  # an undo took it back: struck, as in the table
        self.roll.setFont(font)
        if entry is None:
            self.roll.setText(QCoreApplication.translate("RollLogPanel", "no roll yet"))
            self.outcome.clear()
            return
        m = type(model)
        parts = [model.cell_text(entry, c) for c in (m.ACTOR, m.LABEL, m.DICE)]
        result = model.cell_text(entry, m.RESULT)
        target = model.cell_text(entry, m.TARGET)
        if result:
            head = model.headerData(m.TARGET, Qt.Orientation.Horizontal) or ""
            parts.append(f"{result} ({head} {target})" if target else result)
        if entry.secret:
            parts.append(model.cell_text(entry, m.SECRET))
        self.roll.setText(" · ".join(p for p in parts if p))
        self.outcome.setText(model.cell_text(entry, m.TIER))
        restyle(self.outcome, f"color: {tier_color(entry.tier).name()}")

    def retranslate(self) -> None:
        self.title.setText(QCoreApplication.translate("RollLogPanel", "Last roll:"))
        self.grow_button.setText(QCoreApplication.translate("RollLogPanel", "▴ Show the log"))
        self.grow_button.setToolTip(QCoreApplication.translate("RollLogPanel", "Show the whole roll log, with its filters"))
