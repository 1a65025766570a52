"""What the window remembers between runs: size, each layout (Table, Prep), last campaign, recent
campaigns (with their names and systems, for the start page and File › Open recent), language.

One thin typed wrapper over ``QSettings`` so that keys are spelled once. Tests point QSettings at a
temporary folder (``QSettings.setPath``) before building one of these; nothing here picks a path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QByteArray, QSettings

MAX_RECENT = 8

_GEOMETRY = "window/geometry"
_LAYOUT = "window/layout"  # the layout shown last: "table" or "prep"
_LAYOUTS = "window/layouts"  # one group per layout: its dock state, version, docks, log strip
_LAST = "campaign/last"
_RECENT = "campaign/recent"
_RECENT_INFO = "campaign/recent_info"  # JSON: path -> {"name", "system", "opened"}
_LANGUAGE = "ui/language"
_DATA_FOLDER = "data/folder_version"  # 2: files in ~/.local/share/gmdesk (gmdesk 0.1: .../gmdesk/gmdesk)
DATA_FOLDER_VERSION = 2
# Bump when the docks change (a dock added, a default arrangement redone): a layout saved with another
# version is dropped, not misapplied. The saved dock list is compared too, so a dock added without a
# bump still drops the stale layout. 3: Analytics docked, the Table and Prep layouts.
LAYOUT_VERSION = 3


@dataclass(frozen=True)
class SavedLayout:
    """One layout as the GM left it: ``QMainWindow.saveState``, each dock's share of the window
    (``fractions``: name -> (width, height), so a layout saved in a smaller window fills a larger one
    as it was), and whether the roll log was a one-line strip."""

    state: QByteArray
    fractions: dict[str, tuple[float, float]]
    log_strip: bool


@dataclass(frozen=True)
class RecentCampaign:
    """A campaign opened before: where, and what it was called when last opened (None: unknown,
    opened by a gmdesk that did not note it)."""

    path: Path
    name: str | None = None
    system: str | None = None
    opened: datetime | None = None

    def exists(self) -> bool:
        return self.path.is_file()


class AppSettings:
    def __init__(self, qsettings: QSettings | None = None):
        self._s = qsettings if qsettings is not None else QSettings()

    # -- window ---------------------------------------------------------------------------------------
    def geometry(self) -> QByteArray | None:
        value = self._s.value(_GEOMETRY)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def save_geometry(self, geometry: QByteArray) -> None:
        self._s.setValue(_GEOMETRY, geometry)

    def layout_name(self) -> str:
        value = self._s.value(_LAYOUT, "")
        return value if isinstance(value, str) else ""

    def set_layout_name(self, name: str) -> None:
        self._s.setValue(_LAYOUT, name)

    def saved_layout(self, name: str, docks: list[str]) -> SavedLayout | None:
        """The layout ``name`` as saved, or None when none was, or when it was saved by another layout
        version or for other docks (stale: the default layout is better than a misapplied one)."""
        key = f"{_LAYOUTS}/{name}"
        state = self._s.value(f"{key}/state")
        try:
            version = int(self._s.value(f"{key}/version", 0))
        except (TypeError, ValueError):
            return None
        saved_docks = self._s.value(f"{key}/docks", "")
        if not isinstance(state, QByteArray) or state.isEmpty() or version != LAYOUT_VERSION \
                or saved_docks != ",".join(docks):
            return None
        try:
            raw = json.loads(str(self._s.value(f"{key}/fractions", "{}")))
            fractions = {str(k): (float(v[0]), float(v[1])) for k, v in raw.items()}
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            fractions = {}
        return SavedLayout(state, fractions, _true(self._s.value(f"{key}/log_strip", False)))

    def save_layout(self, name: str, docks: list[str], layout: SavedLayout) -> None:
        key = f"{_LAYOUTS}/{name}"
        self._s.setValue(f"{key}/state", layout.state)
        self._s.setValue(f"{key}/version", LAYOUT_VERSION)
        self._s.setValue(f"{key}/docks", ",".join(docks))
        self._s.setValue(f"{key}/fractions", json.dumps({k: [round(w, 4), round(h, 4)]
                                                          for k, (w, h) in layout.fractions.items()}))
        self._s.setValue(f"{key}/log_strip", layout.log_strip)

    def forget_layout(self, name: str) -> None:
        self._s.remove(f"{_LAYOUTS}/{name}")

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

    def recent_campaigns(self) -> list[RecentCampaign]:
        """The recent files with what gmdesk noted of each when it last opened it."""
        info = self._recent_info()
        out = []
        for path in self.recent_files():
            noted = info.get(str(path), {})
            try:
                opened = datetime.fromisoformat(noted["opened"]) if noted.get("opened") else None
            except (TypeError, ValueError):
                opened = None
            name, system = noted.get("name"), noted.get("system")
            out.append(RecentCampaign(path, name if isinstance(name, str) else None,
                                      system if isinstance(system, str) else None, opened))
        return out

    def add_recent(self, path: Path, name: str | None = None, system: str | None = None) -> None:
        """``path`` opened now: first in the list, with its campaign's name and system noted."""
        path = Path(path).resolve()
        items = [p for p in self.recent_files() if p != path]
        kept = ([path] + items)[:MAX_RECENT]
        self._s.setValue(_RECENT, [str(p) for p in kept])
        info = {k: v for k, v in self._recent_info().items() if Path(k) in kept}
        if name is not None or system is not None:
            info[str(path)] = {"name": name, "system": system,
                               "opened": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        self._s.setValue(_RECENT_INFO, json.dumps(info))

    def replace_recent(self, old: Path, new: Path) -> None:
        """A campaign the GM located after it moved: ``new`` takes ``old``'s place in the list."""
        old, new = Path(old).resolve(), Path(new).resolve()
        paths = [new if p == old else p for p in self.recent_files()]
        self._s.setValue(_RECENT, [str(p) for p in dict.fromkeys(paths)])
        info = self._recent_info()
        if str(old) in info:
            info[str(new)] = info.pop(str(old))
        self._s.setValue(_RECENT_INFO, json.dumps(info))
        if self.last_campaign() is not None and Path(self.last_campaign()).resolve() == old:
            self.set_last_campaign(new)

    def remove_recent(self, path: Path) -> None:
        path = Path(path).resolve()
        self._s.setValue(_RECENT, [str(p) for p in self.recent_files() if p != path])
        info = self._recent_info()
        info.pop(str(path), None)
        self._s.setValue(_RECENT_INFO, json.dumps(info))

    def clear_recent(self) -> None:
        self._s.setValue(_RECENT, [])
        self._s.setValue(_RECENT_INFO, "{}")

    def _recent_info(self) -> dict[str, dict]:
        try:
            value = json.loads(str(self._s.value(_RECENT_INFO, "{}") or "{}"))
        except ValueError:
            return {}  # a hand-edited settings file: forget the names, keep the paths
        return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, dict)} \
            if isinstance(value, dict) else {}

    def relocate(self, new_path: Callable[[Path], Path | None]) -> None:
        """Point the last campaign and the recent files at where they moved (``new_path`` answers
        None for a file that did not move)."""
        last = self.last_campaign()
        if last is not None and (moved := new_path(last)) is not None:
            self.set_last_campaign(moved)
        recent = self.recent_files()
        relocated = [new_path(p) or p for p in recent]
        if relocated != recent:
            info = self._recent_info()
            self._s.setValue(_RECENT, [str(p) for p in relocated])
            self._s.setValue(_RECENT_INFO, json.dumps({str(new_path(Path(k)) or k): v for k, v in info.items()}))

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


def _true(value) -> bool:
    """QSettings' INI files hand booleans back as "true"/"false"."""
    return value is True or (isinstance(value, str) and value.lower() == "true")
