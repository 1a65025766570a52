"""The gmdesk window: docked panels around one open campaign, its menus, and what it remembers.

Every panel is a dock the GM can move, tabify, float or close (View menu brings them back): party,
sheet, check, roll log, and the Initiative, Prep and Analytics tabs. Where they go is
``window_layout``'s: the window sized to the screen, the Table and Prep layouts (F6). Panels follow the contract
``Panel(bus, parent)`` + ``set_campaign(store | None)``; the window opens and closes campaign files,
hands the store to every panel, and owns the campaign's undo history that every panel's edits share
(cleared when another campaign opens). The panels are imported plainly: a broken one stops the
window with its traceback, never a placeholder. It installs the application-wide guards (``guards``:
the wheel never edits an unfocused field, labels and tooltips show text as typed).

Switching language retranslates in place: panels with a ``retranslate()`` method are asked to redo
their texts; a panel without one is rebuilt (same class, same bus, same campaign). Then ``refit``
measures again what was fitted to the first language's texts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QSize, Qt, QT_TRANSLATE_NOOP, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog, QLabel, QMainWindow, QMessageBox, QWidget

from gmdesk.ui import guards, i18n, plain_text, refit
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import (NewCampaignDialog, campaign_filter, create_campaign,
                                      default_campaign_dir, open_store)
from gmdesk.ui.campaign_state import CampaignFileState
from gmdesk.ui.panels.analytics.panel import AnalyticsPanel
from gmdesk.ui.panels.bestiary.panel import BestiaryPanel
from gmdesk.ui.panels.check.panel import CheckPanel
from gmdesk.ui.panels.encounter.panel import EncounterPanel
from gmdesk.ui.panels.party.panel import PartyPanel
from gmdesk.ui.panels.prep.panel import PrepPanel
from gmdesk.ui.panels.log.panel import RollLogPanel
from gmdesk.ui.player.controller import PlayerScreen
from gmdesk.ui.settings import AppSettings
from gmdesk.ui.sheets.panel import SheetPanel
from gmdesk.ui.start_page import StartPage
from gmdesk.ui.undo import CampaignHistory, UndoKeys
from gmdesk.ui.window_layout import LAYOUTS, PREP, SWITCH_SHORTCUT, TABLE, WindowLayouts, fill_the_screen, fits_a_screen
from gmdesk.ui.write_refusals import refusal_text

SCREENSHOT_SIZE = QSize(1366, 768)  # --screenshot: the window on the most common laptop screen

translate = QCoreApplication.translate


class MainWindow(QMainWindow):
    # Dock ids (object names: saveState keys them) with their English titles.
    DOCKS = {
        "party": QT_TRANSLATE_NOOP("MainWindow", "Party"),
        "sheet": QT_TRANSLATE_NOOP("MainWindow", "Sheet"),
        "check": QT_TRANSLATE_NOOP("MainWindow", "Check"),
        "log": QT_TRANSLATE_NOOP("MainWindow", "Roll log"),
        "encounter": QT_TRANSLATE_NOOP("MainWindow", "Initiative"),
        "prep": QT_TRANSLATE_NOOP("MainWindow", "Prep"),
        "analytics": QT_TRANSLATE_NOOP("MainWindow", "Analytics"),
        "bestiary": QT_TRANSLATE_NOOP("MainWindow", "Bestiary"),
    }

    def __init__(self, settings: AppSettings, translations: i18n.Translations, *, remember: bool = True,
                 report: Callable[[str, str], None] | None = None):
        super().__init__()
        guards.install(QApplication.instance())  # the wheel and the text rules, for every widget to come
        self.settings = settings
        self.translations = translations
        self.remember = remember  # False for --screenshot: leave the GM's settings as they were
        self._report = report
        self.store = None
        self.bus = CampaignBus(self)
        self.undo_stack = CampaignHistory(self)
        # Ctrl+Z is the campaign's in every field of this window, never a line edit's own text undo.
        QApplication.instance().installEventFilter(UndoKeys(self, window=self))
        self.setObjectName("gmdeskMainWindow")
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks
                            | QMainWindow.DockOption.AllowNestedDocks)

        # With no campaign open: the start page (recent campaigns, New, Open, the demos), no docks.
        self.empty_state = StartPage(self)
        self.empty_state.open_requested.connect(self.choose_and_open)
        self.empty_state.new_requested.connect(self.new_campaign)
        self.empty_state.recent_requested.connect(self.open_campaign)
        self.empty_state.locate_requested.connect(self.locate_campaign)
        self.empty_state.demo_requested.connect(self.open_demo)
        self._hidden_for_start: list[str] | None = None  # the docks the start page hid
        self.setCentralWidget(self.empty_state)
        # The open file's state: banner (read-only, damaged…), edit lock, watch for rolls logged elsewhere.
        self.file_state = CampaignFileState(self)
        self.banner, self.banner_bar = self.file_state.banner, self.file_state.banner_bar
        self.edit_lock, self.watcher = self.file_state.lock, self.file_state.watcher

        self.panels: dict[str, QWidget] = {}
        self.docks: dict[str, QDockWidget] = {}
        self._factories = {
            # Every panel that writes the campaign shares one history: Ctrl+Z undoes the last edit,
            # whichever panel made it, and Edit › Undo names it.
            "party": lambda bus, parent=None: PartyPanel(bus, parent, undo_stack=self.undo_stack),
            "sheet": lambda bus, parent=None: SheetPanel(bus, parent, undo_stack=self.undo_stack),
            "check": CheckPanel,
            "log": RollLogPanel,
            "encounter": lambda bus, parent=None: EncounterPanel(bus, parent, undo_stack=self.undo_stack),
            "prep": lambda bus, parent=None: PrepPanel(bus, parent, undo_stack=self.undo_stack),
            "analytics": AnalyticsPanel,
            "bestiary": lambda bus, parent=None: BestiaryPanel(bus, parent, undo_stack=self.undo_stack),
        }
        for name in self.DOCKS:
            dock = QDockWidget(self)
            dock.setObjectName(f"dock-{name}")
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                             | QDockWidget.DockWidgetFeature.DockWidgetClosable)
            self.docks[name] = dock
            self._install_panel(name)
        self.bus.actorSelected.connect(self._sheet_title)
        self.bus.characterChanged.connect(self._sheet_title)
        self.player = PlayerScreen(self)  # View › Player window: the screen the players see
        self.layouts = WindowLayouts(self, settings, remember)
        for panel in self.panels.values():  # a panel's slow first work once the docks are in place
            if hasattr(panel, "window_settled"):
                self.layouts.on_settled.append(panel.window_settled)
        self.LAYOUTS = LAYOUTS
        self._build_actions()
        self._build_menus()
        self.layouts.arrange(TABLE)
        self.panels["log"].stripChanged.connect(self._log_strip_changed)
        self.campaign_label = QLabel()
        self.statusBar().addPermanentWidget(self.campaign_label)
        self.retranslate()
        self._show_campaign_state()

    # -- panels -------------------------------------------------------------------------------
    def _install_panel(self, name: str) -> QWidget:
        panel = self._factories[name](self.bus, self)
        panel.setObjectName(f"panel-{name}")
        old = self.docks[name].widget()
        self.docks[name].setWidget(panel)
        if old is not None:
            old.deleteLater()
        self.panels[name] = panel
        return panel

    def default_layout(self) -> None:
        """View › Reset the layout: the layout shown (Table or Prep) as it is by default."""
        self.layouts.reset()

    def set_layout(self, name: str) -> None:
        """Show the Table or the Prep layout (``window_layout.TABLE``, ``PREP``)."""
        self.layouts.switch(name)
        self._layout_actions()

    def switch_layout(self) -> None:
        """F6: the other layout, as the GM left it."""
        self.layouts.switch()
        self._layout_actions()
        name = self.layout_actions[self.layouts.current].text().replace("&", "")
        self.statusBar().showMessage(translate("MainWindow", "%1 (%2 switches back)")
                                     .replace("%1", name).replace("%2", SWITCH_SHORTCUT), 4000)

    def start_page_shown(self) -> bool:
        return self._hidden_for_start is not None

    def docks_placed(self) -> None:
        """After the docks moved (a campaign opened or closed, a layout shown): no campaign, no docks
        (the start page takes the window); a campaign again, the docks the start page hid."""
        if self.store is None:
            self.empty_state.show_recent(self.settings.recent_campaigns())
            hidden = [n for n, d in self.docks.items() if not d.isHidden()]
            if self._hidden_for_start is None:
                self._hidden_for_start = hidden
            else:
                self._hidden_for_start += [n for n in hidden if n not in self._hidden_for_start]
            for name in hidden:
                self.docks[name].hide()
        elif self._hidden_for_start is not None:
            names, self._hidden_for_start = self._hidden_for_start, None
            for name in names:
                self.docks[name].show()
            self.layouts.docks_back()
            # What was measured while hidden (combo boxes, the check panel's choices) measured again.
            QTimer.singleShot(0, self, lambda: refit.refit(self))

    def _layout_actions(self) -> None:
        for name, action in self.layout_actions.items():
            action.setChecked(name == self.layouts.current)

    def _log_strip_changed(self, strip: bool) -> None:
        """The log grown back from its strip gets a third of the height (at most 320 px) to show rows."""
        if not strip and self.docks["log"].isVisible() and not self.docks["log"].isFloating():
            height = min(320, max(200, self.height() // 3))
            self.resizeDocks([self.docks["log"]], [height], Qt.Orientation.Vertical)

    def add_dock(self, name: str, title: str, factory, area=Qt.DockWidgetArea.LeftDockWidgetArea,
                 tabify_with: str | None = None) -> QDockWidget:
        """Room for later panels: dock a ``Panel(bus, parent)`` beside the others (not in the default
        layout, nor in the menus' File/Roll actions)."""
        if name in self.docks:
            raise ValueError(f"a dock named {name!r} is already in the window")
        self.DOCKS = {**self.DOCKS, name: title}
        self._factories[name] = factory
        dock = QDockWidget(self)
        dock.setObjectName(f"dock-{name}")
        self.docks[name] = dock
        self._install_panel(name)
        self.addDockWidget(area, dock)
        if tabify_with:
            self.tabifyDockWidget(self.docks[tabify_with], dock)
        self.panels[name].set_campaign(self.store)
        self.view_menu.addAction(dock.toggleViewAction())
        self.retranslate()
        return dock

    def restore_layout(self) -> None:
        """The size and place the GM left the window at, when it still fits a screen (else the screen's
        whole available area), and the layout they used last."""
        geometry = self.settings.geometry()
        if geometry is None or not self.restoreGeometry(geometry) or not fits_a_screen(self):
            fill_the_screen(self)
        self.layouts.restore()
        self._layout_actions()

    def screenshot_layout(self) -> None:
        """--screenshot: the Table layout at its default, on a 1366×768 laptop screen."""
        self.resize(SCREENSHOT_SIZE)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.layouts.shown()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.layouts.resized()

    # -- actions and menus --------------------------------------------------------------------
    def _build_actions(self) -> None:
        self.new_action = QAction(self, shortcut=QKeySequence.StandardKey.New, triggered=self.new_campaign)
        self.open_action = QAction(self, shortcut=QKeySequence.StandardKey.Open, triggered=self.choose_and_open)
        self.quit_action = QAction(self, shortcut=QKeySequence("Ctrl+Q"), triggered=self.close)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        # Own actions rather than QUndoStack.createUndoAction: its "Undo %1" prefix is fixed at
        # creation, and the text must follow a live language switch.
        self.undo_action = QAction(self, shortcut=QKeySequence("Ctrl+Z"), triggered=self.undo_stack.undo)
        self.redo_action = QAction(self, triggered=self.undo_stack.redo)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        self.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.undo_stack.undoTextChanged.connect(lambda _: self._undo_texts())
        self.undo_stack.redoTextChanged.connect(lambda _: self._undo_texts())
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.reset_layout_action = QAction(self, triggered=self.default_layout)
        self.layout_group = QActionGroup(self)
        self.layout_actions = {}
        for name in LAYOUTS:
            action = QAction(self, checkable=True)
            action.setObjectName(f"layout-{name}")
            action.triggered.connect(lambda _=False, name=name: self.set_layout(name))
            self.layout_group.addAction(action)
            self.layout_actions[name] = action
        self.layout_actions[TABLE].setChecked(True)
        self.switch_layout_action = QAction(self, shortcut=QKeySequence(SWITCH_SHORTCUT), triggered=self.switch_layout)
        self.switch_layout_action.setObjectName("switchLayoutAction")
        self.switch_layout_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.house_rules_action = QAction(self, triggered=self.edit_house_rules)
        self.house_rules_action.setObjectName("houseRulesAction")
        self.rules_doc_action = QAction(self, triggered=lambda: self.open_doc("rules.md"))
        self.cli_doc_action = QAction(self, triggered=lambda: self.open_doc("cli.md"))
        self.about_action = QAction(self, triggered=self.about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_qt_action = QAction(self, triggered=lambda: QMessageBox.aboutQt(self))
        self.language_group = QActionGroup(self)
        self.language_actions = {}
        for lang, name in (("fr", "Français"), ("en", "English")):
            action = QAction(name, self, checkable=True)  # each language's own name: never translated
            action.setData(lang)
            action.triggered.connect(lambda _=False, lang=lang: self.set_language(lang))
            self.language_group.addAction(action)
            self.language_actions[lang] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.file_menu.addAction(self.new_action)
        self.file_menu.addAction(self.open_action)
        self.recent_menu = self.file_menu.addMenu("")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self._panel_action("party", "import_action"))
        self.file_menu.addAction(self._panel_action("log", "export_action"))
        self.file_menu.addAction(self._panel_action("prep", "export_action"))
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)
        self.edit_menu = bar.addMenu("")
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.campaign_menu = bar.addMenu("")
        self.campaign_menu.addAction(self.house_rules_action)
        self.campaign_menu.addAction(self._panel_action("party", "freeze_action"))
        self.roll_menu = bar.addMenu("")
        self.roll_menu.addAction(self._panel_action("check", "roll_action"))
        self.view_menu = bar.addMenu("")
        for dock in self.docks.values():
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        for action in self.layout_actions.values():
            self.view_menu.addAction(action)
        self.view_menu.addAction(self.switch_layout_action)
        self.view_menu.addAction(self.reset_layout_action)
        self.view_menu.addSeparator()
        self.view_menu.addMenu(self.player.menu)
        self.language_menu = bar.addMenu("")
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(self.rules_doc_action)
        self.help_menu.addAction(self.cli_doc_action)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self.about_action)
        self.help_menu.addAction(self.about_qt_action)

    def _panel_action(self, panel: str, attribute: str) -> QAction:
        action = getattr(self.panels[panel], attribute, None)
        if action is None:
            action = QAction(self)
            action.setEnabled(False)
        return action

    def _refresh_panel_actions(self, name: str, old: QWidget | None) -> None:
        """A rebuilt panel brings new QActions: swap them into the menus."""
        for attribute, menu in (("export_action", self.file_menu), ("roll_action", self.roll_menu),
                                ("import_action", self.file_menu), ("freeze_action", self.campaign_menu)):
            old_action = getattr(old, attribute, None) if old is not None else None
            new_action = getattr(self.panels[name], attribute, None)
            if old_action is not None and new_action is not None:
                menu.insertAction(old_action, new_action)
                menu.removeAction(old_action)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_campaigns()
        names = [c.name or c.path.stem for c in recent]
        for campaign, name in zip(recent, names):
            # The campaign's name, as the GM calls it; its file beside it when two share a name.
            text = name if names.count(name) == 1 else f"{name} ({campaign.path.name})"
            missing = not campaign.exists()
            if missing:  # moved or deleted: the entry asks where it went (Locate…), as the start page does
                text = translate("MainWindow", "%1 (missing)").replace("%1", text)
            action = self.recent_menu.addAction(plain_text.mnemonic(text))
            action.setToolTip(str(campaign.path))
            action.setStatusTip(str(campaign.path))
            opener = self.locate_campaign if missing else self.open_campaign
            action.triggered.connect(lambda _=False, p=campaign.path, o=opener: o(p))
        if recent:
            self.recent_menu.addSeparator()
        clear = self.recent_menu.addAction(translate("MainWindow", "Clear the list"))
        clear.setEnabled(bool(recent))
        clear.triggered.connect(self.settings.clear_recent)

    def _sheet_title(self, *_: object) -> None:
        """"Sheet — Brunhild": the dock says whose sheet is open."""
        character = getattr(getattr(self.panels.get("sheet"), "form", None), "character", None)
        title = translate("MainWindow", self.DOCKS["sheet"])
        self.docks["sheet"].setWindowTitle(f"{title} — {character.name}" if character else title)

    def _undo_texts(self) -> None:
        if not shiboken6.isValid(self.undo_stack):  # the stack clears itself while the window is destroyed
            return
        # The step's name may hold what the GM typed ("Rename scene Fight & flee"): no shortcut in it.
        undo, redo = plain_text.mnemonic(self.undo_stack.undoText()), plain_text.mnemonic(self.undo_stack.redoText())
        self.undo_action.setText(translate("MainWindow", "&Undo %1").replace("%1", undo) if undo
                                 else translate("MainWindow", "&Undo"))
        self.redo_action.setText(translate("MainWindow", "&Redo %1").replace("%1", redo) if redo
                                 else translate("MainWindow", "&Redo"))

    # -- language -----------------------------------------------------------------------------
    def set_language(self, language: str) -> None:
        self.translations.install(language)
        if self.remember:
            self.settings.set_language(language)
        self.retranslate(rebuild_panels=True)
        # Measured again as a start in this language measures it: once the panels have their new
        # texts, also those they set again on Qt's LanguageChange (posted before this).
        QTimer.singleShot(0, self, lambda: refit.refit(self))

    def retranslate(self, rebuild_panels: bool = False) -> None:
        self.file_menu.setTitle(translate("MainWindow", "&File"))
        self.new_action.setText(translate("MainWindow", "&New campaign…"))
        self.open_action.setText(translate("MainWindow", "&Open campaign…"))
        self.recent_menu.setTitle(translate("MainWindow", "Open &recent"))
        self.quit_action.setText(translate("MainWindow", "&Quit"))
        self.edit_menu.setTitle(translate("MainWindow", "&Edit"))
        self._undo_texts()
        self.roll_menu.setTitle(translate("MainWindow", "&Roll"))
        self.view_menu.setTitle(translate("MainWindow", "&View"))
        self.reset_layout_action.setText(translate("MainWindow", "Reset the layout"))
        self.layout_actions[TABLE].setText(translate("MainWindow", "&Table layout"))
        self.layout_actions[TABLE].setStatusTip(translate(
            "MainWindow", "At the table: initiative, the check panel and its charts large; the party and the log compact"))
        self.layout_actions[PREP].setText(translate("MainWindow", "&Prep layout"))
        self.layout_actions[PREP].setStatusTip(translate(
            "MainWindow", "Before the session: the sheets, the prep matrix and the DC solver large"))
        self.switch_layout_action.setText(translate("MainWindow", "&Switch layout"))
        self.switch_layout_action.setStatusTip(translate(
            "MainWindow", "Table ⇄ Prep: each layout is kept as you left it"))
        self.language_menu.setTitle(translate("MainWindow", "&Language"))
        self.campaign_menu.setTitle(translate("MainWindow", "&Campaign"))
        self.house_rules_action.setText(translate("MainWindow", "&House rules…"))
        self.help_menu.setTitle(translate("MainWindow", "&Help"))
        self.rules_doc_action.setText(translate("MainWindow", "The &rules and their rulings"))
        self.cli_doc_action.setText(translate("MainWindow", "The &command line"))
        self.about_action.setText(translate("MainWindow", "&About gmdesk"))
        self.about_qt_action.setText(translate("MainWindow", "About &Qt"))
        for name, dock in self.docks.items():
            dock.setWindowTitle(translate("MainWindow", self.DOCKS[name]))
        self._sheet_title()
        for lang, action in self.language_actions.items():
            action.setChecked(lang == self.translations.language)
        self.empty_state.retranslate()
        self.player.retranslate()
        if rebuild_panels:
            selected = getattr(self.panels.get("party"), "selected_id", lambda: None)()
            for name in list(self.panels):
                panel = self.panels[name]
                if hasattr(panel, "retranslate"):
                    panel.retranslate()
                else:
                    self._install_panel(name)
                    self._refresh_panel_actions(name, panel)
                    self.panels[name].set_campaign(self.store)
            self.file_state.lock_edits()  # a rebuilt panel brings new, unlocked actions
            if selected is not None:
                self.bus.actorSelected.emit(selected)
        self._show_campaign_state()

    # -- campaigns ----------------------------------------------------------------------------
    def choose_and_open(self) -> None:
        start = str(self.store.path.parent if self.store else default_campaign_dir())
        title = translate("MainWindow", "Open a campaign")
        path, _ = QFileDialog.getOpenFileName(self, title, start, campaign_filter())
        if path:
            self.open_campaign(Path(path))

    def locate_campaign(self, old: Path) -> None:
        """Start page › Locate…: a recent campaign moved or deleted; the GM shows where it went."""
        folder = next((p for p in Path(old).parents if p.is_dir()), default_campaign_dir())
        title = translate("MainWindow", "Where is %1 now?").replace("%1", Path(old).name)
        path, _ = QFileDialog.getOpenFileName(self, title, str(folder), campaign_filter())
        if path and self.open_campaign(Path(path)) and self.remember and Path(path).resolve() != Path(old).resolve():
            self.settings.remove_recent(Path(old))  # the list names it where it is now

    def open_demo(self, system: str) -> None:
        """Start page › a system's demo: its demo campaign in the data folder (made the first time)."""
        from gmdesk.ui.campaign_files import first_run_campaign

        try:
            store = first_run_campaign(self.translations.language, system)
        except Exception as exc:  # noqa: BLE001
            if not _known(exc):
                raise
            self.error(translate("MainWindow", "Cannot create the demo campaign"), str(exc))
            return
        self.set_store(store)

    def new_campaign(self) -> None:
        dialog = NewCampaignDialog(self, default_campaign_dir())
        if dialog.exec() != NewCampaignDialog.DialogCode.Accepted:
            return
        try:
            store = create_campaign(dialog.path(), dialog.system(), dialog.name(), dialog.demo(),
                                    self.translations.language)
        except Exception as exc:  # noqa: BLE001 — shown to the GM, who may retry elsewhere
            if not _known(exc):
                raise
            self.error(translate("MainWindow", "Cannot create the campaign"), refusal_text(exc))
            return
        self.set_store(store)

    def open_campaign(self, path: Path, create_if_missing: bool = False) -> bool:
        """Open ``path`` (creating an empty campaign there if asked and missing); False if refused.

        A refused file gets a dialog with the reason; the campaign open before stays open.
        """
        try:
            store = open_store(Path(path), create_if_missing, self.translations.language)
        except Exception as exc:  # noqa: BLE001
            if not _known(exc):
                raise
            if getattr(exc, "kind", "") == "damaged" and Path(path).is_file():
                saved = self.file_state.repair(Path(path)) if self.ask_repair(str(exc)) else None
                return saved is not None and self.open_campaign(saved[0])
            self.error(translate("MainWindow", "Cannot open the campaign"), refusal_text(exc))
            if not Path(path).exists():
                self.settings.remove_recent(Path(path))
            return False
        self.set_store(store)
        return True

    def set_store(self, store) -> None:
        """Make ``store`` the open campaign (None closes it); every panel follows."""
        old = self.store
        self._finish_editing()
        self.store = store
        self.file_state.before_panels(store)  # the lock first: a panel enabling an edit meets it
        self.hand_to_panels(store)
        # The history belongs to the campaign it changed: none of it can be undone in another one
        # (cleared after the panels, which may have saved an edit still in progress into the old one).
        self.undo_stack.clear()
        if old is not None and old is not store:
            old.close()
        if store is not None:
            self.file_state.after_panels(store)
            if self.remember:
                self.settings.add_recent(store.path, store.info.name, store.info.system)
                self.settings.set_last_campaign(store.path.resolve())
            self.bus.campaignOpened.emit()
            backup = getattr(store, "migration_backup", None)
            if backup:
                self.statusBar().showMessage(translate(
                    "MainWindow", "Upgraded from an older gmdesk; the old file was kept as %1")
                                             .replace("%1", str(backup)), 15000)
        self._show_campaign_state()

    def _finish_editing(self) -> None:
        """A field still being typed in (a name, a number not yet confirmed with Enter) is finished
        where the GM typed it, in the campaign open now: the focus leaves it, as a click elsewhere
        would make it, before any panel moves to another campaign."""
        focus = QApplication.focusWidget()
        if focus is not None and self.isAncestorOf(focus):
            focus.clearFocus()

    def edit_house_rules(self) -> None:
        """Campaign › House rules…: the dialog chooses, one undoable step saves."""
        from gmdesk.ui.dialogs.house_rules import edit_house_rules

        edit_house_rules(self.store, self.bus, self.undo_stack, self, self.translations.language)

    def open_doc(self, name: str) -> None:
        from gmdesk.ui.help_docs import open_doc

        if open_doc(name) is None:
            self.error(translate("MainWindow", "Help"),
                       translate("MainWindow", "This gmdesk was installed without its documentation (%1).")
                       .replace("%1", f"docs/{name}"))

    def hand_to_panels(self, store) -> None:
        """Every panel shows ``store``. In a damaged file a panel may meet a page it cannot read: it
        then shows no campaign rather than half of one (the banner says why)."""
        from gmdesk.store.errors import StoreError

        for panel in self.panels.values():
            try:
                panel.set_campaign(store)
            except StoreError:
                if store is None or not store.read_only:
                    raise
                panel.set_campaign(None)
        self.player.set_campaign(store)
        if self.isVisible():  # another system's options and words: measured as a start measures them
            QTimer.singleShot(0, self, lambda: refit.refit(self))

    def ask_repair(self, message: str) -> bool:
        """A campaign too damaged to open: say why, and offer a repaired copy (True: the GM wants it)."""
        if self._report is not None:
            self._report(translate("MainWindow", "Cannot open the campaign"), message)
            return False
        box = QMessageBox(QMessageBox.Icon.Warning, translate("MainWindow", "Cannot open the campaign"),
                          plain_text.message(message),
                          QMessageBox.StandardButton.Close, self)
        repair = box.addButton(translate("CampaignBanner", "Save a repaired copy…"), QMessageBox.ButtonRole.AcceptRole)
        box.exec()
        return box.clickedButton() is repair

    def _show_campaign_state(self) -> None:
        store = self.store
        self.house_rules_action.setEnabled(store is not None)
        self.empty_state.setVisible(store is None)
        for dock in self.docks.values():
            dock.widget().setEnabled(store is not None)
        self.docks_placed()
        self.file_state.show(store)
        if store is None:
            self.setWindowTitle("gmdesk")
            self.campaign_label.setText(translate("MainWindow", "No campaign open"))
            return
        info = store.info
        title = f"gmdesk — {info.name}"
        if store.read_only:
            title += " " + translate("MainWindow", "(read-only)")
        self.setWindowTitle(title)
        self.campaign_label.setText(f"{info.system} · {store.path}")

    def error(self, title: str, message: str) -> None:
        if self._report is not None:
            self._report(title, message)
        else:
            QMessageBox.warning(self, title, plain_text.message(message))

    def about(self) -> None:
        """Help › About: what gmdesk is, and the versions a bug report needs (as ``gmdesk --version``)."""
        from gmdesk.ui.dialogs.about import AboutDialog
        from gmdesk.ui.versions import version_text

        self.about_dialog = AboutDialog(version_text(), self)
        self.about_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.about_dialog.open()

    # -- closing ------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.remember:
            self.settings.save_geometry(self.saveGeometry())
            self.layouts.save()
            self.settings.sync()
        self.file_state.watcher.watch(None)
        self.player.shutdown()
        if self.store is not None:
            self._finish_editing()
            for panel in self.panels.values():
                panel.set_campaign(None)
            self.store.close()
            self.store = None
        super().closeEvent(event)


def _known(exc: BaseException) -> bool:
    """Failures that come from the file or the GM's input, shown in a dialog; anything else is a bug."""
    from gmdesk.engine.core import RulesError
    from gmdesk.store.errors import InvalidInput, StoreError

    return isinstance(exc, (StoreError, InvalidInput, RulesError, OSError))

