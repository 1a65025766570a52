"""Where the check aims: a DC typed in or picked from the system's ladder, or an opponent's number.

d20 systems: the DC (AC, ND) spin box, the ladder (dnd5e 5..30, dnd35 0..40, cof the campaign's
editable ladder) and "against": nobody (the typed DC) or an opponent, whose roll sets the DC (pf2
10 + its modifier, dnd5e its passive value, dnd35 an opposed check) or whose AC/DEF an attack aims at.
anarchy: the kind of test, its threshold, the difficulty table (threshold or opposing pool), an
opposing pool typed in or an opponent's.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QLabel, QSpinBox, QWidget

from gmdesk.campaign.checks import available_checks
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.anarchy.data import DIFFICULTIES

ANARCHY_KINDS = {
    "open": QT_TRANSLATE_NOOP("CheckTarget", "open test (no threshold)"),
    "simple": QT_TRANSLATE_NOOP("CheckTarget", "simple test (threshold)"),
    "variable": QT_TRANSLATE_NOOP("CheckTarget", "variable test (opposing pool by difficulty)"),
    "opposed": QT_TRANSLATE_NOOP("CheckTarget", "opposed test (opposing pool)"),
}
# The opponent rolls that can set a DC, per system (attacks aim at AC/DEF instead).
OPPOSING_KINDS = {"pf2": ("perception", "skill", "save"), "dnd5e": ("skill", "ability", "save"),
                  "dnd35": ("skill", "ability"), "cof": (), "anarchy": ("preset", "skill")}
DEFENCE_NAMES = {"pf2": QT_TRANSLATE_NOOP("CheckTarget", "its AC"), "dnd5e": QT_TRANSLATE_NOOP("CheckTarget", "its AC"),
                 "dnd35": QT_TRANSLATE_NOOP("CheckTarget", "its AC"), "cof": QT_TRANSLATE_NOOP("CheckTarget", "its DEF"),
                 "anarchy": QT_TRANSLATE_NOOP("CheckTarget", "its physical defense")}


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckTarget", ...) elsewhere."""
    return QCoreApplication.translate("CheckTarget", text)


