"""Where the check aims, as the system says (``GameSystem.target``): a DC typed in or picked from
its ladder, or an opponent's number.

DC systems: the DC (AC, ND) spin box, the ladder (dnd5e 5..30, dnd35 0..40, cof the campaign's
editable ladder) and "against": nobody (the typed DC) or an opponent, whose roll sets the DC (pf2
10 + its modifier, dnd5e its passive value, dnd35 an opposed check) or whose AC/DEF an attack aims
at, with the system's switches for that attack (pf2 touch, shield raised). Picking an opponent (or
another check against the same one) starts on the opponent's roll the system pairs with the check
(``Target.against``: pf2 Athletics against the Fortitude DC); the GM may pick another, which stays
picked while the check and the opponent do.
Threshold systems (anarchy): the kind of test, its threshold, the difficulty table (threshold or
opposing pool), an opposing pool typed in or an opponent's.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QLabel, QSpinBox, QWidget

from gmdesk import systems
from gmdesk.campaign.checks import available_checks
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.target import DEFENCE, DIFFICULTY_FIELD, POOL_FIELD, THRESHOLD_FIELD, Target
from gmdesk.ui.theme import count_text

NO_TARGET = Target("", "", "")  # no campaign open: nothing to aim at


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckTarget", ...) elsewhere."""
    return QCoreApplication.translate("CheckTarget", text)


