"""``CampaignStore``: one open campaign file and its repositories.

    store = CampaignStore.create("party.gmdesk", CampaignInfo("Les Oubliés", "cof"))
    store = CampaignStore.open("party.gmdesk")
    store.characters.add(...); store.log.append(entry); store.close()

Every change is committed when the call returns; there is no "Save". Opening validates the file
without writing to it first (``fileformat.probe``), then upgrades an older file after a backup.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")

from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import schema
from gmdesk.store.characters import Characters
from gmdesk.store.db import Database
from gmdesk.store.encounter import EncounterStore
from gmdesk.store.errors import CampaignFileError, InvalidInput, StoreError
from gmdesk.store.fileformat import probe, refused_as_damaged
from gmdesk.store.fresh import fresh
from gmdesk.store.progress import Progress
from gmdesk.store.records import dumps, load, now
from gmdesk.store.rolllog import RollLog
from gmdesk.store.scenes import Scenes
from gmdesk.store.write_guard import CAMPAIGN_SUFFIX, refuse_campaign_name

SUFFIX = CAMPAIGN_SUFFIX  # what the window and `gmdesk new` suggest; write_guard keeps files off it


class CampaignStore:
    def __init__(self, db: Database, backup: Path | None = None):
        self._db = db
        #: the copy made before upgrading an older file, when this open upgraded it
        self.migration_backup = backup
        self._reason: str | None = "asked" if db.read_only else None
        self.characters = Characters(db, lambda: self.info.system)
        self.scenes = Scenes(db)
        self.encounter = EncounterStore(db)
        self.log = RollLog(db)
        # The campaign row last read, by its stored text: the panels read it some fifteen times a
        # campaign switch, and parsing its house rules is what costs (0.1 ms each). Keyed on the text,
        # so a change from anywhere (this window, an undo, another gmdesk) is read anew.
        self._info: tuple[str, CampaignInfo] | None = None

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def create(
        cls, path: str | Path, info: CampaignInfo, populate: Callable[["CampaignStore"], None] | None = None
    ) -> "CampaignStore":
        """Create a new campaign file (refusing to overwrite anything) and open it.

        ``populate(store)`` may fill it (a demo party…) before it appears under its name: a
        campaign created with a demo is never found half-filled.
        """
        path = Path(path)
        info.validate()

        def fill(c: sqlite3.Connection) -> None:
            c.execute(
                "INSERT INTO campaign (id, system, name, data, created_utc) VALUES (1, ?, ?, ?, ?)",
                (info.system, info.name, dumps(info.to_dict()), now()),
            )

        def fill_through_store(tmp: Path) -> None:
            assert populate is not None
            with cls.open(tmp) as store:
                populate(store)

        Database.create_file(path, fill, fill_through_store if populate else None)
        return cls.open(path)

    @classmethod
    def open(cls, path: str | Path, *, read_only: bool = False, damaged_ok: bool = False,
             progress: Progress | None = None) -> "CampaignStore":
        """Open an existing campaign; CampaignFileError if it is not one this gmdesk can use.

        A file from an older gmdesk is backed up (``migration_backup``) and upgraded. A file or
        folder that cannot be written, or a disk with no room left, gives a read-only store
        (``read_only_reason`` says why). A damaged file (what ``soundness`` checks at every open) is
        refused, or with ``damaged_ok`` (the window) opened read-only, ``damage`` saying what is wrong,
        so that the GM can read what is left and save a repaired copy. ``progress(done, total)``
        hears how far an upgrade got; False stops it (``Cancelled``), leaving the file as it was.
        """
        path = Path(path)
        refuse_campaign_name(path)
        damage = None
        try:
            damage = probe(path, schema.CURRENT_VERSION).damage(path)
        except CampaignFileError as exc:
            if exc.kind != "damaged":
                raise
            if not damaged_ok:
                raise refused_as_damaged(str(exc), path) from None
            damage = str(exc)
        if damage is not None and not damaged_ok:
            raise refused_as_damaged(damage, path)
        reason = "asked" if read_only else None
        if damage is not None:
            read_only, reason = True, "damaged"
        elif not read_only and not _writable(path):
            read_only, reason = True, "read_only"
        try:
            db = Database.connect(path, read_only=read_only)
        except StoreError as exc:
            if exc.kind != "disk_full" or read_only:
                if damage is not None:
                    raise CampaignFileError(f"{damage}; nothing can be read from it", "damaged", path) from None
                raise
            # No room for the write-ahead log: the GM can still read the campaign.
            db = Database.connect(path, read_only=True)
            db.read_only_kind = reason = "disk_full"
        try:
            if damage is not None:
                db.mark_damaged(damage)
                backup = None
            else:
                backup = db.migrate(progress)
            store = cls(db, backup)
            store._reason = reason
            if damage is not None:
                store.info  # noqa: B018 - the campaign row: without it nothing can be shown
        except BaseException:
            db.close()
            raise
        return store

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def read_only(self) -> bool:
        return self._db.read_only or self._db.damage is not None

    @property
    def read_only_reason(self) -> str | None:
        """Why the store is read-only: None (it is not), "asked", "read_only" (the file or its
        folder cannot be written), "disk_full" (no room for the write-ahead log) or "damaged"."""
        if self._db.damage is not None:
            return "damaged"
        return self._reason if self._db.read_only else None

    @property
    def damage(self) -> str | None:
        """What is wrong with a damaged campaign (nothing is written to it), or None."""
        return self._db.damage

    def on_damage(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(why)`` when damage is first met while the campaign is open."""
        self._db.on_damage.append(callback)

    @property
    def schema_version(self) -> int:
        return self._db.user_version()

    def data_version(self) -> int:
        """A number that changes when another connection (another gmdesk, ``gmdesk roll --log``)
        commits to the file; this store's own changes leave it as it is (``PRAGMA data_version``)."""
        return self._db.read(lambda c: c.execute("PRAGMA data_version").fetchone()[0], "watch the campaign")

    # -- the campaign itself ------------------------------------------------------------------

    @property
    def info(self) -> CampaignInfo:
        row = self._db.read(lambda c: c.execute("SELECT data FROM campaign WHERE id = 1").fetchone())
        if row is None:
            raise CampaignFileError(f"{self.path}: the campaign file is damaged (no campaign row)", "damaged", self.path)
        last = self._info
        if last is None or last[0] != row[0]:
            last = self._info = (row[0], self._db.loaded(lambda: load("campaign", row[0], CampaignInfo.from_dict)))
        return fresh(last[1])  # a copy: the caller may change it (the house-rules dialog, an undo)

    def update_info(self, info: CampaignInfo) -> CampaignInfo:
        """Save the campaign's name and house rules. Its system is fixed at creation."""
        info.validate()
        if info.system != self.info.system:
            raise InvalidInput("system", f"a {self.info.system} campaign stays {self.info.system}")
        self._db.write(
            lambda c: c.execute(
                "UPDATE campaign SET name = ?, data = ? WHERE id = 1", (info.name, dumps(info.to_dict()))
            ),
            "save the campaign",
        )
        return self.info

    def together(self, fn: Callable[[], T], doing: str = "save the change") -> T:
        """Run ``fn`` (calls to the repositories) as one committed transaction: all or none."""
        return self._db.write(lambda _connection: fn(), doing)

    # -- maintenance --------------------------------------------------------------------------

    def unreadable(self) -> list[str]:
        """What ``gmdesk check`` would find unreadable in the campaign row, the sheets, the prepared
        checks and the fight ([] = none), read through the domain model: the open checks their JSON
        only, so a command about to write reads them all first (0.2 ms a character)."""
        from gmdesk.store.checkup import object_problems

        return self._db.read(object_problems, "check the campaign")

    def integrity_check(self) -> list[str]:
        """What SQLite finds wrong with the file (``PRAGMA integrity_check``, foreign keys); [] = sound."""
        return self._db.integrity_problems()

    def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the campaign at ``dest``, taken while it stays open."""
        return self._db.backup_to(Path(dest))

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "CampaignStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _writable(path: Path) -> bool:
    # WAL mode writes -wal and -shm files beside the campaign: the folder must be writable too.
    folder = path.parent if str(path.parent) else Path(".")
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)
