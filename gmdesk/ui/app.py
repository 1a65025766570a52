"""``gmdesk [CAMPAIGN.gmdesk] [--lang fr|en] [--screenshot FILE.png] [--player-screenshot FILE.png] | --version``:
start the window.

Which campaign opens: the file given (created empty if missing and named ``*.gmdesk``, asking nothing;
``command_line`` refuses a mistyped command, a side file's name, an option given twice), else the last one
opened, else — on the very first run — the demo campaign of the system the GM picks in a welcome
dialog, created in the user's data folder.
Which language: ``--lang``, else the one picked in the Language menu, else the system's.

``--screenshot FILE.png`` shows the window exactly as a GM would first see it (default size and
layout), waits until it is laid out and the charts are drawn, saves it as PNG and exits. It leaves the
GM's settings untouched, and needs no display (it falls back to Qt's offscreen platform).
``--player-screenshot FILE.png`` does the same for the player window (View › Player window), at
1280×720 in the ``--lang`` language: the campaign's fight and its last public rolls, as the players
see them. Both may be given at once.

``--version`` prints what a bug report needs (gmdesk/about.py) and opens nothing; it still works, and
says why, when the Qt libraries cannot be loaded.
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path
from typing import Sequence

from gmdesk import __version__
from gmdesk.ui.command_line import parse_args
from gmdesk.ui.command_line import read as read_command_line
from gmdesk.ui.command_line import refusal_line

__all__ = ["build_window", "configure_application", "main", "parse_args", "save_player_screenshot", "save_screenshot"]

SCREENSHOT_SETTLE_MS = 400  # after the first paint: pyqtgraph lays out its axes on a later tick


def _needs_offscreen() -> bool:
    return not (os.environ.get("QT_QPA_PLATFORM") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


APP_ID = "io.github.gmdesk.GMDesk"  # the .desktop file's name (packaging/): Wayland matches windows to it


def app_icon():
    """The rendered PNGs (no SVG plugin needed, as in the packaged app), else the SVG itself."""
    from PySide6.QtGui import QIcon

    from gmdesk import resources

    icons = resources.path("icons")
    icon = QIcon()
    for png in sorted(icons.glob("gmdesk-*.png")):
        icon.addFile(str(png))
    if icon.isNull():
        icon = QIcon(str(icons / "gmdesk.svg"))
    return icon


def paint_on_one_thread() -> None:
    """Qt's raster painting hands every fill taller than some 96 rows (a panel's background, a group
    box, a chart) to a pool of threads and waits for them: on a GM's two cores the hand-over, a
    wake-up and a wait per fill, cost more than the fill. A whole window repainted took 6–9 ms that
    way, 4 ms on the window's own thread. Qt reads the switch once, when it first paints: it is set
    before the application exists (``main``) and again, harmlessly, in ``configure_application``.
    Qt only asks whether it is set: a value the GM gave it is left as it is."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def configure_application(app) -> None:
    """Names QSettings and QStandardPaths derive their folders from, and the window icon."""
    paint_on_one_thread()
    app.setOrganizationName("gmdesk")
    app.setApplicationName("gmdesk")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())


def open_initial_campaign(window, campaign: str | None, language: str, screenshot: bool = False) -> bool:
    """The campaign named on the command line, else the last one, else — on the first run — the demo
    of the system the GM picks in the welcome dialog ("Not now": the empty window, with Open… and
    New…). ``--screenshot`` asks nothing: the pf2 demo, as a new user who picked the first system."""
    from PySide6.QtCore import QCoreApplication

    from gmdesk.ui.campaign_files import first_run_campaign
    from gmdesk.ui.dialogs import welcome
    from gmdesk.ui.campaign_opening import known_failure

    wait = False if screenshot else None  # a screenshot shows the campaign: opened before it is taken
    if campaign:
        return window.open_campaign(Path(campaign), create_if_missing=True, background=wait)
    last = window.settings.last_campaign()
    if last is not None and not Path(last).exists():
        return True  # moved or deleted: the start page marks it, with Locate… (no bare error box)
    if last is not None:
        return window.open_campaign(last, background=wait)
    system = None if screenshot else welcome.ask_system(window)
    if system is None and not screenshot:
        return True  # the GM said "Not now": the empty window is what they asked for
    try:
        window.set_store(first_run_campaign(language, system))
    except Exception as exc:  # noqa: BLE001
        if not known_failure(exc):
            raise
        from gmdesk.ui.write_refusals import refusal_text

        window.error(QCoreApplication.translate("MainWindow", "Cannot create the demo campaign"), refusal_text(exc))
        return False
    return True


def move_old_data_folder(settings) -> None:
    """Once: gmdesk 0.1's files (``~/.local/share/gmdesk/gmdesk``) move to the data folder, and the
    last campaign and recent files follow them. If the move stops on an error (a read-only folder),
    gmdesk says so in one line and starts anyway; the next start finishes the move."""
    from gmdesk.data_folder import data_folder, move_old_folder
    from gmdesk.ui.settings import DATA_FOLDER_VERSION

    if settings.data_folder_version() >= DATA_FOLDER_VERSION:
        return
    folder = data_folder()
    try:
        move = move_old_folder(folder)
    except OSError as exc:
        print(f"gmdesk: cannot move the old data folder into {folder}: {exc.strerror or exc}", file=sys.stderr)
        return
    settings.relocate(move.new_path)
    settings.set_data_folder_version(DATA_FOLDER_VERSION)
    settings.sync()
    if move.left_in is not None:
        print(f"gmdesk: some files of the old data folder were not moved (their names were taken): "
              f"they are in {move.left_in}", file=sys.stderr)


