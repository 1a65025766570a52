"""Files written whole or not at all (qutebrowser's ``savefile_open``): a temp file beside the target,
fsynced, then renamed over it. A crash or a full disk mid-export leaves the previous file intact.

Every file gmdesk writes for the GM (exports, recaps, sheets files, prep sheets and their images,
screenshots) goes through here, and so through ``write_guard``: never onto a campaign, a SQLite
database or their side files, never under a ``.gmdesk`` name; the temp file is named so that one a
killed gmdesk left is removed the next time gmdesk writes in that folder.
"""

from __future__ import annotations

import errno
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TextIO

from gmdesk.store.errors import StoreError, disk_is_full
from gmdesk.store.write_guard import refuse_protected, temp_beside

__all__ = ["atomic_file", "atomic_text", "os_error", "refuse_protected"]

_KINDS = {errno.ENOSPC: "disk_full", getattr(errno, "EDQUOT", errno.ENOSPC): "disk_full",  # no EDQUOT on Windows
          errno.EACCES: "read_only", errno.EPERM: "read_only", errno.EROFS: "read_only"}
_WORDS = {"disk_full": "the disk is full", "read_only": "the file or its folder is read-only"}


def os_error(exc: OSError, path: Path, doing: str) -> StoreError:
    kind = _KINDS.get(exc.errno or 0, "io")
    return StoreError(f"cannot {doing} {path}: {_WORDS.get(kind) or exc.strerror or exc}", kind, path)


@contextmanager
def atomic_text(path: str | Path, newline: str | None = None) -> Iterator[TextIO]:
    """``with atomic_text(p) as f: f.write(...)``: ``p`` appears, complete, when the block ends."""
    path = Path(path)
    refuse_protected(path)
    named: list[Path] = []  # the temp file's name, known before it exists (Ctrl+C may come at any moment)
    try:
        fd, tmp = temp_beside(path, named=named)
        with os.fdopen(fd, "w", buffering=1 << 20, encoding="utf-8", newline=newline) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        _put_in_place(tmp, path)
    except OSError as exc:
        _discard(*named)
        raise os_error(exc, path, "write") from None
    except BaseException:
        _discard(*named)
        raise


def atomic_file(path: str | Path, write: Callable[[str], bool]) -> Path:
    """Write ``path`` whole or not at all through ``write(temp_name) -> ok``, for writers that want a
    file name (Qt's image writers). StoreError if ``write`` reports a failure."""
    path = Path(path)
    refuse_protected(path)
    try:
        fd, tmp = temp_beside(path, ext=path.suffix)
        os.close(fd)
    except OSError as exc:
        raise os_error(exc, path, "write") from None
    try:
        if not write(str(tmp)):
            full = disk_is_full(path)
            raise StoreError(f"cannot write {path}: {'the disk is full' if full else 'the image could not be saved'}",
                             "disk_full" if full else "io", path)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        _put_in_place(tmp, path)
    except OSError as exc:
        _discard(tmp)
        raise os_error(exc, path, "write") from None
    except BaseException:
        _discard(tmp)
        raise
    return path


def _put_in_place(tmp: Path, path: Path) -> None:
    """Rename the complete ``tmp`` over ``path``, with the permissions of the file it replaces (or
    a new file's: the temp file was made private while it was written)."""
    try:
        mode = os.stat(path).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)
    refuse_protected(path)  # again: the writing may have run for a while
    os.replace(tmp, path)


def _discard(*tmps: Path) -> None:
    for tmp in tmps:
        _remove(tmp)


def _remove(tmp: Path) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    except OSError:
        # A name handed over before its file was made (``temp_beside``): on a read-only folder the
        # file never existed and unlink says "read-only" instead of "not found"; the write's own
        # error is the one to tell.
        if os.path.lexists(tmp):
            raise
