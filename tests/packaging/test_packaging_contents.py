"""What the spec puts in the bundle and leaves out, checked without PyInstaller: the resources are all
there, and the window runs with every left-out module blocked (a left-out module that gmdesk needs
would otherwise only show in the built program, sometimes silently: a panel replaced by a placeholder)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from desktop_tools import APP_ID, PACKAGING, ROOT, bundle_contents

# Imported by pyqtgraph only if present (it falls back without it): being asked for is not a failure.
OPTIONAL = {"PySide6.QtTest"}

RUN_BLOCKED = r"""
import importlib, importlib.abc, json, pkgutil, sys
sys.path.insert(0, sys.argv[1])
import bundle_contents
asked = []

class LeftOut(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if bundle_contents.excluded(name):
            asked.append(name)
            raise ModuleNotFoundError(f"No module named {name!r} (left out of the bundle)", name=name)

sys.meta_path.insert(0, LeftOut())
import gmdesk
for module in pkgutil.walk_packages(gmdesk.__path__, "gmdesk."):
    importlib.import_module(module.name)
from gmdesk.__main__ import main
status = main(sys.argv[2:])
print("RESULT " + json.dumps({"status": status, "asked": sorted(set(asked))}))
"""


def test_resources_the_program_reads_are_bundled():
    pairs = bundle_contents.resource_files()
    bundled = {str(Path(folder) / Path(source).name) for source, folder in pairs}
    expected = {
        "gmdesk/resources/i18n/gmdesk_fr.qm",  # gmdesk/ui/i18n.py: catalogue("fr")
        "gmdesk/resources/icons/gmdesk.svg",  # gmdesk/ui/app.py: app_icon()
        "gmdesk/resources/icons/gmdesk-256.png", "gmdesk/resources/icons/gmdesk-512.png",  # the .ico and .icns
        f"gmdesk/resources/linux/{APP_ID}.desktop", f"gmdesk/resources/linux/{APP_ID}.metainfo.xml",
        f"gmdesk/resources/linux/{APP_ID}.mime.xml",
        "gmdesk/systems/dnd5e/srd-5.1.json.gz",  # gmdesk/systems/dnd5e/bestiary.py: the SRD 5.1 creatures
    }
    assert expected <= bundled
    assert all(Path(source).is_file() and folder.startswith(("gmdesk/resources", "gmdesk/systems/"))
               for source, folder in pairs)
    assert not any(name.endswith((".ts", ".tsv")) for name in bundled)  # sources stay out


def test_platform_icons_exist():
    for platform in ("win32", "darwin"):
        assert Path(bundle_contents.platform_icon(platform)).is_file()
    assert bundle_contents.platform_icon("linux") is None


def test_the_window_runs_with_every_left_out_module_blocked(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path / "home"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "LC_ALL": "C.UTF-8", "LANGUAGE": "en"}
    shot = tmp_path / "blocked.png"
    result = subprocess.run([sys.executable, "-c", RUN_BLOCKED, str(PACKAGING), "--lang", "en", "--screenshot", str(shot)],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(line for line in result.stdout.splitlines() if line.startswith("RESULT "))
    outcome = json.loads(line.removeprefix("RESULT "))
    assert outcome["status"] == 0
    assert set(outcome["asked"]) <= OPTIONAL, f"gmdesk imports modules the spec leaves out: {outcome['asked']}"
    assert shot.stat().st_size > 10_000


def test_excludes_are_qt_modules_or_packages_gmdesk_never_imports():
    for name in bundle_contents.QT_EXCLUDES:
        assert name.startswith("PySide6.Qt")
    for kept in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg", "PySide6.QtOpenGL",
                 "pyqtgraph", "numpy", "sqlite3", "gmdesk.ui.app"):
        assert not bundle_contents.excluded(kept), kept
