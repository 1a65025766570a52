"""One small adapter per kind of field: a widget, ``set_value``/``value``, and two signals.

``edited(value)`` fires when a value is *made*: a spin box arrow, a choice picked, Enter or Tab after
typing a number, each keystroke of a text. ``typed(value)`` fires on every keystroke in a number box
that reads as a number, before the value is made: the form saves it when the rules accept it (the odds
follow the typing) and shows the rule's message when they do not. ``finished()`` fires when they leave
the field or press Enter, which ends an undo "burst". ``set_value`` never fires any of them.

Spin boxes have two ranges. The *hard* range is what the widget can hold at all; the *rule* range is
what the rules allow now (the 3.5 maximum ranks move with the level). The arrows stop at the rule
range, but typing past it is let through so that the form can show the rule's own message beside the
field instead of the keystroke silently vanishing.
"""

from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (QAbstractSpinBox, QCheckBox, QComboBox, QDoubleSpinBox, QLineEdit, QMenu,
                               QSizePolicy, QToolButton, QWidget)

from gmdesk.systems.kit.form import Field
from gmdesk.ui.guards import GuardedComboBox, OwnWheel
from gmdesk.ui.number_box import NumberBox
from gmdesk.ui.sheets.labels import label_text

SPIN_MAX_WIDTH = 96  # a number needs no more, however wide the dock
CHOICE_MAX_WIDTH = 240
HARD_LIMIT = 999  # wide enough for any sheet value, narrow enough to keep spin boxes small


class _RuleRange:
    """Mixin for spin boxes: arrows and PageUp/PageDown clamp to the rule range."""

    rule_lo: float | None = None
    rule_hi: float | None = None

    def set_rule_range(self, lo: float | None, hi: float | None) -> None:
        self.rule_lo, self.rule_hi = lo, hi

    def _clamped_step(self, steps: int) -> float:
        target = self.value() + steps * self.singleStep()
        if self.rule_hi is not None and steps > 0:
            target = min(target, max(self.rule_hi, self.value()))
        if self.rule_lo is not None and steps < 0:
            target = max(target, min(self.rule_lo, self.value()))
        return target

    def stepEnabled(self):  # noqa: N802 (Qt name)
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        v = self.value()
        if v < self.maximum() and (self.rule_hi is None or v < self.rule_hi):
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        if v > self.minimum() and (self.rule_lo is None or v > self.rule_lo):
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return flags


class RuleSpinBox(_RuleRange, NumberBox):
    """Written in the window's language: a stat block's "1 800" XP, a boss's "1 200" HP."""

    def stepBy(self, steps: int) -> None:  # noqa: N802
        self.setValue(int(self._clamped_step(steps)))
        self.selectAll()


class RuleHalfSpinBox(_RuleRange, OwnWheel, QDoubleSpinBox):
    def stepBy(self, steps: int) -> None:  # noqa: N802
        self.setValue(self._clamped_step(steps))
        self.selectAll()


class Editor(QObject):
    edited = Signal(object)
    typed = Signal(object)
    finished = Signal()

    def __init__(self, field: Field, widget: QWidget, parent: QObject | None = None):
        super().__init__(parent)
        self.field = field
        self.widget = widget

    def set_value(self, value: Any) -> None:
        self.widget.blockSignals(True)
        try:
            self._show(value)
        finally:
            self.widget.blockSignals(False)

    def _show(self, value: Any) -> None:
        raise NotImplementedError

    def value(self) -> Any:
        raise NotImplementedError

    def shows(self, value: Any) -> bool:
        """Does the widget show ``value`` now (its text too, not only the value it last made)?"""
        return self.value() == value

    def set_rule_range(self, lo: float | None, hi: float | None) -> None:
        pass

    def retranslate(self) -> None:
        pass


