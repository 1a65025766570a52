"""The party table: player characters and NPCs/monsters of the open campaign, one row each.

Column and role constants live on the class (vorta's table models); ``SortRole`` hands native values
(numbers as numbers) to the sort proxy. ``refresh`` diffs the store's list against the rows shown and
emits only what changed: a sheet edit repaints one row, an addition inserts one, a deletion removes
one — the selection and scroll position survive.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (QAbstractTableModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt,
                            QT_TRANSLATE_NOOP, QTimer)

from gmdesk import systems
from gmdesk.campaign.model import Character
from gmdesk.ui import i18n
from gmdesk.ui.table_calls import OneCallPerCell

_Index = QModelIndex | QPersistentModelIndex

translate = QCoreApplication.translate


# Asked for every cell painted: combined once (each ``|`` of Qt's flags is a Python enum operation).
_ROW = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class PartyModel(OneCallPerCell, QAbstractTableModel):
    NAME, KIND, LEVEL, STATS, HP = range(5)
    COLUMNS = (
        QT_TRANSLATE_NOOP("PartyModel", "Name"),
        QT_TRANSLATE_NOOP("PartyModel", "Kind"),
        QT_TRANSLATE_NOOP("PartyModel", "Level"),
        QT_TRANSLATE_NOOP("PartyModel", "Key numbers"),
        QT_TRANSLATE_NOOP("PartyModel", "HP"),
    )
    SortRole = Qt.ItemDataRole.UserRole + 1
    IdRole = Qt.ItemDataRole.UserRole + 2
    KindRole = Qt.ItemDataRole.UserRole + 3
    SearchRole = Qt.ItemDataRole.UserRole + 4  # the row's texts in one lower-case string, for the filter
    _ANSWERED = frozenset(int(r) for r in (
        Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole,
        SortRole, IdRole, KindRole, SearchRole))

    SAME_FLAGS = _ROW  # every row: its flags, answered by the filter in front without asking (table_calls)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._characters: list[Character] = []
        self._store = None
        self._rules = None
        # Each row's shown texts, computed once per character and language: a bestiary of 2,000 NPCs
        # is filtered as the GM types without asking the systems for any number again.
        self._texts: dict[int, tuple] = {}
        self.texts_version = 0  # changes whenever a row's texts may have (the filter reads them again)
        self._warm_at = 0
        self._warm_timer: QTimer | None = None

    # -- feeding ------------------------------------------------------------------------------
    def set_store(self, store) -> None:
        # Read before the reset: a sheet that no longer reads (a damaged file) leaves the model whole.
        characters = store.characters.list() if store is not None else []
        rules = store.info.house_rules if store is not None else None
        self.beginResetModel()
        self._store = store
        self._characters = characters
        self._rules = rules
        self._texts.clear()
        self.texts_version += 1
        self.endResetModel()
        self._warm()

    def _warm(self) -> None:
        """Compute every row's texts in small slices while the GM looks (a bestiary's first keystroke
        in the filter would otherwise wait for all 2,000 NPCs' key numbers at once)."""
        self._warm_at = 0
        if len(self._characters) > 100 and QCoreApplication.instance() is not None:
            if self._warm_timer is None:
                self._warm_timer = QTimer(self, singleShot=True, interval=0)
                self._warm_timer.timeout.connect(self._warm_some)
            self._warm_timer.start()

    def _warm_some(self) -> None:
        end = min(self._warm_at + 100, len(self._characters))
        for c in self._characters[self._warm_at:end]:
            self._cached(c)
        self._warm_at = end
        if end < len(self._characters):
            self._warm_timer.start()

    def language_changed(self) -> None:
        """The rows' texts are in another language now: the filter reads them again."""
        self.texts_version += 1

    def rules_changed(self) -> None:
        """The house rules changed (pf2 proficiency shows in the key numbers): every row again."""
        self._rules = self._store.info.house_rules if self._store is not None else None
        self._texts.clear()
        self.texts_version += 1
        self._warm()
        if self._characters:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._characters) - 1, len(self.COLUMNS) - 1))

    def refresh(self) -> None:
        """Bring the rows in line with the store, with the smallest change signals that do it."""
        new = self._store.characters.list() if self._store is not None else []
        self.texts_version += 1
        live = {id(c) for c in new} | {id(c) for c in self._characters}
        self._texts = {k: v for k, v in self._texts.items() if k in live}
        old_ids = [c.id for c in self._characters]
        new_ids = [c.id for c in new]
        if old_ids == new_ids:
            for row, (before, after) in enumerate(zip(self._characters, new)):
                if before.to_dict() != after.to_dict():
                    self._characters[row] = after
                    self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))
            return
        removed = [i for i in old_ids if i not in new_ids]
        added = [i for i in new_ids if i not in old_ids]
        if len(removed) == 1 and not added and [i for i in old_ids if i != removed[0]] == new_ids:
            row = old_ids.index(removed[0])
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._characters[row]
            self.endRemoveRows()
            self.refresh()  # the others may have changed too
            return
        if len(added) == 1 and not removed and [i for i in new_ids if i != added[0]] == old_ids:
            row = new_ids.index(added[0])
            self.beginInsertRows(QModelIndex(), row, row)
            self._characters.insert(row, new[row])
            self.endInsertRows()
            self.refresh()
            return
        self.beginResetModel()
        self._characters = new
        self.endResetModel()

    # -- lookups ------------------------------------------------------------------------------
    def character(self, row: int) -> Character:
        return self._characters[row]

    def characters(self) -> list[Character]:
        """The rows' characters, in row order (not a copy: read, never change)."""
        return self._characters

    def row_of(self, character_id: int) -> int:
        for row, c in enumerate(self._characters):
            if c.id == character_id:
                return row
        return -1

    def ids(self) -> list[int]:
        return [c.id for c in self._characters]

    # -- Qt model -----------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._characters)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.COLUMNS):
            return QCoreApplication.translate("PartyModel", self.COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in self._ANSWERED:  # most roles a painted cell asks for (its font, colours…)
            return None
        if not index.isValid() or not (0 <= index.row() < len(self._characters)):
            return None
        c = self._characters[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cached(c)[col]
        if role == self.SearchRole:
            return self._cached(c)[-1]
        if role == self.SortRole:
            return self._sort_value(c, col)
        if role == self.IdRole:
            return c.id
        if role == self.KindRole:
            return c.kind
        if role == Qt.ItemDataRole.ToolTipRole and col == self.NAME and c.notes:
            return c.notes
        if role == Qt.ItemDataRole.ToolTipRole and col == self.STATS:
            return self._cached(c)[col]  # the whole line when a narrow dock elides it
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (self.LEVEL, self.HP):
            return _RIGHT
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _ROW

    def search_text(self, c: Character) -> str:
        """Everything its row shows, lower-cased: what the filter looks in."""
        return self._cached(c)[-1]

    def column_texts(self, col: int) -> set[str]:
        """The texts the rows show in ``col``, each once (not the key numbers: their column takes the
        room left). Asked at every change of the rows: read off the characters, not row by row."""
        rows = self._characters
        if col == self.NAME:
            return {c.name for c in rows}
        if col == self.KIND:
            return {kind_label(kind) for kind in {c.kind for c in rows}}
        if col == self.LEVEL:
            return {"—" if level is None else str(level) for level in {character_level(c) for c in rows}}
        if col == self.HP:
            return {str(hp) if hp else "—" for hp in {c.max_hp for c in rows}}
        return set()

    def search_texts(self) -> list[str]:
        """``search_text`` of every row, in row order (the language asked once)."""
        lang, texts = i18n.current_language(), self._texts
        out = []
        for c in self._characters:
            found = texts.get(id(c))
            out.append(found[2][-1] if found is not None and found[0] is c and found[1] == lang
                       else self._cached(c)[-1])
        return out

    # -- cell contents ------------------------------------------------------------------------
    def _cached(self, c: Character) -> tuple:
        """(name, kind, level, key numbers, HP, all of them lower-cased): computed again only for a
        character changed since (``refresh`` replaces its object) or in another language."""
        lang = i18n.current_language()
        found = self._texts.get(id(c))
        if found is None or found[0] is not c or found[1] != lang:
            texts = tuple(self._display(c, col) for col in range(len(self.COLUMNS)))
            found = (c, lang, texts + (" ".join(texts).casefold(),))
            self._texts[id(c)] = found
        return found[2]

    def _display(self, c: Character, col: int) -> str:
        if col == self.NAME:
            return c.name
        if col == self.KIND:
            return kind_label(c.kind)
        if col == self.LEVEL:
            level = character_level(c)
            return "—" if level is None else str(level)
        if col == self.STATS:
            return key_numbers(c, self._rules)
        if col == self.HP:
            return str(c.max_hp) if c.max_hp else "—"
        return ""

    def _sort_value(self, c: Character, col: int) -> Any:
        if col == self.NAME:
            return c.name.casefold()
        if col == self.KIND:
            return 0 if c.kind == "pc" else 1
        if col == self.LEVEL:
            level = character_level(c)
            return -1000 if level is None else level
        if col == self.STATS:
            return self._cached(c)[col]
        if col == self.HP:
            return c.max_hp
        return None


def kind_label(kind: str) -> str:
    return (QCoreApplication.translate("PartyModel", "PC") if kind == "pc"
            else QCoreApplication.translate("PartyModel", "NPC"))


def character_level(c: Character) -> int | None:
    """The level a GM reads off the sheet; anarchy characters have none."""
    return getattr(c.sheet, "level", None)


def key_numbers(c: Character, house_rules=None) -> str:
    """The few numbers a GM glances at, from the character's system (the sheet editor shows everything),
    under the campaign's ``house_rules``."""
    game = systems.find(c.system)
    return game.numbers_of(c.sheet, house_rules).text(i18n.current_language()) if game is not None else ""
