"""What makes a file a gmdesk campaign, checked before anything writes to it.

A campaign is an SQLite database whose header carries gmdesk's ``application_id`` and whose
``user_version`` is the schema version. Everything here only *reads*: the 100-byte header with plain
file I/O first (so random bytes, text, an empty file or a foreign database never reach SQLite in
read-write mode), then, for a file that claims to be ours, a read-only SQLite connection. Refusing a
file leaves it byte-for-byte as it was.
"""

from __future__ import annotations

import os
import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

from gmdesk.store.errors import CampaignFileError, known_error

# "GMDK": identifies gmdesk campaigns to `file(1)`-style tools and to us.
APPLICATION_ID = 0x474D444B
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
# Tables every campaign has had since schema version 1.
REQUIRED_TABLES = frozenset({"campaign", "characters", "scenes", "prepared_checks", "encounter", "roll_log"})


@dataclass(frozen=True)
class FileHeader:
    page_size: int
    pages: int | None  # None when the header's page count is not trustworthy
    user_version: int
    application_id: int
    wal: bool


def read_header(path: Path) -> FileHeader:
    """The SQLite header of ``path``, or CampaignFileError if it is not a gmdesk campaign."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            head = f.read(HEADER_SIZE)
    except FileNotFoundError:
        raise CampaignFileError(f"{path}: no such campaign file", "missing", path) from None
    except IsADirectoryError:
        raise CampaignFileError(f"{path}: is a folder, not a campaign file", "not_campaign", path) from None
    except OSError as exc:
        raise CampaignFileError(f"{path}: cannot be read: {exc.strerror}", "cant_open", path) from None
    if size == 0:
        raise CampaignFileError(f"{path}: the file is empty, not a gmdesk campaign", "not_campaign", path)
    if not head.startswith(SQLITE_MAGIC):
        raise CampaignFileError(f"{path}: not a gmdesk campaign (not an SQLite database)", "not_campaign", path)
    if len(head) < HEADER_SIZE:
        raise CampaignFileError(f"{path}: the file is damaged: truncated inside its SQLite header", "damaged", path)
    (raw_page_size,) = struct.unpack(">H", head[16:18])
    page_size = 65536 if raw_page_size == 1 else raw_page_size
    change_counter, pages = struct.unpack(">II", head[24:32])
    (user_version,) = struct.unpack(">i", head[60:64])
    (application_id,) = struct.unpack(">i", head[68:72])
    (valid_for,) = struct.unpack(">I", head[92:96])
    if application_id != APPLICATION_ID:
        raise CampaignFileError(
            f"{path}: an SQLite database but not a gmdesk campaign", "not_campaign", path
        )
    header = FileHeader(
        page_size=page_size,
        # SQLite trusts the in-header size only when this pair matches; so do we.
        pages=pages if pages and valid_for == change_counter else None,
        user_version=user_version,
        application_id=application_id,
        wal=head[18] == 2,
    )
    if page_size < 512 or page_size & (page_size - 1):
        raise CampaignFileError(f"{path}: the campaign file is damaged (bad page size)", "damaged", path)
    # A checkpoint writes page 1 (with the new page count) before the pages after it: a writer
    # killed in the middle leaves the main file shorter than its header says, and SQLite completes
    # it from the write-ahead log on the next open. Only without a WAL is a short file truncated.
    if header.pages is not None and size < header.pages * page_size and not _has_wal(path):
        raise CampaignFileError(
            f"{path}: the campaign file is damaged: truncated to {size} bytes of {header.pages * page_size}",
            "damaged",
            path,
        )
    return header


def _has_wal(path: Path) -> bool:
    try:
        return os.path.getsize(f"{path}-wal") > 0
    except OSError:
        return False


def readonly_uri(path: Path, immutable: bool = False) -> str:
    # as_uri() percent-encodes '?', '#', '%' and spaces in the path.
    return path.resolve().as_uri() + ("?immutable=1" if immutable else "?mode=ro")


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection; falls back to ``immutable`` on read-only media without a WAL."""
    try:
        return sqlite3.connect(readonly_uri(path), uri=True, isolation_level=None, check_same_thread=False)
    except sqlite3.OperationalError as exc:
        wal = Path(str(path) + "-wal")
        if getattr(exc, "sqlite_errorname", "").startswith("SQLITE_CANTOPEN") and not wal.exists():
            return sqlite3.connect(readonly_uri(path, True), uri=True, isolation_level=None, check_same_thread=False)
        raise


@dataclass(frozen=True)
class Probe:
    user_version: int
    tables: frozenset[str]


def probe(path: Path, newest: int) -> Probe:
    """Validate ``path`` as a campaign this gmdesk can open, without writing to it.

    Raises CampaignFileError (missing, not_campaign, newer, damaged).
    """
    read_header(path)  # bytes first: what is not ours never reaches SQLite
    try:
        conn = connect_readonly(path)
    except sqlite3.Error as exc:
        raise _as_file_error(exc, path) from None
    try:
        conn.execute("PRAGMA query_only = ON")
        # The WAL may hold a newer header than the main file: ask SQLite, not the bytes.
        (app_id,) = conn.execute("PRAGMA application_id").fetchone()
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        tables = frozenset(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    except sqlite3.Error as exc:
        raise _as_file_error(exc, path) from None
    finally:
        conn.close()
    if app_id != APPLICATION_ID:
        raise CampaignFileError(f"{path}: an SQLite database but not a gmdesk campaign", "not_campaign", path)
    if version > newest:
        raise CampaignFileError(
            f"{path}: made by a newer gmdesk (campaign format {version}; this gmdesk reads up to {newest})",
            "newer",
            path,
        )
    if version < 1 or not REQUIRED_TABLES <= tables:
        raise CampaignFileError(f"{path}: the campaign file is damaged (tables missing)", "damaged", path)
    return Probe(version, tables)


def _as_file_error(exc: sqlite3.Error, path: Path) -> CampaignFileError:
    known = known_error(exc, path, "open the campaign")
    if isinstance(known, CampaignFileError):
        return known
    if known is not None:
        return CampaignFileError(str(known), known.kind, path)
    return CampaignFileError(f"{path}: the campaign file is damaged: {exc}", "damaged", path)
