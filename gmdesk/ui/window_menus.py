"""The window's actions and menus: File, Edit, Campaign, Roll, View, Language, Help, their texts in the
GM's language, and the panels' own actions (import, export, roll, freeze) placed among them.

A mixin of ``MainWindow`` (``main_window``), split out so the window keeps to its docks and campaign:
it reads the window's ``panels``, ``undo_stack``, ``layouts``, ``player``, ``settings`` and ``translations``.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

from gmdesk.ui import plain_text
from gmdesk.ui.window_layout import LAYOUTS, PREP, SWITCH_SHORTCUT, TABLE

translate = QCoreApplication.translate


class WindowMenus:
    """The menu bar of ``MainWindow``: built once, retranslated in place on a language switch."""

    def _layout_actions(self) -> None:
        for name, action in self.layout_actions.items():
            action.setChecked(name == self.layouts.current)

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
        self.rules_doc_action = QAction(self, shortcut=QKeySequence.StandardKey.HelpContents, triggered=self.open_doc)
        self.cli_doc_action = QAction(self, triggered=lambda: self.open_doc("cli"))
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

    def _undo_texts(self) -> None:
        if not shiboken6.isValid(self.undo_stack):  # the stack clears itself while the window is destroyed
            return
        # The step's name may hold what the GM typed ("Rename scene Fight & flee"): no shortcut in it.
        undo, redo = plain_text.mnemonic(self.undo_stack.undoText()), plain_text.mnemonic(self.undo_stack.redoText())
        self.undo_action.setText(translate("MainWindow", "&Undo %1").replace("%1", undo) if undo
                                 else translate("MainWindow", "&Undo"))
        self.redo_action.setText(translate("MainWindow", "&Redo %1").replace("%1", redo) if redo
                                 else translate("MainWindow", "&Redo"))

    def retranslate_menus(self) -> None:
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
