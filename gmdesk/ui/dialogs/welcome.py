"""The first-run welcome: which game does the GM run? gmdesk then opens that system's demo campaign.

Shown once, when gmdesk starts with no campaign named and none opened before. One click on a system
(its name, or the line that describes it: ``GameSystem.description``) and Enter is all it asks. "Not now" leaves the window empty
(the GM opens or creates a campaign from there); the caller decides what that means.

    system = ask_system(window)          # a system id (gmdesk.systems.ids()), or None for "Not now"
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QLabel, QPushButton,
                               QRadioButton, QStyle, QVBoxLayout, QWidget)

from gmdesk import systems
from gmdesk.ui import i18n
from gmdesk.ui.campaign_files import DEFAULT_SYSTEM, system_name

WIDTH = 640  # px: each description fits on one line, in English and in French

translate = QCoreApplication.translate


class WelcomeDialog(QDialog):
    """Pick a system; ``chosen_system()`` is it once accepted, None otherwise."""

    def __init__(self, parent: QWidget | None = None, initial: str = DEFAULT_SYSTEM):
        super().__init__(parent)
        self.setObjectName("WelcomeDialog")
        self.setModal(True)
        self.heading = QLabel()
        self.heading.setObjectName("welcomeHeading")
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.heading.setFont(font)
        self.intro = QLabel()
        self.intro.setWordWrap(True)

        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        self.descriptions: dict[str, QLabel] = {}
        rows = QVBoxLayout()
        rows.setSpacing(10)
        style = self.style()  # descriptions line up with the names' text, right of the radio indicator
        indent = (style.pixelMetric(QStyle.PixelMetric.PM_ExclusiveIndicatorWidth)
                  + style.pixelMetric(QStyle.PixelMetric.PM_RadioButtonLabelSpacing))
        for row, system in enumerate(systems.ids()):
            button = QRadioButton(system_name(system).replace("&", "&&"))  # "D&D", not a mnemonic
            button.setObjectName(f"system_{system}")
            bold = QFont(button.font())
            bold.setBold(True)
            button.setFont(bold)
            self.group.addButton(button, row)
            description = QLabel()
            description.setObjectName(f"description_{system}")
            description.setWordWrap(True)
            description.setContentsMargins(indent, 0, 0, 0)
            description.installEventFilter(self)  # a click on the description picks the system too
            self.buttons[system] = button
            self.descriptions[system] = description
            block = QVBoxLayout()
            block.setSpacing(0)
            block.addWidget(button)
            block.addWidget(description)
            rows.addLayout(block)
        self.buttons.get(initial, self.buttons[DEFAULT_SYSTEM]).setChecked(True)

        self.button_box = QDialogButtonBox()
        self.ok_button = QPushButton()
        self.ok_button.setObjectName("welcomeOpen")
        self.ok_button.setDefault(True)
        self.not_now_button = QPushButton()
        self.not_now_button.setObjectName("welcomeNotNow")
        self.button_box.addButton(self.ok_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.button_box.addButton(self.not_now_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        layout.addSpacing(8)
        layout.addLayout(rows)
        layout.addStretch(1)
        layout.addSpacing(8)
        layout.addWidget(self.button_box)
        self.retranslate()
        self.setMinimumWidth(WIDTH)
        # Word-wrapped labels make Qt guess a height for a narrower dialog; size it for its real width.
        height = layout.heightForWidth(WIDTH)
        self.resize(WIDTH, height if height > 0 else self.sizeHint().height())

    def retranslate(self) -> None:
        # Literal context and text in each call: pyside6-lupdate only sees those (a tr(text) wrapper
        # would land the strings in no context, never translated).
        self.setWindowTitle(translate("WelcomeDialog", "Welcome to gmdesk"))
        self.heading.setText(translate("WelcomeDialog", "Welcome to gmdesk"))
        self.intro.setText(translate("WelcomeDialog",
                                     "Which game do you run? gmdesk opens a demo campaign for it: a party of four, "
                                     "a few monsters, two scenes of prepared checks and a fight in progress. "
                                     "Your own campaigns start from File › New campaign…"))
        for system, label in self.descriptions.items():
            label.setText(systems.get(system).description.text(i18n.current_language()))
        self.ok_button.setText(translate("WelcomeDialog", "Open the demo campaign"))
        self.not_now_button.setText(translate("WelcomeDialog", "Not now"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonRelease and event.button() == Qt.MouseButton.LeftButton:
            for system, label in self.descriptions.items():
                if watched is label:
                    self.buttons[system].click()  # as if the GM clicked the name
                    return True
        return super().eventFilter(watched, event)

    def system(self) -> str:
        """The system selected now."""
        return systems.ids()[self.group.checkedId()]

    def chosen_system(self) -> str | None:
        """The system the GM opened the demo of, or None while open or after "Not now"."""
        return self.system() if self.result() == QDialog.DialogCode.Accepted else None


def ask_system(parent: QWidget | None = None, initial: str = DEFAULT_SYSTEM) -> str | None:
    """Show the welcome dialog modally; the system picked, or None for "Not now" (or closing it)."""
    dialog = WelcomeDialog(parent, initial)
    try:
        dialog.exec()
        return dialog.chosen_system()
    finally:
        dialog.deleteLater()
