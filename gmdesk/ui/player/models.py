"""The player window's two tables: the fight's queue and the last public rolls.

Both are fed the players' view only (``gmdesk.campaign.player_view``: ``PublicFight``,
``PublicRoll``), never an encounter or a log entry, so nothing secret can reach a cell. They change
incrementally, as the GM's own queue does: a new turn repaints two rows, an HP change one, a roll
inserts one row at the top; a reset only when the window opens, the campaign or the players'
language changes. Every cell's texts, colours and fonts are computed once when its row changes, so
painting a cell costs a lookup.
"""

from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush, QColor, QFont

from gmdesk.campaign.player_view import PublicCombatant, PublicFight, PublicRoll, latest_session
from gmdesk.ui.player.words import PlayerWords

_Index = QModelIndex | QPersistentModelIndex

# A dark theme for a dim room: light text on near-black, the turn in amber, the tier colours of the
# GM's window made lighter so that they read on black (same hues: a glance means the same thing).
BACKGROUND = "#101114"
TEXT = "#f2f2f2"
MUTED = "#9aa0a6"
CURRENT_BG = "#ffc940"
CURRENT_FG = "#101114"
DOWN_FG = "#ff6b5e"
TIER_HEX = {
    "critical_failure": "#ff5c5c",
    "failure": "#ff9a4d",
    "success": "#5ddc7a",
    "critical_success": "#4fd6f0",
    "miss": "#ff9a4d",
    "hit": "#5ddc7a",
    "critical_hit": "#4fd6f0",
}
COMPLICATION_HEX = "#d59cf0"
HEALTH_HEX = {"unhurt": "#5ddc7a", "wounded": "#ffd166", "badly_wounded": "#ff9a4d", "down": DOWN_FG}
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)


class _Cells:
    """One row as shown: texts, foreground colours (hex), background (hex or None), font (bold,
    struck, italic), alignments."""

    __slots__ = ("key", "texts", "colours", "background", "font", "align", "card")

    def __init__(self, key, texts, colours, background=None, font=(False, False, False), align=()):
        self.key, self.texts, self.colours = key, texts, colours
        self.background, self.font, self.align = background, font, align
        self.card = None  # (text, QColor) of each column, made when first painted

    def shown(self) -> tuple:
        return self.texts, self.colours, self.background, self.font


_BRUSHES: dict[str, QBrush] = {}
_COLOURS: dict[str, QColor] = {}


def _colour(hex_colour: str) -> QColor:
    if hex_colour not in _COLOURS:
        _COLOURS[hex_colour] = QColor(hex_colour)
    return _COLOURS[hex_colour]


def _brush(hex_colour: str | None) -> QBrush | None:
    if hex_colour is None:
        return None
    if hex_colour not in _BRUSHES:
        _BRUSHES[hex_colour] = QBrush(QColor(hex_colour))
    return _BRUSHES[hex_colour]




class _RowsModel(QAbstractTableModel):
    """Rows of ``_Cells`` keyed by an id; ``IdRole`` gives it."""

    IdRole = Qt.ItemDataRole.UserRole + 1
    # A whole row as its card paints it, (text, colour) of each column, in one call: asked column by
    # column and role by role (ten calls into Python a card), the player window's two lists took
    # longer to paint than anything else in its frame.
    CardRole = Qt.ItemDataRole.UserRole + 2
    COLUMNS = 0

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: list[_Cells] = []
        self.words = PlayerWords("en")
        self.base_font = QFont()  # the view's font (the window sizes it to the screen)
        self._fonts: dict[tuple, QFont] = {}

    def set_base_font(self, font: QFont) -> None:
        """The view's font changed size: bold or struck cells follow it."""
        self.base_font = QFont(font)
        self._fonts.clear()
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, self.COLUMNS - 1))

    def _font(self, key: tuple) -> QFont | None:
        if not any(key):
            return None  # the view's own font
        if key not in self._fonts:
            font = QFont(self.base_font)
            font.setBold(key[0])
            font.setStrikeOut(key[1])
            font.setItalic(key[2])
            self._fonts[key] = font
        return self._fonts[key]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else self.COLUMNS

    def ids(self) -> list:
        return [row.key for row in self._rows]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        R = Qt.ItemDataRole
        if role == R.DisplayRole:
            return row.texts[column]
        if role == R.ForegroundRole:
            return _brush(row.colours[column])
        if role == R.BackgroundRole:
            return _brush(row.background)
        if role == R.FontRole:
            return self._font(row.font)
        if role == R.TextAlignmentRole:
            return row.align[column] if column < len(row.align) else _LEFT
        if role == self.IdRole:
            return row.key
        if role == self.CardRole:
            if row.card is None:
                row.card = tuple((text or "", _colour(hex_colour)) for text, hex_colour in zip(row.texts, row.colours))
            return row.card
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren  # nothing to pick or edit

    def _sync(self, new: list[_Cells]) -> None:
        """Show ``new``: rows removed, moved and inserted one by one, changed rows repainted."""
        keys = [c.key for c in new]
        if len(set(keys)) != len(keys):
            self.beginResetModel()
            self._rows = new
            self.endResetModel()
            return
        keep = set(keys)
        for r in reversed(range(len(self._rows))):
            if self._rows[r].key not in keep:
                self.beginRemoveRows(QModelIndex(), r, r)
                del self._rows[r]
                self.endRemoveRows()
        have = {c.key for c in self._rows}
        for i, key in enumerate(k for k in keys if k in have):
            j = next(n for n, c in enumerate(self._rows) if c.key == key)
            if j != i:
                self.beginMoveRows(QModelIndex(), j, j, QModelIndex(), i)
                self._rows.insert(i, self._rows.pop(j))
                self.endMoveRows()
        for i, cells in enumerate(new):
            if i >= len(self._rows) or self._rows[i].key != cells.key:
                self.beginInsertRows(QModelIndex(), i, i)
                self._rows.insert(i, cells)
                self.endInsertRows()
            elif self._rows[i].shown() != cells.shown():
                self._rows[i] = cells
                self.dataChanged.emit(self.index(i, 0), self.index(i, self.COLUMNS - 1))

    def reset(self, words: PlayerWords) -> None:
        """Start over (another language, another campaign)."""
        self.words = words
        self.beginResetModel()
        self._rows = []
        self.endResetModel()


