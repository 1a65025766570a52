"""The gmdesk window: docked panels around one open campaign, its menus, and what it remembers.

Every panel is a dock the GM can move, tabify, float or close (View menu brings them back): party,
sheet, check, roll log, and the Initiative, Prep and Analytics tabs. Where they go is
``window_layout``'s: the window sized to the screen, the Table and Prep layouts (F6). Panels follow the contract
``Panel(bus, parent)`` + ``set_campaign(store | None)``; the window opens and closes campaign files,
hands the store to every panel (``campaign_opening``), and owns the campaign's undo history that every panel's edits share
(cleared when another campaign opens). The panels are imported plainly: a broken one stops the
window with its traceback, never a placeholder. It installs the application-wide guards (``guards``:
the wheel never edits an unfocused field, labels and tooltips show text as typed). Its menus and
actions are ``window_menus``'.

Switching language retranslates in place: panels with a ``retranslate()`` method are asked to redo
their texts; a panel without one is rebuilt (same class, same bus, same campaign). Then ``refit``
measures again what was fitted to the first language's texts.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QCoreApplication, QSize, Qt, QT_TRANSLATE_NOOP, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMessageBox, QWidget

from gmdesk.ui import guards, i18n, long_work, plain_text, refit
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_opening import CampaignOpening
from gmdesk.ui.campaign_state import CampaignFileState
from gmdesk.ui.one_frame import OneFrame
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
from gmdesk.ui.window_layout import LAYOUTS, SWITCH_SHORTCUT, TABLE, WindowLayouts, fill_the_screen, fits_a_screen
from gmdesk.ui.window_menus import WindowMenus

SCREENSHOT_SIZE = QSize(1366, 768)  # --screenshot: the window on the most common laptop screen

translate = QCoreApplication.translate


class MainWindow(CampaignOpening, WindowMenus, QMainWindow):
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
        UndoKeys(self, window=self).follow_focus()
        self.setObjectName("gmdeskMainWindow")
        OneFrame.watch(self)  # what an action changes is laid out before the next frame (one_frame.py)
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
            OneFrame.watch(dock)  # floated out, a dock is a window of its own
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
        long_work.steady_status_bar(self)  # a message or a work's bar appearing moves no dock
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

    def _sheet_title(self, *_: object) -> None:
        """"Sheet — Brunhild": the dock says whose sheet is open."""
        character = getattr(getattr(self.panels.get("sheet"), "form", None), "character", None)
        title = translate("MainWindow", self.DOCKS["sheet"])
        self.docks["sheet"].setWindowTitle(f"{title} — {character.name}" if character else title)

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
        self.retranslate_menus()
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

    def edit_house_rules(self) -> None:
        """Campaign › House rules…: the dialog chooses, one undoable step saves."""
        from gmdesk.ui.dialogs.house_rules import edit_house_rules

        edit_house_rules(self.store, self.bus, self.undo_stack, self, self.translations.language)

    def open_doc(self, page: str | None = None) -> None:
        """Help: the help window at ``page`` (None: the campaign's game system, gmdesk/ui/help)."""
        from gmdesk.ui.help import show_help

        show_help(self, page or None)

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
        if not long_work.ask_to_stop(self):  # an export or import still running: asked, then cancelled
            event.ignore()
            return
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


