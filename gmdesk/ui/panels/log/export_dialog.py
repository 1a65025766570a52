"""Export the roll log: format, filters, destination. Secret rolls stay out unless the GM ticks the box.

The writing itself is the store's (``gmdesk.store.exports.export_log``: atomic file, escaping); the
dialog only gathers the choices and shows how many rolls they select before anything is written.
It proposes the folder the last export went to (remembered in the settings), else Documents where
that folder exists, else the home folder: never a folder that is not there.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDate, QDir, QSettings, QStandardPaths, Qt, QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmdesk.store.errors import InvalidInput, StoreError
from gmdesk.store.exports import export_log
from gmdesk.store.write_guard import refuse_protected
from gmdesk.ui import i18n, long_work
from gmdesk.store.rolllog import LogFilter
from gmdesk.ui.theme import count_text
from gmdesk.ui.write_refusals import refusal_text

# (format id for the store, label, file suffix)
FORMATS = (
    ("csv", "CSV", ".csv"),
    ("json", "JSON Lines", ".jsonl"),
    ("md", "Markdown", ".md"),
    ("html", "HTML", ".html"),
)


LAST_FOLDER_KEY = "exports/log_folder"  # in gmdesk's settings: where the last log export went


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("ExportDialog", ...) elsewhere."""
    return QCoreApplication.translate("ExportDialog", text)


def proposed_folder() -> Path:
    """Where an export goes unless the GM says otherwise: the last folder used if it is still there,
    else Documents if this system has one, else home."""
    last = QSettings().value(LAST_FOLDER_KEY, "")
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path(QDir.homePath())


def remember_folder(path: Path) -> None:
    QSettings().setValue(LAST_FOLDER_KEY, str(Path(path).expanduser().resolve().parent))


