"""The prep sheet export: a scene's page (Markdown or HTML) with its images beside it.

``export_scene`` renders the matrix (a ``QTableView`` over the scene's grid, ``widget.grab()``) and,
for every check someone can roll, each roller's chance by DC (``MembersChart``) to PNG files in
``<page>_files/``, then writes the page with ``gmdesk.store.prep_sheet`` (which escapes every text
the GM typed). Images and page are each written to a temporary file and renamed into place.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QComboBox, QDialog, QDialogButtonBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableView, QVBoxLayout,
                               QWidget)

from gmdesk.engine.series import percent_text
from gmdesk.store.atomic import atomic_file
from gmdesk.store.errors import StoreError
from gmdesk.store.prep_sheet import LABELS, CheckLine, PrepSheet, SheetImage, write_prep_sheet
from gmdesk.ui.panels.prep.analysis import group, member_curves, moving_targets
from gmdesk.ui.panels.prep.grid import Grid, PrepContext, compute_grid
from gmdesk.ui.panels.prep.models import PrepMatrixModel
from gmdesk.ui.panels.check.setup import target_word
from gmdesk.ui.panels.prep.matrix_view import fit_columns
from gmdesk.ui.panels.prep.group import decimal
from gmdesk.ui.panels.prep.scenes import target_text
from gmdesk.ui.panels.prep.dc_solver import system_target
from gmdesk.store.write_guard import refuse_protected
from gmdesk.ui import long_work
from gmdesk.ui.write_refusals import refusal_text

HEADINGS = {
    "title": QT_TRANSLATE_NOOP("PrepPanel", "Prep sheet"),
    "campaign": QT_TRANSLATE_NOOP("PrepPanel", "Campaign"),
    "checks": QT_TRANSLATE_NOOP("PrepPanel", "Prepared checks"),
    "check": QT_TRANSLATE_NOOP("PrepPanel", "Check"),
    "roll": QT_TRANSLATE_NOOP("PrepPanel", "Roll"),
    "target": QT_TRANSLATE_NOOP("PrepPanel", "DC"),
    "rollers": QT_TRANSLATE_NOOP("PrepPanel", "Who rolls"),
    "secret": QT_TRANSLATE_NOOP("PrepPanel", "Secret"),
    "notes": QT_TRANSLATE_NOOP("PrepPanel", "Notes"),
    "group": QT_TRANSLATE_NOOP("PrepPanel", "Group odds"),
    "matrix": QT_TRANSLATE_NOOP("PrepPanel", "Chance of success"),
    "member": QT_TRANSLATE_NOOP("PrepPanel", "Character"),
    "charts": QT_TRANSLATE_NOOP("PrepPanel", "Charts"),
    "yes": QT_TRANSLATE_NOOP("PrepPanel", "yes"),
}
FORMAT_NAMES = {"md": QT_TRANSLATE_NOOP("PrepPanel", "Markdown (.md)"),
                "html": QT_TRANSLATE_NOOP("PrepPanel", "HTML page (.html)")}
CHART_SIZE = (640, 300)


translate = QCoreApplication.translate

def tr(text: str) -> str:
    return QCoreApplication.translate("PrepPanel", text)


def labels(ctx: PrepContext) -> dict[str, str]:
    out = dict(LABELS)
    out.update({k: tr(v) for k, v in HEADINGS.items()})
    word = system_target(ctx.system, ctx.lang)  # the system's own: DC, DD, ND, threshold, seuil
    out["target"] = word[:1].upper() + word[1:]
    if ctx.with_conditions:  # a printed sheet says when a fight's passing state is in its odds
        out["matrix"] = translate("PrepPanel", "Chance of success, with the conditions of the fight in progress")
    return out


def file_stem(name: str) -> str:
    """A file name from a scene or check name: letters, digits and dashes only."""
    stem = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-_").lower()
    return stem[:60] or "scene"


def save_png(pixmap: QPixmap, path: Path) -> None:
    """Save atomically: a half-written image never replaces a good one, nor a campaign."""
    atomic_file(path, lambda tmp: pixmap.save(tmp, "PNG"))


def render_matrix(ctx: PrepContext, grid: Grid, point: str) -> QPixmap:
    """The matrix as the panel shows it, every row and column in view."""
    model = PrepMatrixModel()
    model.decimal_point = point
    model.target_text = lambda c: target_text(ctx, c)
    model.roll_label = lambda c: ctx.check_label(c.check)
    model.set_grid(grid)
    view = QTableView()
    view.setModel(model)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    fit_columns(view)
    view.resizeRowsToContents()
    view.verticalHeader().setMinimumWidth(80)
    view.resize(4000, 4000)  # lay the headers out before measuring them
    view.verticalHeader().resizeSections(QHeaderView.ResizeMode.ResizeToContents)
    width = view.verticalHeader().sizeHint().width() + view.horizontalHeader().length() + 2 * view.frameWidth() + 2
    height = view.horizontalHeader().sizeHint().height() + view.verticalHeader().length() + 2 * view.frameWidth() + 2
    view.resize(width, height)
    QApplication.processEvents()
    pixmap = view.grab()
    view.deleteLater()
    return pixmap


def render_members_chart(ctx: PrepContext, grid: Grid, column: int) -> QPixmap | None:
    if not grid.rollers(column):
        return None
    prepared = grid.checks[column]
    from gmdesk.ui.panels.prep.charts import MembersChart

    chart = MembersChart()
    chart.resize(*CHART_SIZE)
    word = target_word(ctx.system, prepared.check)
    own = prepared.threshold if ctx.by_threshold else prepared.dc
    chart.show_members(member_curves(grid, column, moving_targets(grid, column, ctx)), own,
                       f"{word} {own}" if own is not None else "", word)
    each = translate("PrepPanel", "each roller by {word}").format(word=word)
    chart.set_title(f"{prepared.name} — {each}")
    QApplication.processEvents()
    pixmap = chart.grab()
    chart.deleteLater()
    return pixmap


def check_lines(ctx: PrepContext, grid: Grid, point: str) -> list[CheckLine]:
    lines = []
    for column, prepared in enumerate(grid.checks):
        names = [ctx.characters[i].name for i in prepared.rollers if i in ctx.characters]
        odds = group(grid, column)
        if odds.chances:
            text = translate("PrepPanel", "at least one {any}, all {all}, expected {expected} of {n}").format(
                any=percent_text(odds.at_least_one, point), all=percent_text(odds.all, point),
                expected=decimal(odds.expected, point), n=len(odds.chances))
        else:
            text = translate("PrepPanel", "nobody can roll this check")
        lines.append(CheckLine(ctx.check_label(prepared.check), target_text(ctx, prepared),
                               ", ".join(names) if names else translate("PrepPanel", "the party"), text))
    return lines


def export_scene(ctx: PrepContext, scene, path: Path, fmt: str, point: str = ".") -> Path:
    """Write ``scene``'s prep sheet to ``path`` (``fmt`` "md" or "html") and its images beside it."""
    return drain(scene_steps(ctx, scene, path, fmt, point))


