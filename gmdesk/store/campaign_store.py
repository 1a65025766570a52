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
from typing import Callable

from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import schema
from gmdesk.store.characters import Characters
from gmdesk.store.db import Database
from gmdesk.store.encounter import EncounterStore
from gmdesk.store.errors import InvalidInput
from gmdesk.store.fileformat import probe
from gmdesk.store.records import dumps, load, now
from gmdesk.store.rolllog import RollLog
from gmdesk.store.scenes import Scenes

SUFFIX = ".gmdesk"


class CampaignStore:
    def __init__(self, db: Database, backup: Path | None = None):
        self._db = db
        #: the copy made before upgrading an older file, when this open upgraded it
        self.migration_backup = backup
        self.characters = Characters(db, lambda: self.info.system)
        self.scenes = Scenes(db)
        self.encounter = EncounterStore(db)
        self.log = RollLog(db)

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
    def open(cls, path: str | Path, *, read_only: bool = False) -> "CampaignStore":
        """Open an existing campaign; CampaignFileError if it is not one this gmdesk can use.

        A file from an older gmdesk is backed up (``migration_backup``) and upgraded; a file or
        folder that cannot be written is opened read-only.
        """
        path = Path(path)
        probe(path, schema.CURRENT_VERSION)
        if not read_only and not _writable(path):
            read_only = True
        db = Database.connect(path, read_only=read_only)
        try:
            backup = db.migrate()
        except BaseException:
            db.close()
            raise
        return cls(db, backup)

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def read_only(self) -> bool:
        return self._db.read_only

    @property
    def schema_version(self) -> int:
        return self._db.user_version()

    # -- the campaign itself ------------------------------------------------------------------

    @property
    def info(self) -> CampaignInfo:
        row = self._db.read(lambda c: c.execute("SELECT data FROM campaign WHERE id = 1").fetchone())
        if row is None:
            from gmdesk.store.errors import CampaignFileError

            raise CampaignFileError(f"{self.path}: the campaign file is damaged (no campaign row)", "damaged", self.path)
        return load("campaign", row[0], CampaignInfo.from_dict)

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

    # -- maintenance --------------------------------------------------------------------------

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
