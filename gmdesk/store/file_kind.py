"""What a path names, from its ``os.stat``, before anything opens it.

``open()`` on a named pipe (a FIFO) waits for a writer forever, and a device or a folder is never a
campaign, an import or an export: the command line and the window refuse them with one sentence
instead of hanging, reading ``/dev/zero`` or renaming an export over ``/dev/null``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gmdesk.store.errors import CampaignFileError

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def not_a_file(path: str | Path) -> str | None:
    """What ``path`` is when it exists and is not a regular file ("a named pipe"), else None (a
    regular file, or nothing there yet: the command that opens it says what is wrong)."""
    try:
        mode = os.stat(path).st_mode  # follows links: a link to a pipe is a pipe
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def refuse_not_a_file(path: str | Path) -> None:
    """CampaignFileError (``not_campaign``) when ``path`` exists and is not a regular file."""
    what = not_a_file(path)
    if what is not None:
        raise CampaignFileError(f"{path}: is {what}, not a campaign file", "not_campaign", path)
