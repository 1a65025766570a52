"""The Fight odds tab of the Bestiary dock: the whole fight simulated, party against creatures, under a
tactic the GM picks and sees explained, from a seed shown (so the same figures come back), in GM words
with their 95 % intervals and what the simulation leaves out (``campaign.fight_sim``).

The simulation runs off the window's thread (``long_work``: a progress bar and Cancel in the status
bar); the fight stays usable meanwhile. A result says which fight it is for: when the fight or a sheet
changes it is greyed and says so (it is the old fight's), and another campaign clears it (and stops a
simulation still running: nothing of the old campaign stays)."""

from __future__ import annotations

import random

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QGridLayout, QHBoxLayout, QLabel, QListWidget,
                               QListWidgetItem, QPushButton, QSizePolicy, QTextBrowser, QToolButton, QVBoxLayout,
                               QWidget)

from gmdesk.engine.core import RulesError
from gmdesk.ui import long_work
from gmdesk.ui.i18n import current_language
from gmdesk.ui.long_text import SteadyLabel, fit_combo
from gmdesk.ui.number_box import NumberBox

from .card import thousands
from .fight_words import result_html, tactic_words
from .threat_view import READ_ERRORS

translate = QCoreApplication.translate
DEFAULT_RUNS = 2000
MAX_RUNS = 100_000  # a GM's patience: 100,000 fights of a large encounter is already minutes
MAX_SEED = 2**31 - 1
ORDER_ROWS = 4  # the target order's list shows four combatants, and scrolls


