"""The options of a check, only those the campaign's system has (``GameSystem.options``): its
toggles (advantage, fortune, take 10, Luck…), its numbers, its lists, the helpers.

Every toggle any registered system declares is created once and shown or hidden by system, so
switching campaigns never rebuilds the box; the system's own words label it. ``changed`` fires on
any edit. The helpers (aid another, teamwork) and the system's lists (cof's other paths, dnd35's
situational synergies) are checkable lists filled from the sheets.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmdesk import systems
from gmdesk.systems.kit.options import CheckOptions as SystemOptions, Toggle
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.ui import i18n

SECRET = QT_TRANSLATE_NOOP("CheckOptions", "Secret roll")
SECRET_TIP = QT_TRANSLATE_NOOP("CheckOptions", "Rolled by the GM, hidden from the players and left out of exports")
HELPERS = "helpers"
NONE = SystemOptions()


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckOptions", ...) elsewhere."""
    return QCoreApplication.translate("CheckOptions", text)


class CheckOptions(QGroupBox):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("CheckOptions")
        self.system = ""
        self.spec = NONE
        self._quiet = False
        self.rules = None  # the campaign's house rules (set_rulings): a number may depend on one
        self.toggles: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        self.secret = QCheckBox()
        self.secret.setObjectName("option_secret")
        self.secret.toggled.connect(self._secret_toggled)

        # Numbers (anarchy: Edge/Trait rerolls, dice rolled); -1 = not set ("from the sheet", "all").
        self.numbers = QFormLayout()
        self.numbers.setContentsMargins(0, 0, 0, 0)
        self.number_spins: dict[str, QSpinBox] = {}
        self.number_labels: dict[str, QLabel] = {}
        self.numbers_box = QWidget()
        self.numbers_box.setLayout(self.numbers)

        self._laid_out: tuple[str, str] | None = None  # the system and language the toggles were placed for
        self.lists: dict[str, QListWidget] = {}
        self._filled: dict[str, list] = {}  # each list's (key, text) rows, by its object name
        self._hidden: dict[str, str] = {}  # each list's hidden row (the actor among the helpers)
        self.list_labels: dict[str, QLabel] = {}

        self.grid = grid
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(3)
        layout.addLayout(grid)
        layout.addWidget(self.numbers_box)
        self._add_list(HELPERS)
        self.retranslate()
        self.set_system("")

    # -- widgets, made the first time a system that has them is shown ------------------------------
    # (not every system's at start: asking each system for its options loads all five, and a
    # window opening one campaign needs one; a widget made once is kept, shown or hidden by system)
    def _make(self, spec: SystemOptions) -> None:
        for toggle in spec.toggles:
            if toggle.name not in self.toggles:
                box = QCheckBox()
                box.setObjectName(f"option_{toggle.name}")
                box.toggled.connect(lambda on, n=toggle.name: self._toggled(n, on))
                self.toggles[toggle.name] = box
        for number in spec.numbers:
            if number.name not in self.number_spins:
                spin = QSpinBox()
                spin.setObjectName(f"option_{number.name}")
                spin.setRange(-1, number.hi)
                # The special text before the first layout: a spin box sizes itself by it once.
                spin.setSpecialValueText(number.special.text(self.lang))
                spin.setValue(-1)
                spin.valueChanged.connect(self._emit)
                label = QLabel()
                self.numbers.addRow(label, spin)
                self.number_spins[number.name], self.number_labels[number.name] = spin, label
        for choice in spec.choices:
            if choice.name not in self.lists:
                self._add_list(choice.name)

    def _add_list(self, name: str) -> None:
        widget = QListWidget()
        widget.setObjectName(f"option_{name}")
        widget.setMaximumHeight(84)
        widget.setUniformItemSizes(True)  # one line each: laid out without measuring a bestiary's every row
        widget.itemChanged.connect(self._emit)
        label = QLabel()
        label.setWordWrap(True)  # long explanations must not widen the whole column
        label.setVisible(False)
        widget.setVisible(False)
        self.lists[name], self.list_labels[name] = widget, label
        self._layout.addWidget(label)
        self._layout.addWidget(widget)

    @property
    def lang(self) -> str:
        return i18n.current_language()

    # -- configuration --------------------------------------------------------------------------
    def set_system(self, system: str) -> None:
        """Show this system's options only (a fresh campaign: every option off)."""
        self.system = system
        game = systems.find(system)
        spec = game.options if game is not None else NONE
        # Another campaign of the same system in the same language: the same toggles in the same
        # places, only their values start again (laying the grid out anew cost a campaign switch a
        # millisecond and a half, for the same picture).
        same = spec is self.spec and self._laid_out == (system, self.lang)
        self.spec = spec
        self._make(self.spec)
        self._quiet = True
        for box in self.toggles.values():
            box.setChecked(False)
        if not same:
            self._lay_out_toggles()
        else:
            for toggle in self.spec.toggles:
                self.toggles[toggle.name].setEnabled(not toggle.secret_only)  # a secret check only
        self.secret.setChecked(False)
        names = {n.name for n in self.spec.numbers}
        for name, spin in self.number_spins.items():
            spin.setValue(-1)
            spin.setVisible(name in names)
            self.number_labels[name].setVisible(name in names)
        self.numbers_box.setVisible(bool(names))
        for widget in self.lists.values():
            widget.clear()
        self._filled.clear()
        self._hidden.clear()
        self._show_lists()
        self._quiet = False
        if not same:
            self.retranslate()
        self._laid_out = (system, self.lang)

    def _lay_out_toggles(self) -> None:
        for i in reversed(range(self.grid.count())):
            self.grid.takeAt(i)
        for box in self.toggles.values():
            box.setVisible(False)
        # The system's toggles, then "Secret roll", then the toggles that only a secret roll has.
        shown = [t for t in self.spec.toggles if not t.secret_only]
        after = [t for t in self.spec.toggles if t.secret_only]
        for i, toggle in enumerate([*shown, None, *after]):
            box = self.secret if toggle is None else self.toggles[toggle.name]
            box.setVisible(True)
            self.grid.addWidget(box, i // 2, i % 2)
            if toggle is not None:
                box.setEnabled(not toggle.secret_only)  # a secret check only

    def set_context(self, actor, ref: CheckRef | None, party: list) -> None:
        """Fit the options to the actor and roll: helpers (the rest of ``party``), the system's lists,
        what the sheet allows."""
        self._quiet = True
        sheet = actor.sheet if actor is not None else None
        for toggle in self.spec.toggles:
            box = self.toggles[toggle.name]
            applies = toggle.applies_to(ref) if (toggle.only_for is not None or toggle.not_for) else True
            if toggle.available is not None and sheet is not None:
                available = toggle.available(sheet, ref)
                # A toggle that spends from the sheet stays enabled while ticked: the GM may untick it.
                applies = applies and (available or (bool(toggle.spends) and box.isChecked()))
            if not toggle.secret_only:
                box.setEnabled(applies)
            if not applies:
                box.setChecked(False)
            if toggle.from_sheet is not None and sheet is not None:
                box.setChecked(toggle.from_sheet(sheet))
            if toggle.from_roll is not None:
                box.setChecked(toggle.from_roll(sheet, ref))
            if toggle.tip_note is not None and sheet is not None:
                tip = toggle.tip.text(self.lang) if toggle.tip else ""
                box.setToolTip(tip + " — " + toggle.tip_note(sheet).text(self.lang))
        # Everyone but the actor may help: the whole party is listed once and the actor's row hidden,
        # so choosing another actor in a bestiary of 2,000 NPCs doesn't rebuild 2,000 rows.
        self._fill(self.lists[HELPERS], [(str(c.id), c.name) for c in party], keep=True,
                   hidden="" if actor is None else str(actor.id))
        for name, widget in self.lists.items():
            if name != HELPERS:
                choice = next((c for c in self.spec.choices if c.name == name), None)
                self._fill(widget, choice.items(sheet, ref) if choice is not None and sheet is not None else [])
        self._show_lists()
        self._quiet = False

    def reset_secret(self) -> None:
        """Untick "Secret roll" (and what only a secret roll has) without a ``changed``: the panel
        recomputes once it has the new actor's check."""
        quiet, self._quiet = self._quiet, True
        self.secret.setChecked(False)
        self._quiet = quiet

    def set_rulings(self, rules) -> None:
        """The campaign's house rules: a number may be off while a toggle is on (R-3: Luck after the
        roll replaces the Edge rerolls, unless the house rule lets them combine)."""
        self.rules = rules
        self._number_states()

    def _number_states(self) -> None:
        for number in self.spec.numbers:
            off = bool(number.off_with) and self.toggles[number.off_with].isChecked() \
                and bool(getattr(self.rules, number.off_ruling, True))
            self.number_spins[number.name].setEnabled(not off)

    def _fill(self, widget: QListWidget, items: list[tuple[str, str]], keep: bool = False, hidden: str = "") -> None:
        """``items`` (key, text) as checkable rows, ticks kept when ``keep`` (the row ``hidden`` is
        shown unticked: the actor doesn't help themselves). The same items are not built again."""
        widget.blockSignals(True)
        if self._filled.get(widget.objectName()) != items:
            checked = set(self._ticked(widget)) if keep else set()
            widget.clear()
            for key, text in items:
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, key)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if key in checked else Qt.CheckState.Unchecked)
                widget.addItem(item)
            self._filled[widget.objectName()] = list(items)
        elif not keep:
            for key in self._ticked(widget):
                widget.item(self._row(widget, key)).setCheckState(Qt.CheckState.Unchecked)
        was = self._hidden.get(widget.objectName(), "")
        if was != hidden or hidden:
            for key, hide in ((was, False), (hidden, True)):
                row = self._row(widget, key) if key else -1
                if row >= 0:
                    item = widget.item(row)
                    widget.setRowHidden(row, hide)
                    # Hidden: unticked, and no key can tick it (Space on the list's current row).
                    usable = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable
                    item.setFlags(item.flags() & ~usable if hide else item.flags() | usable)
                    if hide:
                        item.setCheckState(Qt.CheckState.Unchecked)
                        if widget.currentRow() == row:
                            widget.setCurrentRow(-1)
            self._hidden[widget.objectName()] = hidden
        widget.blockSignals(False)

    @staticmethod
    def _ticked(widget: QListWidget) -> list[str]:
        return [widget.item(i).data(Qt.ItemDataRole.UserRole) for i in range(widget.count())
                if widget.item(i).checkState() == Qt.CheckState.Checked]

    def _row(self, widget: QListWidget, key: str) -> int:
        return next((i for i, (k, _) in enumerate(self._filled.get(widget.objectName(), ())) if k == key), -1)

    def _show_lists(self) -> None:
        for name, widget in self.lists.items():
            show = self.spec.helpers is not None if name == HELPERS else widget.count() > 0
            widget.setVisible(show)
            self.list_labels[name].setVisible(show)

    # -- reading --------------------------------------------------------------------------------
    def flags(self) -> dict[str, bool]:
        return {t.name: self.toggles[t.name].isChecked() for t in self.spec.toggles
                if self.toggles[t.name].isChecked() or t.always_sent}

    def checked(self, name: str) -> tuple[str, ...]:
        widget = self.lists[name]
        return tuple(widget.item(i).data(Qt.ItemDataRole.UserRole) for i in range(widget.count())
                     if widget.item(i).checkState() == Qt.CheckState.Checked and not widget.isRowHidden(i))

    def helper_ids(self) -> tuple[int, ...]:
        return tuple(int(k) for k in self.checked(HELPERS))

    def number_values(self) -> dict[str, int | None]:
        """The system's numbers; None where not set."""
        return {n.name: (None if self.number_spins[n.name].value() < 0 else self.number_spins[n.name].value())
                for n in self.spec.numbers}

    def choice_values(self) -> dict[str, tuple[str, ...]]:
        return {c.name: self.checked(c.name) for c in self.spec.choices}

    # -- reactions ------------------------------------------------------------------------------
    def _toggled(self, name: str, on: bool) -> None:
        # Pairs the GM would otherwise have to untick by hand: take 10 or 20; one fortune (one
        # misfortune) effect per roll.
        toggle = self.spec.toggle(name)
        other = toggle.excludes if toggle is not None else ""
        if on and other and self.toggles[other].isChecked():
            self.toggles[other].blockSignals(True)
            self.toggles[other].setChecked(False)
            self.toggles[other].blockSignals(False)
        self._number_states()
        self._emit()

    def _secret_toggled(self, on: bool) -> None:
        for toggle in self.spec.toggles:
            if toggle.secret_only:
                box = self.toggles[toggle.name]
                box.setEnabled(on)
                if not on and box.isChecked():
                    box.blockSignals(True)
                    box.setChecked(False)
                    box.blockSignals(False)
        self._emit()

    def _emit(self, *_) -> None:
        if not self._quiet:
            self.changed.emit()

    def retranslate(self) -> None:
        self.setTitle(QCoreApplication.translate("CheckOptions", "Options"))
        lang = self.lang
        for toggle in self.spec.toggles:
            box = self.toggles[toggle.name]
            box.setText(toggle.label.text(lang))
            box.setToolTip(toggle.tip.text(lang) if toggle.tip else "")
        self.secret.setText(tr(SECRET))
        self.secret.setToolTip(tr(SECRET_TIP))
        for number in self.spec.numbers:
            self.number_spins[number.name].setSpecialValueText(number.special.text(lang))
            self.number_labels[number.name].setText(number.label.text(lang))
        if self.spec.helpers is not None:
            self.list_labels[HELPERS].setText(self.spec.helpers.text(lang))
        for choice in self.spec.choices:
            self.list_labels[choice.name].setText(choice.label.text(lang))
