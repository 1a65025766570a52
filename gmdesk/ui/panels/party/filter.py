"""The party list's filter: the text typed (over every column's text) and "PCs only" / "NPCs only"."""

from __future__ import annotations

from operator import is_

from PySide6.QtCore import QSortFilterProxyModel

from gmdesk.ui import i18n
from gmdesk.ui.panels.party.model import PartyModel
from gmdesk.ui.table_calls import OneCallThrough


class PartyFilter(OneCallThrough, QSortFilterProxyModel):
    """Text filter over every column (the row's texts, kept by the model), plus "PCs only" / "NPCs only".

    Qt asks ``filterAcceptsRow`` for every row at each keystroke (a bestiary: 2,000 calls): the
    verdicts are computed before in one Python pass, from the rows' texts read once (again only when
    the rows change), and a keystroke that adds a letter only looks again at the rows still shown."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.kind = ""  # "", "pc" or "npc"
        self.text = ""  # lower case
        self._model = None
        self._rows: list = []  # the characters the verdicts are for, in row order
        self._shown: list[bool] = []
        self._version = -1  # the model's texts version the verdicts were made with
        self._searched: tuple = ((), [], [])  # ((language, texts version), characters, their search texts)
        self.setSortRole(PartyModel.SortRole)

    def setSourceModel(self, model) -> None:  # noqa: N802 - Qt's name
        self._model = model
        super().setSourceModel(model)

    def _change(self, **values) -> None:
        before = (self.kind, self.text)
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.9; invalidateRowsFilter is deprecated there
            self.beginFilterChange()
            self.__dict__.update(values)
            self._verdicts(before)
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover
            self.__dict__.update(values)
            self._verdicts(before)
            self.invalidateRowsFilter()

    def _accepts(self, character) -> bool:
        if self.kind and character.kind != self.kind:
            return False
        return not self.text or self.text in self._model.search_text(character)

    def _search_texts(self) -> tuple[list, list]:
        model, lang = self._model, i18n.current_language()
        rows = model.characters()
        known, known_rows, texts = self._searched
        if known != (lang, model.texts_version) or len(known_rows) != len(rows) or not all(map(is_, known_rows, rows)):
            self._searched = ((lang, model.texts_version), list(rows), model.search_texts())
        return self._searched[1], self._searched[2]

    def _verdicts(self, before: tuple[str, str]) -> None:
        if self._model is None or not (self.kind or self.text):
            self._rows, self._shown = [], []
            return
        rows, texts = self._search_texts()  # the very list of last time while the rows and texts stay
        text, kind = self.text, self.kind
        if before[0] == kind and before[1] and text.startswith(before[1]) and rows is self._rows:
            # One more letter over the same texts: a row hidden stays hidden.
            self._shown = [shown and text in searched for shown, searched in zip(self._shown, texts)]
        else:
            self._shown = [(not kind or c.kind == kind) and text in searched for c, searched in zip(rows, texts)]
        self._rows = rows
        self._version = self._model.texts_version

    def set_kind(self, kind: str) -> None:
        self._change(kind=kind)

    def setFilterFixedString(self, text: str) -> None:  # noqa: N802 - as QSortFilterProxyModel names it
        self._change(text=text.casefold())

    def filterAcceptsRow(self, row: int, parent) -> bool:  # noqa: N802
        if not (self.kind or self.text):
            return True
        character = self._model._characters[row]
        rows = self._rows
        if row < len(rows) and rows[row] is character and self._version == self._model.texts_version:
            return self._shown[row]
        return self._accepts(character)  # a row added or changed since the keystroke
