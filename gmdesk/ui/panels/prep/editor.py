"""The form of one prepared check: name, roll, DC or threshold, notes, who may roll it, secret.

Every edit is handed over at once as a new ``PreparedCheck`` (``edited``); the panel saves it in the
campaign. Notes are saved when the GM pauses typing (or leaves the field), not at every keystroke.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPlainTextEdit, QSpinBox, QWidget)

from gmdesk.campaign.model import PreparedCheck
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.engine.core import RulesError
from gmdesk.ui.long_text import ElidedCombo
from gmdesk.ui.write_refusals import refusal_text
from gmdesk.ui.panels.prep.grid import DEFAULT_DC, DEFAULT_THRESHOLD, PrepContext
from gmdesk.ui.panels.check.setup import target_word

OPEN = -1  # the threshold spin's "open test" (no threshold)
NOTES_PAUSE_MS = 600


translate = QCoreApplication.translate


class _Notes(QPlainTextEdit):
    left = Signal()

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.left.emit()


class PrepCheckEditor(QWidget):
    edited = Signal(object)  # the PreparedCheck as the form now says

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx: PrepContext | None = None
        self.prepared: PreparedCheck | None = None
        self._filling = False
        self._options: list[CheckRef] = []

        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("prepCheckName")
        self.roll_combo = ElidedCombo()  # a check's label is long by nature ("SAG + Voie du traqueur")
        self.roll_combo.setObjectName("prepCheckRoll")
        self.roll_combo.setMaxVisibleItems(20)
        self.roll_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.roll_combo.setMinimumContentsLength(14)
        self.target_spin = QSpinBox()
        self.target_spin.setObjectName("prepCheckTarget")
        # Odds follow each keystroke: "2" then "25" are saved as typed, and merge into one undo step
        # (prep_edits: consecutive edits of one field of one check are one step).
        self.notes_edit = _Notes()
        self.notes_edit.setObjectName("prepCheckNotes")
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setMaximumHeight(64)
        self.rollers_list = QListWidget()
        self._roller_rows: list = []  # (id, text) of the rows shown
        self.rollers_list.setObjectName("prepCheckRollers")
        self.rollers_list.setMaximumHeight(96)
        self.rollers_list.setUniformItemSizes(True)  # one line each: laid out without measuring every row
        self.secret_box = QCheckBox()
        self.secret_box.setObjectName("prepCheckSecret")
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #b00020")
        self.error_label.setWordWrap(True)
        self.error_label.setVisible(False)
        self._notes_timer = QTimer(self, singleShot=True, interval=NOTES_PAUSE_MS)

        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.labels = {key: QLabel() for key in ("name", "roll", "target", "notes", "rollers")}
        for key, widget in (("name", self.name_edit), ("roll", self.roll_combo), ("target", self.target_spin),
                            ("notes", self.notes_edit), ("rollers", self.rollers_list)):
            self.labels[key].setBuddy(widget)
            self.form.addRow(self.labels[key], widget)
        self.form.addRow(self.secret_box)
        self.form.addRow(self.error_label)

        self.name_edit.editingFinished.connect(self._changed)
        self.roll_combo.currentIndexChanged.connect(self._changed)
        self.roll_combo.currentIndexChanged.connect(self._target_label)
        self.target_spin.valueChanged.connect(self._changed)
        self.secret_box.toggled.connect(self._changed)
        self.rollers_list.itemChanged.connect(self._changed)
        self.notes_edit.textChanged.connect(self._notes_timer.start)
        self._notes_timer.timeout.connect(self._changed)
        self.notes_edit.left.connect(self.flush)
        self.retranslate()
        self.show_check(None)

    # -- feeding ------------------------------------------------------------------------------
    def set_context(self, ctx: PrepContext | None) -> None:
        """New sheets or rules: refill the choices, unless nothing the form lists changed."""
        old, self.ctx = self._signature(), ctx
        if old != self._signature() or ctx is None:
            self.show_check(self.prepared)

    def _signature(self) -> tuple:
        ctx = self.ctx
        if ctx is None:
            return ()
        return (ctx.system, ctx.lang, tuple(ctx.check_options()),
                tuple((c.id, c.name, c.kind) for c in ctx.characters.values()))

    def forget(self) -> None:
        """Another campaign: drop the check shown (its notes were flushed) and empty the form."""
        self._notes_timer.stop()
        self.prepared = None
        self.show_check(None)

    def show_check(self, prepared: PreparedCheck | None) -> None:
        """Fill the form from ``prepared`` (None: nothing selected, the form is disabled)."""
        self.flush()
        self.prepared = prepared
        self._filling = True
        try:
            self.setEnabled(prepared is not None and self.ctx is not None and not self.ctx.read_only)
            self.error_label.setVisible(False)
            self._fill_rolls(prepared.check if prepared else None)
            self._fill_target(prepared)
            self._fill_rollers(prepared)
            self.name_edit.setText(prepared.name if prepared else "")
            if self.notes_edit.toPlainText() != (prepared.notes if prepared else ""):
                self.notes_edit.setPlainText(prepared.notes if prepared else "")
            self.secret_box.setChecked(bool(prepared and prepared.secret))
        finally:
            self._filling = False
        self._notes_timer.stop()

    def _fill_rolls(self, ref: CheckRef | None) -> None:
        options = self.ctx.check_options() if self.ctx else []
        if ref is not None and all(r != ref for r, _ in options):
            options.append((ref, self.ctx.check_label(ref) if self.ctx else str(ref)))  # keep what is stored
        self._options = [r for r, _ in options]
        self.roll_combo.clear()
        for r, label in options:
            self.roll_combo.addItem(label, str(r))
        self.roll_combo.setCurrentIndex(self._options.index(ref) if ref in self._options else -1)

    def _fill_target(self, prepared: PreparedCheck | None) -> None:
        by_threshold = bool(self.ctx and self.ctx.by_threshold)
        if by_threshold:
            self.target_spin.setRange(OPEN, 30)
            self.target_spin.setSpecialValueText(translate("PrepPanel", "open test"))
            value = prepared.threshold if prepared and prepared.threshold is not None else OPEN
        else:
            self.target_spin.setRange(-20, 100)
            self.target_spin.setSpecialValueText("")
            value = prepared.dc if prepared and prepared.dc is not None else DEFAULT_DC
        self.target_spin.setValue(value)
        self._target_label()

    def _target_label(self) -> None:
        """"DC", "AC" for an attack, cof's "ND", a threshold: the check panel's words."""
        if self.ctx is None:
            self.labels["target"].setText(translate("PrepPanel", "&DC:"))
            return
        index = self.roll_combo.currentIndex()
        ref = self._options[index] if 0 <= index < len(self._options) else (self.prepared.check if self.prepared else None)
        word = target_word(self.ctx.system, ref)
        self.labels["target"].setText(f"&{word[:1].upper()}{word[1:]}:")

    def _fill_rollers(self, prepared: PreparedCheck | None) -> None:
        chosen = set(prepared.rollers) if prepared else set()
        npc = translate("PrepPanel", "NPC")
        # No check picked: the form is disabled and lists no one (a bestiary's 2,000 rows are built
        # when the GM picks a check, not each time a campaign opens).
        rows = [(c.id, c.name if c.kind == "pc" else f"{c.name} ({npc})")
                for c in (self.ctx.characters.values() if self.ctx and prepared else ())]
        # The same party again (another prepared check, the same campaign): only the ticks change,
        # as a bestiary's 2,000 rows would take a moment to build again.
        if rows != self._roller_rows:
            self.rollers_list.clear()
            for cid, text in rows:
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, cid)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if cid in chosen else Qt.CheckState.Unchecked)
                self.rollers_list.addItem(item)
            self._roller_rows = rows
            return
        for row, (cid, _) in enumerate(rows):
            item = self.rollers_list.item(row)
            state = Qt.CheckState.Checked if cid in chosen else Qt.CheckState.Unchecked
            if item.checkState() != state:
                item.setCheckState(state)

    # -- reading ------------------------------------------------------------------------------
    def rollers(self) -> list[int]:
        out = []
        for i in range(self.rollers_list.count()):
            item = self.rollers_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def current(self) -> PreparedCheck | None:
        """The prepared check as the form says (RulesError when a value is refused)."""
        if self.prepared is None:
            return None
        index = self.roll_combo.currentIndex()
        ref = self._options[index] if 0 <= index < len(self._options) else self.prepared.check
        value = self.target_spin.value()
        by_threshold = bool(self.ctx and self.ctx.by_threshold)
        return replace(self.prepared, name=self.name_edit.text().strip() or self.prepared.name, check=ref,
                       dc=None if by_threshold else value, threshold=(None if value == OPEN else value) if by_threshold else None,
                       notes=self.notes_edit.toPlainText(), rollers=self.rollers(), secret=self.secret_box.isChecked())

    def flush(self) -> None:
        """Hand over notes still waiting for the pause."""
        if self._notes_timer.isActive():
            self._notes_timer.stop()
            self._changed()

    def _changed(self, *_) -> None:
        if self._filling or self.prepared is None:
            return
        try:
            updated = self.current()
        except RulesError as exc:
            self.error_label.setText(refusal_text(exc))
            self.error_label.setVisible(True)
            return
        self.error_label.setVisible(False)
        if updated is not None and updated.to_dict() != self.prepared.to_dict():
            self.prepared = updated
            self.edited.emit(updated)

    def retranslate(self) -> None:
        self.labels["name"].setText(translate("PrepPanel", "&Name:"))
        self.labels["roll"].setText(translate("PrepPanel", "R&oll:"))
        self.labels["notes"].setText(translate("PrepPanel", "No&tes:"))
        self.labels["rollers"].setText(translate("PrepPanel", "Who &may roll:"))
        self.rollers_list.setToolTip(
            translate("PrepPanel", "Tick who may roll this check; nobody ticked means any party member."))
        self.secret_box.setText(translate("PrepPanel", "&Secret (the GM rolls it hidden)"))
        by_threshold = bool(self.ctx and self.ctx.by_threshold)
        self._target_label()
        if by_threshold:
            self.target_spin.setSpecialValueText(translate("PrepPanel", "open test"))


def new_check(ctx: PrepContext, name: str) -> PreparedCheck:
    """A fresh prepared check: the system's natural first roll at a moderate DC (threshold 2)."""
    options = ctx.check_options()
    ref = options[0][0] if options else ctx.game.prep.default_check
    if ctx.by_threshold:
        return PreparedCheck(None, name, ref, None, DEFAULT_THRESHOLD)
    return PreparedCheck(None, name, ref, DEFAULT_DC)
