"""The prep panel's selection kept in step: the scene and check chosen in the lists, the matrix's
current cell (its column framed) and the tab in view, which follows them. Apart from the panel, which
reads the campaign and computes the odds these show.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel


class FollowsTheSelection:
    """Mixed into ``PrepPanel`` (its ``scenes``, ``editor``, ``matrix``, ``matrix_model``, ``tabs``
    and their panes, ``grid``, ``ctx``, ``store``, ``recompute``, ``_matrix_seen``, ``_opening``)."""

    def _set_matrix_current(self, row: int, column: int) -> None:
        index = self.matrix_model.index(row, column)
        if index.isValid():
            self.matrix.selectionModel().setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def selected_column(self) -> int:
        return self.grid.column_of(self.scenes.check_id())

    def _update_tabs(self) -> None:
        """Bring the tab in view up to date; the hidden ones catch up when the GM opens them
        (the solver and the group charts cost more than the whole matrix)."""
        if self._matrix_seen.stale:
            return  # prep off screen: the matrix's catching up brings the tabs up to date
        self._stale = set(range(self.tabs.count()))
        self._update_tab(self.tabs.currentIndex())

    def _update_tab(self, tab: int) -> None:
        if tab not in self._stale:
            return
        self._stale.discard(tab)
        column = self.selected_column()
        point = self.decimal_point
        widget = self.tabs.widget(tab)
        if widget is self.detail:
            index = self.matrix.currentIndex()
            row = index.row() if index.isValid() else -1
            self.detail.show_cell(self.ctx, self.grid, row, index.column() if index.isValid() else -1, point)
        elif widget is self.solver:
            self.solver.set_data(self.ctx, self.grid, column, point)
        elif widget is self.group:
            self.group.set_data(self.ctx, self.grid, column, point)
        elif widget is self.roll_pane:
            self.roll_pane.set_data(self.store, self.grid, column, self.ctx)

    # -- selection ----------------------------------------------------------------------------
    def _scene_selected(self, _scene_id) -> None:
        if self._opening:
            return
        self.matrix.selectionModel().clearCurrentIndex()
        self.recompute()
        self._check_selected(self.scenes.check_id())
        self._enable()

    def _check_selected(self, check_id) -> None:
        if self._opening:
            return
        check = self.scenes.check()
        if self.editor.prepared is None or check is None or self.editor.prepared.id != getattr(check, "id", None):
            self.editor.show_check(check)
        if self._matrix_seen.stale:
            return  # the matrix, its selection and the tabs follow when the GM sees prep
        column = self.grid.column_of(check_id)
        if column >= 0 and self.grid.members:
            current = self.matrix.currentIndex()
            if not current.isValid() or current.column() != column:
                self._set_matrix_current(current.row() if current.isValid() else 0, column)
        self._update_tabs()

    def _frame_column(self, column: int | None) -> None:
        if column == self._framed:
            return
        if self._framed is not None:
            self.matrix.setItemDelegateForColumn(self._framed, None)
        if column is not None and column >= 0:
            self.matrix.setItemDelegateForColumn(column, self._frame)
        self._framed = column

    def _cell_selected(self, current, _previous) -> None:
        self._frame_column(current.column() if current.isValid() else None)
        if current.isValid() and 0 <= current.column() < len(self.grid.checks):
            check_id = self.grid.checks[current.column()].id
            if check_id != self.scenes.check_id():
                self.scenes.select_check(check_id)  # the list follows; it calls _check_selected
                return
        self._update_tabs()
