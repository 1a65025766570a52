"""The check panel: pick who rolls what against which DC, see the exact odds, roll.

Every edit recomputes at once (synchronously: a d20 check and its DC sweep take a few ms) the
breakdown, the chance of every tier and both charts; the charts' items are updated in place.
``roll_action`` (Ctrl+R) rolls the check shown, logs it and offers the reroll the rules allow.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmdesk.campaign.checks import available_checks
from gmdesk.engine.core import RulesError
from gmdesk.ui.panels.lifecycle import PanelLifecycle, controls_and_figures
from gmdesk.ui import i18n
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.charts.lazy import ChartSlot, chart_of
from gmdesk.ui.panels.check import roll as check_roll
from gmdesk.ui.panels.check.follow import FollowsTheQueue, Followed, find_combatant
from gmdesk.ui.panels.check.painting import PaintsTheView
from gmdesk.ui.panels.check.rolling import RollsTheCheck
from gmdesk.ui.panels.check.modifiers import CheckModifiers
from gmdesk.ui.panels.check.options import CheckOptions
from gmdesk.ui.panels.check.results import BreakdownView, RollResultView, TierTable
from gmdesk.ui.panels.check.setup import CheckSetup, CheckView, Context, compute, ladder, target_word
from gmdesk.ui.panels.check.target import CheckTarget
from gmdesk.ui.campaign_state import mark_edits


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckPanel", ...) elsewhere."""
    return QCoreApplication.translate("CheckPanel", text)


