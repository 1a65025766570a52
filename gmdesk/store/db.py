"""One SQLite connection to one campaign file: creation, opening, transactions, backup.

Every write runs in ``BEGIN IMMEDIATE`` (the write lock is taken up front, so a transaction never has to
upgrade from reading to writing, which is where WAL readers get SQLITE_BUSY without waiting), under a
busy timeout, and the whole transaction is retried on a busy error: two gmdesk processes logging rolls
into one campaign both succeed. ``synchronous = FULL``: a transaction that returned is on disk, even
through a power cut, not only through a crash.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable, TypeVar

from gmdesk.store import schema
from gmdesk.store.errors import CampaignFileError, StoreError, is_busy, translate
from gmdesk.store.fileformat import APPLICATION_ID, open_readonly, reading
from gmdesk.store.progress import Cancelled, Progress, Watch
from gmdesk.store.sidefiles import SideFiles, after_close, before_connect
from gmdesk.store.write_guard import refuse_campaign_name, temp_beside

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5_000
RETRY_FOR_S = 120.0  # beyond this, a writer elsewhere is stuck, not busy
CACHE_KIB = 16_384
BACKUP_PAGES = 4096  # an upgrade's backup copies this many pages at a time, saying how far it got


class Database:
    """A connection with retrying transactions; usable from several threads (one at a time).

    Damage SQLite meets while reading or writing (a corrupt page) is remembered in ``damage``: from
    then on nothing is written, and the ``on_damage`` callbacks hear of it once.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, read_only: bool, files: SideFiles | None = None):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self.damage: str | None = None
        self.read_only_kind = "read_only"  # or "disk_full": what a refused write says
        self.on_damage: list[Callable[[str], None]] = []
        self._files = files
        self._lock = threading.RLock()
        self._depth = 0

    # -- opening ------------------------------------------------------------------------------

    @classmethod
    def connect(cls, path: Path, read_only: bool = False) -> "Database":
        """Connect to an existing file already validated by ``fileformat.probe`` (never creates)."""
        files = None
        try:
            if read_only:
                conn, files = open_readonly(path)
            else:
                files = before_connect(path)
                uri = path.resolve().as_uri() + "?mode=rw"
                conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            if files is not None and not read_only:
                after_close(files)
            raise translate(exc, path, "open the campaign") from exc
        db = cls(conn, path, read_only, files)
        try:
            db._retrying(lambda: db._configure(), "open the campaign")
        except BaseException:
            db.close()  # and the -wal/-shm a failed open (a full disk) left behind
            raise
        return db

    def _configure(self) -> None:
        c = self.conn
        c.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        c.execute("PRAGMA foreign_keys = ON")
        c.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        if self.read_only:
            c.execute("PRAGMA query_only = ON")
            return
        c.execute("PRAGMA synchronous = FULL")
        c.execute("PRAGMA journal_size_limit = 8388608")  # keep the -wal file small after checkpoints
        if c.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            c.execute("PRAGMA journal_mode = WAL")

    @classmethod
    def create_file(
        cls,
        path: Path,
        fill: Callable[[sqlite3.Connection], None],
        populate: Callable[[Path], None] | None = None,
    ) -> None:
        """Create a campaign at ``path`` (which must not exist): every schema step, then ``fill`` (in
        the first transaction), then ``populate(temp_path)`` (e.g. a demo party, through the store).

        The file is built under a temporary name beside ``path`` and linked into place only when
        complete, so a campaign never exists half-made and an existing file is never overwritten.
        """
        refuse_campaign_name(path)
        if os.path.lexists(path):
            raise CampaignFileError(f"{path}: already exists; not overwriting it", "exists", path)
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise StoreError(f"cannot create {path}: no such folder {folder}", "cant_open", path)
        try:
            fd, tmp = temp_beside(path, "creating")
        except OSError as exc:
            raise StoreError(f"cannot create {path}: {exc.strerror}", _os_kind(exc), path) from None
        os.close(fd)
        umask = os.umask(0)
        os.umask(umask)
        try:
            os.chmod(tmp, 0o666 & ~umask)
            conn = sqlite3.connect(tmp, isolation_level=None)
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                for step in schema.STEPS:
                    conn.execute("BEGIN IMMEDIATE")
                    schema.step_runner(step)(conn)
                    conn.execute("COMMIT")
                conn.execute("BEGIN IMMEDIATE")
                fill(conn)
                conn.execute("COMMIT")
            finally:
                conn.close()  # checkpoints and removes the -wal: the temp file is complete
            if populate is not None:
                populate(tmp)
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise CampaignFileError(f"{path}: already exists; not overwriting it", "exists", path) from None
            except OSError:
                # File systems without hard links: a tiny race, but still never a half-made file.
                if os.path.lexists(path):
                    raise CampaignFileError(f"{path}: already exists; not overwriting it", "exists", path) from None
                os.replace(tmp, path)
            _fsync_folder(folder)
        except sqlite3.Error as exc:
            raise translate(exc, path, "create the campaign") from exc
        except OSError as exc:
            raise StoreError(f"cannot create {path}: {exc.strerror}", _os_kind(exc), path) from None
        finally:
            for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
                try:
                    leftover.unlink()
                except FileNotFoundError:
                    pass

    # -- transactions -------------------------------------------------------------------------

    def write(self, fn: Callable[[sqlite3.Connection], T], doing: str = "save the change") -> T:
        """Run ``fn`` in one committed write transaction; retried whole while the file is busy."""
        with self._lock:
            if self._depth:  # already inside a write: part of the same transaction
                return fn(self.conn)
            if self.damage is not None:
                raise CampaignFileError(
                    f"cannot {doing}: the campaign file is damaged, so gmdesk no longer writes to it ({self.path}); "
                    f"`gmdesk check` says what is wrong", "damaged", self.path)
            if self.read_only:
                why = "the disk is full" if self.read_only_kind == "disk_full" else "the campaign is open read-only"
                raise StoreError(f"cannot {doing}: {why} ({self.path})", self.read_only_kind, self.path)
            return self.loaded(lambda: self._retrying(lambda: self._transaction(fn), doing))

    def _transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        self._depth += 1
        try:
            result = fn(c)
            c.execute("COMMIT")
            return result
        except BaseException:
            if c.in_transaction:
                try:
                    c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the original error says more
            raise
        finally:
            self._depth -= 1

    def read(self, fn: Callable[[sqlite3.Connection], T], doing: str = "read the campaign") -> T:
        with self._lock:
            if self._depth:
                return fn(self.conn)
            return self.loaded(lambda: self._retrying(lambda: fn(self.conn), doing))

    def loaded(self, build: Callable[[], T]) -> T:
        """``build()``, which rebuilds stored objects: one that no longer reads (``records.load``) is
        damage met, as a corrupt page is: nothing more is written, and the error names the file."""
        try:
            return build()
        except CampaignFileError as exc:
            if exc.kind != "damaged" or exc.path is not None:
                raise
            self.mark_damaged(f"{self.path}: the campaign file is damaged ({exc})")
            raise CampaignFileError(f"{self.damage}; `gmdesk check {self.path}` says more", "damaged",
                                    self.path) from None

    def _retrying(self, attempt: Callable[[], T], doing: str) -> T:
        deadline = time.monotonic() + RETRY_FOR_S
        delay = 0.002
        while True:
            try:
                return attempt()
            except sqlite3.Error as exc:
                if is_busy(exc) and time.monotonic() < deadline:
                    time.sleep(delay * (1 + random.random()))
                    delay = min(delay * 2, 0.1)
                    continue
                known = translate(exc, self.path, doing)
                if isinstance(known, CampaignFileError) and known.kind == "damaged":
                    self.mark_damaged(str(known))
                raise known from exc

    def checkpoint(self, truncate: bool = False) -> None:
        """Merge the write-ahead log into the file now, waiting for no one (PASSIVE: frames a reader
        elsewhere still needs stay for later). A batch committed is then in the campaign itself and
        the -wal's space is reused by the next one, so a disk that fills up mid-run leaves neither
        committed rolls nor a grown -wal beside the file. ``truncate`` also gives the -wal's space
        back to the disk (after a transaction the full disk rolled back), waiting for readers."""
        mode = "TRUNCATE" if truncate else "PASSIVE"
        with self._lock:
            self._retrying(lambda: self.conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone(),
                           "merge the logged rolls into the campaign")

    def mark_damaged(self, why: str) -> None:
        """Write nothing more to this file; tell the ``on_damage`` callbacks (once)."""
        if self.damage is not None:
            return
        self.damage = why
        try:
            self.conn.execute("PRAGMA query_only = ON")
        except sqlite3.Error:
            pass
        for callback in list(self.on_damage):
            callback(why)

    # -- maintenance --------------------------------------------------------------------------

    def user_version(self) -> int:
        return self.read(schema.user_version)

    def migrate(self, progress: Progress | None = None) -> Path | None:
        """Bring the file to the current schema; returns the backup made first, if any step ran.

        Every missing step runs in ONE transaction: an upgrade that fails or is stopped leaves the
        file exactly as it was, never half upgraded. The backup is taken under its write lock,
        through a second connection (WAL readers are not blocked by our own lock): it is the file
        exactly as it was before the upgrade, and a second gmdesk upgrading at the same moment waits,
        then finds nothing to do. ``progress(done, total)`` hears of the backup's pages, then of the
        rolls whose facts are computed; False stops the upgrade (``Cancelled``): nothing is written,
        and the backup taken for it is removed.
        """
        if self.user_version() >= schema.CURRENT_VERSION:
            return None
        if self.read_only:
            raise StoreError(
                f"{self.path}: made by an older gmdesk and read-only, so it cannot be upgraded", "read_only", self.path
            )
        backup: Path | None = None
        started_at = self.user_version()
        watch = Watch(progress)

        def run(c: sqlite3.Connection) -> None:
            nonlocal backup
            version = schema.user_version(c)
            if version >= schema.CURRENT_VERSION:
                return
            # Only the gmdesk that finds the file as it first read it backs it up: one that finds
            # it upgraded arrived after another's upgrade, and that one took the backup.
            if version == started_at:
                backup = self._backup_committed(backup_path(self.path, version), watch)
            for step in schema.STEPS:
                schema.step_runner(step, watch)(c)

        try:
            with watch.interrupting(self.conn):
                self.write(run, f"upgrade the campaign to format {schema.CURRENT_VERSION}")
        except Cancelled:
            if backup is not None:  # the file is as it was: its copy is not needed
                backup.unlink(missing_ok=True)
            raise
        return backup

    def _backup_committed(self, dest: Path, watch: "Watch | None" = None) -> Path:
        with reading(self.path) as reader:
            return _backup(reader, dest, watch)

    def backup_to(self, dest: Path) -> Path:
        """A consistent copy through SQLite's backup API (a file copy could catch a torn WAL), into a
        new file: a backup never replaces a file, least of all a campaign."""
        refuse_campaign_name(dest)
        if os.path.lexists(dest):
            raise CampaignFileError(f"{dest}: already exists; a backup goes into a new file", "exists", dest)
        with self._lock:
            return self._retrying(lambda: _backup(self.conn, dest), "back up the campaign")

    def integrity_problems(self) -> list[str]:
        """Everything ``PRAGMA integrity_check`` and ``foreign_key_check`` report; empty if sound."""

        def run(c: sqlite3.Connection) -> list[str]:
            rows = [r[0] for r in c.execute("PRAGMA integrity_check")]
            problems = [] if rows == ["ok"] else rows
            for table, rowid, parent, _ in c.execute("PRAGMA foreign_key_check"):
                problems.append(f"{table} row {rowid}: refers to a missing {parent} row")
            return problems

        return self.read(run, "check the campaign")

    def close(self) -> None:
        # No "PRAGMA optimize" (ANALYZE): without statistics the planner takes the partial
        # indexes for "secret = 0" as the schema intends; with them it may scan the whole log.
        with self._lock:
            self.conn.close()
            if self._files is not None:
                after_close(self._files)  # the -wal/-shm a read-only connection left behind
                self._files = None


