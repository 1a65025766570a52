"""The ``-wal`` and ``-shm`` files SQLite keeps beside a campaign, and leaving none behind by mistake.

A connection to a WAL campaign creates both files if they are missing. SQLite removes them when the
last *read-write* connection closes (after merging the WAL into the file); a read-only connection,
or one that failed to open (a full disk), leaves them behind. gmdesk removes the ones *it* created,
only when no connection anywhere has the campaign open, proved the way SQLite
proves it before deleting them itself: an exclusive lock on the file's shared-lock bytes (every
connection to a WAL database holds a shared lock there for as long as it is open) and on the
``-shm`` file's "dead man switch" byte. A ``-wal`` that holds frames is never removed: it is data
(the ``-shm`` is only an index of it, rebuilt by the next connection).

Locks are POSIX (``fcntl``) locks, which belong to the process, and closing any descriptor of a file
drops all of the process's locks on it: so nothing is tidied while this process still has another
connection to the same campaign (``held`` counts them).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

try:  # POSIX only; elsewhere the files are left in place, which is harmless
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SUFFIXES = ("-wal", "-shm")
# SQLite's unix VFS lock layout (os_unix.c): the PENDING byte at 1 GiB, then RESERVED, then the
# 510 SHARED bytes; the -shm's dead-man-switch byte follows its 8 WAL locks at offset 120.
_PENDING_BYTE = 0x40000000
_SHARED_FIRST = _PENDING_BYTE + 2
_SHARED_SIZE = 510
_SHM_DMS = 120 + 8

_held: dict[tuple[int, int], int] = {}
_held_lock = threading.Lock()


@dataclass(frozen=True)
class SideFiles:
    """Which side files existed before this process connected to ``path``."""

    path: Path
    existed: frozenset[str]
    key: tuple[int, int] | None

    def side(self, suffix: str) -> Path:
        return Path(f"{self.path}{suffix}")


def before_connect(path: Path) -> SideFiles:
    """Note the side files present now and count one more connection of this process to ``path``."""
    with _held_lock:  # not while another thread's ``after_close`` is removing them
        existed = frozenset(s for s in SUFFIXES if os.path.lexists(f"{path}{s}"))
        try:
            st = os.stat(path)
            key: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except OSError:
            key = None
        if key is not None:
            _held[key] = _held.get(key, 0) + 1
    return SideFiles(Path(path), existed, key)


def after_close(files: SideFiles) -> list[Path]:
    """The connection noted by ``before_connect`` is closed: remove the side files it created (a
    -wal only if empty) if nobody has the campaign open. Returns what was removed."""
    # Held to the end: the descriptors opened and closed below would drop the locks of a connection
    # another thread of this process opened meanwhile (``before_connect`` waits for it instead).
    with _held_lock:
        if files.key is not None:
            left = _held.get(files.key, 1) - 1
            if left:
                _held[files.key] = left
                return []  # another connection of this process: its locks must not be touched
            _held.pop(files.key, None)
        created = [s for s in SUFFIXES if s not in files.existed and os.path.lexists(files.side(s))]
        if not created or fcntl is None:
            return []
        return _remove_if_unused(files, created)


def _remove_if_unused(files: SideFiles, created: list[str]) -> list[Path]:
    try:
        fd = os.open(files.path, os.O_RDWR)
    except OSError:
        return []  # read-only medium or no permission: SQLite could not have created them either
    removed: list[Path] = []
    try:
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, _SHARED_SIZE, _SHARED_FIRST)
        except OSError:
            return []  # a connection (here or in another gmdesk) has the campaign open
        shm_fd = _lock_shm(files.side("-shm"))
        if shm_fd is False:
            return []
        try:
            for suffix in created:
                side = files.side(suffix)
                try:
                    if suffix == "-wal" and side.stat().st_size > 0:
                        continue  # frames not yet in the campaign: the next read-write open merges them
                    side.unlink()  # a -shm is rebuilt from the -wal by whoever opens the file next
                    removed.append(side)
                except FileNotFoundError:
                    pass
                except OSError:
                    break
        finally:
            if isinstance(shm_fd, int):
                os.close(shm_fd)
    finally:
        os.close(fd)  # releases the locks
    return removed


def _lock_shm(shm: Path) -> int | bool | None:
    """An fd holding the -shm's dead-man-switch byte exclusively; None if there is no -shm; False if
    a connection holds it."""
    try:
        shm_fd = os.open(shm, os.O_RDWR)
    except FileNotFoundError:
        return None
    except OSError:
        return False
    try:
        fcntl.lockf(shm_fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _SHM_DMS)
    except OSError:
        os.close(shm_fd)
        return False
    return shm_fd