class FightOddsView(QWidget):
    def __init__(self, bus, parent=None):
        super().__init__(parent)
        self.setObjectName("fightOdds")
        self.bus = bus
        self.store = None
        self.work: long_work.LongWork | None = None
        self.odds = None  # the last result shown (a ``fight_sim.FightOdds``)
        self.fight = None  # the fight it was simulated from (its round and turn, said with it)
        self.stale = False  # the fight or a sheet changed since ``odds`` was simulated
        self._changes = 0  # counts the fight's changes: a result arriving after one is stale at once

        # Both combos as wide as their longest entry, measured when filled (fit_combo): Qt's
        # AdjustToContents shrinks a combo to its hint 20 ms after each fill, then the layout widens
        # it back: a combo flickering at each language switch.
        self.tactic_label, self.tactic_box = QLabel(), QComboBox(objectName="fightTactic")
        self.tactic_box.currentIndexChanged.connect(lambda _: self._explain())
        # As tall as the longest tactic's explanation: picking another moves none of the controls below.
        self.tactic_about = SteadyLabel(objectName="fightTacticAbout")
        self.from_label, self.from_box = QLabel(), QComboBox(objectName="fightFrom")
        self.runs_label = QLabel()
        self.runs_box = NumberBox(objectName="fightRuns", minimum=100, maximum=MAX_RUNS, singleStep=500,
                                  value=DEFAULT_RUNS)
        self.seed_label = QLabel()
        # A seed is a name for a run, read back and typed again as it stands ("seed 48213" in the
        # results, ``--seed 48213`` in a terminal): not grouped, though "48 213" typed still reads.
        self.seed_box = NumberBox(objectName="fightSeed", grouped=False, minimum=0, maximum=MAX_SEED,
                                  value=random.SystemRandom().randrange(1, 100_000))
        self.new_seed_button = QPushButton(objectName="fightNewSeed")
        self.new_seed_button.clicked.connect(self.new_seed)
        self.simulate_button = QPushButton(objectName="fightSimulate")
        self.simulate_button.clicked.connect(self.simulate)
        # The GM's target order (the "order" tactic): the fight's combatants, dragged into order.
        self.order_list = QListWidget(objectName="fightOrder", visible=False)
        self.order_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        # ... or moved from the keyboard (Alt+Up, Alt+Down) or by the two buttons beside it.
        self.order_up = QToolButton(objectName="fightOrderUp", arrowType=Qt.ArrowType.UpArrow)
        self.order_down = QToolButton(objectName="fightOrderDown", arrowType=Qt.ArrowType.DownArrow)
        moves = QVBoxLayout()
        moves.setContentsMargins(0, 0, 0, 0)
        for button, step, key in ((self.order_up, -1, "Alt+Up"), (self.order_down, 1, "Alt+Down")):
            button.clicked.connect(lambda _=False, step=step: self.move_target(step))
            QShortcut(QKeySequence(key), self.order_list, lambda step=step: self.move_target(step),
                      context=Qt.ShortcutContext.WidgetShortcut)
            moves.addWidget(button)
        moves.addStretch(1)
        self.order_box = QWidget(visible=False)
        order_row = QHBoxLayout(self.order_box)
        order_row.setContentsMargins(0, 0, 0, 0)
        order_row.addWidget(self.order_list, 1)
        order_row.addLayout(moves)
        # Four names high, whatever the fight: the results below it keep the same room.
        rows = self.order_list.fontMetrics().lineSpacing() * ORDER_ROWS + 2 * self.order_list.frameWidth()
        self.order_list.setFixedHeight(rows)
        # As wide as the results below it, asking for no width of its own (it would take it from the controls).
        self.order_box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.results = QTextBrowser(objectName="fightResults")
        self.results.setOpenLinks(False)

        form = QGridLayout()
        form.addWidget(self.tactic_label, 0, 0)
        form.addWidget(self.tactic_box, 0, 1, 1, 2)
        form.addWidget(self.tactic_about, 1, 0, 1, 3)
        form.addWidget(self.from_label, 3, 0)
        form.addWidget(self.from_box, 3, 1, 1, 2)
        form.addWidget(self.runs_label, 4, 0)
        form.addWidget(self.runs_box, 4, 1, 1, 2)
        form.addWidget(self.seed_label, 5, 0)
        form.addWidget(self.seed_box, 5, 1)
        form.addWidget(self.new_seed_button, 5, 2)
        form.addWidget(self.simulate_button, 6, 0, 1, 3)
        form.setRowStretch(7, 1)
        form.setColumnStretch(1, 1)
        controls = QWidget()
        controls.setLayout(form)
        controls.setMaximumWidth(360)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(controls)
        # The GM's target order shows above the results, not among the controls: picking that tactic
        # moves none of them, nor makes the dock taller (it took its room from the bestiary's list).
        right = QVBoxLayout()
        right.addWidget(self.order_box)
        right.addWidget(self.results, 1)
        row.addLayout(right, 1)
        for first, then in ((self.tactic_box, self.order_list), (self.order_list, self.order_up),
                            (self.order_up, self.order_down), (self.order_down, self.from_box)):
            QWidget.setTabOrder(first, then)  # the order follows the tactic, as it reads
        for signal in (bus.encounterChanged, bus.settingsChanged):
            signal.connect(self.fight_changed)
        bus.characterChanged.connect(lambda _: self.fight_changed())
        self.retranslate()

    # -- the campaign ---------------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        """Another campaign: the simulation running stops, the result shown goes."""
        self.stop()
        self.store = store
        self.order_list.clear()
        self._fill_order()
        self.odds, self.stale = None, False
        self._changes += 1
        self._show()

    def stop(self) -> None:
        if self.work is not None and self.work.running():
            self.work.cancel()
        self.work = None  # whatever it still delivers is no longer for this view

    def fight_changed(self) -> None:
        """The fight, a sheet or the house rules changed: the figures shown are the old fight's."""
        self._changes += 1
        if self.odds is not None and not self.stale:
            self.stale = True
            self._show()
        if self.isVisible():  # else when next shown: a hidden tab reads nothing at each change
            self._fill_order()
            self._enable()

    def new_seed(self) -> None:
        self.seed_box.setValue(random.SystemRandom().randrange(1, MAX_SEED))

    # -- simulating -----------------------------------------------------------------------------
    def reason_not(self) -> str:
        """Why this campaign's fight cannot be simulated ("" when it can)."""
        from .fight_words import no_damage_reason

        if self.store is None:
            return ""
        reason = no_damage_reason(self.store.info.system, current_language())
        if reason:
            return reason
        try:
            fight = self.store.encounter.get()
        except READ_ERRORS:
            fight = None
        if fight is None or not fight.combatants:
            return translate("FightOdds", "No fight in progress: add creatures to the fight first.")
        return ""

    def simulate(self) -> long_work.LongWork | None:
        """Simulate the fight as the choices say, off the window's thread."""
        if self.store is None or (self.work is not None and self.work.running()) or self.reason_not():
            return None
        # Imported here, on the window's thread: a first import inside the worker would hold the
        # import machinery while the window waits on it to show the progress bar.
        from gmdesk.campaign import fight_odds, fight_sim  # noqa: F401 (fight_odds: see above)

        try:
            characters, encounter = self.store.characters.list(), self.store.encounter.get()
        except READ_ERRORS as exc:
            self._say(str(exc).splitlines()[0][:300])
            return None
        runs, seed, tactic = self.runs_box.value(), self.seed_box.value(), self.tactic_box.currentData()
        from_now, house_rules = self.from_box.currentData() == "now", self.store.info.house_rules
        changes, lang = self._changes, current_language()
        order = self.order() if tactic == "order" else ()

        def work(progress):
            # Characters and fight were read here, on the window's thread: the worker shares no store.
            odds = fight_sim.simulate(characters, encounter, house_rules, runs, seed, tactic, order,
                                      progress=progress, from_now=from_now, lang=lang)
            if getattr(odds, "cancelled", False):
                raise long_work.Cancelled()  # Cancel leaves no half result on screen
            return odds, encounter

        # Each end enables Simulate as this campaign allows (another may have opened meanwhile).
        def done(result) -> None:
            if self.work is work_:
                self.odds, self.fight = result
                self.stale = self._changes != changes  # the fight changed while it ran
                self.work = None
                self._show()
            self._enable()

        def failed(error: BaseException) -> None:
            if self.work is work_:
                self.work = None
                # A refusal is the rule in the GM's words ("no simulation: …"); anything else, one line.
                text = error.said(lang) if isinstance(error, RulesError) else str(error)
                self._say(text.splitlines()[0][:300] if text else type(error).__name__)
            self._enable()

        def cancelled() -> None:
            if self.work is work_:
                self.work = None
                self._show()
            self._enable()

        work_ = long_work.LongWork(self, translate("FightOdds", "Simulating %1 fights").replace(
            "%1", thousands(runs, lang)), work, on_done=done, on_failed=failed, on_cancelled=cancelled,
            done_text=lambda _: translate("FightOdds", "Fight simulated."),
            disables=(self.simulate_button,))
        self.work = work_
        self.odds, self.stale = None, False
        work_.start()
        self._show()
        return work_

    def order(self) -> tuple[int, ...]:
        """The GM's target order: combatant ids, first targeted first."""
        return tuple(self.order_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.order_list.count()))

    def move_target(self, step: int) -> None:
        """The selected combatant one place earlier (``step`` -1) or later (+1) in the target order."""
        row = self.order_list.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < self.order_list.count():
            return
        self.order_list.insertItem(to, self.order_list.takeItem(row))
        self.order_list.setCurrentRow(to)

    def _fill_order(self) -> None:
        """The fight's combatants in the order the GM left them; newcomers after, in initiative order."""
        try:
            fight = self.store.encounter.get() if self.store is not None else None
        except READ_ERRORS:
            fight = None
        queue = {c.id: c.name for c in fight.queue()} if fight is not None else {}
        kept = [i for i in self.order() if i in queue]
        self.order_list.clear()
        for cid in kept + [i for i in queue if i not in kept]:
            item = QListWidgetItem(queue[cid])
            item.setData(Qt.ItemDataRole.UserRole, cid)
            self.order_list.addItem(item)

    # -- words ----------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.results.setPlainText(text)

    def _show(self) -> None:
        self._enable()
        if self.work is not None and self.work.running():
            self._say(translate("FightOdds", "Simulating…"))
        elif self.odds is None:
            self._say(self.reason_not() or translate("FightOdds", "Not simulated yet: pick a tactic, then Simulate."))
        else:
            self.results.setHtml(result_html(self.odds, self.fight, self.stale, current_language()))

    def _enable(self) -> None:
        # Simulating writes nothing: a read-only campaign is simulated as any other.
        reason = self.reason_not()
        self.simulate_button.setEnabled(self.store is not None and not reason
                                        and (self.work is None or not self.work.running()))
        self.simulate_button.setToolTip(reason)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self.tactic_box.count():  # the simulation's module is read when first shown, not at start-up
            self._fill_tactics(current_language())
        self._fill_order()
        self._show()

    def _fill_tactics(self, lang: str) -> None:
        from gmdesk.campaign.fight_sim_odds import TACTICS

        tactic = self.tactic_box.currentData() or TACTICS[0]
        self.tactic_box.blockSignals(True)
        self.tactic_box.clear()
        for key in TACTICS:
            self.tactic_box.addItem(tactic_words(key, lang)[0], key)
        self.tactic_about.set_texts(_sentence(tactic_words(key, lang)[1]) for key in TACTICS)
        self.tactic_box.setCurrentIndex(max(0, self.tactic_box.findData(tactic)))
        self.tactic_box.blockSignals(False)
        fit_combo(self.tactic_box)
        self._explain()

    def _explain(self) -> None:
        tactic = self.tactic_box.currentData()
        about = tactic_words(tactic, current_language())[1] if tactic else ""
        self.tactic_about.setText(_sentence(about))
        self.order_box.setVisible(tactic == "order")
        self.order_list.setVisible(tactic == "order")
        self.order_list.setToolTip(translate("FightOdds", "Drag the combatants into the order they are targeted"))
        self.order_up.setToolTip(translate("FightOdds", "Targeted earlier (Alt+Up)"))
        self.order_down.setToolTip(translate("FightOdds", "Targeted later (Alt+Down)"))

    def retranslate(self) -> None:
        lang = current_language()
        self.tactic_label.setText(translate("FightOdds", "Tactic"))
        self.from_label.setText(translate("FightOdds", "From"))
        self.runs_label.setText(translate("FightOdds", "Fights"))
        self.seed_label.setText(translate("FightOdds", "Seed"))
        self.seed_box.setToolTip(translate("FightOdds", "The same seed gives the same figures"))
        self.new_seed_button.setText(translate("FightOdds", "New seed"))
        self.simulate_button.setText(translate("FightOdds", "Simulate"))
        if self.tactic_box.count() or self.isVisible():
            self._fill_tactics(lang)
        start = self.from_box.currentData() or "start"
        self.from_box.clear()
        self.from_box.addItem(translate("FightOdds", "the start of the fight"), "start")
        self.from_box.addItem(translate("FightOdds", "the fight as it stands"), "now")
        self.from_box.setToolTip(translate("FightOdds", "As it stands: current HP, this round, whose turn it is"))
        self.from_box.setCurrentIndex(max(0, self.from_box.findData(start)))
        fit_combo(self.from_box)
        self._explain()
        self._show()


def _sentence(text: str) -> str:
    """A tactic's explanation as a sentence of its own: its first letter a capital."""
    return text[:1].upper() + text[1:]
