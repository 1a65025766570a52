"""Help › About gmdesk: what gmdesk is, and the lines a bug report needs (the same text as
``gmdesk --version``) with a Copy button that puts them on the clipboard."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from gmdesk import __version__

translate = QCoreApplication.translate


class AboutDialog(QDialog):
    def __init__(self, versions: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(translate("MainWindow", "About gmdesk"))
        self.summary = QLabel(translate("MainWindow",
            "<b>gmdesk %1</b><p>A dashboard for the game master: party sheets, exact odds of every "
            "check, rolls and their log, for Pathfinder 2, D&amp;D 5e, D&amp;D 3.5, Chroniques "
            "Oubliées Fantasy and Shadowrun Anarchy.</p>").replace("%1", __version__))
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        from gmdesk.about import credits

        # The licence of the content shipped (the SRD 5.1 creatures) asks for its attribution here.
        self.credits = QLabel(credits())
        self.credits.setObjectName("aboutCredits")
        self.credits.setWordWrap(True)
        self.credits.setTextFormat(Qt.TextFormat.PlainText)
        self.credits.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.versions = QPlainTextEdit(versions)
        self.versions.setObjectName("aboutVersions")
        self.versions.setReadOnly(True)
        self.versions.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.versions.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        lines = versions.count("\n") + 1
        self.versions.setFixedHeight(self.versions.fontMetrics().lineSpacing() * (lines + 1) + 12)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(translate("AboutDialog", "Copy for a bug report"))
        self.copy_button.setObjectName("aboutCopy")
        self.buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.credits)
        layout.addWidget(self.versions)
        layout.addWidget(self.buttons)
        self.resize(560, self.sizeHint().height())

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.versions.toPlainText())
        self.copy_button.setText(translate("AboutDialog", "Copied"))
