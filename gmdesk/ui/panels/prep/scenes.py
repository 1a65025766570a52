"""Scenes and their prepared checks: the two lists of the prep panel and every action on them.

Create, rename (in place, F2), duplicate, delete, move up and down — for scenes and for checks —
and move a check to another scene. Each action writes to the campaign at once, as one undo step
named for Edit › Undo (``campaign_undo``), and emits ``changed``; the panel then announces
``prepChanged`` on the bus and everything recomputes.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, QSize, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QListView, QMenu,
                               QTableView, QToolButton, QVBoxLayout, QWidget)

from gmdesk.campaign.model import PreparedCheck, Scene
from gmdesk.ui.panels.prep.grid import PrepContext
from gmdesk.ui.panels.check.setup import target_word
from gmdesk.ui.panels.prep.models import PreparedCheckModel, SceneListModel
from gmdesk.ui.panels.prep.scene_actions import SceneActions
from gmdesk.ui.campaign_state import mark_edits
from gmdesk.ui.flow_layout import FlowLayout, wrapped_minimum


translate = QCoreApplication.translate


def _button(action: QAction) -> QToolButton:
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    return button


class PrepScenes(SceneActions, QWidget):
    changed = Signal()  # the campaign's scenes or checks were written
    sceneSelected = Signal(object)  # scene id or None
    checkSelected = Signal(object)  # check id or None

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.store = None
        self.ctx: PrepContext | None = None
        self.steps = None  # the panel's CampaignSteps: every action below is an undo step
        self.scene_model = SceneListModel(self)
        self.check_model = PreparedCheckModel(self)

        self.scene_view = QListView()
        self.scene_view.setObjectName("prepScenes")
        self.scene_view.setModel(self.scene_model)
        self.scene_view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                        | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.scene_view.setMinimumHeight(52)
        self.scene_view.setMaximumHeight(130)
        self.check_view = QTableView()
        self.check_view.setObjectName("prepChecks")
        self.check_view.setModel(self.check_model)
        self.check_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.check_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.check_view.verticalHeader().setVisible(False)
        self.check_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.check_view.setMinimumHeight(110)  # three checks in view however small the dock
        header = self.check_view.horizontalHeader()
        header.setSectionResizeMode(PreparedCheckModel.NAME, QHeaderView.ResizeMode.Stretch)
        for column in (PreparedCheckModel.ROLL, PreparedCheckModel.TARGET, PreparedCheckModel.SECRET):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

        def action(name: str, slot, shortcut: str | None = None, view: QWidget | None = None) -> QAction:
            a = QAction(self)
            a.setObjectName(name)
            a.triggered.connect(slot)
            mark_edits(a)  # every scene and check action changes the campaign
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
                a.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
                (view or self).addAction(a)
            return a

        sv, cv = self.scene_view, self.check_view
        self.new_scene_action = action("newScene", self.new_scene)
        self.duplicate_scene_action = action("duplicateScene", self.duplicate_scene, "Ctrl+D", sv)
        self.delete_scene_action = action("deleteScene", self.delete_scene, "Del", sv)
        self.scene_up_action = action("sceneUp", lambda: self.move_scene(-1), "Alt+Up", sv)
        self.scene_down_action = action("sceneDown", lambda: self.move_scene(1), "Alt+Down", sv)
        self.new_check_action = action("newCheck", self.new_check)
        self.duplicate_check_action = action("duplicateCheck", self.duplicate_check, "Ctrl+D", cv)
        self.delete_check_action = action("deleteCheck", self.delete_check, "Del", cv)
        self.check_up_action = action("checkUp", lambda: self.move_check(-1), "Alt+Up", cv)
        self.check_down_action = action("checkDown", lambda: self.move_check(1), "Alt+Down", cv)
        self.move_menu = QMenu(self)
        self.move_menu.setObjectName("moveCheckMenu")
        self.move_menu.aboutToShow.connect(self._fill_move_menu)
        self.move_button = QToolButton()
        self.move_button.setObjectName("moveCheckButton")
        mark_edits(self.move_button)
        self.move_button.setMenu(self.move_menu)
        self.move_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

        self.scenes_label, self.checks_label = QLabel(), QLabel()
        self.scenes_label.setBuddy(self.scene_view)
        self.checks_label.setBuddy(self.check_view)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scenes_label)
        layout.addWidget(self.scene_view)
        # The buttons flow onto a second line in a narrow dock (longer in French) rather than be cut.
        row = FlowLayout(spacing=4)
        for a in (self.new_scene_action, self.duplicate_scene_action, self.delete_scene_action,
                  self.scene_up_action, self.scene_down_action):
            row.addWidget(_button(a))
        layout.addLayout(row)
        layout.addWidget(self.checks_label)
        layout.addWidget(self.check_view, 1)
        row = FlowLayout(spacing=4)
        for a in (self.new_check_action, self.duplicate_check_action, self.delete_check_action,
                  self.check_up_action, self.check_down_action):
            row.addWidget(_button(a))
        row.addWidget(self.move_button)
        layout.addLayout(row)

        self.scene_model.renameRequested.connect(self.rename_scene)
        self.scene_view.selectionModel().currentChanged.connect(self._scene_current)
        self.check_view.selectionModel().currentChanged.connect(self._check_current)
        self.retranslate()
        self._enable()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return wrapped_minimum(self, super().minimumSizeHint())

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():  # the rows wrap anew: the minimum height with them
            self.updateGeometry()

    # -- feeding ------------------------------------------------------------------------------
    def set_campaign(self, store, ctx: PrepContext | None) -> None:
        self.store, self.ctx = store, ctx
        self.scene_model.editable = store is not None and not getattr(store, "read_only", False)
        self.reload(select_scene=None)

    def set_context(self, ctx: PrepContext | None) -> None:
        same = (ctx is not None and self.ctx is not None and ctx.system == self.ctx.system
                and ctx.check_options() == self.ctx.check_options())
        self.ctx = ctx
        if not same:  # a relabel makes the list measure every row again: only when words changed
            self._labels()

    def _labels(self) -> None:
        ctx = self.ctx
        self.check_model.roll_label = (lambda c: ctx.check_label(c.check)) if ctx else (lambda c: str(c.check))
        self.check_model.target_text = lambda c: target_text(ctx, c)
        self.check_model.set_checks(self.check_model.checks)

    def reload(self, select_scene: int | None = None, select_check: int | None = None) -> None:
        """Read the scenes again; keep (or move to) the selected scene and check."""
        keep_scene = self.scene_id() if select_scene is None else select_scene
        keep_check = self.check_id() if select_check is None else select_check
        scenes = self.store.scenes.list() if self.store is not None else []
        self._labels()
        self.scene_model.set_scenes(scenes)
        row = self.scene_model.row_of(keep_scene)
        if row < 0 and scenes:
            row = 0
        self._select(self.scene_view, self.scene_model.index(row, 0) if row >= 0 else None)
        self._show_checks(keep_check)
        self._enable()

    def select_check(self, check_id: int | None) -> None:
        """Select a check of the scene shown (the matrix's column was clicked)."""
        row = self.check_model.row_of(check_id)
        if row >= 0:
            self._select(self.check_view, self.check_model.index(row, 0))

    def _show_checks(self, keep_check: int | None) -> None:
        scene = self.scene()
        self.check_model.set_checks(scene.ordered_checks() if scene else [])
        row = self.check_model.row_of(keep_check)
        if row < 0 and self.check_model.checks:
            row = 0
        self._select(self.check_view, self.check_model.index(row, 0) if row >= 0 else None)

    def _select(self, view: QAbstractItemView, index) -> None:
        selection = view.selectionModel()
        if index is None or not index.isValid():
            selection.clearCurrentIndex()
            selection.clearSelection()
            return
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
        if view is self.check_view:
            flags |= QItemSelectionModel.SelectionFlag.Rows
        selection.setCurrentIndex(index, flags)

    # -- reading ------------------------------------------------------------------------------
    def scene(self) -> Scene | None:
        index = self.scene_view.currentIndex()
        scenes = self.scene_model.scenes
        return scenes[index.row()] if index.isValid() and index.row() < len(scenes) else None

    def scene_id(self) -> int | None:
        scene = self.scene()
        return scene.id if scene else None

    def check(self) -> PreparedCheck | None:
        index = self.check_view.currentIndex()
        checks = self.check_model.checks
        return checks[index.row()] if index.isValid() and index.row() < len(checks) else None

    def check_id(self) -> int | None:
        check = self.check()
        return check.id if check else None

    def _scene_current(self, *_) -> None:
        self._show_checks(None)
        self._enable()
        self.sceneSelected.emit(self.scene_id())

    def _check_current(self, *_) -> None:
        self._enable()
        self.checkSelected.emit(self.check_id())

    def _enable(self) -> None:
        has_store = self.store is not None and not getattr(self.store, "read_only", False)
        scene, check = self.scene(), self.check()
        self.new_scene_action.setEnabled(has_store)
        for a in (self.duplicate_scene_action, self.delete_scene_action, self.new_check_action):
            a.setEnabled(has_store and scene is not None)
        scenes = self.scene_model.scenes
        row = self.scene_view.currentIndex().row()
        self.scene_up_action.setEnabled(has_store and scene is not None and row > 0)
        self.scene_down_action.setEnabled(has_store and scene is not None and 0 <= row < len(scenes) - 1)
        for a in (self.duplicate_check_action, self.delete_check_action):
            a.setEnabled(has_store and check is not None)
        crow, n = self.check_view.currentIndex().row(), len(self.check_model.checks)
        self.check_up_action.setEnabled(has_store and check is not None and crow > 0)
        self.check_down_action.setEnabled(has_store and check is not None and 0 <= crow < n - 1)
        self.move_button.setEnabled(has_store and check is not None and len(scenes) > 1)

    def retranslate(self) -> None:
        self.scenes_label.setText(translate("PrepPanel", "S&cenes"))
        self.checks_label.setText(translate("PrepPanel", "Prepared chec&ks"))
        texts = {
            self.new_scene_action: (translate("PrepPanel", "New"), translate("PrepPanel", "Add a scene")),
            self.duplicate_scene_action: (translate("PrepPanel", "Duplicate"),
                                          translate("PrepPanel", "Duplicate the scene with its checks (Ctrl+D)")),
            self.delete_scene_action: (translate("PrepPanel", "Delete"), translate("PrepPanel", "Delete the scene (Del)")),
            self.scene_up_action: ("↑", translate("PrepPanel", "Move the scene up (Alt+Up)")),
            self.scene_down_action: ("↓", translate("PrepPanel", "Move the scene down (Alt+Down)")),
            self.new_check_action: (translate("PrepPanel", "New"),
                                    translate("PrepPanel", "Add a prepared check to the scene")),
            self.duplicate_check_action: (translate("PrepPanel", "Duplicate"),
                                          translate("PrepPanel", "Duplicate the check (Ctrl+D)")),
            self.delete_check_action: (translate("PrepPanel", "Delete"), translate("PrepPanel", "Delete the check (Del)")),
            self.check_up_action: ("↑", translate("PrepPanel", "Move the check up (Alt+Up)")),
            self.check_down_action: ("↓", translate("PrepPanel", "Move the check down (Alt+Down)")),
        }
        for a, (text, tip) in texts.items():
            a.setText(text)
            a.setToolTip(tip)
        self.move_button.setText(translate("PrepPanel", "Move to"))
        self.move_button.setToolTip(translate("PrepPanel", "Move the check to another scene"))
        self.check_model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(PreparedCheckModel.COLUMNS) - 1)


def target_text(ctx: PrepContext | None, check: PreparedCheck) -> str:
    """"DC 20", "AC 18", "ND 15", "threshold 2", "open test" — the check's target in the GM's words
    (the check panel's words: ``check_setup.target_word``)."""
    if ctx is None:
        return str(check.dc if check.dc is not None else check.threshold)
    if ctx.by_threshold and check.threshold is None:
        return translate("PrepPanel", "open test")
    value = check.threshold if ctx.by_threshold else check.dc
    return f"{target_word(ctx.system, check.check)} {value if value is not None else '—'}"