class CheckTarget(QWidget):
    changed = Signal()

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
        self.against_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.against_label.setBuddy(self.against_combo)
        self.opp_roll_combo = QComboBox()
        self.opp_roll_combo.setObjectName("opponentRollCombo")
        self.touch_check = QCheckBox()
        self.touch_check.setObjectName("touchCheck")
        self.shield_check = QCheckBox()
        self.shield_check.setObjectName("shieldCheck")

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
        grid.addWidget(self.touch_check, 6, 1)
        grid.addWidget(self.shield_check, 6, 2, 1, 2)
        grid.setColumnStretch(3, 1)

        self.dc_spin.valueChanged.connect(self._emit)
        self.ladder_combo.activated.connect(self._ladder_picked)
        self.kind_combo.currentIndexChanged.connect(self._layout_changed)
        self.threshold_spin.valueChanged.connect(self._emit)
        self.difficulty_combo.activated.connect(self._difficulty_picked)
        self.pool_spin.valueChanged.connect(self._emit)
        self.against_combo.currentIndexChanged.connect(self._layout_changed)
        self.opp_roll_combo.currentIndexChanged.connect(self._emit)
        self.touch_check.toggled.connect(self._emit)
        self.shield_check.toggled.connect(self._emit)
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
        for key, text in ANARCHY_KINDS.items():
            self.kind_combo.addItem(tr(text), key)
        self.kind_combo.setCurrentIndex(max(0, self.kind_combo.findData(kind or "simple")))
        self._fill_difficulties()
        self._quiet = quiet
        self._update_visibility()

    def set_system(self, system: str, ladder: list[tuple[int, str]], lang: str) -> None:
        """A campaign opened: its system's ladder, and the targets of a fresh panel."""
        self._quiet = True
        self.system = system
        self.dc_spin.setValue(15)
        self.threshold_spin.setValue(1)
        self.pool_spin.setValue(6)
        self.touch_check.setChecked(False)
        self.shield_check.setChecked(False)
        self.kind_combo.clear()
        for key, text in ANARCHY_KINDS.items():
            self.kind_combo.addItem(tr(text), key)
        self.kind_combo.setCurrentIndex(self.kind_combo.findData("simple"))
        self.set_ladder(ladder, lang)
        self._quiet = True
        self.against_combo.clear()
        self.against_combo.addItem(QCoreApplication.translate("CheckTarget", "nobody (typed in)"), None)
        self._quiet = False
        self._update_visibility()

    def set_context(self, actor, ref: CheckRef | None, characters: list) -> None:
        """Opponents are every other character; their rolls that can set a DC for this roll."""
        self._quiet = True
        self._attack = ref is not None and ref.kind in ("attack", "weapon")
        current = self.against_combo.currentData()
        self.against_combo.clear()
        self.against_combo.addItem(QCoreApplication.translate("CheckTarget", "nobody (typed in)"), None)
        for c in characters:
            if actor is None or c.id != actor.id:
                self.against_combo.addItem(c.name, c.id)
        self.against_combo.setCurrentIndex(max(0, self.against_combo.findData(current)))
        self._characters = {c.id: c for c in characters}
        self._fill_opponent_rolls()
        self._quiet = False
        self._update_visibility()

    def _fill_opponent_rolls(self) -> None:
        current = self.opp_roll_combo.currentData()
        self.opp_roll_combo.blockSignals(True)
        self.opp_roll_combo.clear()
        opponent = getattr(self, "_characters", {}).get(self.against_combo.currentData())
        self._opp_refs: dict[str, CheckRef] = {}
        if opponent is not None:
            if self._attack or self.system == "anarchy":
                self.opp_roll_combo.addItem(tr(DEFENCE_NAMES[self.system]), None)
            if not self._attack:
                kinds = OPPOSING_KINDS.get(self.system, ())
                for option in available_checks(opponent):
                    if option.ref.kind in kinds and not (self.system == "anarchy" and option.ref.key == "physical_defense"):
                        # Item data are plain strings: Qt compares them by value (findData).
                        self._opp_refs[str(option.ref)] = option.ref
                        self.opp_roll_combo.addItem(option.label(self.lang), str(option.ref))
            index = self.opp_roll_combo.findData(current) if current is not None else -1
            self.opp_roll_combo.setCurrentIndex(max(0, index))
        self.opp_roll_combo.blockSignals(False)

    def _fill_difficulties(self) -> None:
        self.difficulty_combo.clear()
        self.difficulty_combo.addItem(QCoreApplication.translate("CheckTarget", "difficulty…"), None)
        variable = self.test_kind() == "variable"
        for d in DIFFICULTIES:
            name = d.fr if self.lang == "fr" else d.en
            detail = (QCoreApplication.translate("CheckTarget", "{n} dice").format(n=d.opposing_pool) if variable
                      else QCoreApplication.translate("CheckTarget", "threshold {n}").format(n=d.threshold) if d.threshold else QCoreApplication.translate("CheckTarget", "automatic"))
            self.difficulty_combo.addItem(f"{name} ({detail})", d.id)
        if variable:
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
        out = {}
        if self.touch_check.isVisible() and self.touch_check.isChecked():
            out["touch"] = True
        if self.shield_check.isVisible() and self.shield_check.isChecked():
            out["opponent_shield_raised"] = True
        return out

    def test_kind(self) -> str:
        return self.kind_combo.currentData() or "simple"

    def threshold(self) -> int:
        return self.threshold_spin.value()

    def difficulty(self) -> str | None:
        return self.difficulty_combo.currentData() or getattr(self, "_difficulty", None)

    def opposing_pool(self) -> int:
        return self.pool_spin.value()

    def show_effective(self, text: str) -> None:
        self.effective_label.setText(text)

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
        row = next(d for d in DIFFICULTIES if d.id == key)
        if self.test_kind() == "simple":
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
        self._quiet = False
        self._update_visibility()
        self._emit()

    def _update_visibility(self) -> None:
        anarchy = self.system == "anarchy"
        opponent = self.opponent_id() is not None
        kind = self.test_kind()
        d20 = bool(self.system) and not anarchy
        self.dc_label.setVisible(d20)
        self.dc_spin.setVisible(d20)
        self.dc_spin.setEnabled(not opponent)
        self.ladder_combo.setVisible(d20 and bool(getattr(self, "_ladder", [])))
        self.ladder_combo.setEnabled(not opponent)
        self.effective_label.setVisible(d20)
        for w in (self.kind_label, self.kind_combo):
            w.setVisible(anarchy)
        self.kind_combo.setEnabled(not opponent)
        self.threshold_label.setVisible(anarchy and kind == "simple" and not opponent)
        self.threshold_spin.setVisible(anarchy and kind == "simple" and not opponent)
        self.difficulty_combo.setVisible(anarchy and kind in ("simple", "variable") and not opponent)
        self.pool_label.setVisible(anarchy and kind == "opposed" and not opponent)
        self.pool_spin.setVisible(anarchy and kind == "opposed" and not opponent)
        self.opp_roll_combo.setVisible(opponent)
        self.touch_check.setVisible(self.system == "pf2" and opponent and self._attack)
        self.shield_check.setVisible(self.system == "pf2" and opponent and self._attack)

    def _emit(self, *_) -> None:
        if not self._quiet:
            self.changed.emit()

    def retranslate(self) -> None:
        self.kind_label.setText(QCoreApplication.translate("CheckTarget", "Kind of test:"))
        self.threshold_label.setText(QCoreApplication.translate("CheckTarget", "Threshold:"))
        self.pool_label.setText(QCoreApplication.translate("CheckTarget", "Opposing pool:"))
        self.against_label.setText(QCoreApplication.translate("CheckTarget", "&Against:"))
        self.touch_check.setText(QCoreApplication.translate("CheckTarget", "Touch attack (TAC)"))
        self.shield_check.setText(QCoreApplication.translate("CheckTarget", "Shield raised"))
        self.dc_spin.setToolTip(QCoreApplication.translate("CheckTarget", "Type the DC, or pick it from the ladder"))

    def set_target_word(self, word: str) -> None:
        self.dc_label.setText(f"{word}:")
