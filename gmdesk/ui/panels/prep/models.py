"""The prep panel's models: the scenes, the checks of the selected scene, and the party × check matrix.

``PrepMatrixModel`` shows a ``prep_grid.Grid``: rows are party members, columns prepared checks,
each cell the chance of success on the ramp of ``gmdesk.store.prep_sheet`` with the tier split in
its tooltip. ``set_grid`` keeps the table in place when only the figures moved (a sheet edit, a
condition, a DC): it emits ``dataChanged`` (and ``headerDataChanged`` for a renamed check or a new
DC), and resets only when rows or columns themselves changed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from PySide6.QtCore import (QAbstractListModel, QAbstractTableModel, QCoreApplication, QModelIndex,
                            QPersistentModelIndex, Qt, QT_TRANSLATE_NOOP, Signal)
from PySide6.QtGui import QColor, QFont

from gmdesk.campaign.model import PreparedCheck, Scene
from gmdesk.engine.series import percent_text
from gmdesk.store.prep_sheet import CANNOT_HEX, chance_hex, text_hex_on
from gmdesk.ui.panels.prep.grid import Cell, Grid
from gmdesk.ui.theme import complication_name, count_text, tier_name

_Index = QModelIndex | QPersistentModelIndex
translate = QCoreApplication.translate


def tr(text: str) -> str:
    return QCoreApplication.translate("PrepPanel", text)


class SceneListModel(QAbstractListModel):
    """The campaign's scenes in the GM's order; a name edited in place is handed to ``rename``."""

    IdRole = Qt.ItemDataRole.UserRole + 1
    renameRequested = Signal(int, str)  # scene id, new name

    def __init__(self, parent=None):
        super().__init__(parent)
        self.scenes: list[Scene] = []
        self.editable = True  # False for a campaign opened read-only

    def set_scenes(self, scenes: list[Scene]) -> None:
        if [s.id for s in scenes] == [s.id for s in self.scenes]:
            changed = [i for i, (a, b) in enumerate(zip(self.scenes, scenes)) if a.to_dict() != b.to_dict()]
            self.scenes = list(scenes)
            for row in changed:
                self.dataChanged.emit(self.index(row), self.index(row))
            return
        self.beginResetModel()
        self.scenes = list(scenes)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.scenes)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.scenes):
            return None
        scene = self.scenes[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return scene.name
        if role == Qt.ItemDataRole.ToolTipRole:
            return count_text("PrepPanel", len(scene.checks), QT_TRANSLATE_NOOP("PrepPanel", "{n} prepared check"),
                              QT_TRANSLATE_NOOP("PrepPanel", "{n} prepared checks"))
        if role == self.IdRole:
            return scene.id
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsEditable if self.editable else flags

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        name = str(value).strip()
        if not name:
            return False
        self.renameRequested.emit(self.scenes[index.row()].id, name)
        return True

    def row_of(self, scene_id: int | None) -> int:
        return next((i for i, s in enumerate(self.scenes) if s.id == scene_id), -1)


class PreparedCheckModel(QAbstractTableModel):
    """The selected scene's prepared checks, in order: name, roll, DC or threshold, secret."""

    NAME, ROLL, TARGET, SECRET = range(4)
    COLUMNS = (QT_TRANSLATE_NOOP("PrepPanel", "Check"), QT_TRANSLATE_NOOP("PrepPanel", "Roll"),
               QT_TRANSLATE_NOOP("PrepPanel", "Target"), QT_TRANSLATE_NOOP("PrepPanel", "Secret"))
    IdRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent=None):
        super().__init__(parent)
        self.checks: list[PreparedCheck] = []
        self.roll_label: Callable[[PreparedCheck], str] = lambda c: str(c.check)
        self.target_text: Callable[[PreparedCheck], str] = lambda c: "" if c.dc is None else str(c.dc)

    def set_checks(self, checks: list[PreparedCheck]) -> None:
        if [c.id for c in checks] == [c.id for c in self.checks]:
            self.checks = list(checks)
            if checks:
                self.dataChanged.emit(self.index(0, 0), self.index(len(checks) - 1, len(self.COLUMNS) - 1))
            return
        self.beginResetModel()
        self.checks = list(checks)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.checks)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.COLUMNS):
            return tr(self.COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.checks):
            return None
        check, column = self.checks[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.NAME:
                return check.name
            if column == self.ROLL:
                return self.roll_label(check)
            if column == self.TARGET:
                return self.target_text(check)
            if column == self.SECRET:
                return translate("PrepPanel", "secret") if check.secret else ""
        if role == Qt.ItemDataRole.ToolTipRole and column == self.NAME and check.notes:
            return check.notes
        if role == self.IdRole:
            return check.id
        return None

    def row_of(self, check_id: int | None) -> int:
        return next((i for i, c in enumerate(self.checks) if c.id == check_id), -1)


@lru_cache(maxsize=4096)
def _chance_look(chance, decimal_point: str) -> tuple[str, QColor, QColor]:
    """A chance's text and colours. d20 chances come in twentieths (or 400ths, 8000ths): a party's
    whole matrix holds a few dozen distinct values, each formatted once."""
    background = chance_hex(chance)
    return percent_text(chance, decimal_point, 0), QColor(background), QColor(text_hex_on(background))


class PrepMatrixModel(QAbstractTableModel):
    """Party members × prepared checks, each cell the chance of success, coloured on the ramp."""

    ChanceRole = Qt.ItemDataRole.UserRole + 1  # the exact Fraction (None: may not / cannot roll)
    OddsRole = Qt.ItemDataRole.UserRole + 2  # the engine's Odds
    CellRole = Qt.ItemDataRole.UserRole + 3  # the prep_grid.Cell
    CharacterIdRole = Qt.ItemDataRole.UserRole + 4
    CheckIdRole = Qt.ItemDataRole.UserRole + 5

    def __init__(self, parent=None):
        super().__init__(parent)
        self.grid = Grid()
        self.decimal_point = "."
        self.target_text: Callable[[PreparedCheck], str] = lambda c: ""
        self.roll_label: Callable[[PreparedCheck], str] = lambda c: str(c.check)
        self.explain: Callable[[Cell], list[str]] = lambda cell: []  # what moved a cell's odds
        self.resets = 0  # how many times the shape changed (tests: a DC edit must not reset)
        self._looks: dict[tuple[int, int], tuple] = {}
        self._bold = QFont()
        self._bold.setBold(True)

    def set_grid(self, grid: Grid) -> None:
        old = self.grid
        self._looks = {}
        if grid.shape() != old.shape():
            self.beginResetModel()
            self.grid = grid
            self.resets += 1
            self.endResetModel()
            return
        self.grid = grid
        rows, columns = len(grid.members), len(grid.checks)
        if rows and columns:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, columns - 1))
        if [c.to_dict() for c in old.checks] != [c.to_dict() for c in grid.checks] and columns:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)
        if [m.name for m in old.members] != [m.name for m in grid.members] and rows:
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, rows - 1)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.grid.members)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.grid.checks)

    def percent(self, p, decimals: int = 0) -> str:
        return percent_text(p, self.decimal_point, decimals)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self.grid.checks):
                return None
            check = self.grid.checks[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{check.name}\n{self.target_text(check)}"
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"{check.name} — {self.roll_label(check)}, {self.target_text(check)}"
            if role == self.CheckIdRole:
                return check.id
            return None
        if not 0 <= section < len(self.grid.members):
            return None
        member = self.grid.members[section]
        if role == Qt.ItemDataRole.DisplayRole:
            npc = translate("PrepPanel", "NPC")
            return member.name if member.kind == "pc" else f"{member.name} ({npc})"
        if role == self.CharacterIdRole:
            return member.id
        return None

    def cell(self, index: _Index) -> Cell | None:
        if not index.isValid() or not (0 <= index.row() < len(self.grid.members)
                                       and 0 <= index.column() < len(self.grid.checks)):
            return None
        return self.grid.cell(index.row(), index.column())

    def background_hex(self, cell: Cell) -> str:
        return chance_hex(cell.chance) if cell.usable else CANNOT_HEX

    def _look(self, row: int, column: int, cell: Cell) -> tuple:
        """(text, background, foreground) of a cell, worked out once per grid: a repaint asks
        for them many times, and exact fractions are not free to format."""
        look = self._looks.get((row, column))
        if look is None:
            if not cell.allowed:
                look = ("—", QColor(CANNOT_HEX), QColor("#555555"))
            elif cell.odds is None:
                look = (translate("PrepPanel", "n/a"), QColor(CANNOT_HEX), QColor("#555555"))
            else:
                look = _chance_look(cell.chance, self.decimal_point)
            self._looks[(row, column)] = look
        return look

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        cell = self.cell(index)
        if cell is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._look(index.row(), index.column(), cell)[0]
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._look(index.row(), index.column(), cell)[1]
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._look(index.row(), index.column(), cell)[2]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and cell.usable:
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(index.row(), index.column())
        if role == self.ChanceRole:
            return cell.chance if cell.allowed else None
        if role == self.OddsRole:
            return cell.odds
        if role == self.CellRole:
            return cell
        if role == self.CharacterIdRole:
            return self.grid.members[index.row()].id
        if role == self.CheckIdRole:
            return self.grid.checks[index.column()].id
        return None

    def tier_lines(self, cell: Cell) -> list[tuple[str, str]]:
        """(tier name, percentage) best tier first, then anarchy's complication."""
        if cell.odds is None:
            return []
        lines = [(tier_name(t), self.percent(p, 1)) for t, p in reversed(list(cell.odds.tiers.items()))]
        if "complication" in cell.odds.extra:
            lines.append((complication_name(), self.percent(cell.odds.extra["complication"], 1)))
        return lines

    def tooltip(self, row: int, column: int) -> str:
        member, check = self.grid.members[row], self.grid.checks[column]
        cell = self.grid.cell(row, column)
        head = f"{member.name} — {check.name} ({self.target_text(check)})"
        if not cell.allowed:
            return head + "\n" + translate("PrepPanel", "Not among who may roll this check")
        if cell.odds is None:
            return head + "\n" + translate("PrepPanel", "Not possible: {reason}").format(reason=cell.error)
        return "\n".join([head] + [f"{name}: {text}" for name, text in self.tier_lines(cell)] + self.explain(cell))
