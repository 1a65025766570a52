"""The sheet form's group boxes, one per section of the system's form (``SheetSpec``): fields in
one or two columns with their derived values, lists of records with add and remove buttons."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import (QComboBox, QGridLayout, QGroupBox, QLabel, QPushButton, QSizePolicy, QStyle,
                               QStyleOptionComboBox, QToolButton)

from gmdesk.systems.kit.form import Field, ListSection, Section
from gmdesk.ui.sheets.editors import make_editor
from gmdesk.ui.sheets.labels import label_text
from gmdesk.ui.sheets.rows import HEADER_COLOR, WIDE_KINDS, FieldRow, tint

LABEL_WIDTH = 104  # labels longer than this are elided in two-column sections (full text in the tooltip)
WIDE_LABEL_WIDTH = 170  # and in one column: "Connaissances (architecture et ingénierie)"


class SectionBuilder:
    """Mixed into ``SheetForm`` (its rows, its columns, its edit slots)."""

    def _build_section(self, section: Section) -> QGroupBox:
        box = QGroupBox(label_text(section.title))
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        columns = max(1, min(section.columns, self._max_columns))
        # Text fields take a whole line (a name squeezed into half a line is unreadable); the others
        # fill the columns top to bottom, then left to right.
        wide = [f for f in section.fields if f.kind in WIDE_KINDS]
        narrow = [f for f in section.fields if f.kind not in WIDE_KINDS]
        line = 0
        for field in wide:
            row = self._field_row(field, section.root)
            grid.addWidget(self._label(field, row), 2 * line, 0)
            grid.addWidget(row.editor.widget, 2 * line, 1, 1, 4 * columns - 2)
            row.error_slot.place(grid, 2 * line + 1, 0, 1, 4 * columns - 1)
            line += 1
        per_column = -(-len(narrow) // columns) if narrow else 0
        for i, field in enumerate(narrow):
            col, offset = divmod(i, per_column)
            row = self._field_row(field, section.root)
            base, at = col * 4, line + offset
            grid.addWidget(self._label(field, row, LABEL_WIDTH if columns > 1 else WIDE_LABEL_WIDTH), 2 * at, base)
            grid.addWidget(row.editor.widget, 2 * at, base + 1)
            if row.derived is not None:
                grid.addWidget(row.derived, 2 * at, base + 2)
            row.error_slot.place(grid, 2 * at + 1, base, 1, 3)
            if col + 1 < columns:
                grid.setColumnMinimumWidth(base + 3, 12)
        for col in range(columns):  # editors take the room there is; labels and values keep theirs
            grid.setColumnStretch(col * 4 + 1, 1)
        return box

    @staticmethod
    def _label(field: Field, row: FieldRow, width: int = 0) -> QLabel:
        text = label_text(field.label)
        label = QLabel(text)
        tips = [label_text(field.tip)] if field.tip else []
        if width and label.fontMetrics().horizontalAdvance(text) > width:
            # "Knowledge (architecture and engineering)" would push the second column off screen; the
            # middle goes, so that "Connaiss…(histoire)" and "Connaiss…(nature)" stay apart.
            label.setText(label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideMiddle, width))
            tips.insert(0, text)
        label.setBuddy(row.editor.widget)
        if tips:
            label.setToolTip("\n".join(tips))
            row.editor.widget.setToolTip("\n".join(tips))
        return label

    def _field_row(self, field: Field, root: tuple) -> FieldRow:
        editor = make_editor(field)
        editor.widget.setObjectName("field:" + ".".join(map(str, root + field.path)))

        def read(d: dict, field=field, root=root) -> Any:
            return field.get(_at(d, root))

        def transform(d: dict, value: Any, field=field, root=root) -> dict:
            return _put(d, root, field.put(_at(d, root), value))

        row = FieldRow(field, editor, read, transform, ("field",) + root + field.path, root + field.path,
                       lambda d: None, derived=field.derived is not None and field.kind not in WIDE_KINDS)
        self._wire(row)
        return row

    def _build_list(self, section: ListSection) -> QGroupBox:
        box = QGroupBox(label_text(section.title))
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        items = section.rows(self._d.get("sheet", {}))
        for c, column in enumerate(section.columns if items else ()):
            head = QLabel(label_text(column.label))
            tint(head, HEADER_COLOR)
            head.setWordWrap(True)  # "Weapon groups" over two lines rather than a wider dock
            if column.tip:
                head.setToolTip(label_text(column.tip))
            grid.addWidget(head, 0, c)
        for i in range(len(items)):
            first = None
            for c, column in enumerate(section.columns):
                row = self._cell_row(section, i, column)
                grid.addWidget(row.editor.widget, 1 + 2 * i, c)
                if first is None:
                    first = row
                    row.error_slot.place(grid, 2 + 2 * i, 0, 1, len(section.columns) + 2)
                else:  # one error line per list row: the cells share the first cell's label
                    row.error_slot = first.error_slot
                if row.derived is not None:
                    grid.addWidget(row.derived, 1 + 2 * i, c + 1)
            remove = QToolButton()
            remove.setText("✕")
            remove.setObjectName(f"remove:{'.'.join(map(str, section.path))}:{i}")
            remove.setToolTip(QCoreApplication.translate("SheetForm", "Remove this line"))
            remove.clicked.connect(lambda _=False, s=section, i=i: self._remove_item(s, i))
            grid.addWidget(remove, 1 + 2 * i, len(section.columns) + 1)
        add = QPushButton(label_text(section.add_label) if section.add_label
                          else QCoreApplication.translate("SheetForm", "Add"))
        add.setObjectName(f"add:{'.'.join(map(str, section.path))}")
        add.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        add.clicked.connect(lambda _=False, s=section: self._add_item(s))
        grid.addWidget(add, 2 + 2 * len(items), 0, 1, max(2, len(section.columns) - 1))
        for c, column in enumerate(section.columns):
            if column.kind in ("text", "csv", "key", "multi"):
                grid.setColumnStretch(c, 1)
        return box

    def _cell_row(self, section: ListSection, index: int, column: Field) -> FieldRow:
        editor = make_editor(column)
        if isinstance(editor.widget, QComboBox):
            # A line of a list stays narrow ("STR", "melee"), yet never cuts the choice it shows
            # ("entraîné"): at least as wide as its current text (up to LIST_CHOICE_CHARS), not as
            # its longest choice ("finesse (STR or DEX)"), which would make the sheet scroll sideways
            # on a laptop; the list that drops down shows every choice whole.
            fit_to_current(editor.widget)
        path = ("sheet",) + section.path + (index,) + column.path
        editor.widget.setObjectName("field:" + ".".join(map(str, path)))

        def read(d: dict) -> Any:
            items = section.rows(d.get("sheet", {}))
            return column.get(items[index]) if index < len(items) else None

        def transform(d: dict, value: Any) -> dict:
            sheet = d.get("sheet", {})
            items = section.rows(sheet)
            if index >= len(items):
                raise LookupError(path)  # the row was removed since
            items[index] = column.put(items[index], value)
            return _put(d, ("sheet",), section.put_rows(sheet, items))

        def row_of(d: dict) -> dict | None:
            items = section.rows(d.get("sheet", {}))
            return items[index] if index < len(items) else None

        last = column is section.columns[-1]
        row = FieldRow(column, editor, read, transform, ("cell",) + path, path, row_of,
                       derived=last and section.derived is not None)
        row.section, row.index = section, index
        self._wire(row)
        return row

LIST_CHOICE_CHARS = 20


def fit_to_current(combo: QComboBox) -> None:
    """``combo`` as narrow as its current text allows (measured, not counted in widest letters)."""
    combo.setMinimumContentsLength(1)

    def fit(*_) -> None:
        text = combo.currentText()[:LIST_CHOICE_CHARS] or "XXX"
        option = QStyleOptionComboBox()
        option.initFrom(combo)
        option.frame = combo.hasFrame()
        metrics = combo.fontMetrics()
        size = QSize(metrics.horizontalAdvance(text) + 4, metrics.height())
        combo.setMinimumWidth(combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, size,
                                                             combo).width())

    combo.currentIndexChanged.connect(fit)
    fit()


def _at(d: dict, root: tuple) -> dict:
    for key in root:
        d = d.get(key, {})
    return d


def _put(d: dict, root: tuple, value: dict) -> dict:
    if not root:
        return value
    out = dict(d)
    out[root[0]] = _put(d.get(root[0], {}), root[1:], value)
    return out
