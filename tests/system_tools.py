"""The optional programs some tests run, and the one way a test asks for one.

``require_tool(name)`` returns the program's path, or skips the test with the reason and the package
to install; ``@pytest.mark.requires_tool(name, ...)`` does the same for a whole test (tests/conftest.py
applies it). ``make test`` thus passes on a bare machine (Python and the Qt libraries only), and
``.ci/run`` installs every package below and sets ``GMDESK_REQUIRE_ALL_TOOLS=1``, which turns a missing
tool into a failure: CI runs every test.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

# program -> where it comes from (a Debian package, unless said otherwise)
TOOLS = {
    "desktop-file-validate": "desktop-file-utils",
    "update-desktop-database": "desktop-file-utils",
    "appstreamcli": "appstream",
    "update-mime-database": "shared-mime-info",
    "gio": "libglib2.0-bin",
    "objdump": "binutils",  # PyInstaller reads the bundle's libraries with it on Linux
    "pyside6-lupdate": "the pip package PySide6-Essentials",
    "pyside6-lrelease": "the pip package PySide6-Essentials",
}
REQUIRE_ALL = "GMDESK_REQUIRE_ALL_TOOLS"


def debian_packages() -> set[str]:
    return {source for source in TOOLS.values() if " " not in source}


def find_tool(name: str) -> str | None:
    """The program beside this Python (a venv's scripts), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def require_tool(name: str) -> str:
    """The program's path, or skip (fail under GMDESK_REQUIRE_ALL_TOOLS=1) saying what to install."""
    if name not in TOOLS:
        raise KeyError(f"{name}: add it to tests/system_tools.py TOOLS (and to .ci/run)")
    path = find_tool(name)
    if path is None:
        source = TOOLS[name]
        reason = f"{name} is not installed ({source if ' ' in source else 'Debian package ' + source})"
        if os.environ.get(REQUIRE_ALL) == "1":
            pytest.fail(f"{reason}, and {REQUIRE_ALL}=1 asks for every tool", pytrace=False)
        pytest.skip(reason)
    return path
