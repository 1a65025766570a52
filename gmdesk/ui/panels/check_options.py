"""The options of a check, only those the campaign's system has: advantage, fortune, take 10, Luck…

Every toggle is created once and shown or hidden by system, so switching campaigns never rebuilds
the box; ``changed`` fires on any edit. The helpers (dnd35 aid another, anarchy teamwork), cof's
extra paths and dnd35's situational synergies are checkable lists filled from the sheets.
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

from gmdesk.systems.kit.refs import CheckRef

# Situation toggles per system, in the order shown.
TOGGLES: dict[str, tuple[str, ...]] = {
    "pf2": ("fortune", "misfortune", "reroll_failure", "reroll_success", "cannot_succeed", "player_knows"),
    "dnd5e": ("advantage", "disadvantage", "inspiration", "fail_voluntarily"),
    "dnd35": ("take10", "take20", "threatened", "failure_has_consequences"),
    "cof": (),
    "anarchy": ("luck_before", "luck_after", "specialization"),
}
LABELS = {
    "fortune": QT_TRANSLATE_NOOP("CheckOptions", "Fortune"),
    "misfortune": QT_TRANSLATE_NOOP("CheckOptions", "Misfortune"),
    "reroll_failure": QT_TRANSLATE_NOOP("CheckOptions", "Reroll a failure"),
    "reroll_success": QT_TRANSLATE_NOOP("CheckOptions", "Must reroll a success"),
    "cannot_succeed": QT_TRANSLATE_NOOP("CheckOptions", "Cannot succeed"),
    "player_knows": QT_TRANSLATE_NOOP("CheckOptions", "Player knows of it"),
    "advantage": QT_TRANSLATE_NOOP("CheckOptions", "Advantage"),
    "disadvantage": QT_TRANSLATE_NOOP("CheckOptions", "Disadvantage"),
    "inspiration": QT_TRANSLATE_NOOP("CheckOptions", "Heroic Inspiration"),
    "fail_voluntarily": QT_TRANSLATE_NOOP("CheckOptions", "Fails on purpose"),
    "take10": QT_TRANSLATE_NOOP("CheckOptions", "Take 10"),
    "take20": QT_TRANSLATE_NOOP("CheckOptions", "Take 20"),
    "threatened": QT_TRANSLATE_NOOP("CheckOptions", "Threatened"),
    "failure_has_consequences": QT_TRANSLATE_NOOP("CheckOptions", "Failure costly"),
    "luck_before": QT_TRANSLATE_NOOP("CheckOptions", "Luck before"),
    "luck_after": QT_TRANSLATE_NOOP("CheckOptions", "Luck after"),
    "specialization": QT_TRANSLATE_NOOP("CheckOptions", "Specialization (+2 dice)"),
    "secret": QT_TRANSLATE_NOOP("CheckOptions", "Secret roll"),
}
TIPS = {
    "fortune": QT_TRANSLATE_NOOP("CheckOptions", "Roll twice and keep the higher; cancels with misfortune"),
    "misfortune": QT_TRANSLATE_NOOP("CheckOptions", "Roll twice and keep the lower; cancels with fortune"),
    "reroll_failure": QT_TRANSLATE_NOOP("CheckOptions", "A fortune effect: a failed check is rolled again (one fortune effect per roll)"),
    "reroll_success": QT_TRANSLATE_NOOP("CheckOptions", "A misfortune effect: a successful check must be rolled again (one misfortune effect per roll)"),
    "cannot_succeed": QT_TRANSLATE_NOOP("CheckOptions", "Impossible task or missing training: a natural 20 adds nothing"),
    "player_knows": QT_TRANSLATE_NOOP("CheckOptions", "The player knows this secret check happens, so fortune abilities may be used"),
    "fail_voluntarily": QT_TRANSLATE_NOOP("CheckOptions", "The creature chooses to fail the saving throw: no roll"),
    "advantage": QT_TRANSLATE_NOOP("CheckOptions", "Roll two d20 and keep the higher; any disadvantage cancels it"),
    "disadvantage": QT_TRANSLATE_NOOP("CheckOptions", "Roll two d20 and keep the lower; any advantage cancels it"),
    "inspiration": QT_TRANSLATE_NOOP("CheckOptions", "The odds count it as spent on a failure (ruling R-2)"),
    "take10": QT_TRANSLATE_NOOP("CheckOptions", "The d20 counts as 10: no roll (not when threatened)"),
    "take20": QT_TRANSLATE_NOOP("CheckOptions", "The d20 counts as 20, taking 20 times as long"),
    "threatened": QT_TRANSLATE_NOOP("CheckOptions", "Threatened or distracted: no take 10 or take 20"),
    "failure_has_consequences": QT_TRANSLATE_NOOP("CheckOptions", "Failure has consequences: no take 20"),
    "luck_before": QT_TRANSLATE_NOOP("CheckOptions", "Luck before the roll: every die hits on 4, 5 or 6"),
    "luck_after": QT_TRANSLATE_NOOP("CheckOptions", "Luck after the roll: reroll the dice that missed (replaces Edge rerolls)"),
    "secret": QT_TRANSLATE_NOOP("CheckOptions", "Rolled by the GM, hidden from the players and left out of exports"),
}
HAS_HELPERS = {"dnd35": QT_TRANSLATE_NOOP("CheckOptions", "Aid another (each helper rolls against DC 10):"),
               "anarchy": QT_TRANSLATE_NOOP("CheckOptions", "Teamwork (helpers' hits add dice):")}


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckOptions", ...) elsewhere."""
    return QCoreApplication.translate("CheckOptions", text)


