"""The roll log as a virtual table: a million rows without ever loading them.

``rowCount`` is the store's ``count(filter)``; ``data`` reads the page holding the asked row
(``PAGE_SIZE`` rows) and keeps the last ``CACHE_PAGES`` pages. The view only asks for the rows on
screen, so scrolling anywhere costs one or two page reads. Paging from a neighbouring cached page
uses the store's keyset read (``after``), so scrolling through a filtered list never makes SQLite
skip over hundreds of thousands of rows with ``OFFSET``; a jump far away uses one ``page`` read.

Newest roll first: a roll just made appears at the top at once (``rows_logged`` inserts rows 0..n).
Each roll shows its number (the log's id, "#"), the number a reroll's "Reroll of" points to and the
exports print: the GM finds the original roll by it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QDateTime, QModelIndex, QPersistentModelIndex, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush, QFont

from gmdesk import systems
from gmdesk.campaign.log import LogEntry
from gmdesk.store.errors import StoreError
from gmdesk.store.rolllog import LogFilter
from gmdesk.ui import i18n
from gmdesk.ui.engine_words import EngineWords
from gmdesk.ui.theme import complication_name, count_text, tier_color, tier_name

PAGE_SIZE = 200
CACHE_PAGES = 12

_Index = QModelIndex | QPersistentModelIndex


def dice_text(dice: list[dict[str, Any]]) -> str:
    """Every die in roll order: kept faces plain, dropped ones in brackets, rerolled ones struck
    (``17 (4)``, ``6 5 3̶ 1``); ``d20:`` / ``d6:`` once in front when all dice are alike."""
    parts = []
    for d in dice:
        face = str(d.get("face"))
        state = d.get("state", "kept")
        if state == "dropped":
            parts.append(f"({face})")
        elif state == "rerolled":
            parts.append("".join(ch + "\u0336" for ch in face))  # combining long stroke: struck through
        else:
            parts.append(face)
    sides = {d.get("sides") for d in dice}
    prefix = f"d{sides.pop()}: " if len(sides) == 1 else ""
    return prefix + " ".join(parts) if parts else "—"


class RollLogModel(QAbstractTableModel):
    NUMBER, TIME, SESSION, ACTOR, LABEL, DICE, RESULT, TARGET, TIER, SECRET, REROLL = range(11)
    HEADERS = (
        QT_TRANSLATE_NOOP("RollLogModel", "#"),
        QT_TRANSLATE_NOOP("RollLogModel", "Time"),
        QT_TRANSLATE_NOOP("RollLogModel", "Session"),
        QT_TRANSLATE_NOOP("RollLogModel", "Actor"),
        QT_TRANSLATE_NOOP("RollLogModel", "Check"),
        QT_TRANSLATE_NOOP("RollLogModel", "Dice"),
        QT_TRANSLATE_NOOP("RollLogModel", "Result"),
        QT_TRANSLATE_NOOP("RollLogModel", "DC"),
        QT_TRANSLATE_NOOP("RollLogModel", "Outcome"),
        QT_TRANSLATE_NOOP("RollLogModel", "Secret"),
        QT_TRANSLATE_NOOP("RollLogModel", "Reroll of"),
    )
    EntryRole = Qt.ItemDataRole.UserRole + 1  # the LogEntry itself
    IdRole = Qt.ItemDataRole.UserRole + 2
    TierRole = Qt.ItemDataRole.UserRole + 3  # the tier id

    def __init__(self, log=None, parent=None):
        super().__init__(parent)
        if not _FONTS:  # QFont needs the application: build the few fonts once, on first use
            _FONTS.update({(bold, italic, struck): _font(bold, italic, struck)
                           for bold in (False, True) for italic in (False, True) for struck in (False, True)})
        self._log = log  # gmdesk.store.rolllog.RollLog, or None when no campaign is open
        self._filter = LogFilter()
        self.system = ""  # the campaign's system: a dice-pool system logs a threshold where others log a DC
        self._count = 0
        self._pages: OrderedDict[int, list[_Row]] = OrderedDict()
        self._last_number, self._last_page = -1, []
        self.page_reads = 0  # how many times the store was asked for a page (tests, benchmark)
        self._refresh_count()

    # -- what is shown ------------------------------------------------------------------------
    def set_log(self, log, system: str = "") -> None:
        self.beginResetModel()
        self._log = log
        self.system = system
        self._forget_pages()
        self._refresh_count()
        self.endResetModel()

    def set_filter(self, flt: LogFilter) -> None:
        if flt == self._filter:
            return
        self.beginResetModel()
        self._filter = flt
        self._forget_pages()
        self._refresh_count()
        self.endResetModel()

    @property
    def log_filter(self) -> LogFilter:
        return self._filter

    def rows_logged(self) -> int:
        """New rolls were appended (by this window or another process): insert them at the top.
        Returns how many rows appeared."""
        if self._log is None:
            return 0
        new = self._log.count(self._filter)
        added = new - self._count
        if added <= 0:
            return 0
        self.beginInsertRows(QModelIndex(), 0, added - 1)
        self._forget_pages()  # every row moved down by ``added``
        self._count = new
        self.endInsertRows()
        return added

    def marks_changed(self) -> None:
        """Rolls were marked undone or un-marked (an undo, a redo): the rows shown read them again."""
        self._forget_pages()
        if self._count:
            self.dataChanged.emit(self.index(0, 0), self.index(self._count - 1, len(self.HEADERS) - 1))

    def _refresh_count(self) -> None:
        try:
            self._count = self._log.count(self._filter) if self._log is not None else 0
        except StoreError:  # a damaged index: nothing to list
            self._count = 0

    # -- paging -------------------------------------------------------------------------------
    def entry(self, row: int) -> LogEntry | None:
        cached = self._row(row)
        return cached.entry if cached is not None else None

    def cell_text(self, entry: LogEntry, column: int) -> str:
        """What ``column`` shows for ``entry`` (the log's one-line strip words the last roll so)."""
        return self._display(entry, column)

    def _row(self, row: int) -> "_Row | None":
        if not 0 <= row < self._count or self._log is None:
            return None
        number, offset = divmod(row, PAGE_SIZE)
        if number == self._last_number:  # the view asks for one row's cells, role after role
            page = self._last_page
        else:
            page = self._pages.get(number)
            if page is None:
                try:
                    page = [_Row(e) for e in self._read_page(number)]
                except StoreError:
                    # A damaged page of the log (the store stops writing and the window says so):
                    # its rows stay blank rather than fail at every repaint.
                    page = []
                self._pages[number] = page
                while len(self._pages) > CACHE_PAGES:
                    self._pages.popitem(last=False)
            else:
                self._pages.move_to_end(number)
            self._last_number, self._last_page = number, page
        return page[offset] if offset < len(page) else None

    def _read_page(self, number: int) -> list[LogEntry]:
        self.page_reads += 1
        newer = self._pages.get(number - 1)
        older = self._pages.get(number + 1)
        if newer and len(newer) == PAGE_SIZE:
            # Rows just below the previous page: the next ids down from its last one.
            return self._log.after(self._filter, newer[-1].entry.id, PAGE_SIZE, newest_first=True)
        if older:
            # Rows just above the next page: the ids up from its first one, then newest first.
            return list(reversed(self._log.after(self._filter, older[0].entry.id, PAGE_SIZE, newest_first=False)))
        return self._log.page(self._filter, number * PAGE_SIZE, PAGE_SIZE, newest_first=True)

    def _forget_pages(self) -> None:
        self._pages.clear()
        self._last_number, self._last_page = -1, []

    def cached_pages(self) -> list[int]:
        return list(self._pages)

    # -- Qt model -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        """The language changed: every cell's text (outcomes, hits) is said again in the new one."""
        for page in self._pages.values():
            for row in page:
                row.texts = None
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        if self._count:
            self.dataChanged.emit(self.index(0, 0), self.index(self._count - 1, self.columnCount() - 1))

    def _target_header(self) -> str | None:
        """The system's own name of the number rolled against: DC, DD, ND, Threshold, Seuil."""
        game = systems.find(self.system)
        if game is None:
            return None
        text = game.target.word.text(i18n.current_language())
        return text[:1].upper() + text[1:]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if section == self.TARGET and self._target_header():
                return self._target_header()
            if 0 <= section < len(self.HEADERS):
                return QCoreApplication.translate("RollLogModel", self.HEADERS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        # The view asks ~7 roles for every cell on screen at every repaint: answer from the row's
        # cached texts, fonts and brushes, never recomputing them.
        if role not in _ROLES or not index.isValid():
            return None
        row = self._row(index.row())
        if row is None:
            return None
        column = index.column()
        e = row.entry
        if role == Qt.ItemDataRole.DisplayRole:
            if row.texts is None:
                row.texts = tuple(self._display(e, c) for c in range(len(self.HEADERS)))
            return row.texts[column]
        if role == Qt.ItemDataRole.FontRole:
            # Bold outcome, italic secret, struck through when an undo took the roll back.
            bold = column == self.TIER
            return _FONTS[(bold, e.secret, e.undone)] if bold or e.secret or e.undone else None
        if role == Qt.ItemDataRole.ForegroundRole:
            return _brush(e.tier) if column == self.TIER else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column in (self.NUMBER, self.RESULT, self.TARGET, self.REROLL) else None
        if role == self.EntryRole:
            return e
        if role == self.IdRole:
            return e.id
        if role == self.TierRole:
            return e.tier
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._reroll_tooltip(e) if column == self.REROLL else self._tooltip(e)
        return None

    def _display(self, e: LogEntry, column: int) -> str:
        if column == self.NUMBER:
            return str(e.id)
        if column == self.TIME:
            moment = QDateTime.fromString(e.time_utc, Qt.DateFormat.ISODateWithMs)
            return moment.toLocalTime().toString("yyyy-MM-dd HH:mm:ss") if moment.isValid() else e.time_utc
        if column == self.SESSION:
            return e.session
        if column == self.ACTOR:
            return e.actor
        if column == self.LABEL:
            return e.label
        if column == self.DICE:
            return dice_text(e.dice)
        if column == self.RESULT:
            if e.hits is not None:
                return count_text("RollLogModel", e.hits, QT_TRANSLATE_NOOP("RollLogModel", "{n} hit"),
                                  QT_TRANSLATE_NOOP("RollLogModel", "{n} hits"))
            return "" if e.total is None else str(e.total)
        if column == self.TARGET:
            return "" if e.dc is None else str(e.dc)
        if column == self.TIER:
            text = tier_name(e.tier)
            if e.complication is not None:
                text += f" + {complication_name()} {e.complication}"
            return text
        if column == self.SECRET:
            return QCoreApplication.translate("RollLogModel", "secret") if e.secret else ""
        if column == self.REROLL:
            return f"↻ #{e.reroll_of}" if e.reroll_of is not None else ""
        return ""

    def _reroll_tooltip(self, e: LogEntry) -> str:
        if e.reroll_of is None:
            return self._tooltip(e)
        return QCoreApplication.translate("RollLogModel", "A reroll of roll #{id} (the # column)").format(id=e.reroll_of)

    def _tooltip(self, e: LogEntry) -> str:
        words = EngineWords(e.system)
        lines = [f"#{e.id} {e.label}".strip(), words.logged_text(e.breakdown)]
        lines += [words.note(n) for n in e.notes]
        if e.undone:
            lines.append(QCoreApplication.translate(
                "RollLogModel", "Undone: an undo took this roll back; the statistics and exports leave it out"))
        return "\n".join(line for line in lines if line)


class _Row:
    """One logged roll as the table shows it: the entry, and its cell texts once computed."""

    __slots__ = ("entry", "texts")

    def __init__(self, entry: LogEntry):
        self.entry = entry
        self.texts: tuple[str, ...] | None = None


def _font(bold: bool, italic: bool, struck: bool = False) -> QFont:
    font = QFont()
    font.setBold(bold)
    font.setItalic(italic)
    font.setStrikeOut(struck)
    return font


_FONTS: dict[tuple[bool, bool, bool], QFont] = {}  # (bold, italic, struck through)
_BRUSHES: dict[str, QBrush] = {}
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def _brush(tier: str) -> QBrush:
    brush = _BRUSHES.get(tier)
    if brush is None:
        brush = _BRUSHES[tier] = QBrush(tier_color(tier))
    return brush


_ROLES = {
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole,
    RollLogModel.EntryRole, RollLogModel.IdRole, RollLogModel.TierRole,
}
