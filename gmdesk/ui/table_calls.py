"""Table models written in Python, asked fewer times from C++ as their views paint.

A view paints a cell by asking its model for some eight roles (text, font, colours, alignment, check
state…), each a call from C++ into Python (a few microseconds each, the index wrapped anew every time),
and a sort proxy in front asks the model's own ``index`` for each cell, which asks ``rowCount`` and
``columnCount`` — two more. The party table's 35 cells cost some 960 calls a paint, 2–3 ms of a
campaign switch. ``OneCallPerCell``, mixed into a model (before the Qt class), answers every role of a
cell in one call (Qt's ``multiData``) and makes an index in one; ``OneCallThrough``, mixed into a sort
proxy in front of one, hands the whole cell's question on at once (Qt's proxy asks role by role).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex


class OneCallPerCell:
    def multiData(self, index, roles) -> None:  # noqa: N802 (Qt's name)
        """Each role asked of a cell answered from ``data``, in one call from the view. Every role is
        set, a role without a value emptied: the view hands each cell the same list, still holding the
        cell before's (every row of the Initiative took the current turn's colour)."""
        data = self.data
        for i in range(len(roles)):
            asked = roles[i]
            asked.setData(data(index, asked.role()))

    def index(self, row: int, column: int, parent=QModelIndex()):
        if parent.isValid() or not (0 <= row < self.rowCount() and 0 <= column < self.columnCount()):
            return QModelIndex()
        return self.createIndex(row, column)


class OneCallThrough:
    def multiData(self, index, roles) -> None:  # noqa: N802 (Qt's name)
        self.sourceModel().multiData(self.mapToSource(index), roles)

    def flags(self, index):
        """A view asks each cell's flags twice a paint: a model whose rows all have the same
        (``SAME_FLAGS``) is not asked through the proxy, which would ask its index too."""
        same = getattr(self.sourceModel(), "SAME_FLAGS", None)
        if same is not None and index.isValid():
            return same
        return super().flags(index)
