"""What the window shows with no campaign open: a start page, not a grid of disabled panels.

The recent campaigns (name, system, when last opened; one that moved or was deleted is marked, with
"Locate…" to point gmdesk at it), New…, Open…, and a demo of each system. The window hides its docks
while the page shows (``MainWindow._show_campaign_state``) and shows them again with a campaign.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout,
                               QWidget)

from gmdesk import systems
from gmdesk.ui import i18n, plain_text
from gmdesk.ui.flow_layout import FlowLayout
from gmdesk.ui.settings import RecentCampaign

translate = QCoreApplication.translate


def opened_text(campaign: RecentCampaign) -> str:
    """When the GM last opened it, in their locale's short date and time."""
    if campaign.opened is None:
        return ""
    locale = QLocale(QLocale.Language.French if i18n.current_language() == "fr" else QLocale.Language.English)
    moment = QDateTime.fromSecsSinceEpoch(int(campaign.opened.timestamp())).toLocalTime()
    return locale.toString(moment, QLocale.FormatType.ShortFormat)


class StartPage(QScrollArea):
    """``open_requested`` / ``new_requested``: the two big ways out; ``recent_requested(path)``,
    ``locate_requested(path)`` and ``demo_requested(system)`` for the rest."""

    open_requested = Signal()
    new_requested = Signal()
    recent_requested = Signal(object)
    locate_requested = Signal(object)
    demo_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("emptyState")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._recent: list[RecentCampaign] = []
        self._row_widgets: list[dict] = []
        self._names_due = False  # the systems' names wait until the page is shown (see _show_names)
        page = QWidget()
        page.setObjectName("startPage")
        self.setWidget(page)
        self.message = QLabel(alignment=Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        big = QFont(self.message.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        big.setBold(True)
        self.message.setFont(big)
        self.open_button = QPushButton()
        self.open_button.setObjectName("emptyOpen")
        self.open_button.clicked.connect(self.open_requested)
        self.new_button = QPushButton()
        self.new_button.setObjectName("emptyNew")
        self.new_button.clicked.connect(self.new_requested)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        self.recent_title = QLabel()
        self.recent_title.setObjectName("recentTitle")
        bold = QFont(self.recent_title.font())
        bold.setBold(True)
        self.recent_title.setFont(bold)
        self.recent_box = QWidget()
        self.recent_grid = QGridLayout(self.recent_box)
        self.recent_grid.setContentsMargins(0, 0, 0, 0)
        self.recent_grid.setColumnStretch(0, 1)
        self.demo_title = QLabel()
        self.demo_title.setFont(bold)
        self.demo_buttons: dict[str, QPushButton] = {}
        demos = FlowLayout(spacing=6)
        for system in systems.ids():
            button = QPushButton()
            button.setObjectName(f"demo-{system}")
            button.clicked.connect(lambda _=False, s=system: self.demo_requested.emit(s))
            self.demo_buttons[system] = button
            demos.addWidget(button)
        column = QVBoxLayout()
        column.addWidget(self.message)
        column.addLayout(buttons)
        column.addSpacing(12)
        column.addWidget(self.recent_title)
        column.addWidget(self.recent_box)
        column.addSpacing(12)
        column.addWidget(self.demo_title)
        column.addLayout(demos)
        middle = QHBoxLayout()
        middle.addStretch(1)
        middle.addLayout(column, 4)
        middle.addStretch(1)
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        layout.addLayout(middle)
        layout.addStretch(2)
        self.retranslate()

    # -- the recent campaigns ---------------------------------------------------------------------
    def show_recent(self, recent: list[RecentCampaign]) -> None:
        self._recent = list(recent)
        self._show_names()

    def rows(self) -> list[dict]:
        """What each line of the recent list shows (the tests read it as the GM would)."""
        return list(self._row_widgets)

    def _fill_recent(self) -> None:
        while self.recent_grid.count():
            item = self.recent_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self._row_widgets: list[dict] = []
        lang = i18n.current_language()
        for row, campaign in enumerate(self._recent):
            missing = not campaign.exists()
            name = campaign.name or campaign.path.stem
            system = ""
            if campaign.system:
                found = systems.find(campaign.system)  # a system this gmdesk lacks: its id
                system = found.name.text(lang) if found is not None else campaign.system
            if missing:
                button = QPushButton(plain_text.mnemonic(name))
                button.setEnabled(False)
                action = QPushButton(translate("StartPage", "Locate…"))
                action.setObjectName("locateRecent")
                action.clicked.connect(lambda _=False, p=campaign.path: self.locate_requested.emit(p))
                when = translate("StartPage", "missing: moved or deleted")
            else:
                button = QPushButton(plain_text.mnemonic(name))
                button.clicked.connect(lambda _=False, p=campaign.path: self.recent_requested.emit(p))
                action = None
                when = opened_text(campaign)
            button.setObjectName("openRecent")
            button.setToolTip(str(campaign.path))
            button.setStyleSheet("text-align: left; padding: 2px 8px")
            system_label, when_label = QLabel(system), QLabel(when)
            when_label.setObjectName("recentMissing" if missing else "recentOpened")
            self.recent_grid.addWidget(button, row, 0)
            self.recent_grid.addWidget(system_label, row, 1)
            self.recent_grid.addWidget(when_label, row, 2)
            if action is not None:
                self.recent_grid.addWidget(action, row, 3)
            self._row_widgets.append({"name": name, "system": system, "when": when, "missing": missing,
                                      "button": button, "locate": action, "path": campaign.path})
        self.recent_title.setVisible(bool(self._recent))
        self.recent_box.setVisible(bool(self._recent))

    def retranslate(self) -> None:
        self.message.setText(translate("CampaignFiles", "No campaign is open."))
        self.open_button.setText(translate("CampaignFiles", "Open…"))
        self.new_button.setText(translate("CampaignFiles", "New…"))
        self.recent_title.setText(translate("StartPage", "Recent campaigns"))
        self.demo_title.setText(translate("StartPage", "Try a demo campaign"))
        self._show_names()

    def _show_names(self) -> None:
        """The demo buttons and the recent campaigns name their systems. Asking a system its name
        loads it, and a window opening a campaign (this page hidden) needs only that one system:
        the names are written when the page shows."""
        self._names_due = not self.isVisible()
        if self._names_due:
            return
        lang = i18n.current_language()
        for system, button in self.demo_buttons.items():
            button.setText(plain_text.mnemonic(systems.get(system).name.text(lang)))
        self._fill_recent()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self._names_due:
            self._show_names()
        super().showEvent(event)
