"""What the gmdesk bundle holds and leaves out: read by gmdesk.spec, and by the tests without PyInstaller.

- the whole ``gmdesk`` package (the spec collects every module: the window and the system modules are
  imported lazily, by name, so that ``gmdesk odds`` never loads Qt);
- ``gmdesk/resources/`` (package data, found with ``importlib.resources`` as in a wheel): the compiled
  ``.qm`` catalogues, the icons, and the Linux desktop files that install-linux.sh puts in place;
- Qt: QtCore, QtGui, QtWidgets, QtSvg (the icon), and QtOpenGL/QtOpenGLWidgets, which pyqtgraph's
  curve items import unconditionally. Every other Qt module PySide6-Essentials ships (QML, Quick,
  network, SQL, designer…) is left out: gmdesk does not use them, and they would double the bundle
  and the build time. tests/packaging/test_bundle_contents.py runs the window with all of them blocked.
The demo campaigns are Python code (``gmdesk/campaign/demo*.py``), so they come with the package.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_NAME = "gmdesk"
APP_ID = "io.github.gmdesk.GMDesk"  # the reverse-DNS id of gmdesk/resources/linux and of the macOS bundle
MIME_TYPE = "application/x-gmdesk-campaign"

QT_EXCLUDES = [
    "PySide6." + name for name in (
        "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
        "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization", "QtDBus", "QtDesigner",
        "QtGraphs", "QtHelp", "QtHttpServer", "QtLabsStyleKit", "QtLocation", "QtMultimedia",
        "QtMultimediaWidgets", "QtNetwork", "QtNetworkAuth", "QtNfc", "QtPdf", "QtPdfWidgets",
        "QtPositioning", "QtPrintSupport", "QtQml", "QtQmlFeatures", "QtQuick", "QtQuick3D",
        "QtQuickControls2", "QtQuickTest", "QtQuickWidgets", "QtRemoteObjects", "QtScxml", "QtSensors",
        "QtSerialBus", "QtSerialPort", "QtSpatialAudio", "QtSql", "QtStateMachine", "QtSvgWidgets",
        "QtTest", "QtTextToSpeech", "QtUiTools", "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick",
        "QtWebEngineWidgets", "QtWebSockets", "QtXml",
    )
]
# Installed beside gmdesk in a development venv (test extra, optional pyqtgraph back-ends), never imported.
PY_EXCLUDES = [
    "tkinter", "_tkinter", "pytest", "_pytest", "pytestqt", "hypothesis", "icepool", "importlinter",
    "grimp", "PyInstaller", "IPython", "matplotlib", "scipy", "pandas", "PIL", "cupy", "OpenGL", "h5py",
    "pyqtgraph.opengl", "pyqtgraph.examples", "pyqtgraph.jupyter", "jupyter_rfb", "numba", "colorcet",
]
EXCLUDES = QT_EXCLUDES + PY_EXCLUDES

RESOURCES = Path("gmdesk") / "resources"  # relative to the checkout, and to the bundle's _internal/
RESOURCE_PATTERNS = ("i18n/*.qm", "icons/*.svg", "icons/*.png", "linux/*")
# Data a game system ships beside its code (pyproject.toml's package-data): the SRD 5.1 creatures.
SYSTEM_DATA = ("gmdesk/systems/dnd5e/*.json.gz",)


def resource_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source file, folder in the bundle) pairs: everything under gmdesk/resources/ the program reads,
    and the game systems' data (``SYSTEM_DATA``)."""
    pairs = []
    for pattern in RESOURCE_PATTERNS:
        for path in sorted((root / RESOURCES).glob(pattern)):
            if path.is_file():
                pairs.append((str(path), str(path.parent.relative_to(root))))
    for pattern in SYSTEM_DATA:
        for path in sorted(root.glob(pattern)):
            pairs.append((str(path), str(path.parent.relative_to(root))))
    return pairs


def platform_icon(platform: str, root: Path = ROOT) -> str | None:
    """PyInstaller turns a PNG into .ico / .icns itself when Pillow is installed."""
    if platform == "win32":
        return str(root / RESOURCES / "icons" / "gmdesk-256.png")
    if platform == "darwin":
        return str(root / RESOURCES / "icons" / "gmdesk-512.png")
    return None  # Linux: the icon comes with the .desktop file (install-linux.sh)


def excluded(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in EXCLUDES)