class CheckPanel(PanelLifecycle, FollowsTheQueue, RollsTheCheck, PaintsTheView, QWidget):
    def __init__(self, bus: CampaignBus, parent: QWidget | None = None, *, rng: random.Random | None = None):
        super().__init__(parent)
        self.setObjectName("CheckPanel")
        self.bus = bus
        self.store = None
        self.context: Context | None = None
        self._actors: list = []  # the actor list's (text, id) rows
        self.view: CheckView | None = None
        self.rng = rng if rng is not None else random.Random()
        self.last_roll: check_roll.Rolled | None = None
        self._offer: str | None = None
        self._quiet = False
        self.followed: Followed | None = None  # the combatant picked in the initiative queue
        self.steps = check_roll.spend_steps(self, parent)  # a Luck point spent is an undo step

        self.actor_combo = QComboBox()
        self.actor_combo.setObjectName("actorCombo")
        self.check_combo = QComboBox()
        self.check_combo.setObjectName("checkCombo")
        self.check_combo.setMaxVisibleItems(20)
        for combo in (self.actor_combo, self.check_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(14)
        self.target = CheckTarget()
        self.options = CheckOptions()
        self.modifiers = CheckModifiers()
        self.error_label = QLabel()
        self.error_label.setObjectName("checkError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020")
        self.error_label.setVisible(False)
        self.followed_label = QLabel()
        self.followed_label.setObjectName("followedCombatant")
        self.followed_label.setWordWrap(True)
        self.followed_label.setVisible(False)

        self.roll_action = QAction(self)
        self.roll_action.setObjectName("rollAction")
        self.roll_action.setShortcut(QKeySequence("Ctrl+R"))
        self.roll_action.triggered.connect(self.roll)
        self.roll_action.setEnabled(False)
        self.addAction(self.roll_action)
        mark_edits(self.roll_action)  # every roll is logged
        self.roll_button = QToolButton()
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setDefaultAction(self.roll_action)
        self.roll_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.roll_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.roll_button.setMinimumHeight(34)
        self.result_view = RollResultView()
        self.result_view.reroll_button.clicked.connect(self.reroll)

        self.tier_table = TierTable()
        self.breakdown = BreakdownView()
        # Built right after the window is first painted (pyqtgraph takes about half a second to
        # import): the GM sees the window at once, the two charts a moment later, already drawn.
        self._tier = ChartSlot(chart_of("gmdesk.ui.charts.tier_chart", "TierBarsChart"), "checkTierChart")
        self._sweep = ChartSlot(chart_of("gmdesk.ui.charts.sweep_chart", "SweepChart"), "checkSweepChart")
        self._charts_due = self._painted = self._settled = False
        self.summary_label = QLabel()
        self.summary_label.setObjectName("checkSummary")
        self.summary_label.setWordWrap(True)

        self._build_layout()
        self.actor_combo.currentIndexChanged.connect(self._actor_changed)
        self.check_combo.currentIndexChanged.connect(self._check_changed)
        self.target.dc_typed.connect(self._dc_typed)
        for signal in (self.target.changed, self.options.changed, self.modifiers.changed):
            signal.connect(self.refresh)
        bus.actorSelected.connect(self.select_actor)
        bus.combatantSelected.connect(self.follow_combatant)
        bus.characterChanged.connect(self._reload)
        bus.encounterChanged.connect(self._fight_changed)
        bus.settingsChanged.connect(self._settings_changed)
        self.retranslate()

    def _build_layout(self) -> None:
        self.who = QFormLayout()
        self.actor_label, self.check_label = QLabel(), QLabel()
        self.actor_label.setBuddy(self.actor_combo)
        self.check_label.setBuddy(self.check_combo)
        self.who.addRow(self.actor_label, self.actor_combo)
        self.who.addRow(self.check_label, self.check_combo)
        controls = QWidget()
        left = QVBoxLayout(controls)
        left.setContentsMargins(0, 0, 4, 0)
        left.addLayout(self.who)
        left.addWidget(self.followed_label)
        left.addWidget(self.target)
        left.addWidget(self.options)
        left.addWidget(self.modifiers)
        left.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(controls)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.controls, self.controls_scroll = controls, scroll
        # The roll button and its result stay in sight below the (scrollable) choices.
        column = QWidget()
        column_layout = QVBoxLayout(column)
        column_layout.setContentsMargins(0, 0, 0, 0)
        column_layout.addWidget(scroll, 1)
        column_layout.addWidget(self.roll_button)
        column_layout.addWidget(self.result_view)

        figures = QWidget()
        grid = QGridLayout(figures)
        grid.setContentsMargins(4, 0, 0, 0)
        # "Not possible: …" where the chance of success stands (an impossible check has none), not
        # among the choices: a refusal on six lines in French pushed the options down under the
        # GM's cursor, past the three lines kept for it (issue 24).
        head = QVBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.error_label)
        head.addWidget(self.summary_label)
        grid.addLayout(head, 0, 0, 1, 2)
        grid.addWidget(self.tier_table, 1, 0, 1, 2)
        grid.addWidget(self._tier, 2, 0)
        grid.addWidget(self._sweep, 2, 1)
        grid.addWidget(self.breakdown, 3, 0, 1, 2)
        # Equal halves: the tier bars need ~55 px per bar for their names side by side.
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(2, 1)
        self.breakdown.setMaximumHeight(140)

        self.splitter = controls_and_figures(self, column, figures)

    # -- campaign -----------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return i18n.current_language()

    def set_campaign(self, store) -> None:
        """A campaign was opened (or closed: None): show its first party member's first check."""
        self.store = self.steps.store = store
        self.last_roll = self._rolled_key = self._actor_id = self._dc_owner = None
        self.result_view.clear()
        self.followed = None
        self._show_followed()
        self.context = self._read_context() if store is not None else None
        system = self.context.system if self.context else ""
        self._quiet = True
        rules = self.context.house_rules if self.context else None
        self.target.set_system(system, ladder(system, rules, self.lang) if rules else [], self.lang)
        self.options.set_system(system)
        if rules is not None:
            self.options.set_rulings(rules)
        self.modifiers.set_system(system)
        self._fill_actors(self._first_party_member())
        self._quiet = False
        self._actor_changed(keep_check=False)  # a campaign opens on its first party member's first check
        self._fit_controls()

    def fit_to_texts(self) -> None:
        """The texts changed language (the window's ``refit``): the choices column fitted again."""
        self._fit_controls()

    def _fit_controls(self) -> None:
        """Give the choices column the width its widest option needs (they differ per system), the
        figures the rest; the GM can move the splitter, and the column scrolls when it is narrower."""
        # The column's least width is its layout's to say, whatever size the column has now: resized
        # to it first (adjustSize), the whole column was laid out once more at every campaign switch,
        # then again at the width the scroll area gives it.
        bar = self.controls_scroll.verticalScrollBar().sizeHint().width()
        want = self.controls.minimumSizeHint().width() + bar + 6
        total = sum(self.splitter.sizes()) or self.width()
        self.splitter.setSizes([want, max(total - want, 1)])

    def _first_party_member(self) -> int | None:
        if not self.context or not self.context.characters:
            return None
        pcs = [c.id for c in self.context.characters.values() if c.kind == "pc"]
        return pcs[0] if pcs else next(iter(self.context.characters))

    def _fill_actors(self, select: int | None) -> None:
        self.actor_combo.blockSignals(True)
        npc = QCoreApplication.translate('CheckPanel', 'NPC')
        items = [(c.name if c.kind == "pc" else f"{c.name} ({npc})", c.id)
                 for c in (self.context.characters.values() if self.context else ())]
        if items != self._actors:  # the same party is not listed again (a bestiary: 2,000 names)
            self.actor_combo.clear()
            for text, cid in items:
                self.actor_combo.addItem(text, cid)
            self._actors = items
        index = self.actor_combo.findData(select)
        self.actor_combo.setCurrentIndex(index if index >= 0 else (0 if self.actor_combo.count() else -1))
        self.actor_combo.blockSignals(False)

    def _reload(self, *_, fight_only: bool = False) -> None:
        """A sheet (or, ``fight_only``, the encounter) changed: read the campaign again, keep the
        GM's choices."""
        if self.store is None:
            return
        before = (self.followed, self.context)
        if self.followed is not None:  # renamed, or gone from the fight
            self.followed = find_combatant(self.store, self.followed.combatant_id)
            self._show_followed()
        self.context = self._read_context(fight_only=fight_only and self.context is not None)
        if fight_only and (self.followed, self.context) == before:
            return  # a turn, an HP change: the same conditions, the same odds (charts not redrawn)
        self._fill_actors(self.actor_combo.currentData())
        self._actor_changed(keep_check=True)

    def _fight_changed(self) -> None:
        self._reload(fight_only=True)

    def _settings_changed(self) -> None:
        if self.store is None:
            return
        self.context = self._read_context()
        self.target.set_ladder(ladder(self.context.system, self.context.house_rules, self.lang), self.lang)
        self.options.set_rulings(self.context.house_rules)
        self._actor_changed(keep_check=True)

    # -- choices ------------------------------------------------------------------------------
    def actor(self):
        if self.context is None:
            return None
        return self.context.characters.get(self.actor_combo.currentData())

    def _actor_changed(self, *_, keep_check: bool = True) -> None:
        if self._quiet:
            return
        if self.followed is not None and self.actor_combo.currentData() != self.followed.character_id:
            self._stop_following()  # the GM picked someone else in the list
        actor = self.actor()
        if actor is not None and actor.id != getattr(self, "_actor_id", None):
            # A secret roll is one roll's: another actor (the next combatant's turn) rolls in the open
            # unless the GM ticks it again.
            self._actor_id = actor.id
            self.options.reset_secret()
        current = self.check_combo.currentData()
        self._options = available_checks(actor) if actor is not None else []
        self.check_combo.blockSignals(True)
        self.check_combo.clear()
        for option in self._options:
            self.check_combo.addItem(option.label(self.lang), str(option.ref))
        index = self.check_combo.findData(current) if keep_check and current is not None else -1
        self.check_combo.setCurrentIndex(index if index >= 0 else (0 if self._options else -1))
        self.check_combo.blockSignals(False)
        self._check_changed()

    def ref(self):
        index = self.check_combo.currentIndex()
        return self._options[index].ref if 0 <= index < len(getattr(self, "_options", [])) else None

    def _check_changed(self, *_) -> None:
        if self._quiet:
            return
        actor, ref = self.actor(), self.ref()
        party = list(self.context.characters.values()) if self.context else []
        self.target.set_context(actor, ref, party)
        self.options.set_context(actor, ref, party)
        self.refresh()

    def _dc_typed(self) -> None:
        """Whose roll the GM typed the DC for: shown beside it when another actor's check uses it."""
        self._dc_owner = self.actor_combo.currentData()

    def setup(self) -> CheckSetup:
        return CheckSetup(
            actor_id=self.actor_combo.currentData(), ref=self.ref(), dc=self.target.dc(),
            opponent_id=self.target.opponent_id(), opponent_ref=self.target.opponent_ref(),
            test_kind=self.target.test_kind(), threshold=self.target.threshold(),
            difficulty=self.target.difficulty(), opposing_pool=self.target.opposing_pool(),
            flags={**self.options.flags(), **self.target.flags()},
            numbers=self.options.number_values(), helper_ids=self.options.helper_ids(),
            choices=self.options.choice_values(), modifiers=self.modifiers.modifiers(),
            secret=self.options.secret.isChecked(),
        )

    # -- showing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Recompute the check and show it (breakdown, tier chances, both charts)."""
        if self._quiet:
            return
        setup = self.setup()
        if self.context is None or setup.actor_id is None or setup.ref is None:
            self._show_error(QCoreApplication.translate("CheckPanel", "Open a campaign with characters to see its checks.") if self.context is None
                             else QCoreApplication.translate("CheckPanel", "Add a character to the party to see its checks."))
            return
        self.target.set_target_word(target_word(self.context.system, setup.ref))
        try:
            view = compute(setup, self.context)
        except RulesError as exc:
            self._show_error(QCoreApplication.translate("CheckPanel", "Not possible: {reason}").format(reason=exc.said(i18n.current_language()) if exc.rule else str(exc)))
            return
        self.view = view
        self.error_label.setVisible(False)
        self.roll_action.setEnabled(True)
        self._show(view)

    def benchmark_modifier_edit(self) -> float:
        """Seconds from a modifier edit to the charts holding the new data (benchmarks/ui.py)."""
        from gmdesk.ui.panels.check.bench import modifier_edit_seconds

        return modifier_edit_seconds(self)

    # -- language -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.actor_label.setText(QCoreApplication.translate("CheckPanel", "&Who:"))
        self.check_label.setText(QCoreApplication.translate("CheckPanel", "&Check:"))
        self.roll_action.setText(QCoreApplication.translate("CheckPanel", "&Roll"))
        self.roll_action.setToolTip(QCoreApplication.translate("CheckPanel", "Roll the check shown and log it (Ctrl+R)"))
        for widget in (self.target, self.options, self.modifiers, self.tier_table, self.breakdown):
            widget.retranslate()
        if self.store is not None:
            # Check names and ladders come from the domain's bilingual tables: relabel them, keeping
            # every choice the GM made.
            self.context = self._read_context()
            self._show_followed()
            for i, option in enumerate(getattr(self, "_options", [])):
                self.check_combo.setItemText(i, option.label(self.lang))
            self._fill_actors(self.actor_combo.currentData())
            self._settings_changed()
        else:
            self.refresh()
        self.result_view.retranslate(self.view.target_word if getattr(self, "view", None) else "")
        if getattr(self, "_offer", None) is not None:  # the reroll button's words too
            self.result_view.reroll_button.setText(check_roll.reroll_text(self._offer))

    @property
    def tier_chart(self):
        """The tier bars (built now if the window has not been painted yet)."""
        return self._tier.get()

    @property
    def sweep_chart(self):
        """The odds by DC (built now if the window has not been painted yet)."""
        return self._sweep.get()

    # The two charts are built once the window is painted and its docks settled where its layout
    # puts them (the window's layout calls ``window_settled``): the GM sees the window at once and
    # the charts half a second later, and the docks don't move when they arrive. Asked for earlier
    # (``tier_chart``, ``sweep_chart``), a chart is built then.
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self._charts_when_ready()

    def window_settled(self) -> None:
        self._settled = True
        self._charts_when_ready()

    def _charts_when_ready(self) -> None:
        if self._painted and self._settled and not self._charts_due:
            self._charts_due = True
            QTimer.singleShot(0, self, self._build_charts)

    def _build_charts(self) -> None:
        self._tier.get()
        self._sweep.get()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not getattr(self, "_fitted", False):  # the first time the panel has its real width
            self._fitted = True
            self._fit_controls()
