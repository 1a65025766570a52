"""Finding, creating and opening campaign files from the window (with none open: ``start_page``).

The first run creates the demo campaign (the same as ``gmdesk new --demo``) of the system the GM
picks in the welcome dialog, in the user's data folder (``gmdesk.data_folder``: ~/.local/share/gmdesk), so a GM
who starts gmdesk for the first time sees a party, odds and a log at once. A file named on the command line that does not exist is created
empty, asking nothing, as CLI.md says.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget)

from gmdesk.campaign.model import CampaignInfo
from gmdesk.data_folder import data_folder
from gmdesk import systems
from gmdesk.store.campaign_store import SUFFIX, CampaignStore
from gmdesk.store.file_kind import refuse_not_a_file

DEFAULT_SYSTEM = systems.default().id  # the first system: the first seed, played in French and in English


def system_name(system: str, lang: str = "en") -> str:
    """How the window names a system ("Pathfinder 2 (playtest)")."""
    return systems.get(system).name.text(lang)

translate = QCoreApplication.translate


def default_campaign_dir() -> Path:
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def demo_system(language: str) -> str:
    """The demo's system when nobody picked one (``--screenshot`` on a first run): Pathfinder 2 in
    every language — the first seed, and the system the French and English tables both play."""
    return DEFAULT_SYSTEM


def demo_path(folder: Path, system: str) -> Path:
    return folder / f"demo-{system}{SUFFIX}"


def campaign_filter() -> str:
    return ";;".join((translate("CampaignFiles", "gmdesk campaigns (*.gmdesk)"),
                      translate("CampaignFiles", "All files (*)")))


def create_campaign(path: Path, system: str, name: str, demo: bool, language: str) -> CampaignStore:
    """A new campaign file (never overwriting one), filled with the demo when asked."""
    path = Path(path)
    if demo:
        from gmdesk.campaign.demo import demo_campaign
        from gmdesk.store.demo_seed import seed

        content = demo_campaign(system, language)
        info = content.info if not name else CampaignInfo(name, system, content.info.house_rules)
        return CampaignStore.create(path, info, lambda store: seed(store, content))
    return CampaignStore.create(path, CampaignInfo(name or path.stem, system))


def open_store(path: Path, create_if_missing: bool, language: str, progress=None) -> CampaignStore:
    """The window opens a damaged campaign too, read-only, to show what is left and offer a repaired
    copy (the command line refuses it). A named pipe, a device or a folder is refused before it is
    opened (opening a pipe would wait forever). ``progress``: how far an upgrade got (False stops it)."""
    refuse_not_a_file(path)
    if create_if_missing and not path.exists():
        return create_campaign(path, DEFAULT_SYSTEM, path.stem, False, language)
    return CampaignStore.open(path, damaged_ok=True, progress=progress)


def first_run_campaign(language: str, system: str | None = None) -> CampaignStore:
    """Open the demo campaign of ``system`` (default: ``demo_system``) in the data folder, creating it
    on the very first run. A welcome dialog asking for the system passes the GM's choice here."""
    system = system or demo_system(language)
    path = demo_path(default_campaign_dir(), system)
    if path.exists():
        return CampaignStore.open(path, damaged_ok=True)
    return create_campaign(path, system, "", True, language)


class NewCampaignDialog(QDialog):
    """Name, system, demo content and where to save: everything a new campaign needs."""

    def __init__(self, parent: QWidget | None, folder: Path):
        super().__init__(parent)
        self.setObjectName("newCampaignDialog")
        self.setWindowTitle(translate("CampaignFiles", "New campaign"))
        self._folder = folder
        self.name_edit = QLineEdit(translate("CampaignFiles", "My campaign"))
        self.system_combo = QComboBox()
        for system in systems.ids():
            self.system_combo.addItem(system_name(system), system)
        self.demo_check = QCheckBox(
            translate("CampaignFiles", "Start with the demo party, monsters and prepared checks"))
        self.path_edit = QLineEdit()
        browse = QPushButton(translate("CampaignFiles", "Browse…"))
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.path_edit, 1)
        where.addWidget(browse)
        form = QFormLayout()
        form.addRow(translate("CampaignFiles", "Name"), self.name_edit)
        form.addRow(translate("CampaignFiles", "System"), self.system_combo)
        form.addRow("", self.demo_check)
        form.addRow(translate("CampaignFiles", "File"), where)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.name_edit.textChanged.connect(self._follow_name)
        self._path_touched = False
        self.path_edit.textEdited.connect(lambda _: setattr(self, "_path_touched", True))
        self._follow_name(self.name_edit.text())

    def _follow_name(self, name: str) -> None:
        if not self._path_touched:  # the file is named after the campaign until the GM picks one
            stem = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in name).strip() or "campaign"
            self.path_edit.setText(str(self._folder / f"{stem}{SUFFIX}"))

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, translate("CampaignFiles", "New campaign"), self.path_edit.text(),
                                              campaign_filter())
        if path:
            self._path_touched = True
            self.path_edit.setText(path)

    def name(self) -> str:
        return self.name_edit.text().strip()

    def system(self) -> str:
        return self.system_combo.currentData()

    def demo(self) -> bool:
        return self.demo_check.isChecked()

    def path(self) -> Path:
        path = Path(self.path_edit.text().strip())
        return path if path.suffix == SUFFIX else path.with_name(path.name + SUFFIX)
