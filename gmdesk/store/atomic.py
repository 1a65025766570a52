"""Files written whole or not at all (qutebrowser's ``savefile_open``): a temp file beside the target,
fsynced, then renamed over it. A crash or a full disk mid-export leaves the previous file intact.

Every file gmdesk writes for the GM (exports, sheets files, prep sheets and their images) goes through
here, and here it refuses to replace a campaign or any SQLite database (or their -wal, -shm and
-journal files), whatever the file is called: ``export C.gmdesk --out C.gmdesk`` must not turn the
campaign into a CSV file. A new file may not take the campaign suffix either.
"""

from __future__ import annotations

import errno
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TextIO

from gmdesk.store.errors import StoreError, disk_is_full

SQLITE_MAGIC = b"SQLite format 3\x00"
CAMPAIGN_SUFFIX = ".gmdesk"
_COMPANIONS = ("-wal", "-shm", "-journal")


_KINDS = {errno.ENOSPC: "disk_full", getattr(errno, "EDQUOT", errno.ENOSPC): "disk_full",  # no EDQUOT on Windows
          errno.EACCES: "read_only", errno.EPERM: "read_only", errno.EROFS: "read_only"}
_WORDS = {"disk_full": "the disk is full", "read_only": "the file or its folder is read-only"}


def os_error(exc: OSError, path: Path, doing: str) -> StoreError:
    kind = _KINDS.get(exc.errno or 0, "io")
    return StoreError(f"cannot {doing} {path}: {_WORDS.get(kind) or exc.strerror or exc}", kind, path)


def _is_database(path: Path) -> bool:
    try:
        if not path.is_file():  # a pipe or a terminal: nothing to read, and reading would wait
            return False
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def refuse_protected(path: str | Path) -> None:
    """StoreError (kind ``protected``) if writing ``path`` could destroy a campaign or a database."""
    path = Path(path)
    why = None
    if _is_database(path):
        why = "it is a gmdesk campaign or another SQLite database"
    elif path.suffix.lower() == CAMPAIGN_SUFFIX:
        why = "a .gmdesk name is for campaigns"
    else:
        for suffix in _COMPANIONS:
            if path.name.endswith(suffix) and _is_database(path.with_name(path.name[: -len(suffix)])):
                why = f"it belongs to the database {path.name[: -len(suffix)]}"
    if why:
        raise StoreError(f"not writing {path}: {why}; choose another file", "protected", path)


@contextmanager
def atomic_text(path: str | Path, newline: str | None = None) -> Iterator[TextIO]:
    """``with atomic_text(p) as f: f.write(...)``: ``p`` appears, complete, when the block ends."""
    path = Path(path)
    refuse_protected(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise os_error(exc, path, "write") from None
    try:
        with os.fdopen(fd, "w", buffering=1 << 20, encoding="utf-8", newline=newline) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        try:
            mode = os.stat(path).st_mode & 0o777  # keep the permissions of the file replaced
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        refuse_protected(path)  # again: the block may have run for a while
        os.replace(tmp, path)
    except OSError as exc:
        _discard(tmp)
        raise os_error(exc, path, "write") from None
    except BaseException:
        _discard(tmp)
        raise


def atomic_file(path: str | Path, write: Callable[[str], bool]) -> Path:
    """Write ``path`` whole or not at all through ``write(temp_name) -> ok``, for writers that want a
    file name (Qt's image writers). StoreError if ``write`` reports a failure."""
    path = Path(path)
    refuse_protected(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp" + path.suffix, dir=folder)
        os.close(fd)
    except OSError as exc:
        raise os_error(exc, path, "write") from None
    try:
        if not write(tmp):
            full = disk_is_full(path)
            raise StoreError(f"cannot write {path}: {'the disk is full' if full else 'the image could not be saved'}",
                             "disk_full" if full else "io", path)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        refuse_protected(path)
        os.replace(tmp, path)
    except OSError as exc:
        _discard(tmp)
        raise os_error(exc, path, "write") from None
    except BaseException:
        _discard(tmp)
        raise
    return path


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
