"""The sdist and the wheel, as ``make dist`` builds them, and the wheel installed with pip into a fresh
virtual environment away from the checkout: it runs in French with its icon (the translations, icons
and desktop files are package data, found with importlib.resources).

Marked ``slow`` (about a minute: two isolated builds, then pip installs PySide6 and pyqtgraph into the
new environment from the package index or pip's cache); ``make test`` runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from desktop_tools import APP_ID, ROOT

import gmdesk

pytestmark = pytest.mark.slow
VERSION = gmdesk.__version__


def run(args, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=timeout, **kwargs)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> tuple[Path, Path]:
    """``python -m build``: the sdist from the checkout, then the wheel from the sdist (what make dist does)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "-q", "--outdir", out, ROOT], timeout=600)
    return out / f"gmdesk-{VERSION}.tar.gz", out / f"gmdesk-{VERSION}-py3-none-any.whl"


def test_twine_check_passes(dists):
    result = run([sys.executable, "-m", "twine", "check", "--strict", *dists], timeout=120)
    assert result.stdout.count("PASSED") == 2, result.stdout


def test_the_sdist_holds_the_tests_docs_and_translators_files(dists):
    with tarfile.open(dists[0]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"LICENSE", "README.md", "Makefile", "MANIFEST.in", ".ci/run", "pyproject.toml",
            "tests/conftest.py", "tests/system_tools.py", "tests/packaging/test_packaging_wheel.py",
            "docs/screenshots/gmdesk-en.png", "benchmarks/engine.py", "packaging/gmdesk.spec",
            "gmdesk/resources/i18n/gmdesk_fr.ts", "gmdesk/resources/i18n/fr_window.tsv"} <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_the_wheel_holds_the_resources_licence_and_one_version(dists):
    with zipfile.ZipFile(dists[1]) as wheel:
        names = set(wheel.namelist())
        metadata = Parser().parsestr(wheel.read(f"gmdesk-{VERSION}.dist-info/METADATA").decode())
    assert {"gmdesk/resources/i18n/gmdesk_fr.qm", "gmdesk/resources/i18n/gmdesk_fr.ts",
            "gmdesk/resources/icons/gmdesk.svg", "gmdesk/resources/icons/gmdesk-256.png",
            f"gmdesk/resources/linux/{APP_ID}.desktop", f"gmdesk/resources/linux/{APP_ID}.metainfo.xml",
            "gmdesk/systems/dnd5e/srd-5.1.json.gz",  # the SRD 5.1 creatures dnd5e ships
            f"gmdesk-{VERSION}.dist-info/licenses/LICENSE"} <= names
    assert not [n for n in names if n.endswith(".tsv") or n.startswith(("tests/", "docs/", "resources/"))]
    assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
    assert metadata["Version"] == VERSION
    # The version is written once, in gmdesk/__init__.py; pyproject reads it from there.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


@pytest.fixture(scope="module")
def venv(dists, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed by pip, dependencies and all."""
    folder = tmp_path_factory.mktemp("venv") / "gmdesk-venv"
    run([sys.executable, "-m", "venv", folder], timeout=120)
    run([folder / "bin" / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", dists[1]],
        timeout=900)
    return folder


def away_from_the_checkout(tmp_path: Path) -> dict:
    """A new user's environment: own HOME, no XDG folders or PYTHONPATH of ours, no display."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "QT_"))}
    return env | {"HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}


LOAD = """
import gmdesk, sys
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gmdesk.ui.app import app_icon
from gmdesk.ui.i18n import Translations, catalogue
print(gmdesk.__file__)
print(catalogue("fr"))
print(sorted(size.width() for size in app_icon().availableSizes()))
print(Translations(app).install("fr"))
print(QCoreApplication.translate("MainWindow", "&About gmdesk"))
"""


def test_the_installed_wheel_loads_its_french_catalogue_and_icon(venv, tmp_path):
    env = away_from_the_checkout(tmp_path)
    out = run([venv / "bin" / "python", "-c", LOAD], timeout=120, cwd=tmp_path, env=env)
    package, qm, sizes, installed, about = out.stdout.splitlines()
    site = next((venv / "lib").glob("python3*/site-packages"))
    assert Path(package).parent.parent == site  # the installed copy, not the checkout
    assert Path(qm).is_file() and Path(qm).is_relative_to(site)
    assert sizes == "[16, 24, 32, 48, 64, 128, 256, 512]"
    assert installed == "True" and about == "À &propos de gmdesk"
    assert "Cannot open" not in out.stderr, out.stderr


def test_the_installed_gmdesk_opens_in_french_for_a_new_user(venv, tmp_path):
    env = away_from_the_checkout(tmp_path)
    shot = tmp_path / "fr.png"
    result = run([venv / "bin" / "gmdesk", "--lang", "fr", "--screenshot", shot], timeout=120, cwd=tmp_path, env=env)
    assert "Cannot open" not in result.stderr, result.stderr
    assert shot.stat().st_size > 10_000
    demo = Path(env["HOME"]) / ".local" / "share" / "gmdesk" / "demo-pf2.gmdesk"
    assert demo.is_file()  # the first run's demo, in the data folder
    version = run([venv / "bin" / "gmdesk", "--version"], timeout=60, cwd=tmp_path, env=env).stdout.splitlines()
    assert version[0] == f"gmdesk {VERSION}" and version[-1] == f"Data folder: {demo.parent}"
