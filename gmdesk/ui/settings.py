"""What the window remembers between runs: layout, size, last campaign, recent files, language.

One thin typed wrapper over ``QSettings`` so that keys are spelled once. Tests point QSettings at a
temporary folder (``QSettings.setPath``) before building one of these; nothing here picks a path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QByteArray, QSettings

MAX_RECENT = 8

_GEOMETRY = "window/geometry"
_STATE = "window/state"
_LAST = "campaign/last"
_RECENT = "campaign/recent"
_LANGUAGE = "ui/language"
_DATA_FOLDER = "data/folder_version"  # 2: files in ~/.local/share/gmdesk (gmdesk 0.1: .../gmdesk/gmdesk)
DATA_FOLDER_VERSION = 2
_STATE_VERSION = 2  # bump when the dock set changes so an old saved layout is ignored, not misapplied


class AppSettings:
    def __init__(self, qsettings: QSettings | None = None):
        self._s = qsettings if qsettings is not None else QSettings()

    # -- window ---------------------------------------------------------------------------------------
    def geometry(self) -> QByteArray | None:
        value = self._s.value(_GEOMETRY)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def window_state(self) -> QByteArray | None:
        value = self._s.value(_STATE)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def save_window(self, geometry: QByteArray, state: QByteArray) -> None:
        self._s.setValue(_GEOMETRY, geometry)
        self._s.setValue(_STATE, state)

    @staticmethod
    def state_version() -> int:
        return _STATE_VERSION

    # -- campaigns ------------------------------------------------------------------------------------
    def last_campaign(self) -> Path | None:
        value = self._s.value(_LAST, "")
        return Path(value) if isinstance(value, str) and value else None

    def set_last_campaign(self, path: Path | None) -> None:
        self._s.setValue(_LAST, str(path) if path else "")

    def recent_files(self) -> list[Path]:
        value = self._s.value(_RECENT, [])
        if isinstance(value, str):  # QSettings hands back a bare string for a one-item list
            value = [value] if value else []
        return [Path(v) for v in (value or []) if isinstance(v, str) and v]

    def add_recent(self, path: Path) -> None:
        path = Path(path).resolve()
        items = [p for p in self.recent_files() if p != path]
        self._s.setValue(_RECENT, [str(p) for p in ([path] + items)[:MAX_RECENT]])

    def remove_recent(self, path: Path) -> None:
        path = Path(path).resolve()
        self._s.setValue(_RECENT, [str(p) for p in self.recent_files() if p != path])

    def clear_recent(self) -> None:
        self._s.setValue(_RECENT, [])

    def relocate(self, new_path: Callable[[Path], Path | None]) -> None:
        """Point the last campaign and the recent files at where they moved (``new_path`` answers
        None for a file that did not move)."""
        last = self.last_campaign()
        if last is not None and (moved := new_path(last)) is not None:
            self.set_last_campaign(moved)
        recent = self.recent_files()
        relocated = [new_path(p) or p for p in recent]
        if relocated != recent:
            self._s.setValue(_RECENT, [str(p) for p in relocated])

    # -- data folder ----------------------------------------------------------------------------------
    def data_folder_version(self) -> int:
        """2 once gmdesk 0.1's data folder was moved (or there was none to move); 1 before."""
        try:
            return int(self._s.value(_DATA_FOLDER, 1))
        except (TypeError, ValueError):
            return 1

    def set_data_folder_version(self, version: int) -> None:
        self._s.setValue(_DATA_FOLDER, version)

    # -- language -------------------------------------------------------------------------------------
    def language(self) -> str:
        """The language picked in the menu ("fr", "en"), or "" to follow the system."""
        value = self._s.value(_LANGUAGE, "")
        return value if isinstance(value, str) else ""

    def set_language(self, language: str) -> None:
        self._s.setValue(_LANGUAGE, language)

    def sync(self) -> None:
        self._s.sync()
