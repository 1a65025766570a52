"""What a bug report needs: gmdesk's, Python's, Qt's, PySide6's and pyqtgraph's versions, the platform
and the data folder. ``gmdesk --version`` prints it and Help › About shows it with a Copy button; both
call ``report`` so they never disagree.

This module never imports Qt: the caller (gmdesk/ui/about.py) passes Qt's own version, and the
packages' versions come from their installed metadata, or from a module already loaded (the
PyInstaller bundle keeps no metadata).
"""

from __future__ import annotations

import platform
import sys
from importlib import metadata

from gmdesk import __version__
from gmdesk.data_folder import data_folder

# package -> the distributions that provide it (PySide6-Essentials, or the full PySide6)
NOT_FOUND = "not found"
_DISTRIBUTIONS = {"PySide6": ("PySide6-Essentials", "PySide6"), "pyqtgraph": ("pyqtgraph",)}


def package_version(module: str) -> str:
    for dist in _DISTRIBUTIONS.get(module, (module,)):
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    loaded = sys.modules.get(module)
    version = getattr(loaded, "__version__", None)
    return str(version) if version else NOT_FOUND


def report(qt_version: str) -> str:
    """Several lines, the first ``gmdesk X.Y.Z`` as before."""
    lines = [
        f"gmdesk {__version__}",
        f"Python {platform.python_version()} ({platform.python_implementation()})",
        f"Qt {qt_version}",
        f"PySide6 {package_version('PySide6')}",
        f"pyqtgraph {package_version('pyqtgraph')}",
        f"Platform: {platform.platform()}",
        f"Data folder: {data_folder()}",
    ]
    return "\n".join(lines)


def credits() -> str:
    """The attributions the content gmdesk ships asks for (the SRD 5.1 creatures' CC-BY-4.0), one
    paragraph each: the About box shows them as written, in English (a licence's own words)."""
    from gmdesk import systems

    return "\n\n".join(s.credits for s in systems.all_systems() if s.credits)
