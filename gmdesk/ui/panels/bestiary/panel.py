"""The Bestiary dock: search as you type (name, type, size, level or challenge; accents and case
ignored; best match first) within a level/challenge range, a creature's card with its odds against the
party, Add ×N ("Goblin 1…4", HP average or rolled, initiative by the system's rule) as one undo step,
and below, the fight's difficulty for this party and its threat table, recomputed as it changes.

Nothing is read before the dock is first shown: the system's creatures and the GM's packs are then
read and indexed in a worker thread, so start-up loads no bestiary and the window never waits for one."""

from __future__ import annotations

import random
import time
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractListModel, QCoreApplication, QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QSizePolicy, QDockWidget, QHBoxLayout, QLabel, QLineEdit, QListView, QMenu,
                               QPushButton, QSpinBox, QSplitter, QTextBrowser, QToolButton, QVBoxLayout, QWidget)

from gmdesk.engine.core import RulesError
from gmdesk.store.errors import StoreError
from gmdesk.ui.campaign_state import mark_edits
from gmdesk.ui.campaign_undo import CampaignSteps
from gmdesk.ui.i18n import current_language
from gmdesk.ui.long_text import ElidedLabel
from gmdesk.ui.undo import CampaignHistory
from gmdesk.ui.panels.on_screen import WhenSeen
from gmdesk.ui.write_refusals import refusal_line

from .fight_tabs import FightTabs
from .pack_menu import PackMenu
from .pack_watch import PackWatcher, packs_changed
from .threat_view import DifficultyLabel

# The bestiary itself (the creatures, their card, the packs) is imported on first show, with the index.
if TYPE_CHECKING:
    from gmdesk.campaign.bestiary import Index

    from .packs import PackLoader

translate = QCoreApplication.translate
SHOWN = 300  # results listed: the best matches; typing more narrows them
CARD_AFTER_MS = 120
MAX_ADD = 100  # gmdesk.campaign.bestiary.MAX_ADD (a test holds them equal), without importing it at start-up


class CreatureList(QAbstractListModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.creatures: list = []
        self._texts: dict[int, str] = {}  # id(creature) -> its line, kept while the language is the same

    def set_creatures(self, creatures: list) -> None:
        self.beginResetModel()
        self.creatures = creatures
        self.endResetModel()

    def retranslate(self) -> None:
        self._texts.clear()
        if self.creatures:
            self.dataChanged.emit(self.index(0), self.index(len(self.creatures) - 1))

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self.creatures)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or not 0 <= index.row() < len(self.creatures):
            return None
        creature = self.creatures[index.row()]
        text = self._texts.get(id(creature))
        if text is None:
            from .card import row_text

            text = self._texts[id(creature)] = row_text(creature)
        return text


