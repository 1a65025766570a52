"""Read-only folders and full disks for real, as the GM meets them: a read-only bind mount and a small
tmpfs. Tests run as root, so file permissions would not stop a write; a mount does. Skipped only where
``mount`` itself is refused (not root, no CAP_SYS_ADMIN), with the reason."""

from __future__ import annotations

import errno
import os
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest


def _mount(*args: str) -> None:
    p = subprocess.run(["mount", *args], capture_output=True, text=True)
    if p.returncode != 0:
        pytest.skip(f"mount {' '.join(args)} refused: {p.stderr.strip() or p.returncode}")


def _unmount(target: Path) -> None:
    if subprocess.run(["umount", str(target)], capture_output=True).returncode != 0:
        subprocess.run(["umount", "-l", str(target)], capture_output=True)  # busy: detach it lazily


@contextmanager
def read_only_view(source: Path, target: Path) -> Iterator[Path]:
    """``target`` shows ``source`` read-only (a read-only bind mount) for the block."""
    target.mkdir(parents=True, exist_ok=True)
    _mount("--bind", str(source), str(target))
    try:
        p = subprocess.run(["mount", "-o", "remount,bind,ro", str(target)], capture_output=True, text=True)
        if p.returncode != 0:
            pytest.skip(f"read-only remount refused: {p.stderr.strip()}")
        yield target
    finally:
        _unmount(target)


@contextmanager
def small_disk(target: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``target`` for the block."""
    target.mkdir(parents=True, exist_ok=True)
    _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(target))
    try:
        yield target
    finally:
        _unmount(target)


def fill(folder: Path, name: str = "filler") -> Path:
    """Fill the file system holding ``folder`` to the last byte; returns the filler file."""
    filler = folder / name
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(chunk)
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise
        try:  # the last partial block too
            while True:
                f.write(b"\0")
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise
    st = os.statvfs(folder)
    assert st.f_bavail == 0, "the disk is not full"
    return filler