class FightModel(_RowsModel):
    """The queue: marker (▶ on whose turn it is), name, health, conditions."""

    MARK, NAME, HEALTH, CONDITIONS = range(4)
    COLUMNS = 4

    def __init__(self, parent=None):
        super().__init__(parent)
        self.system = ""

    def set_fight(self, fight: PublicFight | None, system: str) -> None:
        self.system = system
        self._sync([self._cells(c) for c in (fight.combatants if fight is not None else ())])

    def current_row(self) -> int:
        return next((r for r, c in enumerate(self._rows) if c.texts[self.MARK]), -1)

    def _cells(self, c: PublicCombatant) -> _Cells:
        w = self.words
        if c.hp is not None:
            health, health_hex = w.hp(c.hp, c.max_hp or 0, c.temp_hp), DOWN_FG if c.state != "active" else TEXT
        else:
            health, health_hex = w.health(c.health), HEALTH_HEX.get(c.health or "", TEXT)
        conditions = [w.condition(self.system, key, value, rounds) for key, value, rounds in c.conditions]
        if c.delayed:
            conditions.insert(0, w.tr(_DELAYING))
        if c.readied:
            conditions.insert(0, w.tr(_READIED))
        name_hex = CURRENT_FG if c.current else MUTED if c.state == "dead" else TEXT
        texts = ("▶" if c.current else "", c.name, health, ", ".join(conditions))
        colours = (CURRENT_FG if c.current else TEXT, name_hex, CURRENT_FG if c.current else health_hex,
                   CURRENT_FG if c.current else TEXT)
        return _Cells(c.id, texts, colours, CURRENT_BG if c.current else None,
                      (c.current, c.state == "dead", c.delayed), (_CENTER, _LEFT, _RIGHT, _LEFT))


_DELAYING = QT_TRANSLATE_NOOP("PlayerWindow", "delaying")
_READIED = QT_TRANSLATE_NOOP("PlayerWindow", "readied")
_REROLL = QT_TRANSLATE_NOOP("PlayerWindow", "%1 (reroll)")


class RollsModel(_RowsModel):
    """The last public rolls, newest first: who, what, the total or hits, the outcome in its colour."""

    WHO, WHAT, RESULT, OUTCOME = range(4)
    COLUMNS = 4
    LIMIT = 6

    def __init__(self, parent=None):
        super().__init__(parent)
        self.labels = None  # names.CheckNames: check names in the players' language
        self.rolls: list[PublicRoll] = []

    def set_rolls(self, rolls: Sequence[PublicRoll]) -> None:
        """Show ``rolls`` (newest first, ``player_view.recent_public_rolls``)."""
        self.rolls = list(rolls[:self.LIMIT])
        self._sync([self._cells(r) for r in self.rolls])

    def add(self, rolls: Sequence[PublicRoll]) -> None:
        """New rolls (newest first) on top; a new session's rolls replace the last session's."""
        shown = {r.id for r in self.rolls}
        self.set_rolls(latest_session([r for r in rolls if r.id not in shown] + self.rolls, self.LIMIT))

    def reset(self, words: PlayerWords) -> None:
        self.rolls = []
        super().reset(words)

    def _cells(self, r: PublicRoll) -> _Cells:
        w = self.words
        what = self.labels.say(r.label, w.language) if self.labels is not None else r.label
        if r.reroll:
            what = w.tr(_REROLL, what)
        result = w.hits(r.hits) if r.hits is not None else ("" if r.total is None else str(r.total))
        outcome = w.tier(r.tier)
        if r.complication is not None:
            outcome += " + " + w.complication(r.complication)
        colours = (TEXT, MUTED, TEXT, TIER_HEX.get(r.tier, TEXT))
        return _Cells(r.id, (r.actor, what, result, outcome), colours, None, (True, False, False),
                      (_LEFT, _LEFT, _RIGHT, _LEFT))