SETTLED_MS = 3000  # after start, the window is shown and its charts built


def settle_memory() -> None:
    """What the window holds once it has settled is kept out of the collector's full scans."""
    gc.collect()
    gc.freeze()


def build_window(campaign: str | None, lang: str | None, screenshot: bool = False):
    """The main window with its campaign open and its language installed (the app must exist)."""
    from PySide6.QtWidgets import QApplication

    from gmdesk.ui.i18n import Translations, resolve_language
    from gmdesk.ui.main_window import MainWindow
    from gmdesk.ui.settings import AppSettings

    app = QApplication.instance()
    settings = AppSettings()
    if not screenshot:  # --screenshot leaves the GM's files and settings as they are
        move_old_data_folder(settings)
    translations = getattr(app, "_gmdesk_translations", None)
    if translations is None:
        translations = Translations(app)
        app._gmdesk_translations = translations  # one set of translators per application
    translations.install(resolve_language(lang, settings.language()))
    report = (lambda title, message: print(f"gmdesk: {title}: {message}", file=sys.stderr)) if screenshot else None
    window = MainWindow(settings, translations, remember=not screenshot, report=report)
    # Qt, pyqtgraph and the window live as long as the app: the garbage collector stops scanning
    # them, which it otherwise did again and again while a bestiary's 2,000 sheets were read.
    gc.freeze()
    # Once more when the window has settled, its charts (and pyqtgraph) loaded after the first
    # paint: a full collection scanned those some 85,000 objects in 15–30 ms, now and then in the
    # middle of a turn of the fight (the worst of 20 turns); frozen, it takes under a millisecond.
    from PySide6.QtCore import QTimer

    QTimer.singleShot(SETTLED_MS, window, lambda: settle_memory())
    if screenshot:
        window.screenshot_layout()
    else:
        window.restore_layout()
    window.opened_ok = open_initial_campaign(window, campaign, translations.language, screenshot)
    return window


def save_screenshot(window, path: Path) -> Path:
    """Show the window, let it lay out and draw its charts, and save what a GM would see (atomically,
    never onto a campaign: ``write_guard``); StoreError if it cannot be written."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    window.show()
    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
    # Twice: the check panel's charts are built once the window is painted and laid out (the first
    # wait), and pyqtgraph lays out their axes on a later tick (the second).
    for _ in range(2):
        loop = QEventLoop()
        QTimer.singleShot(SCREENSHOT_SETTLE_MS, loop.quit)
        loop.exec()
        app.processEvents()
    return _save_png(window.grab(), path)


def _save_png(pixmap, path: Path) -> Path:
    from gmdesk.store.atomic import atomic_file

    path.parent.mkdir(parents=True, exist_ok=True)
    return atomic_file(path, lambda tmp: pixmap.save(tmp, "PNG"))


def save_player_screenshot(window, path: Path) -> Path:
    """Open the player window beside ``window``, at a TV's proportions, and save what the players see
    (as ``save_screenshot``)."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from gmdesk.ui.player.controller import SCREENSHOT_SIZE

    player = window.player.open(full_screen=False)
    player.resize(SCREENSHOT_SIZE)
    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
    window.player.flush()
    loop = QEventLoop()
    QTimer.singleShot(SCREENSHOT_SETTLE_MS // 2, loop.quit)
    loop.exec()
    app.processEvents()
    try:
        return _save_png(player.grab(), path)
    finally:
        window.player.close()


def _language_asked(argv: Sequence[str]) -> str:
    """The language of a refusal on the command line: ``--lang`` wherever it is (even among arguments
    refused), else the terminal's."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.partition("=")[2] if arg.startswith("--lang=") else None
        if value in ("fr", "en"):
            return value
    from gmdesk.analytics.words import system_language

    return system_language()


def main(argv: list[str], commands: Sequence[str] = ()) -> int:
    """The window's entry point; ``commands`` are the command line's, named when one was mistyped."""
    try:
        args = read_command_line(argv, commands)
    except SystemExit as exc:
        if isinstance(exc.code, str):
            print(refusal_line(exc.code, _language_asked(argv)), file=sys.stderr)
            return 2
        return int(exc.code or 0)  # --help
    if args.version:  # alone: read_command_line refused `--version table.gmdesk`
        from gmdesk.ui.versions import version_text

        print(version_text())
        return 0
    shots = [(option, save, Path(path)) for option, save, path in (
        ("--screenshot", save_screenshot, args.screenshot),
        ("--player-screenshot", save_player_screenshot, args.player_screenshot)) if path]
    if shots and _needs_offscreen():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    paint_on_one_thread()
    from PySide6.QtWidgets import QApplication

    from gmdesk.store.errors import StoreError

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "gmdesk"])
    configure_application(app)
    window = build_window(args.campaign, args.lang, screenshot=bool(shots))
    if shots:
        failed = []
        try:
            for option, save, path in shots:
                try:
                    save(window, path)
                except StoreError as exc:
                    failed.append((option, exc))
        finally:
            window.close()
            window.deleteLater()
        for option, exc in failed:
            print(refusal_line(f"{option}: {exc}", _language_asked(argv)), file=sys.stderr)
        if failed:
            return 2 if any(exc.kind == "protected" for _, exc in failed) else 1
        return 0 if window.opened_ok else 2
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
