"""The encounter for this party, live: its difficulty in the system's words (``campaign.difficulty``)
and the threat table (``campaign.threat``): one row per player character, one column per creature
fighting; a cell is the creature's best attack against the character, coloured so that danger reads at
a glance, with a strip of bars under its figure: in how many rounds the creature drops the character
(``ThreatTable.rounds``, exact, from its current HP); the cell explains itself on hover (both attacks,
"drops Brunhild in 3 rounds or fewer: 41 %" both ways, the damage a round, the saves its actions
impose, who spots whom)."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QLabel, QStyledItemDelegate, QTableWidget, QTableWidgetItem

from gmdesk.engine.core import RulesError
from gmdesk.store.errors import StoreError

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from gmdesk.campaign import threat

# The engine's side (threat, difficulty, the card's words) is imported when first shown: this module
# is imported with the window (the Initiative shows the difficulty), and start-up stays light.

translate = QCoreApplication.translate
# What reading a damaged campaign's fight or characters raises, or a campaign closed meanwhile.
READ_ERRORS = (StoreError, RulesError, sqlite3.Error)
MAX_COLUMNS = 40  # creatures shown in the table: a larger fight reads in the initiative, not here
HORIZON = 10  # rounds counted one by one in a cell's bars; the last bar is "more"
BARS_ROLE = Qt.ItemDataRole.UserRole + 1  # a cell's bars: the chance of each round, the tallest 1
STRIP_PX = 10  # the bars' height under the cell's figure
MAX_KINDS = 500  # kinds of creature (and HP) kept computed: a long fight's every HP is not kept forever


def difficulty_text(system_id: str, encounter, characters, lang: str, full: bool = True) -> str:
    """"Difficulty: Moderate, 450 XP (Low 200 XP · Moderate 400 XP · High 600 XP) — notes", or the
    system's plain word that it has no budget. ``full`` False: the first part only, for one short line."""
    from gmdesk.campaign.difficulty import of_encounter

    from .card import thousands

    found = of_encounter(system_id, encounter, characters)
    if found.reached is None:
        return found.word(lang)

    def xp(n: int) -> str:
        return translate("Bestiary", "%1 XP").replace("%1", thousands(n, lang))

    if not full:
        short = translate("Bestiary", "Difficulty: %1, %2").replace("%1", found.word(lang)).replace("%2", xp(found.xp))
        unknown = sum(1 for worth in (found.creature_xp or ()) if worth is None)
        if unknown:  # a figure a GM would trust blindly must say what it leaves out, on the line itself
            short += " " + (translate("Bestiary", "(1 creature without challenge or XP left out)") if unknown == 1 else
                            translate("Bestiary", "(%1 creatures without challenge or XP left out)")
                            .replace("%1", str(unknown)))
        return short
    steps = " · ".join(f"{found.words[k].text(lang) if k in found.words else k} {xp(v)}" for k, v in found.budget.items())
    text = (translate("Bestiary", "Difficulty: %1, %2 (%3)").replace("%1", found.word(lang))
            .replace("%2", xp(found.xp)).replace("%3", steps))
    notes = "; ".join(n.text(lang) for n in found.notes)
    return f"{text} — {notes}" if notes else text