class BestiaryPanel(PackMenu, QWidget):
    def __init__(self, bus, parent=None, undo_stack=None, rng: random.Random | None = None):
        super().__init__(parent)
        self.bus = bus
        self.store = None
        self.rng = rng or random.Random()
        self.undo_stack = undo_stack if undo_stack is not None else CampaignHistory(self)
        self.steps = CampaignSteps(self.undo_stack, self)
        self.steps.written.connect(self._written_back)
        self.index: Index | None = None  # built on first show
        self._system: str | None = None
        self.reader = None  # a PackReader, made with the index: it keeps what each pack file gave
        self._follows_dock = False
        self._packs_read: list = []  # the packs the index was (or is being) read from
        self.loaded_at = 0.0  # when the index was last read (time.monotonic)
        self.loader: PackLoader | None = None
        self.problems: list[str] = []
        self.last_progress = (0, 0)  # the packs' files read, of how many (as the status line says)
        QCoreApplication.instance().aboutToQuit.connect(self._stop_loader)  # never a thread left running
        self.pack_watch = PackWatcher(lambda: packs_changed(self), self)  # a pack's file saved: read again

        self.search_edit = QLineEdit(objectName="bestiarySearch", clearButtonEnabled=True)
        self.search_edit.textChanged.connect(self.search)
        self.lo_box, self.hi_box = QComboBox(objectName="bestiaryFrom"), QComboBox(objectName="bestiaryTo")
        for box in (self.lo_box, self.hi_box):
            box.currentIndexChanged.connect(self.search)
        self.packs_button = QToolButton(objectName="bestiaryPacks")
        self.packs_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.packs_menu = QMenu(self)
        self.packs_menu.aboutToShow.connect(self._fill_packs_menu)
        self.packs_button.setMenu(self.packs_menu)
        self.model = CreatureList(self)
        self.results = QListView(objectName="bestiaryResults")
        self.results.setModel(self.model)
        self.results.setUniformItemSizes(True)  # a keystroke repaints without measuring every row
        # The card (odds against the whole party) once typing pauses: a keystroke only filters and repaints.
        self.card_timer = QTimer(self, singleShot=True, interval=CARD_AFTER_MS, timeout=self.show_card)
        self.fight_timer = QTimer(self, singleShot=True, interval=0, timeout=self.show_fight)
        self.fight_seen = WhenSeen(self, self.fight_timer.start)
        self.results.selectionModel().currentChanged.connect(lambda *_: self._selection_changed())
        self.card = QTextBrowser(objectName="bestiaryCard")
        self.count_box = QSpinBox(objectName="bestiaryCount", minimum=1, maximum=MAX_ADD)
        self.hp_box = QComboBox(objectName="bestiaryHp")
        # Measured from its entries whenever they change (a language switch), not once while hidden.
        self.hp_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.hp_box.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)  # never below its words
        self.add_button = QPushButton(objectName="bestiaryAdd")
        self.add_button.clicked.connect(self.add_selected)
        self.count_box.valueChanged.connect(lambda _: self._add_text())
        mark_edits(self.add_button)
        # One line kept for it, empty or not: a line appearing ("Skipped …", an add refused) pushed the
        # list and the card down under the GM's cursor (issue 24). Long, it ends with "…", whole on hover.
        self.status = ElidedLabel()
        self.status.setObjectName("bestiaryStatus")
        self.status.setMinimumHeight(self.status.fontMetrics().height())
        self.difficulty = DifficultyLabel(self)
        self.fight_tabs = FightTabs(bus, self)  # the threat table, the fight's odds
        self.threat, self.fight_odds = self.fight_tabs.threat, self.fight_tabs.odds
        self.encounter_label = QLabel()
        bold = self.encounter_label.font()
        bold.setBold(True)
        self.encounter_label.setFont(bold)

        top = QHBoxLayout()
        top.addWidget(self.search_edit, 1)
        self.range_label = QLabel()
        for w in (self.range_label, self.lo_box, QLabel("…"), self.hi_box, self.packs_button):
            top.addWidget(w)
        adding = QHBoxLayout()
        for w in (self.count_box, self.hp_box, self.add_button):
            adding.addWidget(w)
        adding.addStretch(1)
        found = QWidget()
        column = QVBoxLayout(found)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.results, 1)
        column.addLayout(adding)
        below = QWidget()
        fight = QVBoxLayout(below)
        fight.setContentsMargins(0, 0, 0, 0)
        fight.addWidget(self.encounter_label)
        fight.addWidget(self.difficulty)
        fight.addWidget(self.fight_tabs, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        across = QSplitter(Qt.Orientation.Horizontal)
        across.addWidget(found)
        across.addWidget(self.card)
        self.splitter.addWidget(across)
        self.splitter.addWidget(below)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.splitter, 1)
        for signal in (bus.encounterChanged, bus.campaignOpened, bus.settingsChanged):
            signal.connect(self.fight_changed)
        bus.characterChanged.connect(lambda _: self.fight_changed())
        bus.bestiaryWanted.connect(self.wanted)
        self.retranslate()

    # -- the campaign --------------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        self.card_timer.stop()
        self.fight_timer.stop()
        self.store = self.steps.store = store
        system = store.info.system if store is not None else None
        # Another campaign of the same system may read other packs (its own): read again then.
        if system != self._system or (self.loader is not None and self._packs_read != self._packs_of(store)):
            self._stop_loader()
            self._system, self.index = system, None
            self.model.set_creatures([])
            self.pack_watch.stop()
        self.card.clear()  # it names the party it is read against: read again for this one
        if self.selected() is not None:
            self.card_timer.start()
        # Nothing of the campaign shown before stays, not even for the moment before the next fight
        # is read (the table's headers and tooltips name its characters).
        self.threat.setRowCount(0)
        self.threat.setColumnCount(0)
        self.difficulty.clear()
        self.difficulty.setToolTip("")
        self.fight_tabs.set_campaign(store)
        if store is not None:
            self.window_settled()
        self.fight_changed()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        dock = self.parentWidget()
        if isinstance(dock, QDockWidget) and not self._follows_dock:  # its tab brought to the front
            self._follows_dock = True
            dock.visibilityChanged.connect(lambda shown: shown and QTimer.singleShot(0, self.window_settled))
        # Once the window is painted: a dock left raised at the last start reads nothing before.
        QTimer.singleShot(0, self.window_settled)
        self.fight_changed()

    def window_settled(self) -> None:
        """Read the bestiary once the dock is on screen: a tab behind Check is "visible" to Qt (laid
        out off screen), and reading then would cost every start for a dock the GM has not opened."""
        if self.isVisible() and not self.visibleRegion().isEmpty():
            from .packs import refresh_due

            if refresh_due(self):  # brought back to the front: the packs' changed files read again
                self.load_packs()
            self.build_index()

    def wanted(self, text: str = "") -> None:
        """Asked for from elsewhere (the Initiative's Add): the dock shown and raised, the search ready."""
        dock = self.parentWidget()
        if isinstance(dock, QDockWidget):
            dock.show()
            dock.raise_()
        self.search_edit.setText(text.strip())
        self.search_edit.setFocus()
        self.search_edit.selectAll()

    def build_index(self) -> None:
        """The system's creatures and the GM's packs, read and indexed in a worker thread."""
        if self.index is not None or self.store is None or (self.loader is not None and self.loader.isRunning()):
            return
        self.load_packs()

    def load_packs(self) -> None:
        """Read the shipped creatures and the packs again (off the window's thread); the index
        searched meanwhile is the last one read."""
        from .packs import PackLoader, pack_reader

        self._stop_loader()
        if self.store is None or self._system is None:
            return
        self.reader = self.reader or pack_reader()
        self._packs_read = self._packs_of(self.store)
        self.loader = PackLoader(self.reader, self._packs_read, self._system, self)
        self.loader.progress.connect(self._pack_progress)
        self.loader.loaded.connect(self._packs_loaded)
        if self.index is None:
            self.say(translate("Bestiary", "Reading the bestiary…"))
        self.loader.start()

    def _stop_loader(self) -> None:
        if self.loader is not None:
            self.loader.stop()
            self.loader.wait()
            self.loader.deleteLater()
            self.loader = None

    def _pack_progress(self, done: int, total: int) -> None:
        self.last_progress = (done, total)
        self.say(translate("Bestiary", "Reading the packs: %1 of %2 files…")
                            .replace("%1", str(done)).replace("%2", str(total)))

    def _packs_loaded(self, index, problems: list) -> None:
        if self.sender() is not self.loader:
            return  # a reading stopped for a newer one (another campaign, a pack added)
        chosen, self.index, self.problems = self.selected(), index, problems
        self.loaded_at = time.monotonic()
        self.pack_watch.watch(self._packs_read)
        lines = [translate("Bestiary", "Skipped %1").replace("%1", refusal_line(p)) for p in problems]
        if index is not None and not len(index) and not lines:  # pf2, dnd35, cof, anarchy before a pack
            lines = [translate("Bestiary", "No creatures: this system's bestiary is the packs you add (Packs ›)")]
        self.say("\n".join(lines[:3] + (["…"] if len(lines) > 3 else [])))  # on one line: say() joins them
        self.status.setToolTip("\n".join(lines))
        self._fill_ranges()
        self.search()
        key = (chosen.name, chosen.origin) if chosen is not None else None
        same = [i for i, c in enumerate(self.model.creatures) if (c.name, c.origin) == key]
        if same:  # read again: the creature the GM was looking at stays chosen
            self.results.setCurrentIndex(self.model.index(same[0]))

    # -- searching -----------------------------------------------------------------------------
    def _fill_ranges(self) -> None:
        ranks = sorted({c.rank for c in self.index.creatures}) if self.index is not None else []
        for box in (self.lo_box, self.hi_box):
            box.blockSignals(True)
            kept = box.currentData()
            box.clear()
            box.addItem(translate("Bestiary", "any"), None)
            for r in ranks:
                box.addItem(str(r), r)
            box.setCurrentIndex(max(0, box.findData(kept)) if kept is not None else 0)
            box.blockSignals(False)

    def range(self) -> tuple[Fraction | None, Fraction | None]:
        return self.lo_box.currentData(), self.hi_box.currentData()

    def search(self, *_) -> None:
        if self.index is None:
            return
        lo, hi = self.range()
        found = self.index.search(self.search_edit.text(), lo, hi, limit=SHOWN)
        self.model.set_creatures(found)
        if found:
            self.results.setCurrentIndex(self.model.index(0))

    def selected(self):
        row = self.results.currentIndex().row()
        return self.model.creatures[row] if 0 <= row < len(self.model.creatures) else None

    def _selection_changed(self) -> None:
        self._add_text()  # Add names the creature at once
        self.card_timer.start()

    def show_card(self) -> None:
        creature = self.selected()
        if creature is None or self.store is None:
            self.card.clear()
        else:
            from .card import card_html, party_in_fight

            party = [c for c in self.store.characters.list() if c.is_pc]
            try:
                hp, held = party_in_fight(self.store)
                self.card.setHtml(card_html(creature, party, self.store.info.house_rules, current_language(), hp, held))
            except RulesError as exc:  # a pack's file read whole only now, and wrong: named, nothing shown
                self.card.clear()
                self.say(refusal_line(exc))

    # -- adding to the fight -------------------------------------------------------------------
    def add_selected(self) -> list:
        """Add ×N of the selected creature to the fight: one undo step."""
        creature = self.selected()
        if creature is None or self.store is None or self.bus.read_only:
            return []
        count, hp = self.count_box.value(), self.hp_box.currentData()
        text = translate("Bestiary", "Add %1 ×%2").replace("%1", creature.name).replace("%2", str(count))
        from gmdesk.store.bestiary import add_to_fight

        try:
            with self.steps.step(text, ("characters", "encounter")):
                stored, _, _ = add_to_fight(self.store, creature, count, self.rng, hp, lang=current_language())
        except (RulesError, StoreError, OSError) as exc:
            self.say(refusal_line(exc))
            return []
        self.bus.characterChanged.emit(-1)
        self.bus.encounterChanged.emit()
        return stored

    def _written_back(self, parts: tuple, shown) -> None:
        self.bus.characterChanged.emit(-1)
        self.bus.encounterChanged.emit()

    def fight_changed(self) -> None:
        """The difficulty and the threat table follow the fight (only while the dock is on screen:
        behind another dock's tab, when its tab is raised), once the signals of one change are all in
        (an add says characters and fight changed)."""
        if self.isVisible():
            self.fight_seen.request()

    def show_fight(self) -> None:
        self.fight_timer.stop()
        lang = current_language()
        self.difficulty.show_for(self.store, lang)
        self.threat.show_for(self.store, lang, self._save_dcs())

    def _save_dcs(self) -> dict:
        """The actions imposing a save of each creature fighting, from the bestiary it came from."""
        if self.store is None or self.index is None:
            return {}
        by_origin = {c.origin: c for c in self.index.creatures if c.origin}
        return {c.id: by_origin[c.origin].save_dcs() for c in self.store.characters.list()
                if not c.is_pc and c.origin in by_origin}

    # -- words ---------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """The dock's one status line (reading, a file skipped, an add refused), its room kept when empty."""
        self.status.setText(" · ".join(line for line in text.splitlines() if line.strip()))
        self.status.setToolTip("")  # the skipped files' list, one a line, is set after it

    def _add_text(self) -> None:
        creature = self.selected()
        name = creature.name if creature is not None else ""
        # The creature's name is on its card: the button stays one short width (a long name, "Adult
        # Black Dragon", would be cut in a narrow dock), the whole in its tooltip.
        self.add_button.setText(translate("Bestiary", "Add ×%1").replace("%1", str(self.count_box.value())))
        self.add_button.setToolTip(translate("Bestiary", "Add %1 ×%2").replace("%1", name)
                                   .replace("%2", str(self.count_box.value())).replace("  ", " "))
        self.add_button.setMinimumWidth(self.add_button.sizeHint().width())
        self.add_button.setEnabled(creature is not None and not self.bus.read_only)

    def retranslate(self) -> None:
        self.search_edit.setPlaceholderText(translate("Bestiary", "Search: name, type, size, CR 1/4, level 3…"))
        self.search_edit.setToolTip(translate(
            "Bestiary", "Accents and case ignored, best match first. The SRD creatures keep their English names."))
        self.range_label.setText(translate("Bestiary", "Level/CR"))
        self.packs_button.setText(translate("Bestiary", "Packs"))
        self.packs_button.setToolTip(translate("Bestiary", "Your own bestiaries: folders or files of stat blocks, read-only"))
        self.count_box.setPrefix("×")
        hp = self.hp_box.currentData() or "average"
        self.hp_box.blockSignals(True)
        self.hp_box.clear()
        self.hp_box.addItem(translate("Bestiary", "HP average"), "average")
        self.hp_box.addItem(translate("Bestiary", "HP rolled"), "rolled")
        self.hp_box.setCurrentIndex(0 if hp == "average" else 1)
        self.hp_box.blockSignals(False)

        self._add_text()
        self.fight_tabs.retranslate()
        self.model.retranslate()
        if self.selected() is not None:
            self.card_timer.start()  # the card in the new language
        self.fight_changed()
        self.encounter_label.setText(translate("Bestiary", "The fight against the party"))
        for box in (self.lo_box, self.hi_box):
            if box.count():
                box.setItemText(0, translate("Bestiary", "any"))
