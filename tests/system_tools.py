"""The optional programs some tests run, and the one way a test asks for one.

``require_tool(name)`` returns the program's path, or skips the test with the reason and the package
to install; ``@pytest.mark.requires_tool(name, ...)`` does the same for a whole test (tests/conftest.py
applies it); ``require_python_shared_library()`` is the same for the library PyInstaller embeds. ``make test`` thus passes on a bare machine (Python and the Qt libraries only), and
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
PYTHON_LIBRARY = f"libpython{sys.version_info[0]}.{sys.version_info[1]}"  # Debian's package of that name


def debian_packages() -> set[str]:
    """The packages .ci/run installs for the tools (and, for Debian's own python3, PYTHON_LIBRARY)."""
    return {source for source in TOOLS.values() if " " not in source}


def find_tool(name: str) -> str | None:
    """The program beside this Python (a venv's scripts), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def _missing(reason: str) -> None:
    if os.environ.get(REQUIRE_ALL) == "1":
        pytest.fail(f"{reason}, and {REQUIRE_ALL}=1 asks for every tool", pytrace=False)
    pytest.skip(reason)


def require_python_shared_library() -> str:
    """The Python shared library PyInstaller embeds in the bundle (found as PyInstaller finds it);
    Debian's python3 is linked statically and keeps it in the package libpython3.X."""
    try:
        from PyInstaller.depend.bindepend import get_python_library_path

        path = get_python_library_path()
    except Exception:  # noqa: BLE001 - PyInstaller's PythonLibraryNotFoundError, or no PyInstaller
        path = None
    if not path:
        _missing(f"Python's shared library is not installed (Debian package {PYTHON_LIBRARY})")
    return path


def require_tool(name: str) -> str:
    """The program's path, or skip (fail under GMDESK_REQUIRE_ALL_TOOLS=1) saying what to install."""
    if name not in TOOLS:
        raise KeyError(f"{name}: add it to tests/system_tools.py TOOLS (and to .ci/run)")
    path = find_tool(name)
    if path is None:
        source = TOOLS[name]
        _missing(f"{name} is not installed ({source if ' ' in source else 'Debian package ' + source})")
    return path