class DifficultyLabel(QLabel):
    """One line that follows the fight: ``follow(bus, store)`` and it shows itself again whenever the
    fight, a character or the house rules change, and when the language does. ``full`` False: the
    word and the XP only, the budget and the notes in its tooltip (a line beside other panels)."""

    def __init__(self, parent=None, full: bool = True):
        super().__init__(parent)
        self.full = full
        self.setObjectName("encounterDifficulty")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._store = lambda: None
        self._shown = None  # the campaign whose fight is shown, if any

    def follow(self, bus, store: Callable[[], object]) -> None:
        """Keep showing the difficulty of ``store()``'s fight (a callable: the panel's campaign)."""
        from gmdesk.ui.panels.on_screen import WhenSeen

        self._store = store
        # Read while the GM can see it; off screen (Prep's, behind a tab) when it comes back.
        seen = WhenSeen(self, self._follow)

        def changed(*_, forget: bool = False) -> None:
            if forget:
                self._forget()
            if self._shown is not self._store():  # nothing of another campaign stays, even unseen
                self.clear()
                self.setToolTip("")
                self._shown = None
                self._forget()
            seen.request()

        bus.encounterChanged.connect(lambda *_: changed())
        for signal in (bus.settingsChanged, bus.characterChanged):
            signal.connect(lambda *_: changed(forget=True))
        # A label that already shows the new campaign's fight (its panel was handed the campaign,
        # and the fight announced) is not read again: that was a second reading each campaign switch.
        bus.campaignOpened.connect(lambda: self._shown is not self._store() and changed(forget=True))

    def _forget(self) -> None:
        self._shown_for = None

    def _follow(self) -> None:
        """Shown again unless only the turn moved: a turn, an HP change or a condition leaves the
        difficulty as it was (it counts who fights, not how they fare) and reading every sheet again
        for it cost 2–3 ms of each "Next turn". Characters and house rules changed: ``_forget``."""
        store = self._store()
        try:
            encounter = store.encounter.get() if store is not None else None
        except READ_ERRORS:
            encounter = None
        from gmdesk.ui.i18n import current_language

        fighting = tuple((c.kind, c.state == "dead", c.character_id) for c in encounter.queue()) \
            if encounter is not None else None
        key = (id(store), current_language(), fighting)
        if store is not None and self._shown is store and key == getattr(self, "_shown_for", None):
            return
        self.show_for(store)
        self._shown_for = key

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._forget()
            self.show_for(self._store())

    def show_for(self, store, lang: str | None = None) -> None:
        self._shown = None
        if store is None:
            self.clear()
            self.setToolTip("")
            return
        from gmdesk.ui.i18n import current_language

        lang = lang or current_language()
        try:
            encounter, characters = store.encounter.get(), store.characters.list()
        except READ_ERRORS:  # a damaged fight: the Initiative says so; no difficulty to give
            self.clear()
            self.setToolTip("")
            return
        whole = difficulty_text(store.info.system, encounter, characters, lang)
        self.setText(whole if self.full else difficulty_text(store.info.system, encounter, characters, lang, False))
        self.setToolTip("" if self.full else whole)
        self._shown = store


class RoundsStrip(QStyledItemDelegate):
    """The cell as usual, its figure at the top, and under it the bars of the rounds to drop: one bar
    a round (1 at the left), the last one "more than 10", paler. Painted from numbers the cell keeps:
    nothing is computed while painting."""

    def paint(self, painter, option, index) -> None:
        super().paint(painter, option, index)
        bars = index.data(BARS_ROLE)
        if not bars:
            return
        area = QRectF(option.rect).adjusted(4, 0, -4, -3)
        width = area.width() / len(bars)
        colour = QColor(index.data(Qt.ItemDataRole.ForegroundRole).color()) \
            if index.data(Qt.ItemDataRole.ForegroundRole) is not None else option.palette.text().color()
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        for i, height in enumerate(bars):
            if i == len(bars) - 1:
                colour.setAlphaF(0.45)
            painter.setBrush(colour)
            h = max(1.0, height * STRIP_PX) if height > 0 else 0.0
            painter.drawRect(QRectF(area.left() + i * width + 0.5, area.bottom() - h, max(1.0, width - 1.5), h))
        painter.restore()

    def sizeHint(self, option, index):  # noqa: N802 (Qt's name)
        size = super().sizeHint(option, index)
        if index.data(BARS_ROLE):  # room for the bars: at least 3 px a bar
            size.setWidth(max(size.width(), 3 * (HORIZON + 1) + 8))
            size.setHeight(size.height() + STRIP_PX + 2)
        return size


