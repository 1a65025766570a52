"""Opening a campaign in the window: Open…, New…, a recent one, a moved one (Locate…), a demo; the
repaired copy offered for a damaged file; every panel handed the campaign opened.

A mixin of ``MainWindow`` (``main_window``), split out so the window keeps to its docks and menus: it
reads the window's ``store``, ``panels``, ``file_state``, ``settings``, ``undo_stack`` and ``player``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from gmdesk.ui import plain_text, refit
from gmdesk.ui.campaign_files import (NewCampaignDialog, campaign_filter, create_campaign,
                                      default_campaign_dir, open_store)
from gmdesk.ui.write_refusals import refusal_text

translate = QCoreApplication.translate


class CampaignOpening:
    """How ``MainWindow`` opens, creates and switches campaigns; ``set_store`` is the one door."""

    def choose_and_open(self) -> None:
        start = str(self.store.path.parent if self.store else default_campaign_dir())
        title = translate("MainWindow", "Open a campaign")
        path, _ = QFileDialog.getOpenFileName(self, title, start, campaign_filter())
        if path:
            self.open_campaign(Path(path))

    def locate_campaign(self, old: Path) -> None:
        """Start page › Locate…: a recent campaign moved or deleted; the GM shows where it went."""
        folder = next((p for p in Path(old).parents if p.is_dir()), default_campaign_dir())
        title = translate("MainWindow", "Where is %1 now?").replace("%1", Path(old).name)
        path, _ = QFileDialog.getOpenFileName(self, title, str(folder), campaign_filter())
        if path and self.open_campaign(Path(path)) and self.remember and Path(path).resolve() != Path(old).resolve():
            self.settings.remove_recent(Path(old))  # the list names it where it is now

    def open_demo(self, system: str) -> None:
        """Start page › a system's demo: its demo campaign in the data folder (made the first time)."""
        from gmdesk.ui.campaign_files import first_run_campaign

        try:
            store = first_run_campaign(self.translations.language, system)
        except Exception as exc:  # noqa: BLE001
            if not known_failure(exc):
                raise
            self.error(translate("MainWindow", "Cannot create the demo campaign"), refusal_text(exc))
            return
        self.set_store(store)

    def new_campaign(self) -> None:
        dialog = NewCampaignDialog(self, default_campaign_dir())
        if dialog.exec() != NewCampaignDialog.DialogCode.Accepted:
            return
        try:
            store = create_campaign(dialog.path(), dialog.system(), dialog.name(), dialog.demo(),
                                    self.translations.language)
        except Exception as exc:  # noqa: BLE001 — shown to the GM, who may retry elsewhere
            if not known_failure(exc):
                raise
            self.error(translate("MainWindow", "Cannot create the campaign"), refusal_text(exc))
            return
        self.set_store(store)

    def open_campaign(self, path: Path, create_if_missing: bool = False) -> bool:
        """Open ``path`` (creating an empty campaign there if asked and missing); False if refused.

        A refused file gets a dialog with the reason; the campaign open before stays open.
        """
        try:
            store = open_store(Path(path), create_if_missing, self.translations.language)
        except Exception as exc:  # noqa: BLE001
            if not known_failure(exc):
                raise
            if getattr(exc, "kind", "") == "damaged" and Path(path).is_file():
                saved = self.file_state.repair(Path(path)) if self.ask_repair(refusal_text(exc)) else None
                return saved is not None and self.open_campaign(saved[0])
            self.error(translate("MainWindow", "Cannot open the campaign"), refusal_text(exc))
            if not Path(path).exists():
                self.settings.remove_recent(Path(path))
            return False
        self.set_store(store)
        return True

    def set_store(self, store) -> None:
        """Make ``store`` the open campaign (None closes it); every panel follows."""
        old = self.store
        self._finish_editing()
        self.store = store
        self.file_state.before_panels(store)  # the lock first: a panel enabling an edit meets it
        self.hand_to_panels(store)
        # The history belongs to the campaign it changed: none of it can be undone in another one
        # (cleared after the panels, which may have saved an edit still in progress into the old one).
        self.undo_stack.clear()
        if old is not None and old is not store:
            old.close()
        if store is not None:
            self.file_state.after_panels(store)
            if self.remember:
                self.settings.add_recent(store.path, store.info.name, store.info.system)
                self.settings.set_last_campaign(store.path.resolve())
            self.bus.campaignOpened.emit()
            backup = getattr(store, "migration_backup", None)
            if backup:
                self.statusBar().showMessage(translate(
                    "MainWindow", "Upgraded from an older gmdesk; the old file was kept as %1")
                                             .replace("%1", str(backup)), 15000)
        self._show_campaign_state()

    def _finish_editing(self) -> None:
        """A field still being typed in (a name, a number not yet confirmed with Enter) is finished
        where the GM typed it, in the campaign open now: the focus leaves it, as a click elsewhere
        would make it, before any panel moves to another campaign."""
        focus = QApplication.focusWidget()
        if focus is not None and self.isAncestorOf(focus):
            focus.clearFocus()

    def hand_to_panels(self, store) -> None:
        """Every panel shows ``store``. In a damaged file a panel may meet a page it cannot read: it
        then shows no campaign rather than half of one (the banner says why)."""
        from gmdesk.store.errors import StoreError

        for panel in self.panels.values():
            try:
                panel.set_campaign(store)
            except StoreError:
                if store is None or not store.read_only:
                    raise
                panel.set_campaign(None)
        self.player.set_campaign(store)
        if self.isVisible():  # another system's options and words: measured as a start measures them
            QTimer.singleShot(0, self, lambda: refit.refit(self))

    def ask_repair(self, message: str) -> bool:
        """A campaign too damaged to open: say why, and offer a repaired copy (True: the GM wants it)."""
        if self._report is not None:
            self._report(translate("MainWindow", "Cannot open the campaign"), message)
            return False
        box = QMessageBox(QMessageBox.Icon.Warning, translate("MainWindow", "Cannot open the campaign"),
                          plain_text.message(message),
                          QMessageBox.StandardButton.Close, self)
        repair = box.addButton(translate("CampaignBanner", "Save a repaired copy…"), QMessageBox.ButtonRole.AcceptRole)
        box.exec()
        return box.clickedButton() is repair


def known_failure(exc: BaseException) -> bool:
    """Failures that come from the file or the GM's input, shown in a dialog; anything else is a bug."""
    from gmdesk.engine.core import RulesError
    from gmdesk.store.errors import InvalidInput, StoreError

    return isinstance(exc, (StoreError, InvalidInput, RulesError, OSError))
