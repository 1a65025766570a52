"""Errors the store reports, kept apart from bugs.

Following qutebrowser's ``misc/sql.py``: an error caused by the environment (disk full, read-only
medium, a damaged or foreign file, another program holding the file) is *known* and is shown to the GM
in one sentence; anything else from SQLite (a syntax error, a constraint we broke) is a bug in gmdesk and
propagates untouched so that it gets a traceback and a report.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from gmdesk.engine.core import RulesError


class StoreError(Exception):
    """A known, environment-caused failure; ``str()`` is one sentence for the GM.

    ``kind`` is one of ``disk_full``, ``read_only``, ``io``, ``busy``, ``cant_open``, or, for
    :class:`CampaignFileError`, the reason the file cannot be used.
    """

    def __init__(self, message: str, kind: str = "io", path: str | Path | None = None):
        super().__init__(message)
        self.kind = kind
        self.path = None if path is None else Path(path)


class CampaignFileError(StoreError):
    """The file is not (or no longer) a campaign this gmdesk can use.

    ``kind``: ``missing``, ``exists`` (create over an existing file), ``not_campaign`` (random bytes,
    text, empty, a foreign SQLite database), ``newer`` (made by a newer gmdesk), ``unknown_system`` (a
    campaign of a game system this gmdesk does not have), ``damaged`` (a gmdesk campaign that is
    truncated or corrupt).
    """


# SQLite primary result codes that come from the environment, by name (Python >= 3.11 exposes
# ``sqlite_errorname``; extended names start with the primary one, e.g. SQLITE_IOERR_WRITE).
_KNOWN = {
    "SQLITE_FULL": ("disk_full", "the disk is full"),
    "SQLITE_READONLY": ("read_only", "the file or its folder is read-only"),
    "SQLITE_IOERR": ("io", "the disk reported an input/output error"),
    "SQLITE_CANTOPEN": ("cant_open", "the file cannot be opened (missing folder or no permission)"),
    "SQLITE_PERM": ("read_only", "permission denied"),
    "SQLITE_BUSY": ("busy", "another program kept the campaign locked for too long"),
    "SQLITE_LOCKED": ("busy", "another program kept the campaign locked for too long"),
    "SQLITE_PROTOCOL": ("busy", "another program kept the campaign locked for too long"),
    "SQLITE_NOLFS": ("io", "the file is too large for this system"),
    "SQLITE_AUTH": ("read_only", "access denied"),
}
_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT")


def error_name(exc: BaseException) -> str:
    return getattr(exc, "sqlite_errorname", "") or ""


def is_busy(exc: BaseException) -> bool:
    name = error_name(exc)
    if name:
        return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


def known_error(exc: sqlite3.Error, path: str | Path | None, doing: str) -> StoreError | None:
    """The :class:`StoreError` for an environment-caused SQLite error, or None for a bug."""
    name = error_name(exc)
    where = f" ({path})" if path else ""
    if name.startswith(_DAMAGED):
        return CampaignFileError(
            f"cannot {doing}: the campaign file is damaged{where}: {exc}", "damaged", path
        )
    for prefix, (kind, text) in _KNOWN.items():
        if name == prefix or name.startswith(prefix + "_"):
            if kind == "io" and path is not None and disk_is_full(Path(path)):
                # SQLite reports a full disk met while growing its -shm or -wal as an I/O error
                # (its errno is not exposed to Python): the free space tells them apart.
                kind, text = _KNOWN["SQLITE_FULL"]
            return StoreError(f"cannot {doing}: {text}{where}", kind, path)
    return None


FULL_BELOW_BYTES = 1 << 20


def disk_is_full(path: Path) -> bool:
    """True when the file system holding ``path`` has (almost) no room left for this user."""
    return free_bytes(path) < FULL_BELOW_BYTES


def free_bytes(path: Path) -> int:
    """Room left for this user on the file system holding ``path`` (unbounded where unknown)."""
    folder = path if path.is_dir() else path.parent
    try:
        st = os.statvfs(folder if str(folder) else ".")
    except (OSError, AttributeError):  # AttributeError: no statvfs on Windows
        return 1 << 62
    return st.f_bavail * st.f_frsize


def translate(exc: sqlite3.Error, path: str | Path | None, doing: str) -> BaseException:
    """What to raise instead of ``exc``: a known StoreError, or ``exc`` itself when it is a bug."""
    return known_error(exc, path, doing) or exc


class InvalidInput(RulesError):
    """A value given to the store that it cannot accept (a bad date, an unknown roll id, a sheet of
    another system). A :class:`RulesError` (``field`` + ``rule``), so that front ends point at the
    field the same way as for the engine's errors."""
