"""The party and Initiative tables are painted with few calls from Qt into their Python models: every
role of a cell in one call (``table_calls``), not one per role — through the party's sort proxy too,
which asked the model role by role, and each time its index, its row and its column counts."""

from __future__ import annotations

import sys

from gmdesk.ui.panels.encounter.model import EncounterModel
from gmdesk.ui.panels.party.filter import PartyFilter
from gmdesk.ui.panels.party.model import PartyModel
from gmdesk.ui.table_calls import OneCallPerCell, OneCallThrough

OURS = {cls.__dict__[name].__code__ for cls in (PartyModel, PartyFilter, EncounterModel, OneCallPerCell,
                                                  OneCallThrough)
        for name in ("data", "flags", "rowCount", "columnCount", "multiData", "index", "headerData",
                     "filterAcceptsRow") if name in cls.__dict__}


def calls_from_qt(paint) -> int:
    """How many times Qt called into the models while ``paint`` ran (not the models' calls to each other)."""
    calls = []

    def hook(frame, event, _arg):
        if event == "call" and frame.f_code in OURS and (frame.f_back is None or frame.f_back.f_code not in OURS):
            calls.append(frame.f_code.co_name)

    sys.setprofile(hook)
    try:
        paint()
    finally:
        sys.setprofile(None)
    return len(calls)


def test_a_table_paint_asks_its_model_a_few_times_per_cell(make_window, demo_file):
    window = make_window(demo_file)
    for name in ("party", "encounter"):
        window.docks[name].raise_()
        table = window.panels[name].table
        table.viewport().repaint()
        model = table.model()
        cells = model.rowCount() * model.columnCount()
        assert cells >= 20
        asked = calls_from_qt(table.viewport().repaint)
        # Each cell: its index, its roles in one call, its flags twice (Qt asks them for the cell and
        # for its delegate). Role by role it was 11 calls a cell, 25 through the party's proxy.
        assert asked <= 4 * cells, (name, asked, cells)


def test_each_cell_shows_its_own_roles_not_the_cell_painted_before(make_window, demo_file):
    """Qt hands every cell the same list of roles to fill: a role a cell has no value for (no
    background, no alignment) must be emptied, or it shows the cell painted before's (every row of the
    Initiative in the current turn's colour, the names right-aligned as the numbers before them)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QStyleOptionViewItem

    window = make_window(demo_file)
    for name in ("encounter", "party"):
        window.docks[name].raise_()
        table = window.panels[name].table
        model, delegate = table.model(), table.itemDelegate()
        cells = [model.index(r, c) for r in range(model.rowCount()) for c in range(model.columnCount())]
        # The current turn's row first, then the rest, each row after the one before, as the view paints them.
        for index in sorted(cells, key=lambda i: model.data(i, Qt.ItemDataRole.BackgroundRole) is None):
            option = QStyleOptionViewItem()
            delegate.initStyleOption(option, index)
            background = model.data(index, Qt.ItemDataRole.BackgroundRole)
            assert (option.backgroundBrush.style() != Qt.BrushStyle.NoBrush) == (background is not None), \
                (name, index.row(), index.column())
            assert option.text == (model.data(index) or ""), (name, index.row(), index.column())
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            font = model.data(index, Qt.ItemDataRole.FontRole)
            assert option.font.bold() == bool(font is not None and font.bold()), (name, index.row(), index.column())
            assert tip is None or isinstance(tip, str)
            right = model.data(index, Qt.ItemDataRole.TextAlignmentRole)
            assert bool(option.displayAlignment & Qt.AlignmentFlag.AlignRight) == bool(
                right is not None and int(right) & int(Qt.AlignmentFlag.AlignRight)), (name, index.row(), index.column())
