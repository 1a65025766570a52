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
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from gmdesk.store.errors import CampaignFileError, error_name, known_error
from gmdesk.store.sidefiles import SideFiles, after_close, before_connect
from gmdesk.store.soundness import quick_problems

# "GMDK": identifies gmdesk campaigns to `file(1)`-style tools and to us.
APPLICATION_ID = 0x474D444B
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
# Tables every campaign has had since schema version 1.
REQUIRED_TABLES = frozenset({"campaign", "characters", "scenes", "prepared_checks", "encounter", "roll_log"})
# And since schema version 4, the roll facts the analytics read (gmdesk.store.roll_facts).
FACTS_VERSION = 4
FACT_TABLES = frozenset({"roll_groups", "roll_odds", "roll_outcomes", "roll_dice", "roll_facts"})


@dataclass(frozen=True)
class FileHeader:
    page_size: int
    pages: int | None  # None when the header's page count is not trustworthy
    user_version: int
    application_id: int
    wal: bool
    size: int = 0  # bytes in the main file


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
        size=size,
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


# Why a read-only connection may fail to open a sound WAL campaign: it cannot create the -shm (and
# -wal) beside it, on read-only media or a full disk.
_NO_SIDE_FILES = ("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_READONLY")


def open_readonly(path: Path) -> tuple[sqlite3.Connection, SideFiles]:
    """A read-only connection, opened (not lazily) and registered with ``sidefiles``; close it with
    ``close_readonly``, which removes the -wal/-shm it created.

    Where SQLite cannot create them (read-only media, a full disk) and there is no WAL to read, the
    file is read as ``immutable``: it then holds everything there is.
    """
    files = before_connect(path)
    conn = None
    try:
        conn = sqlite3.connect(readonly_uri(path), uri=True, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA schema_version").fetchone()  # opens the file, its -wal and -shm now
        return conn, files
    except sqlite3.OperationalError as exc:
        if conn is not None:
            conn.close()
        after_close(files)
        if not error_name(exc).startswith(_NO_SIDE_FILES) or _has_wal(path):
            raise
        files = before_connect(path)
        try:
            conn = sqlite3.connect(readonly_uri(path, True), uri=True, isolation_level=None,
                                   check_same_thread=False)
            return conn, files
        except BaseException:
            after_close(files)
            raise
    except BaseException:
        if conn is not None:
            conn.close()
        after_close(files)
        raise


def close_readonly(conn: sqlite3.Connection, files: SideFiles) -> None:
    conn.close()
    after_close(files)


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    conn, files = open_readonly(path)
    try:
        yield conn
    finally:
        close_readonly(conn, files)


@dataclass(frozen=True)
class Probe:
    user_version: int
    tables: frozenset[str]
    problems: tuple[str, ...] = ()  # what the checks made at every open found wrong: damaged if any

    def damage(self, path: Path) -> str | None:
        """One line saying what is wrong, or None for a sound campaign."""
        if not self.problems:
            return None
        more = f" and {len(self.problems) - 1} more problems" if len(self.problems) > 1 else ""
        return f"{path}: the campaign file is damaged ({self.problems[0]}{more})"


def refused_as_damaged(damage: str, path: Path) -> CampaignFileError:
    """What every command says of a campaign the open-time checks call damaged: the same line."""
    return CampaignFileError(f"{damage}; nothing was written to it. `gmdesk check {path}` says more", "damaged", path)


def newer_message(path: Path, version: int, newest: int) -> str:
    return f"{path}: made by a newer gmdesk (format {version}; this one reads up to {newest})"


def probe(path: Path, newest: int) -> Probe:
    """Validate ``path`` as a campaign this gmdesk can open, without writing to it: its header,
    application id, format, tables, and what ``soundness.quick_problems`` checks at every open.

    Raises CampaignFileError (missing, not_campaign, newer, damaged when even that much cannot be
    read); the problems the open-time checks find are returned in ``Probe.problems``.
    """
    header = read_header(path)  # bytes first: what is not ours never reaches SQLite
    if header.user_version > newest and not _has_wal(path):
        raise CampaignFileError(newer_message(path, header.user_version, newest), "newer", path)
    try:
        conn, files = open_readonly(path)
    except sqlite3.Error as exc:
        raise _as_file_error(exc, path) from None
    try:
        conn.execute("PRAGMA query_only = ON")
        version, tables = judge(conn, path, newest)
        problems = quick_problems(conn, header.size + _wal_size(path))
        if not problems:
            unknown_system(conn, path)
    except sqlite3.Error as exc:
        raise _as_file_error(exc, path) from None
    finally:
        close_readonly(conn, files)
    return Probe(version, tables, tuple(problems))


def judge(conn: sqlite3.Connection, path: Path, newest: int) -> tuple[int, frozenset[str]]:
    """The file's format and tables, or the CampaignFileError every command and the window give for
    it: not a gmdesk campaign, newer, or damaged (a format number no gmdesk wrote, tables missing)."""
    # The WAL may hold a newer header than the main file: ask SQLite, not the bytes.
    (app_id,) = conn.execute("PRAGMA application_id").fetchone()
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if app_id != APPLICATION_ID:
        raise CampaignFileError(f"{path}: an SQLite database but not a gmdesk campaign", "not_campaign", path)
    if version > newest:
        raise CampaignFileError(newer_message(path, version, newest), "newer", path)
    tables = frozenset(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    if version < 1:
        # Its tables may all be there: this is the header's format number, damaged (gmdesk starts at 1).
        raise CampaignFileError(f"{path}: the campaign file is damaged: its format number reads {version}; "
                                f"gmdesk campaigns are format 1 to {newest}", "damaged", path)
    missing = REQUIRED_TABLES - tables | ((FACT_TABLES - tables) if version >= FACTS_VERSION else set())
    if missing:
        raise CampaignFileError(f"{path}: the campaign file is damaged: tables missing: {', '.join(sorted(missing))}",
                                "damaged", path)
    return version, tables


def unknown_system(conn: sqlite3.Connection, path: Path) -> None:
    """CampaignFileError (``unknown_system``) for a campaign of a game system this gmdesk does not
    have (a newer gmdesk's, a plugin's): sound, but nothing here can read its sheets or rolls."""
    from gmdesk import systems

    row = conn.execute("SELECT system, json_extract(data, '$.system') FROM campaign WHERE id = 1").fetchone()
    known = systems.ids()
    for system in row or ():
        if system is not None and system not in known:
            raise CampaignFileError(f"{path}: a campaign of the game system {str(system)!r}, which this gmdesk "
                                    f"does not know (it knows {', '.join(known)})", "unknown_system", path)


def _wal_size(path: Path) -> int:
    try:
        return os.path.getsize(f"{path}-wal")
    except OSError:
        return 0


def _as_file_error(exc: sqlite3.Error, path: Path) -> CampaignFileError:
    known = known_error(exc, path, "open the campaign")
    if isinstance(known, CampaignFileError):
        return known
    if known is not None:
        return CampaignFileError(str(known), known.kind, path)
    return CampaignFileError(f"{path}: the campaign file is damaged: {exc}", "damaged", path)
