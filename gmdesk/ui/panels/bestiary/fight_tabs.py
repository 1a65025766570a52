"""Below the Bestiary dock's search: the fight against the party, in two tabs. **Threat**: the threat
table (each creature against each character: its chance to hit, and the rounds it needs to drop them),
its legend, or once, plainly, why this system has no rounds to drop. **Fight odds**: the whole fight
simulated (``fight_odds_view``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from .fight_odds_view import FightOddsView
from .threat_view import ThreatTable

translate = QCoreApplication.translate


class FightTabs(QTabWidget):
    def __init__(self, bus, parent=None):
        super().__init__(parent)
        self.setObjectName("bestiaryFightTabs")
        self.setDocumentMode(True)
        self.threat = ThreatTable(self)
        self.legend = QLabel(objectName="threatLegend", wordWrap=True)
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.legend)
        column.addWidget(self.threat, 1)
        self.odds = FightOddsView(bus, self)
        self.addTab(page, "")
        self.addTab(self.odds, "")
        self.threat.shown.connect(self._legend)

    def set_campaign(self, store) -> None:
        self.odds.set_campaign(store)

    def _legend(self) -> None:
        """The legend says what a cell shows, or once, why there are no rounds to drop."""
        reason = self.threat.no_rounds_reason
        self.legend.setText(reason or translate(
            "Bestiary", "A cell: the creature's chance to hit; its bars: in how many rounds it drops the "
                        "character (1 to 10, then more). Hover for the words."))

    def retranslate(self) -> None:
        self.setTabText(0, translate("Bestiary", "Threat"))
        self.setTabText(1, translate("Bestiary", "Fight odds"))
        self._legend()
        self.odds.retranslate()
