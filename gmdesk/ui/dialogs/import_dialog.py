"""File › Import…: characters from Pathbuilder 2e, Foundry VTT, a gmdesk sheets file, or stat blocks
pasted as text, previewed before anything is added.

The preview lists each character found: its name, where it comes from, whether it is new or already
in the campaign (same name and same source: it will be updated after asking), what was recognised
(every number read) and what was not (lines of the paste, fields of the file). A file that cannot be
read is named with its one-line reason and adds nothing. The dialog only reads; the party panel adds
what it found as one undo step (``panels.party.importing``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QHBoxLayout, QLabel, QPlainTextEdit,
                               QPushButton, QSplitter, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from gmdesk.campaign.importing import repeats, twin_key
from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.ui import i18n, long_work
from gmdesk.ui.write_refusals import refusal_line

CONTEXT = "ImportDialog"
PASTE_DELAY_MS = 300  # the preview follows the paste once the GM stops typing


translate = QCoreApplication.translate


def file_filter() -> str:
    return translate("ImportDialog", "Character files (*.json *.txt);;All files (*)")


class ImportDialog(QDialog):
    """Choose files or paste stat blocks; ``found`` holds what the preview shows (``Imported``)."""

    def __init__(self, system: str, existing: list, parent: QWidget | None = None, files: list[Path] = ()):
        super().__init__(parent)
        self.setObjectName("importDialog")
        self.system = system
        self.existing = {twin_key(c.name, c.origin): c for c in existing if c.origin}
        self.lang = i18n.current_language()
        self.files: list[Path] = []
        self.from_files: list = []  # Imported, per file read
        self.from_paste: list = []
        self.errors: list[str] = []
        self.paste_error = ""
        self.setWindowTitle(translate("ImportDialog", "Import characters"))

        intro = QLabel(translate(
            "ImportDialog", "Pathbuilder 2e exports, Foundry VTT actors (dnd5e characters and NPCs, pf2e NPCs), "
                            "gmdesk sheets files, or stat blocks pasted below as the books print them. Nothing "
                            "is added before you confirm."))
        intro.setWordWrap(True)
        self.choose_button = QPushButton(translate("ImportDialog", "Choose files…"))
        self.choose_button.setObjectName("importChooseFiles")
        self.choose_button.clicked.connect(self.choose_files)
        self.files_label = QLabel()
        self.files_label.setObjectName("importFiles")
        self.files_label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.choose_button)
        top.addWidget(self.files_label, 1)

        self.paste = QPlainTextEdit()
        self.paste.setObjectName("importPaste")
        self.paste.setPlaceholderText(translate(
            "ImportDialog", "Paste one or more stat blocks here (text copied from a PDF or a web page is fine)."))
        self._timer = QTimer(self, singleShot=True, interval=PASTE_DELAY_MS)
        self._timer.timeout.connect(self.read_paste)
        self.paste.textChanged.connect(self._timer.start)

        self.preview = QTreeWidget()
        self.preview.setObjectName("importPreview")
        self.preview.setColumnCount(2)
        self.preview.setHeaderLabels([translate("ImportDialog", "Found"), translate("ImportDialog", "Read as")])
        self.preview.setAlternatingRowColors(True)
        self.errors_label = QLabel()
        self.errors_label.setObjectName("importErrors")
        self.errors_label.setWordWrap(True)
        self.errors_label.setTextFormat(Qt.TextFormat.PlainText)
        palette = self.errors_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.darkRed)
        self.errors_label.setPalette(palette)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.paste)
        split.addWidget(self.preview)
        # The paste box keeps its height; the preview takes the rest and gives up the room of the
        # refusal line below it from its bottom: their tops stay under the GM's cursor (issue 24).
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([150, 300])

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(self.errors_label)
        layout.addWidget(self.buttons)
        self.resize(760, 560)
        if files:
            self.add_files(list(files))
        self.refresh()

    # -- reading -------------------------------------------------------------------------------------
    def choose_files(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, translate("ImportDialog", "Import characters"), "", file_filter())
        if names:
            self.add_files([Path(n) for n in names])

    def add_files(self, paths: list[Path]) -> None:
        """Read ``paths`` (each refused whole with its reason if it cannot be read); many or big
        files are read off the window's thread, with a bar and Cancel (which keeps none of them)."""
        new = [p for p in dict.fromkeys(paths) if p not in self.files]
        if sum(_size(p) for p in new) < BIG_READ:
            self._files_read(new, read_files(new, self.system, lambda done, total: True))
            return
        self.reading = long_work.run(
            self, translate("ImportDialog", "Reading %1 files").replace("%1", str(len(new))),
            lambda progress: read_files(new, self.system, progress), on_done=lambda read: self._files_read(new, read),
            place=self._place_bar, disables=self._read_locks())

    def _files_read(self, paths: list[Path], read: tuple[list, list[str]]) -> None:
        self.files += paths
        self.from_files += read[0]
        self.errors += read[1]
        self.refresh()

    def read_paste(self) -> None:
        text = self.paste.toPlainText()
        stale = getattr(self, "paste_reading", None)
        if stale is not None and stale.running():  # the text changed again: what it was is not read further
            stale.cancel()
        self.from_paste, self.paste_error = [], ""
        where = translate("ImportDialog", "pasted text")
        if len(text.encode("utf-8")) < BIG_READ:
            self._paste_read(read_paste(text, self.system, where, lambda done, total: True))
            return
        self.paste_reading = long_work.run(
            self, translate("ImportDialog", "Reading the pasted text"),
            lambda progress: read_paste(text, self.system, where, progress), on_done=self._paste_read,
            place=self._place_bar, disables=self._read_locks())

    def _paste_read(self, read: tuple[list, str]) -> None:
        self.from_paste, self.paste_error = read
        self.refresh()

    def _read_locks(self) -> tuple:
        """While files are read, nothing can be added (nor more chosen): the preview is not whole."""
        return self.choose_button, self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def _place_bar(self, bar: QWidget) -> None:
        self.layout().insertWidget(self.layout().indexOf(self.buttons), bar)

    def reject(self) -> None:
        for reading in (getattr(self, "reading", None), getattr(self, "paste_reading", None)):
            if reading is not None and reading.running():  # closing the dialog stops the reading first
                reading.cancel()
                reading.wait()
        super().reject()

    @property
    def found(self) -> list:
        return self.from_files + self.from_paste

    def twins(self) -> list:
        """(imported, stored twin) pairs: already in the campaign, same name and same source."""
        return [(i, self.existing[twin_key(i.name, i.origin)]) for i in repeats(self.found)[0]
                if i.origin and twin_key(i.name, i.origin) in self.existing]

    # -- showing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.files_label.setText(", ".join(p.name for p in self.files) if self.files
                                 else translate("ImportDialog", "No file chosen."))
        self.preview.clear()
        grey = QBrush(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        kept, left_out = repeats(self.found)
        for imported in self.found:
            twin = self.existing.get(twin_key(imported.name, imported.origin)) if imported.origin else None
            state = (translate("ImportDialog", "left out: the same character again below (same name and same "
                                               "source); the last one read is used")
                     if any(imported is i for i in left_out)
                     else translate("ImportDialog", "updates the one already in the campaign (same name and same source)")
                     if twin else translate("ImportDialog", "new"))
            if imported.assumed:
                state += " · " + translate("ImportDialog", "values filled in: %1").replace("%1", str(len(imported.assumed)))
            top = QTreeWidgetItem([imported.name, f"{imported.source.text(self.lang)} · {state}"])
            top.setToolTip(1, top.text(1))
            for label, value in imported.recognised:
                QTreeWidgetItem(top, [label.text(self.lang), value.text(self.lang) if isinstance(value, Word) else value])
            for filled in imported.assumed:  # a value the file left out: never filled in unsaid
                item = QTreeWidgetItem(top, [translate("ImportDialog", "Filled in"), filled.text(self.lang)])
                item.setToolTip(1, filled.text(self.lang))
            for note in imported.notes:
                item = QTreeWidgetItem(top, [translate("ImportDialog", "Note"), note.text(self.lang)])
                item.setToolTip(1, note.text(self.lang))
            for line in imported.unrecognised:
                item = QTreeWidgetItem(top, [translate("ImportDialog", "Not used"), line])
                item.setToolTip(1, line)
                for column in (0, 1):
                    item.setForeground(column, grey)
            self.preview.addTopLevelItem(top)
        if len(self.found) <= 3:
            self.preview.expandAll()
        self.preview.resizeColumnToContents(0)
        errors = self.errors + ([self.paste_error] if self.paste_error else [])
        self.errors_label.setText("\n".join(refusal_line(e) for e in errors))
        self.errors_label.setVisible(bool(errors))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        n = len(kept)
        ok.setText(translate("ImportDialog", "Add (%1)").replace("%1", str(n)) if n
                   else translate("ImportDialog", "Add"))
        ok.setEnabled(n > 0)


def ask_twins(parent: QWidget, twins: list, lang: str) -> str | None:
    """"update", "add" (as new characters) or None (cancel): asked when characters are already there."""
    from PySide6.QtWidgets import QMessageBox

    from gmdesk.ui import plain_text

    names = ", ".join(sorted({stored.name for _, stored in twins}))
    box = QMessageBox(QMessageBox.Icon.Question, translate("ImportDialog", "Already in the campaign"), plain_text.message(
        translate("ImportDialog", "Already in the campaign, with the same name and the same source (%2): %1. "
                                  "Update them rather than add twins?")
        .replace("%1", names).replace("%2", _sources(twins, lang))), parent=parent)
    update = box.addButton(translate("ImportDialog", "Update"), QMessageBox.ButtonRole.AcceptRole)
    add = box.addButton(translate("ImportDialog", "Add as new characters"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(update)
    box.exec()
    clicked = box.clickedButton()
    return "update" if clicked is update else "add" if clicked is add else None


def _sources(twins: list, lang: str) -> str:
    return ", ".join(sorted({i.source.text(lang) if isinstance(i.source, Word) else str(i.source) for i, _ in twins}))


BIG_READ = 256 * 1024  # bytes read at once (files together, or a paste) past which reading leaves the window's thread


def _size(path: Path) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0  # read at once: its reading names what is wrong with it


def read_files(paths: list[Path], system: str, progress: long_work.Progress) -> tuple[list, list[str]]:
    """What ``paths`` hold (a file that cannot be read refused whole, with its reason): Qt-free, for
    the window's thread or a worker's. Cancel (``progress`` False) keeps nothing."""
    from gmdesk.store.errors import StoreError
    from gmdesk.store.import_files import read_import

    found, errors = [], []
    for done, path in enumerate(paths):
        if not progress(done, len(paths)):
            raise long_work.Cancelled()
        try:
            found += read_import(path, system, where=path.name)
        except (RulesError, StoreError, OSError) as exc:
            errors.append(" ".join(str(exc).split()))
    return found, errors


def read_paste(text: str, system: str, where: str, progress: long_work.Progress) -> tuple[list, str]:
    """The stat blocks of a pasted ``text`` and the reason none could be read (or "")."""
    from io import StringIO

    from gmdesk.store.import_files import read_import

    if not text.strip():
        return [], ""
    try:
        found = read_import(StringIO(text), system, where, text=True)
    except RulesError as exc:
        return [], " ".join(str(exc).split())
    if not progress(1, 1):
        raise long_work.Cancelled()
    return found, ""