def bars_of(rounds) -> tuple[float, ...]:
    """A ``RoundsToDrop`` as bar heights (the likeliest round 1, the others to scale): rounds 1…10,
    then "more". Floats: only painted."""
    if rounds is None or rounds.never:
        return ()
    chances = [float(rounds.exactly(n)) for n in range(1, HORIZON + 1)] + [float(rounds.beyond)]
    top = max(chances)
    return tuple(c / top for c in chances) if top > 0 else ()


class ThreatTable(QTableWidget):
    shown = Signal()  # shown again (a change, a language): the legend follows

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("threatTable")
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.setItemDelegate(RoundsStrip(self))
        rows = self.fontMetrics().height() + STRIP_PX + 10
        self.verticalHeader().setDefaultSectionSize(max(rows, self.verticalHeader().defaultSectionSize()))
        self.table: threat.ThreatTable | None = None
        self.no_rounds_reason = ""  # the system has no damage rules: said once, under the tab
        self._cache: dict[tuple, tuple] = {}  # a kind of creature -> (its id then, its cells)
        self._party_key: tuple = ()

    def show_for(self, store, lang: str, save_dcs=None) -> None:
        """The campaign's player characters against the creatures in its fight."""
        from gmdesk.campaign.difficulty import in_fight

        from .fight_words import no_damage_reason

        self.clear()
        self.table = None
        self.no_rounds_reason = no_damage_reason(store.info.system, lang) if store is not None else ""
        self.shown.emit()
        if store is None:
            self.setRowCount(0)
            self.setColumnCount(0)
            self._cache.clear()
            return
        try:
            characters, encounter = store.characters.list(), store.encounter.get()
        except READ_ERRORS:  # a damaged fight: the Initiative says so; no table to show
            self.setRowCount(0)
            self.setColumnCount(0)
            return
        party = [c for c in characters if c.is_pc]
        creatures = in_fight(encounter, {c.id: c for c in characters})[0][:MAX_COLUMNS]
        from gmdesk.campaign.fight_odds import as_it_stands

        hp, conditions = as_it_stands(encounter)  # the rounds count down from its HP, both count its conditions
        self.table = t = self._table(party, creatures, store.info.house_rules, save_dcs or {}, lang, hp, conditions)
        self.setRowCount(len(party))
        self.setColumnCount(len(creatures))
        self.setVerticalHeaderLabels([pc.name for pc in party])
        self.setHorizontalHeaderLabels([c.name for c in creatures])
        for row, pc in enumerate(party):
            for col, creature in enumerate(creatures):
                self.setItem(row, col, self._item(t, pc, creature, store.info.house_rules, lang))

    def _table(self, party, creatures, house_rules, save_dcs, lang: str, hp: dict, conditions: dict
               ) -> threat.ThreatTable:
        """``threat.table``, each kind of creature computed once: "Goblin 1…6" share a stat block, and
        a kind already in the fight costs nothing when more of it join (the engine's figures, kept
        while the party, the rules and the language are the same)."""
        from gmdesk.campaign import threat
        from gmdesk.campaign.cells import condition_key

        def said(who) -> tuple:  # its conditions as the rounds count them
            return condition_key(conditions.get(who.id, ()))

        party_key = (tuple((pc.id, repr(pc.sheet.to_dict()), hp.get(pc.id), said(pc)) for pc in party),
                     repr(house_rules.to_dict()), lang)
        if party_key != self._party_key or len(self._cache) > MAX_KINDS:
            self._cache.clear()
            self._party_key = party_key
        out = threat.ThreatTable(list(party), list(creatures), conditions=conditions)
        for creature in creatures:
            actions = tuple(save_dcs.get(creature.id, ()))
            # Its HP too: the party's rounds to drop it count down from them.
            kind = (creature.system, repr(creature.sheet.to_dict()), repr(actions), hp.get(creature.id), said(creature))
            one = self._cache.get(kind)
            if one is None:
                one = self._cache[kind] = (creature.id, threat.table(party, [creature], house_rules,
                                                                     {creature.id: actions}, lang, hp, HORIZON,
                                                                     conditions))
            was, part = one
            for pc in party:
                out.on_party[creature.id, pc.id] = part.on_party[was, pc.id]
                out.on_creatures[pc.id, creature.id] = part.on_creatures[pc.id, was]
                out.saves[creature.id, pc.id] = part.saves[was, pc.id]
                out.spotting[pc.id, creature.id] = part.spotting[pc.id, was]
                out.spotted[creature.id, pc.id] = part.spotted[was, pc.id]
                out.rounds[creature.id, pc.id] = part.rounds.get((was, pc.id))
                out.rounds[pc.id, creature.id] = part.rounds.get((pc.id, was))
        return out

    def _item(self, t: threat.ThreatTable, pc, creature, house_rules, lang: str) -> QTableWidgetItem:
        from gmdesk.store.prep_sheet import CANNOT_HEX, chance_hex, text_hex_on

        from .card import percent

        hit = t.on_party.get((creature.id, pc.id))
        item = _Cell(percent(hit.success, lang) if hit is not None else "—")
        item.about = (t, pc, creature, lang, house_rules)
        # Danger for the party: a likely hit reads red, an unlikely one green.
        colour = chance_hex(1 - hit.success) if hit is not None else CANNOT_HEX
        item.setBackground(QBrush(QColor(colour)))
        item.setForeground(QBrush(QColor(text_hex_on(colour))))
        bars = bars_of(t.rounds.get((creature.id, pc.id)))
        item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter | (Qt.AlignmentFlag.AlignTop if bars
                                                               else Qt.AlignmentFlag.AlignVCenter))
        if bars:
            item.setData(BARS_ROLE, bars)
        return item


