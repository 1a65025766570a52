"""The prep panel: scenes of prepared checks, the party × check odds matrix, the DC solver, group odds,
the prep sheet export and, at the table, rolling a prepared check for the chosen characters.

Layout: scenes, their checks and the selected check's form on the left; the matrix on the right
above four tabs (the selected cell in detail, the DC solver, group odds, rolling at the table).
Every change is saved in the campaign when made, as one undo step (``prep_edits``), and announced
with ``bus.prepChanged``; the panel recomputes the grid (``prep_grid.compute_grid``) on that and on
``characterChanged``, ``encounterChanged`` (conditions) and ``settingsChanged``, and the matrix
model only emits ``dataChanged`` while its rows and columns stay the same. Opening another campaign
empties every part first (``set_campaign``): the two files may share ids, never what is shown.
The layout is built by ``layout.LaysOutPrep``; the lists, the matrix's current cell and the tab in
view are kept in step by ``selection.FollowsTheSelection``.

Prep odds are the characters' odds outside the fight: the conditions of the fight in progress stay
out of the matrix, the solver, the group odds and the prep sheet unless the GM ticks "With current
conditions". That tick is a way of looking, not a change to the campaign (no undo step, nothing
written): it holds while the campaign stays open and is off again in every campaign opened. Rolling
a prepared check at the table always uses each character's current conditions, as the check panel
does: a roll is real.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QDockWidget, QHeaderView, QLabel, QTableView, QTabWidget,
                               QToolButton, QWidget)

from gmdesk.ui.panels.lifecycle import PanelLifecycle
from gmdesk.ui import i18n
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.charts.lazy import ChartsWhenSeen
from gmdesk.ui.panels.prep.grid import BuildMemo, Grid, PrepContext, compute_grid
from gmdesk.ui.panels.prep.models import PrepMatrixModel
from gmdesk.ui.panels.prep.dc_solver import PrepDcSolver, solver_title
from gmdesk.ui.panels.prep.detail import PrepCellDetail, cell_words, explained_lines
from gmdesk.ui.panels.prep.edits import PrepEdits
from gmdesk.ui.panels.prep.editor import PrepCheckEditor
from gmdesk.ui.panels.prep.group import PrepGroup
from gmdesk.ui.panels.prep.layout import LaysOutPrep
from gmdesk.ui.panels.prep.matrix_view import CellDelegate, fit_columns
from gmdesk.ui.panels.on_screen import WhenSeen
from gmdesk.ui.panels.prep.roll import PrepRollPane
from gmdesk.ui.panels.prep.scenes import PrepScenes, target_text
from gmdesk.ui.panels.prep.selection import FollowsTheSelection


translate = QCoreApplication.translate


class PrepPanel(PrepEdits, LaysOutPrep, FollowsTheSelection, ChartsWhenSeen, PanelLifecycle, QWidget):
    def __init__(self, bus: CampaignBus, parent: QWidget | None = None, *, rng: random.Random | None = None,
                 undo_stack: QUndoStack | None = None):
        super().__init__(parent)
        self.setObjectName("PrepPanel")
        self.bus = bus
        self.store = None
        self._ctx: PrepContext | None = None
        self._grid = Grid()
        self.memo = BuildMemo()
        # The matrix is computed when the GM can see it: behind the Initiative's tab, a campaign
        # switch, a sheet edit or a house rule computed every odds of the scene for nobody (~11 ms).
        self._matrix_seen = WhenSeen(self, self._recompute_now)
        # So is the campaign itself: Prep off screen, a campaign switch read its scenes, its party and
        # their checks for nobody (7 ms). Its lists and form are emptied at once all the same.
        self._campaign_seen = WhenSeen(self, self._show_campaign)
        self._opening = False

        self.scenes = PrepScenes()
        self.editor = PrepCheckEditor()
        self._init_edits(undo_stack)
        self.matrix_model = PrepMatrixModel(self)
        self.matrix = QTableView()
        self.matrix.setObjectName("prepMatrix")
        self.matrix.setModel(self.matrix_model)
        # The framing delegate (Python) paints only the current cell's column; the others keep
        # Qt's own delegate, so a repaint of 320 cells does not run Python for each of them.
        self._frame = CellDelegate(self.matrix)
        self._framed: int | None = None
        self.matrix.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.matrix.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.matrix.setWordWrap(True)
        self.matrix.horizontalHeader().setDefaultSectionSize(104)
        self.matrix.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.matrix.verticalHeader().setDefaultSectionSize(26)
        self.matrix.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.matrix_caption = QLabel()
        self.matrix_caption.setObjectName("prepMatrixCaption")
        self.matrix_caption.setWordWrap(True)
        self.conditions_box = QCheckBox()
        self.conditions_box.setObjectName("prepWithConditions")
        self.conditions_box.toggled.connect(lambda _: self._campaign_changed())

        self.detail = PrepCellDetail()
        self.solver = PrepDcSolver()
        self.group = PrepGroup()
        self.roll_pane = PrepRollPane()
        if rng is not None:
            self.roll_pane.rng = rng
        self.tabs = QTabWidget()
        self.tabs.setObjectName("prepTabs")
        for widget in (self.detail, self.solver, self.group, self.roll_pane):
            self.tabs.addTab(widget, "")

        self.export_action = QAction(self)
        self.export_action.setObjectName("prepExportAction")
        self.export_action.triggered.connect(self.open_export_dialog)
        self.export_button = QToolButton()
        self.export_button.setDefaultAction(self.export_action)
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self._build_layout()

        self.scenes.changed.connect(self._scenes_written)
        self.scenes.sceneSelected.connect(self._scene_selected)
        self.scenes.checkSelected.connect(self._check_selected)
        self.editor.edited.connect(self.save_check)
        self.solver.applyRequested.connect(self.apply_target)
        self.roll_pane.rolled.connect(self._rolled)
        self.matrix.selectionModel().currentChanged.connect(self._cell_selected)
        self._stale: set[int] = set()
        self.tabs.currentChanged.connect(self._update_tab)
        # The tabs' charts are built when the GM first sees them (``ChartsWhenSeen``).
        self._on_screen = False
        self._dock: QDockWidget | None = None
        self.tabs.currentChanged.connect(self._chart_in_view)
        bus.prepChanged.connect(self._prep_changed)
        bus.characterChanged.connect(self._character_changed)
        bus.encounterChanged.connect(self._fight_changed)
        bus.settingsChanged.connect(self._campaign_changed)
        self.retranslate()
        self._enable()

    @property
    def rng(self) -> random.Random:
        """The dice of the "roll at the table" action (inject a seeded one in tests)."""
        return self.roll_pane.rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self.roll_pane.rng = value

    # -- campaign -----------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return i18n.current_language()

    @property
    def decimal_point(self) -> str:
        return "," if self.lang == "fr" else "."

    def set_campaign(self, store) -> None:
        """A campaign was opened (None: closed): show its first scene, and nothing of the last one.

        Notes still waiting for the GM's pause are saved first, in the campaign they were typed for;
        then every part forgets that campaign (the form, the selection, the tabs' results), even
        where the new one has a check or a character with the same id."""
        self.editor.flush()
        self.store = self.steps.store = store
        self.conditions_box.blockSignals(True)
        self.conditions_box.setChecked(False)  # every campaign opens on the odds outside the fight
        self.conditions_box.blockSignals(False)
        self._ctx = None
        self.grid = Grid()  # the last campaign's odds: nothing may be shown from them any more
        self.matrix.selectionModel().clearCurrentIndex()
        for part in (self.editor, self.detail, self.group, self.roll_pane):
            part.forget()
        if store is None:  # closed: no campaign opened will tell its difficulty line to forget it
            self.difficulty_label.show_for(None)
        self._campaign_seen.request()
        if self._campaign_seen.stale:  # off screen: read when seen; meanwhile nothing of the last one
            self._fill(None)

    def _show_campaign(self) -> None:
        """The open campaign read and shown: its first scene, that scene's odds (``set_campaign``)."""
        self.ctx = self._context() if self.store is not None else None
        self._fill(self.store)

    def _fill(self, store) -> None:
        ctx = self._ctx  # not ``ctx``, which would read the campaign at once
        self.solver.set_system(ctx.system if ctx else "")
        self._solver_tab_text()
        self.editor.set_context(ctx)
        # The scene list announces its first scene and check while it fills: the grid then still
        # holds the previous campaign's odds (another system's, maybe). Catch up once, after.
        self._opening = True
        try:
            self.scenes.set_campaign(store, ctx)
        finally:
            self._opening = False
        self.recompute()
        self.editor.show_check(self.scenes.check())
        self._check_selected(self.scenes.check_id())
        self._enable()

    def showing_campaign(self) -> bool:
        """The open campaign is read (at once when it is opened, if Prep is not off screen)."""
        self._campaign_seen.catch_up()
        return self.store is not None

    def _context(self) -> PrepContext:
        """The campaign as prep reads it: the fight's conditions only when the GM ticked them."""
        return PrepContext.from_store(self.store, self.lang, with_conditions=self.conditions_box.isChecked())

    def _enable(self) -> None:
        has = self.store is not None
        if self._campaign_seen.stale:  # File › Export prep sheet stays offered while Prep is unseen
            self.export_action.setEnabled(has and self.store.scenes.count() > 0)
        else:
            self.export_action.setEnabled(has and self.scenes.scene() is not None)
        self.conditions_box.setEnabled(has)

    def _character_changed(self, character_id: int) -> None:
        """One sheet changed (-1: several): read it again, recompute."""
        if self.store is None or self._campaign_seen.stale:  # read whole when Prep is seen
            return
        known = self.ctx is not None and character_id in self.ctx.characters
        if character_id >= 0 and known:
            self._campaign_changed(ctx=self.ctx.with_character(self.store, character_id))
        else:  # a new character, or "reload all"
            self._campaign_changed()

    def _fight_changed(self) -> None:
        """Prep reads the fight only for its conditions, when the GM ticked them: otherwise a turn
        or an HP change would recompute every odds of the matrix for nothing (12 ms a turn)."""
        if self.conditions_box.isChecked() or (self._ctx is not None and self._ctx.with_conditions):
            self._campaign_changed()

    def _campaign_changed(self, *_, ctx: PrepContext | None = None) -> None:
        """A sheet, the encounter (conditions) or the house rules changed: new context, new odds."""
        if self.store is None or self._campaign_seen.stale:
            return
        before = set(self.ctx.characters) if self.ctx else set()
        self.ctx = ctx or self._context()
        self.scenes.set_context(self.ctx)
        self.editor.set_context(self.ctx)
        if before - set(self.ctx.characters):
            self.scenes.reload()  # a deleted character has left the checks' rollers
        self.recompute()

    def _prep_changed(self) -> None:
        """Scenes or checks changed (here or elsewhere): read them again, keep the selection."""
        if self.store is None or self._campaign_seen.stale:
            return
        self.scenes.reload()
        stored = self.scenes.check()
        shown = self.editor.prepared
        if stored is None or shown is None or stored.id != shown.id or stored.to_dict() != shown.to_dict():
            self.editor.show_check(stored)
        self.recompute()
        self._enable()

    # -- the grid -----------------------------------------------------------------------------
    @property
    def ctx(self) -> PrepContext | None:
        """The campaign as Prep reads it, read first if Prep was off screen when it was opened."""
        self._campaign_seen.catch_up()
        return self._ctx

    @ctx.setter
    def ctx(self, ctx: PrepContext | None) -> None:
        self._ctx = ctx

    @property
    def grid(self) -> Grid:
        """The odds of the selected scene, up to date even when asked while prep is off screen."""
        self._campaign_seen.catch_up()
        self._matrix_seen.catch_up()
        return self._grid

    @grid.setter
    def grid(self, grid: Grid) -> None:
        self._grid = grid

    def recompute(self) -> None:
        """Every member's odds on every check of the selected scene; the tabs follow. Now when the
        GM can see prep, else when they next do (``WhenSeen``)."""
        self._matrix_seen.request()

    def _recompute_now(self) -> None:
        ctx = self.ctx
        scene = self.scenes.scene()
        self.grid = compute_grid(ctx, scene, self.memo) if ctx is not None else Grid()
        model = self.matrix_model
        model.decimal_point = self.decimal_point
        model.target_text = lambda c: target_text(ctx, c)
        model.roll_label = (lambda c: ctx.check_label(c.check)) if ctx else (lambda c: str(c.check))
        words = cell_words(ctx) if ctx else None
        model.explain = (lambda cell: explained_lines(words, ctx, cell)) if ctx else (lambda cell: [])
        current = self.matrix.currentIndex()
        keep = (current.row(), current.column()) if current.isValid() else None
        resets = model.resets
        model.set_grid(self.grid)
        if model.resets != resets:  # new rows or columns: fit the headers once, not at every recompute
            self.fit_columns()
            current = self.matrix.currentIndex()
            self._frame_column(current.column() if current.isValid() else None)
        self._caption(scene)
        column = self.grid.column_of(self.scenes.check_id())
        if not self.matrix.currentIndex().isValid() and column >= 0 and self.grid.members:
            row = keep[0] if keep and keep[0] < len(self.grid.members) else 0
            self._set_matrix_current(row, column)
        self._update_tabs()

    def fit_columns(self) -> None:
        fit_columns(self.matrix)

    def _caption(self, scene) -> None:
        if self.ctx is None:
            self.matrix_caption.setText(translate("PrepPanel", "Open a campaign to prepare its scenes."))
        elif scene is None:
            self.matrix_caption.setText(translate("PrepPanel", "Add a scene, then the checks the party may face in it."))
        elif not self.grid.checks:
            text = translate("PrepPanel", "“{scene}” has no prepared check yet.")
            self.matrix_caption.setText(text.format(scene=scene.name))
        elif not self.grid.members:
            self.matrix_caption.setText(translate("PrepPanel", "The party is empty: add characters to see their odds."))
        else:
            text = translate("PrepPanel", "“{scene}”: each member's chance of success (hover a cell for the split).")
            self.matrix_caption.setText(text.format(scene=scene.name))

    # -- export -------------------------------------------------------------------------------
    def open_export_dialog(self) -> None:
        from gmdesk.ui.panels.prep.export import PrepExportDialog

        if not self.showing_campaign():
            return
        dialog = PrepExportDialog(self)
        dialog.exec()

    def export_prep_sheet(self, path: str | Path, fmt: str, scene_id: int | None = None) -> Path:
        """Write the prep sheet of a scene (the selected one by default) with its images."""
        from gmdesk.ui.panels.prep.export import export_scene

        self.showing_campaign()
        scene_id = self.scenes.scene_id() if scene_id is None else scene_id
        scene = self.store.scenes.get(scene_id)
        return export_scene(self.ctx, scene, Path(path), fmt, self.decimal_point)

    # -- language -----------------------------------------------------------------------------
    def _solver_tab_text(self) -> None:
        """"DC solver", "ND solver", "Threshold solver" / "Calcul du DD", "Calcul du seuil": the
        campaign's system names the number it solves."""
        self.tabs.setTabText(1, solver_title(self._ctx.system if self._ctx else "", self.lang))

    def retranslate(self) -> None:
        self.editor_box.setTitle(translate("PrepPanel", "Selected check"))
        self.tabs.setTabText(0, translate("PrepPanel", "Detail"))
        self._solver_tab_text()
        self.tabs.setTabText(2, translate("PrepPanel", "Group odds"))
        self.tabs.setTabText(3, translate("PrepPanel", "At the table"))
        self._room_for_tabs()
        self.conditions_box.setText(translate("PrepPanel", "With current &conditions"))
        self.conditions_box.setToolTip(translate(
            "PrepPanel", "Count the conditions of the fight in progress (frightened, sickened…) in these odds; "
                         "unticked, they are the characters' odds outside the fight"))
        self.export_action.setText(translate("PrepPanel", "Export prep sheet…"))
        self.export_action.setToolTip(
            translate("PrepPanel", "Write the scene's checks, DCs, matrix and charts as Markdown or HTML"))
        for part in (self.scenes, self.editor, self.solver, self.group, self.roll_pane):
            part.retranslate()
        if self.store is not None and not self._campaign_seen.stale:
            self.ctx = self._context()
            self.scenes.set_context(self.ctx)
            self.editor.set_context(self.ctx)
        self.recompute()
