"""The GM's own bestiaries in the dock: the packs added for this campaign or for all campaigns
(remembered in the data folder by ``store.bestiary_packs.PackList``), read off the window's thread with
progress so that a pack of ten thousand files never freezes the fight. A file that cannot be read is
named in one line and skipped; the others are read. Files are read again only when they change."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QThread, Signal

from gmdesk.store.bestiary_packs import PackList, PackReader
from gmdesk.store.errors import InvalidInput, StoreError

MAX_PROBLEMS = 50  # lines kept of the files skipped: the first ones name the trouble


def pack_list() -> PackList:
    from gmdesk.data_folder import data_folder

    return PackList(data_folder())


class PackLoader(QThread):
    """Reads ``packs`` for ``system_id`` in a worker thread. ``progress(done, total)`` as it goes;
    ``loaded(creatures, problems)`` at the end (queued to the window's thread). Nothing here touches
    the campaign store: a pack is the GM's files, read-only."""

    progress = Signal(int, int)
    loaded = Signal(list, list)

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
        creatures, problems = [], []
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
        self.loaded.emit(creatures, problems[:MAX_PROBLEMS])
