"""The files gmdesk ships beside its code: translations (``i18n/``), icons (``icons/``), the Linux
desktop files (``linux/``) and the help's pages (``help/<lang>/``).

They are package data of ``gmdesk`` and are found through ``importlib.resources``, so the same lookup
works from a source checkout, an editable install, a wheel (pip or pipx) and the PyInstaller bundle
(which puts them at ``_internal/gmdesk/resources/``). Never build their paths from ``__file__``'s
parents: in an installed wheel the folder above the package is ``site-packages``.
"""

from __future__ import annotations

import atexit
import contextlib
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path

_KEEP = contextlib.ExitStack()  # a folder extracted from an archive lives as long as the program
atexit.register(_KEEP.close)


@cache
def folder() -> Path:
    """The resources folder on disk (Qt's loaders want file names, not streams)."""
    return _KEEP.enter_context(as_file(files(__name__)))


def path(*parts: str) -> Path:
    """``path("i18n", "gmdesk_fr.qm")``: one shipped file (it may not exist: callers say what is missing)."""
    return folder().joinpath(*parts)