class CheckOptions(QGroupBox):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("CheckOptions")
        self.system = ""
        self._quiet = False
        self.one_reroll_per_test = True  # R-3, from the campaign's house rules (set_rulings)
        self.toggles: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        names = sorted({n for names in TOGGLES.values() for n in names}, key=list(LABELS).index)
        for name in names:
            box = QCheckBox()
            box.setObjectName(f"option_{name}")
            box.toggled.connect(lambda on, n=name: self._toggled(n, on))
            self.toggles[name] = box
        self.secret = QCheckBox()
        self.secret.setObjectName("option_secret")
        self.secret.toggled.connect(self._secret_toggled)

        # anarchy: Edge/Trait rerolls and rolling fewer dice (-1 = "from the sheet" / "all").
        self.rerolls = QSpinBox()
        self.rerolls.setObjectName("option_rerolls")
        self.rerolls.setRange(-1, 3)
        self.dice = QSpinBox()
        self.dice.setObjectName("option_dice")
        self.dice.setRange(-1, 60)
        for spin in (self.rerolls, self.dice):
            spin.setValue(-1)
            spin.valueChanged.connect(self._emit)
        self.numbers = QFormLayout()
        self.numbers.setContentsMargins(0, 0, 0, 0)
        self.rerolls_label, self.dice_label = QLabel(), QLabel()
        self.numbers.addRow(self.rerolls_label, self.rerolls)
        self.numbers.addRow(self.dice_label, self.dice)
        self.numbers_box = QWidget()
        self.numbers_box.setLayout(self.numbers)

        self.lists: dict[str, QListWidget] = {}
        for name in ("helpers", "paths", "synergies"):
            widget = QListWidget()
            widget.setObjectName(f"option_{name}")
            widget.setMaximumHeight(84)
            widget.itemChanged.connect(self._emit)
            self.lists[name] = widget
        self.helpers_label, self.paths_label, self.synergies_label = QLabel(), QLabel(), QLabel()
        for label in (self.helpers_label, self.paths_label, self.synergies_label):
            label.setWordWrap(True)  # long explanations must not widen the whole column

        self.grid = grid
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(3)
        layout.addLayout(grid)
        layout.addWidget(self.numbers_box)
        for label, name in ((self.helpers_label, "helpers"), (self.paths_label, "paths"),
                            (self.synergies_label, "synergies")):
            layout.addWidget(label)
            layout.addWidget(self.lists[name])
        self.retranslate()
        self.set_system("")

    # -- configuration --------------------------------------------------------------------------
    def set_system(self, system: str) -> None:
        """Show this system's options only (a fresh campaign: every option off)."""
        self.system = system
        self._quiet = True
        for i in reversed(range(self.grid.count())):
            self.grid.takeAt(i)
        shown = TOGGLES.get(system, ())
        for box in self.toggles.values():
            box.setChecked(False)
            box.setVisible(False)
        for i, name in enumerate(tuple(n for n in shown if n != "player_knows") + ("secret",)
                                 + (("player_knows",) if "player_knows" in shown else ())):
            box = self.secret if name == "secret" else self.toggles[name]
            box.setVisible(True)
            self.grid.addWidget(box, i // 2, i % 2)
        self.secret.setChecked(False)
        self.toggles["player_knows"].setEnabled(False)  # a secret check only
        self.numbers_box.setVisible(system == "anarchy")
        self.rerolls.setValue(-1)
        self.dice.setValue(-1)
        for name, widget in self.lists.items():
            widget.clear()
        self._show_lists()
        self.helpers_label.setText(tr(HAS_HELPERS.get(system, HAS_HELPERS["dnd35"])))
        self._quiet = False

    def set_context(self, actor, ref: CheckRef | None, others: list) -> None:
        """Fit the options to the actor and roll: helpers, paths, synergies, what the sheet allows."""
        self._quiet = True
        system = self.system
        sheet = actor.sheet if actor is not None else None
        takes = ref is not None and ref.kind in ("skill", "ability", "feature")
        for name in ("take10", "take20"):
            self.toggles[name].setEnabled(takes)
            if not takes:
                self.toggles[name].setChecked(False)
        save = ref is not None and ref.kind == "save"
        self.toggles["fail_voluntarily"].setEnabled(save)  # only a saving throw may be failed on purpose
        if not save:
            self.toggles["fail_voluntarily"].setChecked(False)
        flat = ref is not None and ref.kind == "flat"
        self.toggles["cannot_succeed"].setEnabled(not flat)  # a flat check has no natural-20 rule
        if flat:
            self.toggles["cannot_succeed"].setChecked(False)
        if system == "dnd5e" and sheet is not None:
            self.toggles["inspiration"].setChecked(bool(sheet.heroic_inspiration))
        if system == "anarchy" and sheet is not None:
            luck = getattr(sheet, "luck", 0)
            for name in ("luck_before", "luck_after"):
                self.toggles[name].setEnabled(luck > 0 or self.toggles[name].isChecked())
                self.toggles[name].setToolTip(tr(TIPS[name]) + " — " + QCoreApplication.translate("CheckOptions", "Luck left: {n}").format(n=luck))
            skill = sheet.skill(ref.key) if ref is not None and ref.kind == "skill" else None
            has_spec = bool(skill and skill.specialization)
            self.toggles["specialization"].setEnabled(has_spec)
            if not has_spec:
                self.toggles["specialization"].setChecked(False)
        self._fill(self.lists["helpers"], [(str(c.id), c.name) for c in others], keep=True)
        paths = []
        if system == "cof" and sheet is not None:
            paths = [(p.name, f"{p.name} ({p.rank})") for p in sheet.paths
                     if not (ref is not None and ref.kind == "path" and ref.key == p.name)]
        self._fill(self.lists["paths"], paths)
        self._fill(self.lists["synergies"], self._synergies(sheet, ref) if system == "dnd35" else [])
        self._show_lists()
        self._quiet = False

    def set_rulings(self, one_reroll_per_test: bool) -> None:
        """R-3 from the campaign's house rules: may Luck after the roll and Edge rerolls combine?"""
        self.one_reroll_per_test = one_reroll_per_test
        self.rerolls.setEnabled(not (one_reroll_per_test and self.toggles["luck_after"].isChecked()))

    @staticmethod
    def _synergies(sheet, ref: CheckRef | None) -> list[tuple[str, str]]:
        if sheet is None or ref is None or ref.kind not in ("skill", "feature"):
            return []
        from gmdesk.systems.dnd35.data import synergies_for

        try:
            rows = synergies_for(ref.key)
        except Exception:  # an unknown skill key: no synergy to offer
            return []
        return [(s.id, f"{s.seed_source} : {s.condition}") for s in rows
                if s.situational and sheet.rank(s.source) >= 5]

    def _fill(self, widget: QListWidget, items: list[tuple[str, str]], keep: bool = False) -> None:
        checked = {widget.item(i).data(Qt.ItemDataRole.UserRole) for i in range(widget.count())
                   if widget.item(i).checkState() == Qt.CheckState.Checked} if keep else set()
        widget.blockSignals(True)
        widget.clear()
        for key, text in items:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if key in checked else Qt.CheckState.Unchecked)
            widget.addItem(item)
        widget.blockSignals(False)

    def _show_lists(self) -> None:
        show = {"helpers": self.system in HAS_HELPERS, "paths": self.lists["paths"].count() > 0,
                "synergies": self.lists["synergies"].count() > 0}
        for name, label in (("helpers", self.helpers_label), ("paths", self.paths_label),
                            ("synergies", self.synergies_label)):
            self.lists[name].setVisible(show[name])
            label.setVisible(show[name])

    # -- reading --------------------------------------------------------------------------------
    def flags(self) -> dict[str, bool]:
        return {name: box.isChecked() for name, box in self.toggles.items()
                if name in TOGGLES.get(self.system, ()) and (box.isChecked() or name == "inspiration")}

    def checked(self, name: str) -> tuple[str, ...]:
        widget = self.lists[name]
        return tuple(widget.item(i).data(Qt.ItemDataRole.UserRole) for i in range(widget.count())
                     if widget.item(i).checkState() == Qt.CheckState.Checked)

    def helper_ids(self) -> tuple[int, ...]:
        return tuple(int(k) for k in self.checked("helpers"))

    def rerolls_value(self) -> int | None:
        return None if self.rerolls.value() < 0 else self.rerolls.value()

    def dice_value(self) -> int | None:
        return None if self.dice.value() < 0 else self.dice.value()

    # -- reactions ------------------------------------------------------------------------------
    def _toggled(self, name: str, on: bool) -> None:
        # Mutually exclusive pairs the GM would otherwise have to untick by hand: take 10 or 20, and
        # one fortune (one misfortune) effect per roll.
        other = {"take10": "take20", "take20": "take10", "fortune": "reroll_failure", "reroll_failure": "fortune",
                 "misfortune": "reroll_success", "reroll_success": "misfortune"}.get(name)
        if on and other and self.toggles[other].isChecked():
            self.toggles[other].blockSignals(True)
            self.toggles[other].setChecked(False)
            self.toggles[other].blockSignals(False)
        if name == "luck_after":
            # one reroll per test (R-3): Luck replaces the Edges' — unless the house rule lets them combine
            self.rerolls.setEnabled(not (on and self.one_reroll_per_test))
        self._emit()

    def _secret_toggled(self, on: bool) -> None:
        knows = self.toggles["player_knows"]
        knows.setEnabled(on)
        if not on and knows.isChecked():
            knows.blockSignals(True)
            knows.setChecked(False)
            knows.blockSignals(False)
        self._emit()

    def _emit(self, *_) -> None:
        if not self._quiet:
            self.changed.emit()

    def retranslate(self) -> None:
        self.setTitle(QCoreApplication.translate("CheckOptions", "Options"))
        for name, box in self.toggles.items():
            box.setText(tr(LABELS[name]))
            if name in TIPS:
                box.setToolTip(tr(TIPS[name]))
        self.secret.setText(tr(LABELS["secret"]))
        self.secret.setToolTip(tr(TIPS["secret"]))
        self.rerolls.setSpecialValueText(QCoreApplication.translate("CheckOptions", "from the sheet"))
        self.dice.setSpecialValueText(QCoreApplication.translate("CheckOptions", "the whole pool"))
        self.rerolls_label.setText(QCoreApplication.translate("CheckOptions", "Edge/Trait rerolls:"))
        self.dice_label.setText(QCoreApplication.translate("CheckOptions", "Dice rolled:"))
        self.helpers_label.setText(tr(HAS_HELPERS.get(self.system, HAS_HELPERS["dnd35"])))
        self.paths_label.setText(QCoreApplication.translate("CheckOptions", "Other paths that may apply (the best rank counts):"))
        self.synergies_label.setText(QCoreApplication.translate("CheckOptions", "Situational synergies:"))