class ExportDialog(QDialog):
    exported = Signal(int, str)  # how many rolls, to which file

    def __init__(self, store, parent: QWidget | None = None, *, actor: str | None = None,
                 session: str | None = None):
        super().__init__(parent)
        self.setObjectName("ExportDialog")
        self.setWindowTitle(QCoreApplication.translate("ExportDialog", "Export the roll log"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.store = store
        self.written: int | None = None

        self.format_combo = QComboBox()
        for fmt, label, _ in FORMATS:
            self.format_combo.addItem(label, fmt)
        self.secret_check = QCheckBox(QCoreApplication.translate("ExportDialog", "Include &secret rolls"))
        self.secret_check.setChecked(False)  # players may see the file: secrets out unless asked
        self.actor_combo = QComboBox()
        self.actor_combo.addItem(QCoreApplication.translate("ExportDialog", "every actor"), None)
        for name in store.log.actors():
            self.actor_combo.addItem(name or "—", name)
        self.session_combo = QComboBox()
        self.session_combo.addItem(QCoreApplication.translate("ExportDialog", "every session"), None)
        for name in store.log.sessions():
            self.session_combo.addItem(name or "—", name)
        self._select(self.actor_combo, actor)
        self._select(self.session_combo, session)

        today = QDate.currentDate()
        self.since_check, self.since_edit = QCheckBox(QCoreApplication.translate("ExportDialog", "From")), QDateEdit(today.addMonths(-1))
        self.until_check, self.until_edit = QCheckBox(QCoreApplication.translate("ExportDialog", "to")), QDateEdit(today)
        for edit in (self.since_edit, self.until_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
        self.since_check.toggled.connect(self.since_edit.setEnabled)
        self.until_check.toggled.connect(self.until_edit.setEnabled)
        dates = QHBoxLayout()
        for w in (self.since_check, self.since_edit, self.until_check, self.until_edit):
            dates.addWidget(w)
        dates.addStretch(1)

        self.path_edit = QLineEdit()
        self.path_edit.setObjectName("exportPath")
        self.path_edit.setMinimumWidth(320)
        self.browse_button = QPushButton(QCoreApplication.translate("ExportDialog", "&Browse…"))
        self.browse_button.clicked.connect(self.browse)
        where = QHBoxLayout()
        where.addWidget(self.path_edit, 1)
        where.addWidget(self.browse_button)

        self.count_label = QLabel()
        self.error_label = QLabel()
        self.error_label.setObjectName("exportError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020")

        form = QFormLayout()
        form.addRow(QCoreApplication.translate("ExportDialog", "&Format:"), self.format_combo)
        form.addRow(QCoreApplication.translate("ExportDialog", "&Actor:"), self.actor_combo)
        form.addRow(QCoreApplication.translate("ExportDialog", "Se&ssion:"), self.session_combo)
        form.addRow(QCoreApplication.translate("ExportDialog", "Dates:"), dates)
        form.addRow("", self.secret_check)
        file_label = QLabel(QCoreApplication.translate("ExportDialog", "&File:"))
        file_label.setBuddy(self.path_edit)  # a row holding a layout gets no buddy by itself
        form.addRow(file_label, where)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton(QCoreApplication.translate("ExportDialog", "&Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.count_label)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)

        self.path_edit.setText(str(self._default_path()))
        for signal in (self.actor_combo.currentIndexChanged, self.session_combo.currentIndexChanged,
                       self.secret_check.toggled, self.since_check.toggled, self.until_check.toggled,
                       self.since_edit.dateChanged, self.until_edit.dateChanged):
            signal.connect(self._update_count)
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        self.path_edit.textChanged.connect(self._update_count)
        self._update_count()

    @staticmethod
    def _select(combo: QComboBox, value) -> None:
        index = combo.findData(value)
        if index >= 0:
            combo.setCurrentIndex(index)

    # -- choices ------------------------------------------------------------------------------
    @property
    def fmt(self) -> str:
        return self.format_combo.currentData()

    def suffix(self) -> str:
        return FORMATS[self.format_combo.currentIndex()][2]

    def log_filter(self) -> LogFilter:
        return LogFilter(
            actor=self.actor_combo.currentData(),
            session=self.session_combo.currentData(),
            since=self.since_edit.date().toString("yyyy-MM-dd") if self.since_check.isChecked() else None,
            until=self.until_edit.date().toString("yyyy-MM-dd") if self.until_check.isChecked() else None,
            include_secret=self.secret_check.isChecked(),
            include_undone=False,  # what the export writes, so the count says it
        )

    def _default_path(self) -> Path:
        # The file's name in the GM's language too: "campagne-journal.csv" under a French window.
        stem = Path(self.store.path).stem if getattr(self.store, "path", None) else \
            QCoreApplication.translate("ExportDialog", "roll-log")
        name = QCoreApplication.translate("ExportDialog", "{stem}-log").format(stem=stem)
        return proposed_folder() / (name + self.suffix())

    def _format_changed(self) -> None:
        # Keep the chosen folder and name; only the suffix follows the format.
        text = self.path_edit.text().strip()
        if text:
            path = Path(text)
            known = {s for _, _, s in FORMATS}
            if path.suffix in known:
                self.path_edit.setText(str(path.with_suffix(self.suffix())))

    def browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, QCoreApplication.translate("ExportDialog", "Export the roll log"), self.path_edit.text(),
                                              f"{self.format_combo.currentText()} (*{self.suffix()})")
        if name:
            self.path_edit.setText(name)

    def _update_count(self) -> None:
        self.error_label.clear()
        try:
            n = self.store.log.count(self.log_filter())
        except InvalidInput as exc:
            self.count_label.clear()
            self.error_label.setText(refusal_text(exc))
            self.export_button.setEnabled(False)
            return
        self.count_label.setText(count_text("ExportDialog", n, QT_TRANSLATE_NOOP("ExportDialog", "{n} roll will be exported."),
                                            QT_TRANSLATE_NOOP("ExportDialog", "{n} rolls will be exported.")))
        self.export_button.setEnabled(bool(self.path_edit.text().strip()))

    # -- writing ------------------------------------------------------------------------------
    def export(self) -> None:
        """Write the file off the window's thread (``long_work``): the dialog steps aside while the
        bar and Cancel show in the status bar; a refusal brings it back with the reason."""
        path = self.path_edit.text().strip()
        if not path:
            self.error_label.setText(QCoreApplication.translate("ExportDialog", "Choose a file to write."))
            return
        self.error_label.clear()
        try:  # a campaign or its side file is refused at once, before any work starts
            refuse_protected(Path(path))
        except (StoreError, OSError) as exc:
            self._refused(exc)
            return
        title = QCoreApplication.translate("ExportDialog", "Roll log — {name}").format(name=self.store.info.name)
        work = log_export_work(self.store.path, self.fmt, Path(path), self.log_filter(), title=title,
                               lang=i18n.current_language(), system=self.store.info.system)
        self.hide()  # out of the way: the window (and the fight) stays usable meanwhile
        where = self.parentWidget() or self
        self.running_work = long_work.run(
            where, QCoreApplication.translate("ExportDialog", "Exporting the roll log"), work,
            on_done=lambda written: self._written(written, path), on_failed=self._refused,
            on_cancelled=self.reject,
            done_text=lambda written: count_text(
                "ExportDialog", written, QT_TRANSLATE_NOOP("ExportDialog", "Exported {n} roll to %1"),
                QT_TRANSLATE_NOOP("ExportDialog", "Exported {n} rolls to %1")).replace("%1", path),
            folder=lambda _: long_work.file_folder(path),
            disables=tuple(a for a in [getattr(where, "export_action", None)] if a is not None))

    def _written(self, written: int, path: str) -> None:
        self.written = written
        remember_folder(Path(path))
        self.exported.emit(self.written, path)
        self.accept()

    def _refused(self, exc: BaseException) -> None:
        if not isinstance(exc, (StoreError, InvalidInput, OSError)):
            raise exc
        self.error_label.setText(QCoreApplication.translate("ExportDialog", "Nothing was written: {reason}").format(reason=refusal_text(exc)))
        self.show()


class _CountedLog:
    """The roll log as ``export_log`` reads it, saying how far the reading got and stopping on Cancel."""

    def __init__(self, log, total: int, progress: long_work.Progress):
        self.log, self.total, self.progress, self.done = log, total, progress, 0

    def __getattr__(self, name: str):  # what the export asks besides the rows (its counts, checks)
        return getattr(self.log, name)

    def _step(self, n: int) -> None:
        self.done += n
        if not self.progress(self.done, self.total):
            raise long_work.Cancelled()

    def batches(self, flt, columns, **kw):
        for chunk in self.log.batches(flt, columns, **kw):
            self._step(len(chunk))
            yield chunk

    def rows(self, flt, columns, **kw):
        for chunk in self.batches(flt, columns, **kw):
            yield from chunk

    def iter(self, flt, **kw):
        for n, entry in enumerate(self.log.iter(flt, **kw), 1):
            if n % 1000 == 0:
                self._step(1000)
            yield entry


def log_export_work(campaign: Path, fmt: str, path: Path, flt: LogFilter, **words):
    """The export as a work for ``long_work``: the campaign opened afresh in the worker's thread."""
    def work(progress: long_work.Progress) -> int:
        store = long_work.read_campaign(campaign)
        try:
            total = store.log.count(flt)
            progress(0, total)
            return export_log(_CountedLog(store.log, total, progress), fmt, path, flt, **words)
        finally:
            store.close()
    return work
