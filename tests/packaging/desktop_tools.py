"""Shared by the packaging tests: where things are, and the system tools they need (skipped if absent)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
LINUX = ROOT / "gmdesk" / "resources" / "linux"
ICONS = ROOT / "gmdesk" / "resources" / "icons"

# packaging/ is not a Python package (and "packaging" is also a PyPI project): import its modules by path.
if str(PACKAGING) not in sys.path:
    sys.path.insert(0, str(PACKAGING))
import bundle_contents  # noqa: E402

APP_ID = bundle_contents.APP_ID
MIME_TYPE = bundle_contents.MIME_TYPE
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
MIME_XML = LINUX / f"{APP_ID}.mime.xml"

# One way for every test to ask for an optional program (skip with the package to install).
from system_tools import require_tool as require  # noqa: E402,F401


def run(*args: str | Path, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, env=env, timeout=timeout)
