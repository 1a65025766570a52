"""Opening a campaign in the window: Open…, New…, a recent one, a moved one (Locate…), a demo; the
repaired copy offered for a damaged file; every panel handed the campaign opened.

A mixin of ``MainWindow`` (``main_window``), split out so the window keeps to its docks and menus: it
reads the window's ``store``, ``panels``, ``file_state``, ``settings``, ``undo_stack`` and ``player``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from gmdesk.ui import long_work, plain_text, refit
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

    def open_campaign(self, path: Path, create_if_missing: bool = False, background: bool | None = None) -> bool:
        """Open ``path`` (creating an empty campaign there if asked and missing); False if refused.

        A refused file gets a dialog with the reason; the campaign open before stays open. A big
        file, or an older one to upgrade (``long_open``), is opened off the window's thread with
        progress and Cancel (``background``: True or False to decide instead): True then means
        that it is being opened, and the campaign open before stays open until it is replaced —
        for good if the GM cancels or the file is refused.
        """
        path = Path(path)
        self.cancel_opening()  # the GM's latest choice wins over a long opening still running
        if background or (background is None and not (create_if_missing and not path.exists()) and long_open(path)):
            self._open_in_background(path)
            return True
        try:
            store = open_store(path, create_if_missing, self.translations.language)
        except Exception as exc:  # noqa: BLE001
            return self._refused(path, exc)
        self.set_store(store)
        return True

    def _refused(self, path: Path, exc: BaseException) -> bool:
        """A file that would not open: why, in a dialog (a damaged one: a repaired copy offered)."""
        if not known_failure(exc):
            raise exc
        if getattr(exc, "kind", "") == "damaged" and path.is_file():
            saved = self.file_state.repair(path) if self.ask_repair(refusal_text(exc)) else None
            return saved is not None and self.open_campaign(saved[0])
        self.error(translate("MainWindow", "Cannot open the campaign"), refusal_text(exc))
        if not path.exists():
            self.settings.remove_recent(path)
        return False

    def _open_in_background(self, path: Path) -> None:
        """The file's checks and upgrade in a worker thread (its own SQLite connection, which the
        store is built to hand over: one thread at a time, ``Database``); the window stays usable."""
        from gmdesk.store.progress import Cancelled

        language = self.translations.language

        def work(progress: long_work.Progress):
            try:
                return open_store(path, False, language, progress=progress)
            except Cancelled:
                raise long_work.Cancelled() from None

        def mine() -> bool:  # not replaced meanwhile by another choice of the GM's
            if getattr(self, "opening", None) is not running:
                return False
            self.opening = None
            return True

        def opened(store) -> None:
            if mine():
                self.set_store(store)
            else:
                store.close()

        running = long_work.LongWork(
            self, translate("MainWindow", "Opening %1").replace("%1", path.name), work, on_done=opened,
            on_failed=lambda exc: mine() and self._refused(path, exc), on_cancelled=mine,
            done_text=lambda _: translate("MainWindow", "%1 is open.").replace("%1", path.name))
        self.opening = running
        running.start()

    def cancel_opening(self) -> None:
        """Stop a long opening still running (its file left as it was)."""
        running, self.opening = getattr(self, "opening", None), None
        if running is not None and running.running():
            running.cancel()

    def set_store(self, store) -> None:
        """Make ``store`` the open campaign (None closes it); every panel follows."""
        self.cancel_opening()  # a long opening still running would replace it when done
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


LONG_OPEN_BYTES = 64 << 20  # a campaign this big opens off the window's thread: its checks take a while
LONG_UPGRADE_BYTES = 1 << 20  # an older one this big too: its upgrade computes every roll's facts


def long_open(path: Path) -> bool:
    """Whether opening ``path`` may take long: a big file, or an older gmdesk's to upgrade (its
    format number read from the file's header, without SQLite). What cannot be read says no: the
    opening at once then says what is wrong."""
    from gmdesk.store.schema import CURRENT_VERSION

    try:
        size = path.stat().st_size
        if size >= LONG_OPEN_BYTES:
            return True
        if size < LONG_UPGRADE_BYTES or not path.is_file():
            return False
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError:
        return False
    return len(header) == 100 and header.startswith(b"SQLite format 3\0") and \
        int.from_bytes(header[60:64], "big") < CURRENT_VERSION


def known_failure(exc: BaseException) -> bool:
    """Failures that come from the file or the GM's input, shown in a dialog; anything else is a bug."""
    from gmdesk.engine.core import RulesError
    from gmdesk.store.errors import InvalidInput, StoreError

    return isinstance(exc, (StoreError, InvalidInput, RulesError, OSError))