def drain(steps):
    """Run a generator of steps to its end, at once; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def scene_steps(ctx: PrepContext, scene, path: Path, fmt: str, point: str = "."):
    """``export_scene`` a piece at a time: a generator that yields after the odds and after each
    image (the window's events go on between them), and returns the page written."""
    path = Path(path)
    grid = compute_grid(ctx, scene)
    yield
    folder = path.with_name(f"{path.stem}_files")
    folder.mkdir(parents=True, exist_ok=True)
    images = []
    if grid.members and grid.checks:
        save_png(render_matrix(ctx, grid, point), folder / "matrix.png")
        images.append(SheetImage(translate("PrepPanel", "Chance of success of each member"), f"{folder.name}/matrix.png"))
        yield
    for column, prepared in enumerate(grid.checks):
        pixmap = render_members_chart(ctx, grid, column)
        if pixmap is None:
            continue
        name = f"check-{column + 1}-{file_stem(prepared.name)}.png"
        save_png(pixmap, folder / name)
        images.append(SheetImage(translate("PrepPanel", "{check}: each roller's chance by {word}").format(
            check=prepared.name, word=target_word(ctx.system, prepared.check)), f"{folder.name}/{name}"))
        yield
    chances = [[cell.chance if cell.usable else None for cell in row] for row in grid.cells]
    sheet = PrepSheet(scene, [m.name for m in grid.members], chances, check_lines(ctx, grid, point),
                      ctx.campaign_name, images, labels(ctx), point, ctx.lang)
    return write_prep_sheet(sheet, path, fmt)


class PageNotFolder(Exception):
    """Every scene was asked for under a page's name ("prep-all.html"): a folder of that name would
    hold the pages, and nobody would guess it."""

    def __init__(self, path: Path):
        super().__init__(str(path))
        self.path = path


class PrepExportDialog(QDialog):
    """Pick the scene (or every scene), the format and where; then write."""

    ALL = -1

    def __init__(self, panel, parent: QWidget | None = None):
        super().__init__(parent or panel)
        self.panel = panel
        self.setObjectName("PrepExportDialog")
        self.setWindowTitle(translate("PrepPanel", "Export prep sheet"))
        self.scene_combo = QComboBox()
        self.scene_combo.setObjectName("exportScene")
        for scene in panel.store.scenes.list():
            self.scene_combo.addItem(scene.name, scene.id)
        self.scene_combo.addItem(translate("PrepPanel", "Every scene (one page each)"), self.ALL)
        index = self.scene_combo.findData(panel.scenes.scene_id())
        self.scene_combo.setCurrentIndex(max(index, 0))
        self.format_combo = QComboBox()
        self.format_combo.setObjectName("exportFormat")
        for fmt, name in FORMAT_NAMES.items():
            self.format_combo.addItem(tr(name), fmt)
        self.path_edit = QLineEdit()
        self.path_edit.setObjectName("exportPath")
        browse = QPushButton(translate("PrepPanel", "Browse…"))
        browse.clicked.connect(self.browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)
        self.status = QLabel()
        self.status.setWordWrap(True)
        form = QFormLayout()
        form.addRow(translate("PrepPanel", "&Scene:"), self.scene_combo)
        form.addRow(translate("PrepPanel", "&Format:"), self.format_combo)
        self.where = where = QLabel(translate("PrepPanel", "&Where:"))
        where.setBuddy(self.path_edit)  # a row holding a layout gets no buddy: "&Where:" would show its "&"
        where.setObjectName("exportWhereLabel")
        form.addRow(where, path_row)
        # Every scene is a folder of pages: said before it is written, not found out afterwards.
        self.folder_hint = QLabel(translate("PrepPanel", "One page per scene, each with its images, in this folder."))
        self.folder_hint.setObjectName("exportFolderHint")
        self.folder_hint.setWordWrap(True)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = buttons.addButton(translate("PrepPanel", "Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.folder_hint)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.format_combo.currentIndexChanged.connect(self._suggest)
        self.scene_combo.currentIndexChanged.connect(self._suggest)
        self._suggest()

    def fmt(self) -> str:
        return self.format_combo.currentData()

    def _suggest(self, *_) -> None:
        folder = Path(self.path_edit.text()).parent if self.path_edit.text() else Path(self.panel.store.path).parent
        every = self.scene_combo.currentData() == self.ALL
        self.where.setText(translate("PrepPanel", "&Folder:") if every else translate("PrepPanel", "&Where:"))
        self.folder_hint.setVisible(every)
        if every:
            self.path_edit.setText(str(folder / translate("PrepPanel", "prep")))  # a folder's name, in the GM's words
        else:
            self.path_edit.setText(str(folder / f"{file_stem(self.scene_combo.currentText())}.{self.fmt()}"))

    def browse(self) -> None:
        if self.scene_combo.currentData() == self.ALL:
            chosen = QFileDialog.getExistingDirectory(self, translate("PrepPanel", "Folder for the prep sheets"),
                                                      self.path_edit.text())
        else:
            chosen, _ = QFileDialog.getSaveFileName(self, translate("PrepPanel", "Save the prep sheet"), self.path_edit.text(),
                                                    f"*.{self.fmt()}")
        if chosen:
            self.path_edit.setText(chosen)

    def jobs(self) -> tuple[Path, list[tuple[object, Path]]]:
        """Where the page(s) go (the folder for every scene, else the page) and each scene's page."""
        target = Path(self.path_edit.text()).expanduser()
        if self.scene_combo.currentData() == self.ALL:
            if target.suffix.lower() in {f".{fmt}" for fmt in FORMAT_NAMES} and not target.is_dir():
                raise PageNotFolder(target)
            jobs, used = [], set()
            for scene in self.panel.store.scenes.list():
                stem = file_stem(scene.name)
                while stem in used:
                    stem += "-2"
                used.add(stem)
                jobs.append((scene, target / f"{stem}.{self.fmt()}"))
            return target, jobs
        if target.suffix.lower() != f".{self.fmt()}":
            target = target.with_name(target.name + f".{self.fmt()}")
        return target, [(self.panel.store.scenes.get(self.scene_combo.currentData()), target)]

    def export_steps(self):
        """Write the page(s) as chosen, a scene a step (a generator for ``long_work.run_steps``):
        everything is made in a hidden folder beside the pages and moved into place at the end, so
        that Cancel (or a failure) leaves nothing behind. Returns the files written."""
        target, jobs = self.jobs()
        base = target if self.scene_combo.currentData() == self.ALL else target.parent
        for _, page in jobs:
            refuse_protected(page)
        made = not base.exists()
        base.mkdir(parents=True, exist_ok=True)
        ctx, point = self.panel.ctx, self.panel.decimal_point
        staging = Path(tempfile.mkdtemp(prefix=".gmdesk-prep-", dir=base))
        try:
            for done, (scene, page) in enumerate(jobs):
                for _ in scene_steps(ctx, scene, staging / page.name, self.fmt(), point):
                    yield done, len(jobs)
            for _, page in jobs:
                move_into_place(staging, page)
        except BaseException:
            if made:  # the folder this export made for its pages goes too
                shutil.rmtree(base, ignore_errors=True)
            raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return [page for _, page in jobs]

    def export(self) -> list[Path]:
        """Write the page(s) now, on this thread; returns the files written."""
        return drain(self.export_steps())

    def _accept(self) -> None:
        self.status.clear()
        try:
            target, jobs = self.jobs()
            for _, page in jobs:  # a campaign or its side file: refused at once, the dialog stays
                refuse_protected(page)
        except PageNotFolder as exc:
            self.status.setText(translate(
                "PrepPanel", "Every scene is written as one page per scene in a folder: choose a folder, "
                             "not a page’s name ({name}).").format(name=exc.path.name))
            return
        except (OSError, StoreError) as exc:
            self._refused(exc)
            return
        self.hide()  # out of the way while the pages are made: the bar and Cancel are in the status bar
        panel = self.panel
        self.running_work = long_work.run_steps(
            panel, translate("PrepPanel", "Exporting the prep sheet"), self.export_steps(),
            on_done=self._written, on_failed=self._refused, on_cancelled=self.reject,
            done_text=lambda written: translate("PrepPanel", "Prep sheet written: %1").replace(
                "%1", ", ".join(p.name for p in written)),
            folder=lambda written: written[0].parent if written else None,
            disables=tuple(w for w in (getattr(panel, "export_action", None), getattr(panel, "export_button", None))
                           if w is not None))

    def _written(self, written: list[Path]) -> None:
        self.written = written
        self.accept()

    def _refused(self, exc: BaseException) -> None:
        if not isinstance(exc, (OSError, StoreError)):
            raise exc
        self.status.setText(translate("PrepPanel", "Could not write the prep sheet: {reason}").format(reason=refusal_text(exc)))
        if not self.isVisible():
            self.open()


def move_into_place(staging: Path, page: Path) -> None:
    """The page made in ``staging`` and its ``_files`` folder of images, renamed to where they go."""
    images = staging / f"{page.stem}_files"
    if images.is_dir():
        folder = page.with_name(images.name)
        folder.mkdir(exist_ok=True)
        for image in images.iterdir():
            os.replace(image, folder / image.name)
    os.replace(staging / page.name, page)