class _Cell(QTableWidgetItem):
    """A cell whose explanation is written when the GM hovers it, not for every cell at each change."""

    about: tuple = ()

    def data(self, role: int):
        if role == Qt.ItemDataRole.ToolTipRole and self.about:
            return cell_tip(*self.about)
        return super().data(role)


def cell_tip(t: threat.ThreatTable, pc, creature, lang: str, house_rules=None) -> str:
    """What a cell says on hover, one line each figure."""
    from .card import counting, percent, signed

    lines = []
    held = getattr(t, "conditions", {}) or {}

    def attack(cell, who, whom) -> None:
        if cell is None:
            lines.append(translate("Bestiary", "%1 has no attack roll against %2").replace("%1", who.name)
                         .replace("%2", whom.name))
        else:
            lines.append(translate("Bestiary", "%1's %2 %3 against %4's AC %5: hits %6")
                         .replace("%1", who.name).replace("%2", cell.label).replace("%3", signed(cell.modifier))
                         .replace("%4", whom.name).replace("%5", str(cell.dc)).replace("%6", percent(cell.success, lang))
                         + counting(held, (who, whom), lang))

    attack(t.on_party.get((creature.id, pc.id)), creature, pc)
    attack(t.on_creatures.get((pc.id, creature.id)), pc, creature)
    if house_rules is not None:
        from .rounds_words import rounds_lines

        lines += rounds_lines(t, creature, pc, house_rules, lang)
    for cell in t.saves.get((creature.id, pc.id), []):
        lines.append(translate("Bestiary", "%1's %2 against DC %3: saves %4")
                     .replace("%1", pc.name).replace("%2", cell.label).replace("%3", str(cell.dc))
                     .replace("%4", percent(cell.success, lang)) + counting(held, (pc,), lang))
    for cell, who, whom in ((t.spotting.get((pc.id, creature.id)), pc.name, creature.name),
                            (t.spotted.get((creature.id, pc.id)), creature.name, pc.name)):
        if cell is not None:
            lines.append(translate("Bestiary", "%1 spots %2: %3").replace("%1", who).replace("%2", whom)
                         .replace("%3", percent(cell.success, lang)))
    # Tooltips are plain text in gmdesk (ui/guards.py): one line a figure, shown as written.
    return "\n".join(lines)