class IntEditor(Editor):
    def __init__(self, field: Field, parent: QWidget | None = None, half: bool = False):
        box = RuleHalfSpinBox(parent) if half else RuleSpinBox(parent)
        if half:
            box.setDecimals(1)
            box.setSingleStep(0.5)
        # The widget holds more than the rules allow, so that a typed 35 reaches the form and gets the
        # rule's message ("at most 30") instead of vanishing; the rule range is set by the form.
        lo = field.lo if isinstance(field.lo, (int, float)) else 0
        hi = field.hi if isinstance(field.hi, (int, float)) else 0
        box.setRange(min(-HARD_LIMIT, lo), max(HARD_LIMIT, hi))
        box.setKeyboardTracking(False)  # valueChanged on arrows and Enter, not on every keystroke
        box.setMaximumWidth(SPIN_MAX_WIDTH)
        box.setAccelerated(True)
        box.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
        super().__init__(field, box, parent)
        self.half = half
        box.valueChanged.connect(lambda v: self.edited.emit(self.value()))
        box.editingFinished.connect(self.finished)
        box.lineEdit().textEdited.connect(self._typed)

    def _typed(self, text: str) -> None:
        box = self.widget
        state = box.validate(text, len(text))[0]
        if state == QValidator.State.Acceptable:
            value = box.valueFromText(text)
            self.typed.emit(self._normal(value))

    def _show(self, value: Any) -> None:
        self.widget.setValue(value if value is not None else 0)

    def value(self) -> Any:
        return self._normal(self.widget.value())

    def shows(self, value: Any) -> bool:
        # A number being typed is only text until Enter or Tab makes it the value: an undo meanwhile
        # must put the text back too, or leaving the field would save the undone number again.
        return self.value() == value and self.widget.text() == self.widget.textFromValue(value if value is not None else 0)

    def _normal(self, v: float) -> Any:
        if self.half:
            return int(v) if float(v).is_integer() else float(v)
        return int(v)

    def set_rule_range(self, lo, hi) -> None:
        self.widget.set_rule_range(lo, hi)
        tip = label_text(self.field.tip) if self.field.tip else ""
        if lo is not None and hi is not None:
            tip = (tip + "\n" if tip else "") + f"{lo:g} … {hi:g}"
        if self.widget.toolTip() != tip:  # each sheet loaded sets every field's: most stay the same
            self.widget.setToolTip(tip)


class OptIntEditor(Editor):
    """A whole number or nothing ("—"): the minimum of the spin box stands for None."""

    def __init__(self, field: Field, parent: QWidget | None = None):
        box = RuleSpinBox(parent)
        lo = int(field.lo if isinstance(field.lo, (int, float)) else 0)
        hi = int(field.hi if isinstance(field.hi, (int, float)) else HARD_LIMIT)
        box.setRange(lo - 1, hi)
        box.setSpecialValueText("—")
        box.setKeyboardTracking(False)
        box.setMaximumWidth(SPIN_MAX_WIDTH)
        super().__init__(field, box, parent)
        box.valueChanged.connect(lambda v: self.edited.emit(self.value()))
        box.editingFinished.connect(self.finished)

    def _show(self, value: Any) -> None:
        self.widget.setValue(self.widget.minimum() if value is None else value)

    def value(self) -> Any:
        v = self.widget.value()
        return None if v == self.widget.minimum() else int(v)

    def shows(self, value: Any) -> bool:  # as IntEditor.shows: the text being typed counts
        box = self.widget
        return self.value() == value and box.text() == (box.specialValueText() if value is None else box.textFromValue(value))


class ChoiceEditor(Editor):
    def __init__(self, field: Field, parent: QWidget | None = None):
        combo = GuardedComboBox(parent)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(5)
        combo.setMaximumWidth(CHOICE_MAX_WIDTH)
        # Narrow when it must be, as wide as its longest choice (up to the cap) when there is room.
        combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        super().__init__(field, combo, parent)
        self._fill(field.choices)
        combo.activated.connect(lambda i: (self.edited.emit(self.value()), self.finished.emit()))

    def _fill(self, choices: Sequence[tuple[str, Any]]) -> None:
        combo = self.widget
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for value, label in choices:
            combo.addItem(label_text(label) if label != "" else "—", value)
        if current is not None:
            combo.setCurrentIndex(max(combo.findData(current), 0))
        combo.blockSignals(False)

    def _show(self, value: Any) -> None:
        index = self.widget.findData(value)
        if index < 0:  # a value the table does not list (an imported sheet): show it as it is
            self.widget.addItem(str(value), value)
            index = self.widget.count() - 1
        self.widget.setCurrentIndex(index)

    def value(self) -> Any:
        return self.widget.currentData()

    def retranslate(self) -> None:
        self._fill(self.field.choices)


