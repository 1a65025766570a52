"""View › Player window: the GM's side of the player window (``window.PlayerWindow``).

``PlayerScreen`` belongs to the main window, as a panel does (``set_campaign``, ``retranslate``), and
owns the player window while it is open: it opens it on the screen the GM picks (another screen than
the GM's by default; F11 full screen, Esc back), feeds it the players' view of the open campaign, and
keeps the GM's choices — the players' language, "show the odds to the players" (off by default, and
off again in every campaign opened), "reveal the DC of the check shown" (off again when another check
is shown), and the campaign's "NPC health" (saved in the campaign: one undo step).

Live: it follows the bus (``encounterChanged``, ``rollLogged`` — rolls logged by another process
come through the window's watcher —, ``settingsChanged``, ``characterChanged``, ``checkShown``) and
updates only the parts that changed: the fight at once (a new turn shows before the GM's window has
rebuilt the sheet and the check panel for whoever acts now), the rest once per turn of the event loop,
after the GM's window has done its part. While the window is closed nothing is read at all.
Its screen unplugged (``QGuiApplication.screenRemoved``), the window comes back to the main screen,
windowed: full screen there would cover the GM's own window.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QSettings, QSize, Qt, QTimer, QT_TRANSLATE_NOOP
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QMenu

from gmdesk.campaign.player_view import hidden_names, public_fight, public_odds, recent_public_rolls
from gmdesk.store.errors import StoreError
from gmdesk.store.rolllog import LogFilter
from gmdesk.ui import one_frame, plain_text
from gmdesk.ui.player.edits import NpcHealthEdit
from gmdesk.ui.player.placement import fallback_screen, pick_screen, place, screen_key
from gmdesk.ui.player.names import CheckNames
from gmdesk.ui.player.window import PlayerWindow
from gmdesk.ui.player.words import PlayerWords

translate = QCoreApplication.translate

SCREEN_KEY, LANGUAGE_KEY, FULL_SCREEN_KEY = "player/screen", "player/language", "player/full_screen"
PUBLIC = LogFilter(include_secret=False, include_undone=False)  # what the players may see
SCREENSHOT_SIZE = QSize(1280, 720)  # gmdesk --player-screenshot: a TV's proportions
READ_BACK = 60  # public rolls read to find the last session's newest (some may name hidden combatants)
HEALTH_CHOICES = {
    "words": QT_TRANSLATE_NOOP("PlayerScreen", "In words (unhurt, wounded, badly wounded, down)"),
    "numbers": QT_TRANSLATE_NOOP("PlayerScreen", "As numbers"),
    "hidden": QT_TRANSLATE_NOOP("PlayerScreen", "Not shown"),
}
LANGUAGE_NAMES = (("", QT_TRANSLATE_NOOP("PlayerScreen", "Same as mine")), ("en", "English"), ("fr", "Français"))


class PlayerScreen(QObject):
    def __init__(self, main):
        super().__init__(main)
        self.main = main
        self.bus = main.bus
        self.store = None
        self.window: PlayerWindow | None = None
        self.shown = None  # the check the check panel shows (player_view.ShownCheck)
        self.npc_health = "words"
        self.hidden: frozenset[str] = frozenset()
        self.last_roll_id = 0
        self._names: CheckNames | None = None
        self._characters: dict[int, str] | None = None
        self._party_read: list | None = None
        self._pending: set[str] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)  # after the GM's own window has done its part
        self._timer.timeout.connect(self._flush)
        one_frame.before_frames(self._flush_waiting)  # with the GM's frame, not a frame after it
        self._settings = QSettings()
        self._build_actions()
        self._build_menu()
        self.bus.encounterChanged.connect(self._fight_changed)
        self.bus.rollLogged.connect(lambda _id: self._later("new_rolls"))
        self.bus.rollsUndone.connect(lambda: self._later("all_rolls"))  # an undone roll leaves the screen
        self.bus.settingsChanged.connect(self._settings_changed)
        self.bus.characterChanged.connect(self._characters_changed)
        self.bus.checkShown.connect(self._check_shown)
        self.bus.readOnlyChanged.connect(lambda _: self._update_actions())
        QGuiApplication.instance().screenRemoved.connect(self._screen_removed)
        self.retranslate()

    # -- actions and menu ---------------------------------------------------------------------
    def _build_actions(self) -> None:
        self.open_action = QAction(self, checkable=True, shortcut=QKeySequence("Ctrl+Shift+P"))
        self.open_action.setObjectName("playerWindowAction")
        self.open_action.triggered.connect(lambda on: self.open() if on else self.close())
        self.full_screen_action = QAction(self, checkable=True, shortcut=QKeySequence("F11"))
        self.full_screen_action.setObjectName("playerFullScreenAction")
        # F11 from either window: the GM's window has no full screen of its own.
        self.full_screen_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        self.full_screen_action.setChecked(self._setting(FULL_SCREEN_KEY, "false") == "true")
        self.full_screen_action.triggered.connect(self.set_full_screen)
        self.odds_action = QAction(self, checkable=True)
        self.odds_action.setObjectName("showOddsAction")
        self.odds_action.toggled.connect(lambda _: (self._update_actions(), self._later("odds")))
        self.reveal_action = QAction(self, checkable=True)
        self.reveal_action.setObjectName("revealDcAction")
        self.reveal_action.toggled.connect(lambda _: self._later("odds"))
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, _ in LANGUAGE_NAMES:
            action = QAction(self, checkable=True)
            action.triggered.connect(lambda _=False, code=code: self.set_language(code))
            self.language_group.addAction(action)
            self.language_actions[code] = action
        self.language_actions[self._setting(LANGUAGE_KEY, "")
                              if self._setting(LANGUAGE_KEY, "") in self.language_actions else ""].setChecked(True)
        self.health_group = QActionGroup(self)
        self.health_actions: dict[str, QAction] = {}
        for choice in HEALTH_CHOICES:
            action = QAction(self, checkable=True)
            action.setObjectName(f"npcHealth_{choice}")
            action.triggered.connect(lambda _=False, choice=choice: self.set_npc_health(choice))
            self.health_group.addAction(action)
            self.health_actions[choice] = action
        self.health_actions["words"].setChecked(True)

    def _build_menu(self) -> None:
        self.menu = QMenu(self.main)
        self.menu.setObjectName("playerWindowMenu")
        self.menu.addAction(self.open_action)
        self.menu.addAction(self.full_screen_action)
        self.screen_menu = self.menu.addMenu("")
        self.screen_menu.aboutToShow.connect(self._fill_screens)
        self.language_menu = self.menu.addMenu("")
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(self.odds_action)
        self.menu.addAction(self.reveal_action)
        self.health_menu = self.menu.addMenu("")
        for action in self.health_actions.values():
            self.health_menu.addAction(action)
        self._update_actions()

    def retranslate(self) -> None:
        """The GM's language changed: the menu in it; the player window only if it follows the GM."""
        self.menu.setTitle(translate("PlayerScreen", "&Player window"))
        self.open_action.setText(translate("PlayerScreen", "Show the &player window"))
        self.open_action.setToolTip(translate("PlayerScreen", "A second window for the screen the players see (Ctrl+Shift+P)"))
        self.full_screen_action.setText(translate("PlayerScreen", "&Full screen"))
        self.screen_menu.setTitle(translate("PlayerScreen", "&Screen"))
        self.language_menu.setTitle(translate("PlayerScreen", "Players' &language"))
        self.language_actions[""].setText(translate("PlayerScreen", LANGUAGE_NAMES[0][1]))
        self.language_actions["en"].setText(LANGUAGE_NAMES[1][1])  # each language's own name: never translated
        self.language_actions["fr"].setText(LANGUAGE_NAMES[2][1])
        self.odds_action.setText(translate("PlayerScreen", "Show the &odds to the players"))
        self.reveal_action.setText(translate("PlayerScreen", "&Reveal the DC of the check shown"))
        self.health_menu.setTitle(translate("PlayerScreen", "&NPC health"))
        for choice, action in self.health_actions.items():
            action.setText(translate("PlayerScreen", HEALTH_CHOICES[choice]))
        if self.window is not None and self.window.words.language != self.language():
            self._rebuild_words()

    def _update_actions(self) -> None:
        writable = self.store is not None and not self.store.read_only and not self.bus.read_only
        for action in self.health_actions.values():
            action.setEnabled(writable)
        self.full_screen_action.setEnabled(self.window is not None)
        self.reveal_action.setEnabled(self.odds_action.isChecked() or self.reveal_action.isChecked())

    def _fill_screens(self) -> None:
        self.screen_menu.clear()
        group = QActionGroup(self.screen_menu)
        current = self._target_screen()
        for screen in QGuiApplication.screens():
            size = screen.geometry().size()
            text = f"{screen.name()} — {size.width()}×{size.height()}"
            if screen is self.main.screen():
                text += " " + translate("PlayerScreen", "(this window's)")
            action = self.screen_menu.addAction(plain_text.mnemonic(text))
            action.setCheckable(True)
            action.setChecked(screen is current)
            group.addAction(action)
            action.triggered.connect(lambda _=False, key=screen_key(screen): self.choose_screen(key))

    # -- settings (kept out of the GM's own settings when the window is a screenshot's) --------
    def _setting(self, key: str, default: str) -> str:
        value = self._settings.value(key, default)
        return value if isinstance(value, str) else default

    def _save(self, key: str, value: str) -> None:
        if self.main.remember:
            self._settings.setValue(key, value)

    def language(self) -> str:
        chosen = self._setting(LANGUAGE_KEY, "")
        return chosen if chosen in ("en", "fr") else self.main.translations.language

    def set_language(self, code: str) -> None:
        self._save(LANGUAGE_KEY, code)
        self.language_actions[code].setChecked(True)
        if self.window is not None and self.window.words.language != self.language():
            self._rebuild_words()

    # -- the campaign -------------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        """Another campaign (None: closed). The odds and the DC go back to hidden: off by default."""
        self.store = store
        self._names = self._characters = self._party_read = None
        self.odds_action.setChecked(False)
        self.reveal_action.setChecked(False)
        self._read_settings()
        self._update_actions()
        if self.window is not None:
            self._refresh_all()
            # What the panels announced while they were handed the campaign (its fight, its party,
            # the check shown) is all shown now: read once a switch, not twice.
            self._pending.clear()

    def _read_settings(self) -> None:
        try:
            self.npc_health = self.store.info.npc_health if self.store is not None else "words"
        except StoreError:
            self.npc_health = "words"
        self.health_actions[self.npc_health].setChecked(True)

    def set_npc_health(self, choice: str) -> bool:
        """The GM's choice for the campaign, as one undo step; False if nothing changed."""
        self.health_actions[self.npc_health].setChecked(True)  # until the step is made
        if self.store is None or self.store.read_only or choice == self.npc_health:
            return False
        self.main.undo_stack.push(NpcHealthEdit(self, self.npc_health, choice))
        return True

    def _settings_changed(self) -> None:
        before = self.npc_health
        self._read_settings()
        if self.npc_health != before:
            self._later("fight")

    def _characters_changed(self, *_) -> None:
        self._names = self._characters = self._party_read = None
        self._later("fight", "all_rolls")

    def _check_shown(self, shown) -> None:
        old, self.shown = self.shown, shown
        same = (old is not None and shown is not None and (old.actor_id, old.labels) == (shown.actor_id, shown.labels))
        if not same and self.reveal_action.isChecked():
            self.reveal_action.setChecked(False)  # a DC revealed is that check's, not the next one's
        self._later("odds")

    # -- the window ---------------------------------------------------------------------------
    def open(self, full_screen: bool | None = None) -> PlayerWindow:
        """Show the player window on its screen, full screen if the GM left it so (or as asked)."""
        if self.window is None:
            self.window = PlayerWindow(PlayerWords(self.language()))
            self.window.closed.connect(self._window_closed)
            self.window.leave_full_screen.connect(lambda: self.set_full_screen(False))
            self._refresh_all()
        self.open_action.setChecked(True)
        self._update_actions()
        self.place(full_screen=full_screen)
        return self.window

    def close(self) -> None:
        if self.window is not None:
            self.window.close()

    def shutdown(self) -> None:
        """The GM's window closes: the player window goes with it."""
        self._timer.stop()
        self.close()

    def _window_closed(self) -> None:
        window, self.window = self.window, None
        if window is not None:
            window.deleteLater()
        self._pending.clear()
        self.open_action.setChecked(False)
        self._update_actions()

    def _target_screen(self) -> QScreen:
        return pick_screen(self._setting(SCREEN_KEY, ""), self.main.screen())

    def choose_screen(self, key: str) -> None:
        """``key``: a screen's ``screen_key`` (or its bare name)."""
        self._save(SCREEN_KEY, key)
        if self.window is not None:
            self.place()

    def place(self, screen: QScreen | None = None, full_screen: bool | None = None) -> None:
        """Put the window on ``screen`` (the target screen), full screen as the GM left it (or as asked)."""
        if self.window is not None:
            place(self.window, screen or self._target_screen(),
                  self.full_screen_action.isChecked() if full_screen is None else full_screen)

    def set_full_screen(self, on: bool) -> None:
        self.full_screen_action.setChecked(bool(on))
        self._save(FULL_SCREEN_KEY, "true" if on else "false")
        if self.window is not None:
            self.place()

    def _screen_removed(self, screen: QScreen) -> None:
        window = self.window
        if window is None or (window.screen() is not screen and self._target_screen() is not screen):
            return
        fallback = fallback_screen(screen, self.main.screen())
        if fallback is not None:
            self.full_screen_action.setChecked(False)  # windowed: full screen would cover the GM's window
            self.place(fallback, full_screen=False)

    # -- feeding the window -------------------------------------------------------------------
    def _later(self, *parts: str) -> None:
        if self.window is None:
            return  # closed: nothing to read, nothing to cost the GM
        self._pending.update(parts)
        self._timer.start()

    def _fight_changed(self) -> None:
        """A turn, HP, a condition: shown once the GM's window has done its part, in the same turn
        of the event loop, and painted with it (one update however many changes came together)."""
        self._later("fight")

    def _flush(self) -> None:
        pending, self._pending = self._pending, set()
        if self.window is None or not pending:
            return
        if "fight" in pending and self._show_fight():
            pending.add("all_rolls")  # someone was hidden or revealed: their public rolls follow
        if "all_rolls" in pending:
            self._show_all_rolls()
        elif "new_rolls" in pending:
            self._show_new_rolls()
        if "odds" in pending:
            self._show_odds()
        self._update_actions()

    def _flush_waiting(self) -> None:
        if self._pending:
            self.flush()

    def flush(self) -> None:
        """Apply what is waiting now (tests, benchmarks, a screenshot)."""
        self._timer.stop()
        self._flush()

    def _refresh_all(self) -> None:
        window = self.window
        name = ""
        try:
            name = self.store.info.name if self.store is not None else ""
        except StoreError:
            pass
        window.set_campaign_name(name)
        self.hidden = frozenset()
        self._show_fight()
        self._show_all_rolls()
        self._show_odds()

    def _rebuild_words(self) -> None:
        self.window.retranslate(PlayerWords(self.language()))
        self._refresh_all()

    def _party(self) -> list:
        """The campaign's characters, read once for both their names and their checks' names (let
        go once both are known: a bestiary's 2,000 sheets are not kept for two short lists)."""
        party = self._party_read
        if party is None:
            party = self.store.characters.list() if self.store else []
        self._party_read = None if self._characters is not None or self._names is not None else party
        return party

    def _character_names(self) -> dict[int, str]:
        if self._characters is None:
            self._characters = {c.id: c.name for c in self._party()}
        return self._characters

    def _show_fight(self) -> bool:
        """Show the fight as it is now; True if who is hidden changed."""
        store, encounter, system = self.store, None, ""
        try:
            if store is not None:
                encounter, system = store.encounter.get(), store.info.system
            hidden = hidden_names(encounter, self._character_names())
        except StoreError:  # a damaged fight: the players see none
            encounter, hidden = None, frozenset()
        self.window.show_fight(public_fight(encounter, self.npc_health), system)
        changed, self.hidden = hidden != self.hidden, hidden
        return changed

    def _check_names(self) -> CheckNames:
        if self._names is None:
            try:
                self._names = CheckNames(self._party())
            except StoreError:
                self._names = CheckNames()
        return self._names

    def _show_all_rolls(self) -> None:
        rolls = []
        try:
            if self.store is not None:
                self.last_roll_id = self.store.log.last_id()
                entries = self.store.log.page(PUBLIC, 0, READ_BACK, newest_first=True)
                rolls = recent_public_rolls(entries, self.hidden, self.window.rolls_model.LIMIT)
        except StoreError:
            rolls = []
        self.window.rolls_model.labels = self._check_names()
        self.window.show_rolls(rolls)

    def _show_new_rolls(self) -> None:
        if self.store is None:
            return
        try:
            newest = self.store.log.last_id()
            if newest <= self.last_roll_id:
                return
            if newest - self.last_roll_id > READ_BACK:  # a whole batch (an import): read the newest afresh
                self._show_all_rolls()
                return
            entries = self.store.log.after(PUBLIC, self.last_roll_id, READ_BACK, newest_first=False)
        except StoreError:
            return
        self.last_roll_id = newest
        self.window.rolls_model.labels = self._check_names()
        self.window.add_rolls(recent_public_rolls(reversed(entries), self.hidden, self.window.rolls_model.LIMIT))

    def _show_odds(self) -> None:
        self.window.show_odds(public_odds(self.shown, self.odds_action.isChecked(), self.reveal_action.isChecked(),
                                          self.hidden))
