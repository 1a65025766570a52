"""Files written whole or not at all (qutebrowser's ``savefile_open``): a temp file beside the target,
fsynced, then renamed over it. A crash or a full disk mid-export leaves the previous file intact."""

from __future__ import annotations

import errno
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, TextIO

from gmdesk.store.errors import StoreError


def os_error(exc: OSError, path: Path, doing: str) -> StoreError:
    kind = {errno.ENOSPC: "disk_full", errno.EACCES: "read_only", errno.EPERM: "read_only", errno.EROFS: "read_only"}
    return StoreError(f"cannot {doing} {path}: {exc.strerror or exc}", kind.get(exc.errno or 0, "io"), path)


@contextmanager
def atomic_text(path: str | Path, newline: str | None = None) -> Iterator[TextIO]:
    """``with atomic_text(p) as f: f.write(...)``: ``p`` appears, complete, when the block ends."""
    path = Path(path)
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
        os.replace(tmp, path)
    except OSError as exc:
        _discard(tmp)
        raise os_error(exc, path, "write") from None
    except BaseException:
        _discard(tmp)
        raise


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
