"""The packs watched while the Bestiary dock is open: a file the GM saves into a pack, edits or
deletes is read again about a second later (off the window's thread, as the index always is), the
list and the card kept on the creature and the filter the GM had.

The watch is bounded (``MAX_WATCHED`` paths): a pack's folders always (a file added, renamed or
removed, and an editor's save by renaming, change its folder), and its files too while they fit — a
pack of ten thousand files is watched by its folders, and a file edited in place there is read
again when the dock is next brought to the front. A burst of changes (a folder copied in, an editor's
temp file) is one reading, after ``DEBOUNCE_MS`` of quiet.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer

DEBOUNCE_MS = 1000
MAX_WATCHED = 1000  # inotify watches are a per-user budget other programs share
MAX_WALKED = 20_000  # folder entries looked at to choose what to watch (a bigger pack: its first folders)


def watched_paths(packs: list[Path], budget: int = MAX_WATCHED) -> list[str]:
    """The folders of ``packs`` (and each single-file pack's folder), then their files while the
    whole fits in ``budget``."""
    from gmdesk.store.bestiary_packs import READS  # the files a pack reads (imported when a pack is read)

    folders: list[str] = []
    files: list[str] = []
    walked = 0
    for pack in packs:
        if pack.is_file():
            folders.append(str(pack.parent))
            files.append(str(pack))
            continue
        if not pack.is_dir():
            continue
        for root, dirs, names in os.walk(pack):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            folders.append(root)
            files += [os.path.join(root, n) for n in names if n.lower().endswith(READS) and not n.startswith(".")]
            walked += len(names) + len(dirs)
            if walked > MAX_WALKED or len(folders) >= budget:
                break
    folders = list(dict.fromkeys(folders))[:budget]
    if len(folders) + len(files) <= budget:
        return folders + files
    return folders


class PackWatcher(QObject):
    """Watches the packs ``watch`` is given; ``changed`` (no argument) is called once a burst of
    changes has settled."""

    def __init__(self, changed, parent=None):
        super().__init__(parent)
        self.watcher = QFileSystemWatcher(self)
        self.timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self.timer.timeout.connect(changed)
        self.watcher.directoryChanged.connect(self._seen)
        self.watcher.fileChanged.connect(self._seen)

    def _seen(self, _path: str) -> None:
        self.timer.start()  # restarted by each change of a burst: one reading after it

    def watch(self, packs: list[Path]) -> None:
        """Watch these packs only (none: nothing watched)."""
        wanted = watched_paths(packs)
        now = self.watcher.directories() + self.watcher.files()
        keep, had = set(wanted), set(now)
        gone = [p for p in now if p not in keep]
        if gone:
            self.watcher.removePaths(gone)
        new = [p for p in wanted if p not in had]
        if new:
            self.watcher.addPaths(new)  # a path that cannot be watched is left out: the dock's front still reads

    def stop(self) -> None:
        self.timer.stop()
        self.watch([])


def packs_changed(panel) -> None:
    """A watched pack changed (the BestiaryPanel's): read the packs again now if the dock is on screen,
    else when it is next brought to the front; after the reading under way, if one is."""
    if panel.store is None or panel.index is None:
        return
    if panel.loader is not None and panel.loader.isRunning():
        panel.pack_watch.timer.start()  # it may have passed the changed file already: once more after it
    elif panel.isVisible() and not panel.visibleRegion().isEmpty():
        panel.load_packs()
    else:
        panel.loaded_at = float("-inf")  # read again as soon as the dock is shown (``refresh_due``)
