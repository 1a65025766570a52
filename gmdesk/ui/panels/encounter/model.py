"""The initiative queue as a table: one row per combatant, in the order they act.

``set_encounter`` diffs the new queue against the rows shown and emits removals, moves and
insertions one by one (never a reset when the combatants stay the same): a sort after rolling
initiative *moves* rows, so the GM's selection stays on the combatant it was on, and an HP change
only repaints. Reordering by hand (drag and drop: ``mimeData``/``dropMimeData``, or ``moveRows``)
does not touch the rows directly: it asks ``reorder`` (the panel makes it an undoable, saved edit;
standalone, the model moves its own encounter), whose new queue comes back through
``set_encounter``. The view's follow-up ``removeRows`` after a move-drop is refused (the base
class's), so a drop is never applied twice.

``player_view`` hides NPC hit points, for a screen the players can see.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import (QAbstractTableModel, QByteArray, QMimeData, QModelIndex, QPersistentModelIndex, Qt,
                            QT_TRANSLATE_NOOP)
from PySide6.QtGui import QColor, QFont

from gmdesk import systems
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.model import Combatant, Encounter
from gmdesk.ui.panels.encounter import text as words
from gmdesk.ui.panels.encounter.text import translate
from gmdesk.ui.table_calls import OneCallPerCell

_Index = QModelIndex | QPersistentModelIndex

CURRENT_BG = "#fff0b3"  # a soft yellow: the turn marker, distinct from the selection's blue
CURRENT_FG = "#1a1a1a"
DOWNED_FG = "#a8321e"
DEAD_FG = "#8a8a8a"
HIDDEN_FG = "#4a6aa8"  # hidden from the players: a muted blue, beside the "hidden" state
MIME = "application/x-gmdesk-combatants"


# Asked for every cell painted: combined once (each ``|`` of Qt's flags is a Python enum operation).
_ROW = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren \
    | Qt.ItemFlag.ItemIsDragEnabled
_EDITABLE_ROW = _ROW | Qt.ItemFlag.ItemIsEditable


class EncounterModel(OneCallPerCell, QAbstractTableModel):
    NAME, INIT, TIEBREAK, HP, STATE, CONDITIONS = range(6)
    COLUMNS = (
        QT_TRANSLATE_NOOP("EncounterPanel", "Name"),
        QT_TRANSLATE_NOOP("EncounterPanel", "Init."),
        QT_TRANSLATE_NOOP("EncounterPanel", "Tie-break"),
        QT_TRANSLATE_NOOP("EncounterPanel", "HP"),
        QT_TRANSLATE_NOOP("EncounterPanel", "State"),
        QT_TRANSLATE_NOOP("EncounterPanel", "Conditions"),
    )
    IdRole = Qt.ItemDataRole.UserRole + 1
    CurrentRole = Qt.ItemDataRole.UserRole + 2  # True on the row whose turn it is
    KindRole = Qt.ItemDataRole.UserRole + 3
    CharacterRole = Qt.ItemDataRole.UserRole + 4  # linked character id, or None
    StateRole = Qt.ItemDataRole.UserRole + 5  # "active" | "downed" | "dead"
    HpRole = Qt.ItemDataRole.UserRole + 6  # hp as a number; None when hidden (player view)
    ConditionsRole = Qt.ItemDataRole.UserRole + 7  # [(key, value, rounds_left)]

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: list[Combatant] = []
        self._encounter: Encounter | None = None
        # What each cell said for each role since the queue was last set: a paint of the table asks
        # every cell for eight roles or so, some 400 calls into Python a turn (4 ms) for answers
        # that change only when the queue does. Emptied whenever the rows or what they show change.
        self._said: dict[tuple[int, int, int], Any] = {}
        self.system = systems.default().id  # until an encounter is shown
        self.player_view = False
        #: ``reorder(ids in the new order) -> bool``: who performs a reordering (the panel)
        self.reorder: Callable[[list[int]], bool] | None = None
        #: ``edit(combatant id, column, value) -> bool``: who performs a name/initiative edit
        self.edit: Callable[[int, int, Any], bool] | None = None

    # -- feeding ------------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter | None:
        return self._encounter

    def set_encounter(self, encounter: Encounter | None, system: str | None = None) -> None:
        if system is not None:
            self.system = system
        self._said.clear()
        self._encounter = encounter
        self._sync(encounter.queue() if encounter is not None else [])

    def _sync(self, new: list[Combatant]) -> None:
        new_ids = [c.id for c in new]
        if None in new_ids or len(set(new_ids)) != len(new_ids):  # not diffable: start over
            self.beginResetModel()
            self._rows = list(new)
            self.endResetModel()
            return
        keep = set(new_ids)
        for row in reversed(range(len(self._rows))):
            if self._rows[row].id not in keep:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self._said.clear()  # every row below moved up
                self.endRemoveRows()
        have = {c.id for c in self._rows}
        for i, cid in enumerate(x for x in new_ids if x in have):
            j = next(k for k, c in enumerate(self._rows) if c.id == cid)
            if j != i:  # j > i: everything before i is already in place
                self.beginMoveRows(QModelIndex(), j, j, QModelIndex(), i)
                self._rows.insert(i, self._rows.pop(j))
                self._said.clear()
                self.endMoveRows()
        for i, c in enumerate(new):
            if i >= len(self._rows) or self._rows[i].id != c.id:
                self.beginInsertRows(QModelIndex(), i, i)
                self._rows.insert(i, c)
                self._said.clear()
                self.endInsertRows()
        self._rows = list(new)
        self.refresh_all()

    def refresh_all(self) -> None:
        self._said.clear()
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(self.COLUMNS) - 1))
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(self._rows) - 1)

    def set_player_view(self, on: bool) -> None:
        self.player_view = bool(on)
        self._said.clear()
        if self._rows:
            self.dataChanged.emit(self.index(0, self.HP), self.index(len(self._rows) - 1, self.HP))

    # -- lookups ------------------------------------------------------------------------------
    def combatant(self, row: int) -> Combatant:
        return self._rows[row]

    def row_of(self, combatant_id: int | None) -> int:
        return next((r for r, c in enumerate(self._rows) if c.id == combatant_id), -1)

    def ids(self) -> list[int]:
        return [c.id for c in self._rows]

    def current_row(self) -> int:
        enc = self._encounter
        return enc.turn if enc is not None and 0 <= enc.turn < len(self._rows) else -1

    def hp_hidden(self, c: Combatant) -> bool:
        return self.player_view and c.kind == "npc"

    # -- Qt model -----------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        """Columns: their names. Rows: the place in the queue ("▶ 2" for the one whose turn it is:
        a row number as a header, not a column, so that moving rows changes no cell)."""
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.COLUMNS):
                return words.lookup(self.COLUMNS[section])
            return None
        if not 0 <= section < len(self._rows):
            return None
        current = section == self.current_row()
        if role == Qt.ItemDataRole.DisplayRole:
            return f"▶ {section + 1}" if current else str(section + 1)
        if role == Qt.ItemDataRole.FontRole and current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        key = (index.row(), index.column(), int(role))
        try:
            return self._said[key]
        except KeyError:
            pass
        if not index.isValid() or not (0 <= key[0] < len(self._rows)):
            return None
        value = self._data(key[0], key[1], role)
        self._said[key] = value
        return value

    def _data(self, row: int, col: int, role: int) -> Any:
        c = self._rows[row]
        current = row == self.current_row()
        R = Qt.ItemDataRole
        if role in (R.DisplayRole, R.EditRole):
            return self._display(c, col, role == R.EditRole)
        if role == R.ToolTipRole:
            return self._tooltip(c, col)
        if role == R.BackgroundRole and current:
            return QColor(CURRENT_BG)
        if role == R.ForegroundRole:
            colour = (DEAD_FG if c.state == "dead" else DOWNED_FG if c.state == "downed" else HIDDEN_FG if c.hidden
                      else CURRENT_FG if current else None)
            return QColor(colour) if colour else None
        if role == R.FontRole and (current or c.delayed or c.state == "dead"):
            font = QFont()
            font.setBold(current)
            font.setItalic(c.delayed)
            font.setStrikeOut(c.state == "dead")
            return font
        if role == R.TextAlignmentRole and col in (self.INIT, self.HP):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return {self.IdRole: lambda: c.id, self.CurrentRole: lambda: current, self.KindRole: lambda: c.kind,
                self.CharacterRole: lambda: c.character_id, self.StateRole: lambda: c.state,
                self.HpRole: lambda: None if self.hp_hidden(c) else c.hp,
                self.ConditionsRole: lambda: [(s.key, s.value, s.rounds_left) for s in c.conditions],
                }.get(role, lambda: None)()

    def _display(self, c: Combatant, col: int, edit: bool) -> Any:
        if col == self.NAME:
            return c.name
        if col == self.INIT:
            if edit:
                return c.initiative if c.initiative is not None else 0
            return "—" if c.initiative is None else str(c.initiative)
        if col == self.TIEBREAK:
            return words.tiebreak_text(c.tiebreak)
        if col == self.HP:
            return "—" if self.hp_hidden(c) else words.hp_cell(c)
        if col == self.STATE:
            return words.state_cell(c)
        if col == self.CONDITIONS:
            return words.condition_cell(self.system, c.conditions)
        return None

    def _tooltip(self, c: Combatant, col: int) -> str | None:
        if col == self.NAME:
            kind = translate("EncounterPanel", "PC") if c.kind == "pc" else translate("EncounterPanel", "NPC")
            linked = (translate("EncounterPanel", "linked to a campaign character") if c.character_id is not None
                      else translate("EncounterPanel", "ad hoc"))
            hidden = (", " + translate("EncounterPanel", "hidden from the players until revealed")) if c.hidden else ""
            return f"{c.name} — {kind}, {linked}{hidden}"
        if col == self.CONDITIONS and c.conditions:
            names = {x.id: x.name for x in self._rows}
            return words.condition_tooltip(self.system, c, names)
        if col == self.HP and c.temp_hp and not self.hp_hidden(c):
            return words.fill(translate("EncounterPanel", "%1 temporary HP"), c.temp_hp)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled  # drop between rows, never onto one (no children)
        if self.edit is not None and index.column() in (self.NAME, self.INIT):
            return _EDITABLE_ROW
        return _ROW

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if (role != Qt.ItemDataRole.EditRole or not index.isValid() or self.edit is None
                or index.column() not in (self.NAME, self.INIT)):
            return False
        return bool(self.edit(self._rows[index.row()].id, index.column(), value))

    # -- reordering ---------------------------------------------------------------------------
    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [MIME]

    def mimeData(self, indexes) -> QMimeData:  # noqa: N802
        rows = sorted({i.row() for i in indexes if i.isValid()})
        data = QMimeData()
        data.setData(MIME, QByteArray(",".join(str(self._rows[r].id) for r in rows).encode()))
        return data

    def _dropped_ids(self, data: QMimeData) -> list[int]:
        if data is None or not data.hasFormat(MIME):
            return []
        try:
            ids = [int(x) for x in bytes(data.data(MIME)).decode().split(",") if x]
        except ValueError:
            return []
        return ids if ids and all(i in self.ids() for i in ids) else []

    def canDropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        return action == Qt.DropAction.MoveAction and bool(self._dropped_ids(data))

    def dropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        if action == Qt.DropAction.IgnoreAction:
            return True
        ids = self._dropped_ids(data) if action == Qt.DropAction.MoveAction else []
        if not ids:
            return False
        if row < 0:  # dropped onto a row (its place) or onto the empty space below (the end)
            row = parent.row() if parent.isValid() else len(self._rows)
        return self._reorder(ids, row)

    def moveRows(self, source_parent: _Index, source_row: int, count: int, destination_parent: _Index,  # noqa: N802
                 destination_child: int) -> bool:
        if (source_parent.isValid() or destination_parent.isValid() or count < 1 or source_row < 0
                or source_row + count > len(self._rows) or not 0 <= destination_child <= len(self._rows)):
            return False
        return self._reorder([c.id for c in self._rows[source_row:source_row + count]], destination_child)

    def _reorder(self, ids: list[int], before_row: int) -> bool:
        """Put the combatants ``ids`` (in queue order) where row ``before_row`` is now."""
        order = self.ids()
        moving = [i for i in order if i in ids]
        before = order[before_row] if before_row < len(order) else None
        while before in moving:  # dropped inside the moved block: it goes where it is
            nxt = order.index(before) + 1
            before = order[nxt] if nxt < len(order) else None
        rest = [i for i in order if i not in moving]
        at = rest.index(before) if before is not None else len(rest)
        new = rest[:at] + moving + rest[at:]
        if new == order:
            return False
        if self.reorder is not None:
            return bool(self.reorder(new))
        reorder_queue(self._encounter, new)
        self.set_encounter(self._encounter)
        return True


def reorder_queue(encounter: Encounter, ids: list[int]) -> list[ini.Event]:
    """Move the combatants into the order ``ids`` (the queue's every id), the turn kept on the
    combatant who has it; one "moved" event per combatant that changed place."""
    events = []
    for place, cid in enumerate(ids):
        if encounter.queue()[place].id != cid:
            events += ini.move_combatant(encounter, cid, place)
    return events
