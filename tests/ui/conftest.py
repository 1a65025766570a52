"""UI test setup: offscreen Qt, and a GM's real settings and data folders never touched.

Before Qt loads, HOME and the XDG folders point into a throwaway directory, so nothing a test does
(or a Qt default path) can reach the real user directories. Each test then gets its own QSettings
folder and data folder (``isolated_dirs``), so tests do not see each other's "last campaign".
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

_SANDBOX = Path(tempfile.mkdtemp(prefix="gmdesk-ui-tests-"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # Qt's offscreen screen is 800×800 by default, smaller than the window: give it a laptop's
    # 1920×1200 so that sizes and restored geometry behave as on a GM's screen.
    (_SANDBOX / "screen.json").write_text(json.dumps({"screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": 1920, "height": 1200, "logicalDpi": 96, "dpr": 1}]}))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_SANDBOX / 'screen.json'}"
os.environ["HOME"] = str(_SANDBOX / "home")
os.environ["XDG_CONFIG_HOME"] = str(_SANDBOX / "config")
os.environ["XDG_DATA_HOME"] = str(_SANDBOX / "data")
os.environ["XDG_CACHE_HOME"] = str(_SANDBOX / "cache")
os.environ.setdefault("XDG_RUNTIME_DIR", str(_SANDBOX / "runtime"))
for _name in ("home", "config", "data", "cache", "runtime"):
    (_SANDBOX / _name).mkdir(mode=0o700, exist_ok=True)
# The tests read English and French texts; the system's own language must not leak in.
os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from gmdesk.data_folder import data_folder  # noqa: E402


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """Fresh QSettings and data folders for every test; returns XDG_DATA_HOME (gmdesk's is data/gmdesk)."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    config.mkdir()
    data.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(config))
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(config))
    assert data_folder().is_relative_to(data)
    yield data


class WelcomeAnswer:
    """Stands in for the GM at the first-run welcome dialog (a real one would wait for a click):
    ``system`` is what they pick (None: "Not now"); ``asked`` counts the times it was shown;
    ``real`` is the real ``ask_system``, for a test that drives the dialog itself."""

    def __init__(self, system: str | None, real):
        self.system = system
        self.asked = 0
        self.real = real

    def __call__(self, parent=None, initial=None):
        self.asked += 1
        return self.system


@pytest.fixture(autouse=True)
def welcome_answer(monkeypatch):
    """The first run asks which system: here the GM picks pf2 unless a test says otherwise."""
    from gmdesk.ui.dialogs import welcome

    answer = WelcomeAnswer("pf2", welcome.ask_system)
    monkeypatch.setattr(welcome, "ask_system", answer)
    return answer


@pytest.fixture
def gm_app(qapp):
    """The application named as gmdesk names it (QSettings and data folders derive from it)."""
    from gmdesk.ui.app import configure_application

    configure_application(qapp)
    yield qapp
    # A test that switched languages must not leave French behind for the next one.
    translations = getattr(qapp, "_gmdesk_translations", None)
    if translations is not None:
        translations.install("en")


@pytest.fixture
def make_window(gm_app, qtbot):
    """Build the main window as ``gmdesk [campaign] [--lang]`` would, without entering the event loop."""
    from gmdesk.ui.app import build_window

    windows = []

    def make(campaign: str | Path | None = None, lang: str | None = "en", show: bool = True):
        window = build_window(str(campaign) if campaign else None, lang)
        qtbot.addWidget(window)
        if show:
            window.show()
            qtbot.waitExposed(window)
            activate(window, qtbot)
        windows.append(window)
        return window

    yield make
    stop_works()
    for window in windows:
        window.close()


def stop_works() -> None:
    """Cancel and wait for every long work still running: a test that ended (or failed) mid-work
    would otherwise close its window onto "Still running… Stop it and close?", a modal question
    nobody answers, and the whole run would hang there."""
    import sys

    long_work = sys.modules.get("gmdesk.ui.long_work")
    if long_work is None:
        return
    works = [w for w in list(long_work._RUNNING) if w.running()]
    for work in works:
        work.cancel()
    for work in works:
        work.wait()


@pytest.fixture(autouse=True)
def _no_work_left_running(request):
    """The same for windows and panels a test made itself (``qtbot.addWidget``): torn down before
    qtbot closes them, as this fixture asks for qtbot after it."""
    if "qtbot" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("qtbot")
    yield
    stop_works()


def activate(window, qtbot) -> None:
    """Make ``window`` the active window so that its keyboard shortcuts (Ctrl+Z…) reach it."""
    from PySide6.QtWidgets import QApplication

    window.activateWindow()
    qtbot.waitActive(window)
    QApplication.processEvents()  # offscreen delivers the activation on the next turn of the loop
    assert QApplication.activeWindow() is window


@pytest.fixture
def demo_file(tmp_path):
    """A pf2 demo campaign file, as ``gmdesk new --demo`` makes it."""
    from gmdesk.ui.campaign_files import create_campaign

    path = tmp_path / "demo.gmdesk"
    create_campaign(path, "pf2", "", True, "en").close()
    return path


def campaign_file(tmp_path: Path, system: str, demo: bool = True) -> Path:
    from gmdesk.ui.campaign_files import create_campaign

    path = tmp_path / f"{system}.gmdesk"
    create_campaign(path, system, "", demo, "en").close()
    return path