def _backup(source: sqlite3.Connection, dest: Path, watch: "Watch | None" = None) -> Path:
    try:
        fd, tmp = temp_beside(dest)
        os.close(fd)
    except OSError as exc:
        raise StoreError(f"cannot back up the campaign to {dest}: {exc.strerror}", _os_kind(exc), dest) from None
    try:
        target = sqlite3.connect(tmp)
        try:
            if watch is None:
                source.backup(target)
            else:  # a page at a time, so that a big file's copy says how far it got and can stop
                source.backup(target, pages=BACKUP_PAGES, progress=lambda _, left, total: watch(total - left, total))
        finally:
            target.close()
        os.replace(tmp, dest)
    except OSError as exc:
        raise StoreError(f"cannot back up the campaign to {dest}: {exc.strerror}", _os_kind(exc), dest) from None
    except sqlite3.Error as exc:
        if is_busy(exc):
            raise
        raise translate(exc, dest, "back up the campaign") from exc
    finally:
        for leftover in (tmp, Path(f"{tmp}-journal")):
            if leftover.exists():
                leftover.unlink()
    return dest


def backup_path(path: Path, version: int) -> Path:
    base = path.with_name(f"{path.name}.v{version}.bak")
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.v{version}-{n}.bak")
    return candidate


def _os_kind(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ENOSPC:
        return "disk_full"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "read_only"
    return "io"


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
