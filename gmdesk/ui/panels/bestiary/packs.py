"""The GM's own bestiaries in the dock: the packs added for this campaign or for all campaigns
(remembered in the data folder by ``store.bestiary_packs.PackList``), read off the window's thread with
progress so that a pack of ten thousand files never freezes the fight. A file that cannot be read is
named in one line and skipped; the others are read. Files are read again only when they change."""

from __future__ import annotations

import threading
from pathlib import Path

from typing import Callable

from PySide6.QtCore import QCoreApplication, QThread, Signal
from PySide6.QtWidgets import QMenu

from gmdesk.store.bestiary_packs import PackList, PackReader
from gmdesk.store.errors import InvalidInput, StoreError

MAX_PROBLEMS = 50  # lines kept of the files skipped: the first ones name the trouble
translate = QCoreApplication.translate


def pack_list() -> PackList:
    from gmdesk.data_folder import data_folder

    return PackList(data_folder())


def pack_reader() -> PackReader:
    """A reader that keeps what each file gave between sessions (in the data folder)."""
    from gmdesk.data_folder import data_folder

    return PackReader(data_folder())


def fill_menu(menu: QMenu, campaign: Path | None, choose: Callable[[bool, bool], None],
              remove: Callable[[Path, Path | None], None]) -> None:
    """The Packs menu: add a folder or a file (for this campaign, or all), then each pack with Remove."""
    menu.clear()
    for text, folder, everywhere in (
            (translate("Bestiary", "Add a folder for this campaign…"), True, False),
            (translate("Bestiary", "Add a file for this campaign…"), False, False),
            (translate("Bestiary", "Add a folder for all campaigns…"), True, True)):
        action = menu.addAction(text)
        action.setEnabled(campaign is not None)
        action.triggered.connect(lambda _=False, f=folder, e=everywhere: choose(f, e))
    listed = pack_list()
    everywhere = set(listed.packs(None))
    for path in listed.packs(campaign):
        action = menu.addAction(translate("Bestiary", "Remove %1").replace("%1", str(path)))
        action.triggered.connect(lambda _=False, p=path, s=(None if path in everywhere else campaign): remove(p, s))


class PackLoader(QThread):
    """Reads the creatures gmdesk ships for ``system_id`` and the ``packs`` in a worker thread, and
    indexes them all. ``progress(done, total)`` as the packs' files are read; ``loaded(index,
    problems)`` at the end (queued to the window's thread). Nothing here touches the campaign store: a
    pack is the GM's files, read-only."""

    progress = Signal(int, int)
    loaded = Signal(object, list)

    def __init__(self, reader: PackReader, packs: list[Path], system_id: str, parent=None):
        super().__init__(parent)
        self.reader, self.packs, self.system_id = reader, list(packs), system_id
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def _progress(self, done: int, total: int) -> bool:
        self.progress.emit(done, total)
        return not self._stop.is_set()

    def run(self) -> None:
        from gmdesk.campaign.bestiary import Index, shipped

        creatures, problems = list(shipped(self.system_id)), []
        for path in self.packs:
            if self._stop.is_set():
                break
            try:
                pack = self.reader.read(path, self.system_id, self._progress)
            except (InvalidInput, StoreError, OSError) as exc:
                problems.append(" ".join(str(getattr(exc, "rule", None) or exc).split())[:300])
                continue
            creatures += pack.creatures
            problems += pack.problems
        self.loaded.emit(Index(creatures), problems[:MAX_PROBLEMS])