class KeyEditor(ChoiceEditor):
    """A choice from a table that also accepts a name typed in (an anarchy custom skill)."""

    def __init__(self, field: Field, parent: QWidget | None = None):
        super().__init__(field, parent)
        self.widget.setEditable(True)
        self.widget.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.widget.lineEdit().editingFinished.connect(self._typed)

    def _typed(self) -> None:
        if self.widget.lineEdit().isModified():
            self.widget.lineEdit().setModified(False)
            self.edited.emit(self.value())
            self.finished.emit()

    def value(self) -> Any:
        text = self.widget.currentText().strip()
        index = self.widget.findText(text)
        return self.widget.itemData(index) if index >= 0 else text


class BoolEditor(Editor):
    def __init__(self, field: Field, parent: QWidget | None = None, text: str = ""):
        box = QCheckBox(text, parent)
        super().__init__(field, box, parent)
        box.toggled.connect(lambda on: (self.edited.emit(on), self.finished.emit()))

    def _show(self, value: Any) -> None:
        self.widget.setChecked(bool(value))

    def value(self) -> Any:
        return self.widget.isChecked()


class TextEditor(Editor):
    def __init__(self, field: Field, parent: QWidget | None = None):
        line = QLineEdit(parent)
        super().__init__(field, line, parent)
        line.textEdited.connect(lambda t: self.edited.emit(self.value()))
        line.editingFinished.connect(self.finished)

    def _show(self, value: Any) -> None:
        text = ", ".join(value) if isinstance(value, list) else ("" if value is None else str(value))
        if self.widget.text() != text:
            self.widget.setText(text)

    def value(self) -> Any:
        text = self.widget.text()
        if self.field.kind == "csv":
            return [part.strip() for part in text.split(",") if part.strip()]
        return text


NOTHING_CHOSEN = "—"  # as the party list shows a value a character has not
MULTI_MIN_CHARS = 10


class MultiEditor(Editor):
    """A subset of a fixed table (a 3.5 class's class skills): a button with a checkable menu."""

    def __init__(self, field: Field, parent: QWidget | None = None):
        button = QToolButton(parent)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        # As a combo box in its column: it takes the room the line leaves, and with nothing chosen
        # (a dash) it stays a button worth aiming at, not a sliver beside a wrapped heading.
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        button.setMinimumWidth(button.fontMetrics().averageCharWidth() * MULTI_MIN_CHARS)
        menu = QMenu(button)
        button.setMenu(menu)
        super().__init__(field, button, parent)
        self._selected: list[str] = []
        self._actions = {}
        for value, label in field.choices:
            action = menu.addAction(label_text(label))
            action.setCheckable(True)
            action.setData(value)
            action.toggled.connect(lambda on, v=value: self._toggle(v, on))
            self._actions[value] = action

    def _toggle(self, value: str, on: bool) -> None:
        if self.widget.signalsBlocked():
            return
        self._selected = [v for v in self._selected if v != value] + ([value] if on else [])
        self._update_text()
        self.edited.emit(self.value())
        self.finished.emit()

    def _show(self, value: Any) -> None:
        self._selected = list(value or [])
        for key, action in self._actions.items():
            action.blockSignals(True)
            action.setChecked(key in self._selected)
            action.blockSignals(False)
        self._update_text()

    def _update_text(self) -> None:
        names = [self._actions[v].text() for v in self._selected if v in self._actions]
        if not names:  # an empty button read as a list that failed to fill (a kobold's class skills)
            self.widget.setText(NOTHING_CHOSEN)
            self.widget.setToolTip(QCoreApplication.translate("SheetForm", "None yet: click to choose"))
            return
        self.widget.setText(", ".join(names) if len(names) <= 2 else f"{names[0]}, {names[1]} +{len(names) - 2}")
        self.widget.setToolTip("\n".join(names))

    def value(self) -> Any:
        return list(self._selected)

    def retranslate(self) -> None:
        for value, label in self.field.choices:
            self._actions[value].setText(label_text(label))
        self._update_text()


def make_editor(field: Field, parent: QWidget | None = None) -> Editor:
    kind = field.kind
    if kind in ("int", "half"):
        return IntEditor(field, parent, half=(kind == "half"))
    if kind == "opt_int":
        return OptIntEditor(field, parent)
    if kind == "choice":
        return ChoiceEditor(field, parent)
    if kind == "key":
        return KeyEditor(field, parent)
    if kind in ("bool", "member"):
        return BoolEditor(field, parent)
    if kind in ("text", "csv"):
        return TextEditor(field, parent)
    if kind == "multi":
        return MultiEditor(field, parent)
    raise ValueError(f"unknown field kind {kind!r}")
