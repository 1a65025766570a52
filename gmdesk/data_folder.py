"""Where gmdesk keeps the GM's own files (the demo campaigns of the first run, new campaigns by
default), and the one-time move out of the folder gmdesk 0.1 used.

The folder is ``gmdesk`` in the platform's place for user data:

- Linux and other Unix: ``$XDG_DATA_HOME/gmdesk``, i.e. ``~/.local/share/gmdesk``;
- macOS: ``~/Library/Application Support/gmdesk``;
- Windows: ``%APPDATA%\\gmdesk``.

gmdesk 0.1 asked Qt for its AppDataLocation with organisation and application both named "gmdesk",
which doubled the name: ``~/.local/share/gmdesk/gmdesk``. ``move_old_folder`` moves what that folder
holds up one level, once. It is plain Python (no Qt) so that ``gmdesk --version`` can name the folder
without loading Qt, and so that the move is tested without a window.

The move never loses a file: each entry is renamed (atomic, same file system), a campaign together
with its sidecar files (``-wal``, ``-shm``, ``-journal``, moved first), and a campaign or file whose
name is already taken stays where it was, in a folder renamed ``gmdesk-0.1-files`` that the caller
reports.
If gmdesk stops half-way, the next start finishes the move from the staging folder.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

NAME = "gmdesk"
OLD_SUBFOLDER = "gmdesk"  # gmdesk 0.1: <data>/gmdesk/gmdesk
STAGING = ".gmdesk-0.1-moving"  # the old folder, renamed first so that a half-done move is recognised
LEFT_OVER = "gmdesk-0.1-files"  # what could not move (its name was taken), kept for the GM to sort out
_SIDECARS = ("-wal", "-shm", "-journal")


def data_folder(environ: dict[str, str] | None = None, platform: str | None = None) -> Path:
    """The folder for this user (not created here)."""
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    home = Path(env.get("HOME") or os.path.expanduser("~"))
    if platform == "win32":
        appdata = env.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = env.get("XDG_DATA_HOME", "")
        # The XDG spec: a relative path is invalid and must be ignored.
        base = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return base / NAME


@dataclass
class Move:
    """What ``move_old_folder`` did, and where a path the GM's settings name has gone."""

    folder: Path
    moved: dict[str, Path] = field(default_factory=dict)  # entry name in the old folder -> where it is now
    left_in: Path | None = None  # the folder holding what could not move, if anything

    def new_path(self, path: Path) -> Path | None:
        """Where ``path`` (a campaign named in the settings) is now, if it was in the old folder."""
        path = Path(path)
        for old in old_folders(self.folder):
            for prefix in {old, _resolved(old)}:
                try:
                    rest = path.relative_to(prefix)
                except ValueError:
                    continue
                if not rest.parts:
                    return None
                if rest.parts[0] in self.moved:
                    return self.moved[rest.parts[0]].joinpath(*rest.parts[1:])
                # Moved by an earlier, interrupted start: it is in the new folder now.
                if not path.exists() and (self.folder / rest).exists():
                    return self.folder / rest
        return None


def old_folders(folder: Path) -> tuple[Path, Path]:
    """The places an old folder's files can still be: gmdesk 0.1's folder, and a half-done move's."""
    return folder / OLD_SUBFOLDER, folder / STAGING


def move_old_folder(folder: Path) -> Move:
    """Move gmdesk 0.1's files from ``folder/gmdesk`` to ``folder``; a no-op when there is none.

    Raises OSError when a folder cannot be read or renamed: what moved has moved whole (a campaign
    with its sidecars), and the next call finishes the move from the staging folder."""
    old, staging = old_folders(folder)
    move = Move(folder)
    if old.is_dir() and not old.is_symlink() and not staging.exists():
        os.rename(old, staging)
    if not staging.is_dir():
        return move
    for group in _campaign_groups(staging):
        targets = [folder / entry.name for entry in group]
        if any(t.exists() or t.is_symlink() for t in targets):
            continue  # a name is taken: the whole campaign stays, never a WAL beside another's file
        done: list[tuple[Path, Path]] = []
        try:
            for entry, target in zip(group, targets):
                os.rename(entry, target)
                done.append((entry, target))
        except OSError:
            for entry, target in reversed(done):  # all of a campaign or none of it
                os.rename(target, entry)
            continue
        move.moved.update((entry.name, target) for entry, target in done)
    rest = sorted(staging.iterdir())
    if rest:
        move.left_in = _free_name(folder / LEFT_OVER)
        os.rename(staging, move.left_in)
        move.moved.update((entry.name, move.left_in / entry.name) for entry in rest)
    else:
        staging.rmdir()
    return move


def _campaign_groups(folder: Path) -> list[list[Path]]:
    """The folder's entries, a campaign with its sidecar files (``-wal``, ``-shm``, ``-journal``) as
    one group, the sidecars first: a campaign never sits in the new folder without its write-ahead log."""
    groups: dict[str, list[Path]] = {}
    for entry in sorted(folder.iterdir()):
        base = next((entry.name[:-len(s)] for s in _SIDECARS if entry.name.endswith(s)), entry.name)
        groups.setdefault(base, []).append(entry)
    return [sorted(g, key=lambda p: not p.name.endswith(_SIDECARS)) for _, g in sorted(groups.items())]


def _free_name(path: Path) -> Path:
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}-{n}")
    return candidate


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path
