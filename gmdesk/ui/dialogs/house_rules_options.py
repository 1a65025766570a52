"""The house-rules dialog's boxes for what is not a ruling: the initiative tie rule of the campaign's
system, and a system's option that is a list of rows (the cof ND ladder), edited as a table. Each
shows a live example of the current choice, as the rulings' boxes do."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QAbstractItemView, QButtonGroup, QGroupBox, QHBoxLayout, QHeaderView, QLabel,
                               QPushButton, QRadioButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from gmdesk.campaign.house_rules import TIE_RULES
from gmdesk.campaign.house_rules_examples import tie_example
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.ui import i18n



def wrapped(text: str, indent: int = 0) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setContentsMargins(indent, 0, 0, 4)
    return label


def example_label(name: str) -> QLabel:
    label = wrapped("")
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.RichText)  # the chosen figure in bold; texts escaped
    return label


def option_example(option, choices, chosen, lang: str, decimal_point: str) -> str:
    """An option's example as rich text: each choice's figure in ``{0}``, ``{1}``…, the chosen one in
    bold. A figure is a probability (shown as a percentage) or words (``Word``)."""
    def shown(value) -> str:
        figure = option.figure(value)
        text = figure.text(lang) if hasattr(figure, "text") else percent_text(figure, decimal_point)
        text = html.escape(text, quote=False)
        return f"<b>{text}</b>" if value == chosen else text

    sentence = html.escape(option.example.text(lang), quote=False)
    return html.escape(QCoreApplication.translate("HouseRules", "Example: {text}"), quote=False).format(
        text=sentence.format(*(shown(value) for value in choices)))


class TieBox(QGroupBox):
    """The initiative tie rule of the campaign's system: a button per rule, the system's default
    named so, and what the chosen rule does to two combatants tied (the queue's own sort)."""

    def __init__(self, system: str, rule: str, default: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.system, self.lang = system, i18n.current_language()
        self.setObjectName("initiative_ties")
        self.setTitle(QCoreApplication.translate("HouseRules", "Initiative: how ties break"))
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        for name, words in TIE_RULES.items():
            text = words.text(self.lang)
            if name == default:
                text = QCoreApplication.translate("HouseRules", "%1 (the default)").replace("%1", text)
            button = QRadioButton(text)
            button.setObjectName(f"tie_{name}")
            button.setChecked(name == rule)
            self.group.addButton(button)
            self.buttons[name] = button
            layout.addWidget(button)
        self.example_label = example_label("initiative_ties_example")
        layout.addWidget(self.example_label)
        self.group.buttonToggled.connect(lambda *_: self._show_example())
        self._show_example()

    def value(self) -> str:
        return next(name for name, button in self.buttons.items() if button.isChecked())

    def _show_example(self) -> None:
        text = html.escape(tie_example(self.system, self.value(), self.lang), quote=False)
        example = html.escape(QCoreApplication.translate("HouseRules", "Example: {text}"), quote=False)
        self.example_label.setText(example.format(text=f"<b>{text}</b>"))


class TableBox(QGroupBox):
    """A system's option that is a list of rows (``HouseOption.columns``): a table the GM edits, rows
    added and removed, checked by the option itself; the example follows every edit."""

    def __init__(self, option, value, decimal_point: str = ".", parent: QWidget | None = None):
        super().__init__(parent)
        self.option, self.lang, self.decimal_point = option, i18n.current_language(), decimal_point
        self.setObjectName(f"option_{option.name}")
        self.setTitle(option.title.text(self.lang) if option.title else option.name)
        self.keys = [key for key, _ in option.columns]
        self.table = QTableWidget(0, len(self.keys), self)
        self.table.setObjectName(f"option_{option.name}_table")
        self.table.setHorizontalHeaderLabels([header.text(self.lang) for _, header in option.columns])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setMinimumHeight(150)
        for row in option.write(value):
            self._append([str(row.get(key, "")) for key in self.keys])
        self.add_button = QPushButton(QCoreApplication.translate("HouseRules", "Add a row"))
        self.remove_button = QPushButton(QCoreApplication.translate("HouseRules", "Remove the row"))
        self.add_button.setObjectName(f"option_{option.name}_add")
        self.remove_button.setObjectName(f"option_{option.name}_remove")
        self.add_button.clicked.connect(lambda: self._append([""] * len(self.keys)))
        self.remove_button.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        if option.explain is not None:
            layout.addWidget(wrapped(option.explain.text(self.lang)))
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.example_label = example_label(f"option_{option.name}_example")
        layout.addWidget(self.example_label)
        self.table.itemChanged.connect(lambda *_: self._show_example())
        self._show_example()

    def _append(self, cells: list[str]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate(cells):
            self.table.setItem(row, column, QTableWidgetItem(text))
        self._show_example()

    def _remove(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        for row in rows or ([self.table.rowCount() - 1] if self.table.rowCount() else []):
            self.table.removeRow(row)
        self._show_example()

    def rows(self) -> list[dict]:
        """The table as the option's JSON rows: whole numbers read as numbers, empty rows dropped."""
        out = []
        for row in range(self.table.rowCount()):
            cells = {}
            for column, key in enumerate(self.keys):
                item = self.table.item(row, column)
                text = item.text().strip() if item is not None else ""
                cells[key] = int(text) if text.lstrip("-").isdigit() and len(text) < 6 else text
            if any(cell != "" for cell in cells.values()):
                out.append(cells)
        return out

    def value(self):
        """The option's value from the table; ``RulesError`` (naming what is wrong) when it is not one."""
        return self.option.from_json(self.rows(), self.option.name)

    def problem(self) -> str | None:
        """What is wrong with the table, in the GM's language (None: nothing)."""
        try:
            self.value()
        except RulesError as error:
            row = re.search(r"\[(\d+)\]", error.field)
            rule = self.option.invalid.text(self.lang) if self.option.invalid else error.rule
            if row is None:
                return rule
            return QCoreApplication.translate("HouseRules", "row %1: %2").replace("%1", str(int(row.group(1)) + 1)) \
                .replace("%2", rule)
        return None

    def _show_example(self) -> None:
        if not hasattr(self, "example_label"):
            return  # rows filled before the label exists
        problem = self.problem()
        if problem is not None:
            self.example_label.setText(html.escape(problem, quote=False))
            return
        value = self.value()
        if self.option.example is not None and self.option.figure is not None:
            self.example_label.setText(option_example(self.option, [value], value, self.lang, self.decimal_point))