class CheckTarget(QWidget):
    changed = Signal()
    dc_typed = Signal()  # the GM typed a DC (or picked one from the ladder)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("CheckTarget")
        self.system = ""
        self.lang = "en"
        self._quiet = False
        self._attack = False
        self.dc_label = QLabel()
        self.dc_spin = QSpinBox()
        self.dc_spin.setObjectName("dcSpin")
        self.dc_spin.setRange(-20, 100)
        self.dc_spin.setValue(15)
        self.dc_label.setBuddy(self.dc_spin)
        self.ladder_combo = QComboBox()
        self.ladder_combo.setObjectName("ladderCombo")
        self.effective_label = QLabel()
        self.effective_label.setObjectName("effectiveTarget")

        self.kind_label, self.kind_combo = QLabel(), QComboBox()
        self.kind_combo.setObjectName("testKindCombo")
        self.threshold_label, self.threshold_spin = QLabel(), QSpinBox()
        self.threshold_spin.setObjectName("thresholdSpin")
        self.threshold_spin.setRange(0, 30)
        self.threshold_spin.setValue(1)
        self.difficulty_combo = QComboBox()
        self.difficulty_combo.setObjectName("difficultyCombo")
        self.pool_label, self.pool_spin = QLabel(), QSpinBox()
        self.pool_spin.setObjectName("opposingPoolSpin")
        self.pool_spin.setRange(0, 60)
        self.pool_spin.setValue(6)

        self.against_label, self.against_combo = QLabel(), QComboBox()
        self.against_combo.setObjectName("againstCombo")
        # Measured for its names when they change (``_measure_against``), not by Qt's AdjustToContents,
        # which resizes the combo to its own width 20 ms after any change and lets the layout put it
        # back: two more layouts of the window on every turn.
        self.against_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContentsOnFirstShow)
        self.against_label.setBuddy(self.against_combo)
        self.opp_roll_combo = QComboBox()
        self.opp_roll_combo.setObjectName("opponentRollCombo")
        # The system's switches of an attack against an opponent's defence (pf2: touch, shield raised),
        # made when a campaign of that system opens.
        self.attack_checks: dict[str, QCheckBox] = {}
        self.attack_row = QGridLayout()
        self.attack_row.setContentsMargins(0, 0, 0, 0)

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.addWidget(self.dc_label, 0, 0)
        grid.addWidget(self.dc_spin, 0, 1)
        grid.addWidget(self.ladder_combo, 0, 2)
        grid.addWidget(self.effective_label, 0, 3)
        grid.addWidget(self.kind_label, 1, 0)
        grid.addWidget(self.kind_combo, 1, 1, 1, 3)
        grid.addWidget(self.threshold_label, 2, 0)
        grid.addWidget(self.threshold_spin, 2, 1)
        grid.addWidget(self.difficulty_combo, 2, 2, 1, 2)
        grid.addWidget(self.pool_label, 3, 0)
        grid.addWidget(self.pool_spin, 3, 1)
        grid.addWidget(self.against_label, 4, 0)
        grid.addWidget(self.against_combo, 4, 1, 1, 3)
        grid.addWidget(self.opp_roll_combo, 5, 1, 1, 3)  # under the opponent: "its Perception"
        grid.addLayout(self.attack_row, 6, 1, 1, 3)
        grid.setColumnStretch(3, 1)

        self.dc_spin.valueChanged.connect(self._dc_edited)
        self.ladder_combo.activated.connect(self._ladder_picked)
        self.kind_combo.currentIndexChanged.connect(self._layout_changed)
        self.threshold_spin.valueChanged.connect(self._emit)
        self.difficulty_combo.activated.connect(self._difficulty_picked)
        self.pool_spin.valueChanged.connect(self._emit)
        self.against_combo.currentIndexChanged.connect(self._layout_changed)
        self.opp_roll_combo.currentIndexChanged.connect(self._emit)
        self.target = NO_TARGET
        self.retranslate()

    # -- configuration --------------------------------------------------------------------------
    def set_ladder(self, ladder: list[tuple[int, str]], lang: str) -> None:
        """A new ladder or language (house rules edited, language switched): every choice stays."""
        quiet, self._quiet = self._quiet, True
        self.lang = lang
        self._ladder = ladder
        self.ladder_combo.clear()
        self.ladder_combo.addItem(QCoreApplication.translate("CheckTarget", "ladder…"), None)
        for dc, name in ladder:
            self.ladder_combo.addItem(f"{dc} — {name}", dc)
        kind = self.kind_combo.currentData()
        self.kind_combo.clear()
        for test_kind in self.target.test_kinds:
            self.kind_combo.addItem(test_kind.label.text(lang), test_kind.key)
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(kind or self.target.default_test_kind)))
        self._fill_difficulties()
        self._quiet = quiet
        self._update_visibility()

    def set_system(self, system: str, ladder: list[tuple[int, str]], lang: str) -> None:
        """A campaign opened: its system's ladder, and the targets of a fresh panel."""
        self._quiet = True
        self.system = system
        self._pairing = None  # another campaign: every opponent starts on its pairing again
        game = systems.find(system)
        self.target = game.target if game is not None else NO_TARGET
        self._typed_dc = None
        self.dc_spin.setValue(15)
        self.threshold_spin.setValue(1)
        self.pool_spin.setValue(6)
        self._make_attack_checks(lang)
        self.kind_combo.clear()
        for test_kind in self.target.test_kinds:
            self.kind_combo.addItem(test_kind.label.text(lang), test_kind.key)
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(self.target.default_test_kind)))
        self.set_ladder(ladder, lang)
        self._quiet = True
        self.against_combo.clear()
        self.against_combo.addItem(QCoreApplication.translate("CheckTarget", "nobody (typed in)"), None)
        self._measure_against()
        self._quiet = False
        self._update_visibility()

    def _make_attack_checks(self, lang: str) -> None:
        wanted = [(toggle.name, toggle.label.text(lang)) for toggle in self.target.attack_toggles]
        if wanted == [(name, box.text()) for name, box in self.attack_checks.items()]:
            # Another campaign of the same system: the same boxes, unticked as new ones would be
            # (made anew, they were laid out and measured again at every campaign switch).
            for box in self.attack_checks.values():
                box.blockSignals(True)
                box.setChecked(False)
                box.blockSignals(False)
            return
        for box in self.attack_checks.values():
            self.attack_row.removeWidget(box)
            box.deleteLater()
        self.attack_checks = {}
        for i, toggle in enumerate(self.target.attack_toggles):
            box = QCheckBox(toggle.label.text(lang))
            box.setObjectName(f"attack_{toggle.name}")
            box.toggled.connect(self._emit)
            self.attack_checks[toggle.name] = box
            self.attack_row.addWidget(box, 0, i)

    def set_context(self, actor, ref: CheckRef | None, characters: list) -> None:
        """Opponents are every other character; their rolls that can set a DC for this roll."""
        self._quiet = True
        self._attack = ref is not None and ref.kind in ("attack", "weapon")
        self._ref = ref
        self._fill_against(actor, characters)
        self._characters = {c.id: c for c in characters}
        self._fill_opponent_rolls()
        self._typed_again()
        self._quiet = False
        self._update_visibility()

    def _fill_against(self, actor, characters: list) -> None:
        """The "against" list: nobody, then every other character. Left as it is when its entries
        are the same, else only the entries that differ are rewritten in place: emptied and
        refilled, the combo shrank to "nobody" and grew back, laying the window out twice more on
        every turn (the new combatant leaves the list, the one before comes back)."""
        combo = self.against_combo
        entries = [(QCoreApplication.translate("CheckTarget", "nobody (typed in)"), None)]
        entries += [(c.name, c.id) for c in characters if actor is None or c.id != actor.id]
        if entries == [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]:
            return  # the same names and ids: the GM's pick stays as it is
        current = combo.currentData()
        names = [combo.itemText(i) for i in range(combo.count())]
        for row, (name, character_id) in enumerate(entries):
            if row == combo.count():
                combo.addItem(name, character_id)
                continue
            if combo.itemText(row) != name:
                combo.setItemText(row, name)
            if combo.itemData(row) != character_id:
                combo.setItemData(row, character_id)
        while combo.count() > len(entries):
            combo.removeItem(combo.count() - 1)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        if sorted(names) != sorted(name for name, _ in entries):
            self._measure_against()

    def _measure_against(self) -> None:
        """The "against" combo as wide as its longest name, once: Qt measures it again when its size
        policy changes, and only AdjustToContents resizes it on its own afterwards."""
        combo = self.against_combo
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContentsOnFirstShow)

    def _fill_opponent_rolls(self) -> None:
        current = self.opp_roll_combo.currentData()
        self.opp_roll_combo.blockSignals(True)
        self.opp_roll_combo.clear()
        opponent = getattr(self, "_characters", {}).get(self.against_combo.currentData())
        self._opp_refs: dict[str, CheckRef] = {}
        target = self.target
        if opponent is not None:
            if target.defence is not None and (self._attack or target.defence_for_every_roll):
                self.opp_roll_combo.addItem(target.defence.text(self.lang), None)
            if not self._attack:
                for option in available_checks(opponent):
                    if option.ref.kind in target.opposing_kinds and str(option.ref) not in target.not_opposing:
                        # Item data are plain strings: Qt compares them by value (findData).
                        self._opp_refs[str(option.ref)] = option.ref
                        self.opp_roll_combo.addItem(option.label(self.lang), str(option.ref))
            # The GM's own pick stays while the check and the opponent do; else the pairing starts.
            pairing = (str(getattr(self, "_ref", None)), opponent.id)
            same = pairing == getattr(self, "_pairing", None)
            index = self.opp_roll_combo.findData(current) if same and current is not None else -1
            if same and current is None and self.opp_roll_combo.count() and self.opp_roll_combo.itemData(0) is None:
                index = 0  # the defence was picked
            if index < 0:
                index = self._paired_index()
            self.opp_roll_combo.setCurrentIndex(max(0, index))
            self._pairing = pairing
        else:
            self._pairing = None
        self.opp_roll_combo.blockSignals(False)

    def _paired_index(self) -> int:
        """The opponent's roll the system pairs with the check shown (its defence: the entry with no
        roll), or -1 when it pairs none the opponent has."""
        combo = self.opp_roll_combo
        for wanted in self.target.opposed_by(getattr(self, "_ref", None)):
            if wanted == DEFENCE:
                index = 0 if combo.count() and combo.itemData(0) is None else -1
            else:
                index = combo.findData(wanted)
            if index >= 0:
                return index
        return -1

    def _fill_difficulties(self) -> None:
        self.difficulty_combo.clear()
        self.difficulty_combo.addItem(QCoreApplication.translate("CheckTarget", "difficulty…"), None)
        # A difficulty sets the threshold of a test that asks for one, else the opposing pool.
        pool = not self._asks(THRESHOLD_FIELD)
        for d in self.target.difficulties:
            detail = (count_text("CheckTarget", d.opposing_pool, QT_TRANSLATE_NOOP("CheckTarget", "{n} die"),
                                 QT_TRANSLATE_NOOP("CheckTarget", "{n} dice")) if pool
                      else QCoreApplication.translate("CheckTarget", "threshold {n}").format(n=d.threshold) if d.threshold else QCoreApplication.translate("CheckTarget", "automatic"))
            self.difficulty_combo.addItem(f"{d.name.text(self.lang)} ({detail})", d.id)
        if pool and self._asks(DIFFICULTY_FIELD):
            self.difficulty_combo.setCurrentIndex(self.difficulty_combo.findData(getattr(self, "_difficulty", "average")))

    # -- reading --------------------------------------------------------------------------------
    def dc(self) -> int:
        return self.dc_spin.value()

    def opponent_id(self) -> int | None:
        return self.against_combo.currentData()

    def opponent_ref(self) -> CheckRef | None:
        if self.opponent_id() is None:
            return None
        return getattr(self, "_opp_refs", {}).get(self.opp_roll_combo.currentData())

    def flags(self) -> dict[str, bool]:
        return {name: True for name, box in self.attack_checks.items() if box.isVisible() and box.isChecked()}

    def test_kind(self) -> str:
        return self.kind_combo.currentData() or self.target.default_test_kind

    def _asks(self, field: str) -> bool:
        kind = self.target.test_kind(self.test_kind())
        return kind is not None and field in kind.asks

    def threshold(self) -> int:
        return self.threshold_spin.value()

    def difficulty(self) -> str | None:
        return self.difficulty_combo.currentData() or getattr(self, "_difficulty", None)

    def opposing_pool(self) -> int:
        return self.pool_spin.value()

    def show_effective(self, text: str) -> None:
        self.effective_label.setText(text)

    def show_opponent_dc(self, value: int) -> None:
        """The (disabled) DC box shows the opponent's number; the DC the GM typed comes back when
        the check is typed in again (``_layout_changed``)."""
        if getattr(self, "_typed_dc", None) is None:
            self._typed_dc = self.dc_spin.value()
        self.dc_spin.blockSignals(True)
        self.dc_spin.setValue(value)
        self.dc_spin.blockSignals(False)

    def _typed_again(self) -> None:
        typed = getattr(self, "_typed_dc", None)
        if typed is not None and self.opponent_id() is None:
            self._typed_dc = None
            self.dc_spin.blockSignals(True)
            self.dc_spin.setValue(typed)
            self.dc_spin.blockSignals(False)

    # -- reactions ------------------------------------------------------------------------------
    def _ladder_picked(self, index: int) -> None:
        dc = self.ladder_combo.itemData(index)
        if dc is not None:
            self.dc_spin.setValue(dc)  # emits changed
        self.ladder_combo.setCurrentIndex(0)

    def _difficulty_picked(self, index: int) -> None:
        key = self.difficulty_combo.itemData(index)
        if key is None:
            return
        self._difficulty = key
        row = self.target.difficulty(key)
        if self._asks(THRESHOLD_FIELD):
            self._quiet = True
            self.threshold_spin.setValue(row.threshold)
            self._quiet = False
            self.difficulty_combo.setCurrentIndex(0)
        self._emit()

    def _layout_changed(self) -> None:
        if self._quiet:
            return
        self._quiet = True
        self._fill_opponent_rolls()
        self._fill_difficulties()
        self._typed_again()
        self._quiet = False
        self._update_visibility()
        self._emit()

    def _update_visibility(self) -> None:
        tests = bool(self.target.test_kinds)  # a threshold system: kinds of test, not a DC
        opponent = self.opponent_id() is not None
        d20 = bool(self.system) and self.target.uses_dc
        self.dc_label.setVisible(d20)
        self.dc_spin.setVisible(d20)
        self.dc_spin.setEnabled(not opponent)
        self.ladder_combo.setVisible(d20 and bool(getattr(self, "_ladder", [])))
        self.ladder_combo.setEnabled(not opponent)
        self.effective_label.setVisible(d20)
        for w in (self.kind_label, self.kind_combo):
            w.setVisible(tests)
        self.kind_combo.setEnabled(not opponent)
        typed = tests and not opponent
        self.threshold_label.setVisible(typed and self._asks(THRESHOLD_FIELD))
        self.threshold_spin.setVisible(typed and self._asks(THRESHOLD_FIELD))
        self.difficulty_combo.setVisible(typed and self._asks(DIFFICULTY_FIELD))
        self.pool_label.setVisible(typed and self._asks(POOL_FIELD))
        self.pool_spin.setVisible(typed and self._asks(POOL_FIELD))
        self.opp_roll_combo.setVisible(opponent)
        for box in self.attack_checks.values():
            box.setVisible(opponent and self._attack)

    def _dc_edited(self, *_) -> None:
        if not self._quiet:
            self.dc_typed.emit()
        self._emit()

    def _emit(self, *_) -> None:
        if not self._quiet:
            self.changed.emit()

    def retranslate(self) -> None:
        self.kind_label.setText(QCoreApplication.translate("CheckTarget", "Kind of test:"))
        self.threshold_label.setText(QCoreApplication.translate("CheckTarget", "Threshold:"))
        self.pool_label.setText(QCoreApplication.translate("CheckTarget", "Opposing pool:"))
        self.against_label.setText(QCoreApplication.translate("CheckTarget", "&Against:"))
        for toggle in self.target.attack_toggles:
            if toggle.name in self.attack_checks:
                self.attack_checks[toggle.name].setText(toggle.label.text(self.lang))
        self.dc_spin.setToolTip(QCoreApplication.translate("CheckTarget", "Type the DC, or pick it from the ladder"))

    def set_target_word(self, word: str) -> None:
        self.dc_label.setText(f"{word}:")
