"""The GM's own bestiaries in the dock: the packs added for this campaign (part of the campaign,
``CampaignInfo.bestiary_packs``: adding or removing one is one undo step, ``CampaignPackEdit``) or for
all campaigns (remembered in the data folder by ``store.bestiary_packs.PackList``), read off the
window's thread with progress so that a pack of ten thousand files never freezes the fight. A file
that cannot be read is named in one line and skipped; the others are read. Files are read again only
when they change."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication, QThread, Signal
from PySide6.QtWidgets import QMenu

from gmdesk.store.bestiary_packs import PackList, PackReader
from gmdesk.store.errors import InvalidInput, StoreError
from gmdesk.ui.info_edit import CampaignInfoEdit
from gmdesk.ui.write_refusals import refusal_line

MAX_PROBLEMS = 50  # lines kept of the files skipped: the first ones name the trouble
translate = QCoreApplication.translate


def pack_list() -> PackList:
    from gmdesk.data_folder import data_folder

    return PackList(data_folder())


def packs_of(store) -> list[Path]:
    """The packs a campaign reads: those for all campaigns, then its own (none without a campaign)."""
    return pack_list().packs(store.path, store.info.bestiary_packs) if store is not None else []


REFRESH_AFTER = 10.0  # seconds: a dock brought to the front sooner reads nothing again


def refresh_due(panel) -> bool:
    """Whether the dock, brought to the front again, should read its packs again: the GM may have
    changed their files meanwhile (only the files whose size or date changed are read; the others are
    looked at, a fraction of a second for ten thousand, in the worker thread)."""
    return (panel.index is not None and bool(panel._packs_read) and panel.store is not None
            and not (panel.loader is not None and panel.loader.isRunning())
            and time.monotonic() - panel.loaded_at >= REFRESH_AFTER)


def pack_reader() -> PackReader:
    """A reader that keeps what each file gave between sessions (in the data folder)."""
    from gmdesk.data_folder import data_folder

    return PackReader(data_folder())


def fill_menu(menu: QMenu, campaign: Path | None, choose: Callable[[bool, bool], None],
              remove: Callable[[Path, Path | None], None], in_campaign: tuple[str, ...] = (),
              writable: bool = True) -> None:
    """The Packs menu: add a folder or a file (for this campaign, or all), then each pack with Remove
    (a campaign's own only when the campaign can be written)."""
    menu.clear()
    for text, folder, everywhere in (
            (translate("Bestiary", "Add a folder for this campaign…"), True, False),
            (translate("Bestiary", "Add a file for this campaign…"), False, False),
            (translate("Bestiary", "Add a folder for all campaigns…"), True, True)):
        action = menu.addAction(text)
        action.setEnabled(campaign is not None and (everywhere or writable))
        action.triggered.connect(lambda _=False, f=folder, e=everywhere: choose(f, e))
    listed = pack_list()
    everywhere = set(listed.packs(None))
    own = {Path(p) for p in in_campaign}
    for path in listed.packs(campaign, in_campaign):
        action = menu.addAction(translate("Bestiary", "Remove %1").replace("%1", str(path)))
        action.setEnabled(writable or path not in own)
        scope = campaign if path in own or path not in everywhere else None
        action.triggered.connect(lambda _=False, p=path, s=scope: remove(p, s))


def add_pack(panel, path, everywhere: bool) -> None:
    """Add ``path`` to the panel's campaign (one undo step), or remember it for all campaigns (the
    data folder's: not a campaign edit); the packs are read again."""
    if not everywhere:
        entry = str(Path(path).resolve())
        if entry not in panel.store.info.bestiary_packs:
            panel.steps.undo_stack.push(CampaignPackEdit(panel, entry, add=True))
        return
    _in_data_folder(panel, lambda listed: listed.add(path, None))


def remove_pack(panel, path: Path, campaign: Path | None) -> None:
    """Remove a pack from the campaign (one undo step; one an older gmdesk remembered for it in the
    data folder, from there), or, ``campaign`` None, from all campaigns."""
    if campaign is not None and str(path) in panel.store.info.bestiary_packs:
        panel.steps.undo_stack.push(CampaignPackEdit(panel, str(path), add=False))
        return
    _in_data_folder(panel, lambda listed: listed.remove(path, campaign))


def _in_data_folder(panel, change: Callable[[PackList], None]) -> None:
    """Change the data folder's list of packs (no campaign edit: no undo step), then read them again."""
    try:
        change(pack_list())
    except (StoreError, OSError) as exc:
        panel.say(refusal_line(exc))
        return
    panel.load_packs()


class CampaignPackEdit(CampaignInfoEdit):
    """A pack added to this campaign or removed from it (``CampaignInfo.bestiary_packs``): one undo
    step of the window's history, the packs read again after each way."""

    def __init__(self, panel, pack: str, add: bool):  # panel: the BestiaryPanel
        name = Path(pack).name or pack
        old = panel.store.info.bestiary_packs
        super().__init__(translate("Bestiary", "Add bestiary pack %1").replace("%1", name) if add
                         else translate("Bestiary", "Remove bestiary pack %1").replace("%1", name),
                         panel, "bestiary_packs", old, old + (pack,) if add else tuple(p for p in old if p != pack),
                         panel.load_packs, lambda message: panel.say(message.splitlines()[0][:300]))


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
