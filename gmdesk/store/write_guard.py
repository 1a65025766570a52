"""Where gmdesk may write: the one guard every file it writes passes, and the temporary names it
builds them under.

Every file gmdesk writes (exports, recaps, sheets files, prep sheets and their images, screenshots,
backups, repaired copies, new campaigns) is named by the GM, and a slip of the keyboard must never
cost a campaign:

- ``refuse_protected``: a file written *for* the GM never replaces a campaign or any SQLite database,
  nor their side files (``-wal``, ``-shm``, ``-journal``), and never takes the campaign suffix:
  ``export C.gmdesk --out C.gmdesk`` must not turn the campaign into a CSV file.
- ``refuse_campaign_name``: a campaign gmdesk creates, opens or copies never takes a side file's
  name. ``pf2.gmdesk-wal`` is where SQLite keeps ``pf2.gmdesk``'s write-ahead log: the next
  connection to ``pf2.gmdesk`` would take a campaign there for a broken log and throw it away.
- ``temp_beside``: the temporary file a write is built in, named after gmdesk, this machine and this
  process (``.log.csv.gmdesk-<host>-<pid>-<random>.tmp``), so that one left by a gmdesk that was
  killed is known for what it is and removed the next time gmdesk writes in that folder (``tidy``).
  A temp file of a live process, of another machine, or not named so, is never touched.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import socket
from pathlib import Path

from gmdesk.store.errors import StoreError

SQLITE_MAGIC = b"SQLite format 3\x00"
CAMPAIGN_SUFFIX = ".gmdesk"
SIDE_SUFFIXES = {"-wal": "write-ahead log", "-shm": "shared-memory index", "-journal": "rollback journal"}

# A shared folder (a network drive) may hold temp files of gmdesk on other machines, whose process
# ids mean nothing here: the host's tag tells them apart.
HOST = hashlib.sha1(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:6]
_TEMP = re.compile(r"\..+\.gmdesk-(?P<host>[0-9a-f]{6})-(?P<pid>[1-9][0-9]{0,9})-[0-9a-f]{8}"
                   r"\.(?:tmp|creating|reading)(?:\.[^.]*)?(?:-wal|-shm|-journal)?", re.DOTALL)


def _is_database(path: Path) -> bool:
    try:
        if not path.is_file():  # a pipe or a terminal: nothing to read, and reading would wait
            return False
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def side_file_of(path: str | Path) -> tuple[Path, str] | None:
    """``(the database, what SQLite keeps there)`` if ``path`` is named as a database's side file."""
    path = Path(path)
    name = path.name.lower()  # a case-insensitive disk (macOS, Windows) takes -WAL for -wal
    for suffix, what in SIDE_SUFFIXES.items():
        if name.endswith(suffix) and len(name) > len(suffix):
            return path.with_name(path.name[: -len(suffix)]), what
    return None


def refuse_protected(path: str | Path) -> None:
    """StoreError (kind ``protected``) if writing ``path`` could destroy a campaign or a database."""
    path = Path(path)
    side = side_file_of(path)
    why = None
    if _is_database(path):
        why = "it is a gmdesk campaign or another SQLite database"
    elif path.suffix.lower() == CAMPAIGN_SUFFIX:
        why = "a .gmdesk name is for campaigns"
    elif side is not None and (side[0].suffix.lower() == CAMPAIGN_SUFFIX or _is_database(side[0])):
        why = f"SQLite keeps the {side[1]} of {side[0].name} under that name"
    if why:
        raise StoreError(f"not writing {path}: {why}; choose another file", "protected", path)


def refuse_campaign_name(path: str | Path) -> None:
    """StoreError (kind ``side_file``) if a campaign at ``path`` would sit where SQLite keeps
    another database's side file; for every campaign gmdesk creates, opens, backs up or repairs."""
    side = side_file_of(path)
    if side is not None:
        raise StoreError(f"not a campaign's name: {Path(path).name} is where SQLite keeps the {side[1]} of "
                         f"{side[0].name}; choose a name ending in {CAMPAIGN_SUFFIX}", "side_file", path)


def temp_beside(path: str | Path, kind: str = "tmp", ext: str = "",
                named: list[Path] | None = None) -> tuple[int, Path]:
    """A new, empty temp file in ``path``'s folder, open for reading and writing: ``(fd, its path)``.
    ``kind`` says what it is for (``tmp``, ``creating``, ``reading``); ``ext`` ends its name (Qt's
    image writers go by it). The folder is tidied of what killed gmdeskes left first. OSError as
    ``os.open`` raises it. ``named`` gets the name before the file exists: a Ctrl+C landing between its
    creation and the caller's ``try`` would otherwise leave it behind, unknown to the caller."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    tidy(folder)
    while True:
        tmp = folder / f".{path.name}.gmdesk-{HOST}-{os.getpid()}-{secrets.token_hex(4)}.{kind}{ext}"
        if named is not None:
            named.append(tmp)
        try:
            return os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600), tmp
        except FileExistsError:
            continue  # 4 random bytes taken in this process: another draw


def tidy(folder: str | Path) -> list[Path]:
    """Remove the temp files (and their SQLite side files) that gmdesk processes of this machine left
    in ``folder`` when they were killed; returns what was removed."""
    removed: list[Path] = []
    try:
        entries = os.scandir(folder)
    except OSError:
        return removed  # nothing to list: the write itself will say why
    with entries:
        for entry in entries:
            found = _TEMP.fullmatch(entry.name) if entry.name.startswith(".") else None
            if found is None or found["host"] != HOST or _alive(int(found["pid"])):
                continue
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                pass  # gone already (another gmdesk tidied it), or not ours to remove
    return removed


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs; True when that cannot be known, so that nothing live is removed."""
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # os.kill(pid, 0) would end the process on Windows
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # another user's process (EPERM), or a number no process can have
    return True
