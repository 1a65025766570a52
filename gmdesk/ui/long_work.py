"""Long work off the window's thread: a progress bar and Cancel, then one line saying what was done.

Any work that can pass half a second (an export, the reading of many files, a computation over a big
log) is a Qt-free callable ``work(progress)`` run by :class:`LongWork` in a worker thread, so that the
window keeps repainting and the fight stays usable. ``progress(done, total)`` returns False once the GM
pressed Cancel: the work then stops by raising :class:`Cancelled` (or any error) and leaves nothing
behind (exports write through a temporary file and a rename; an import adds in one transaction).

The work never touches the window's campaign store: SQLite connections are not shared across
threads, so a work that reads the campaign opens it afresh in its thread (:func:`read_campaign`).

The bar (label, progress, Cancel) goes into the status bar of the main window the panel sits in (a
small tool window when there is none), shown only after ``SHOW_AFTER_MS`` so that quick work does not
flash it. What would conflict with the work is disabled while it runs, visibly. When it ends, the
result reaches the GUI thread (``on_done``; a failure ``on_failed``) and the status bar says what was
done, with **Open folder** when it wrote a file. Closing the window asks first (:func:`running_in`).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMainWindow, QProgressBar, QPushButton, QWidget

Progress = Callable[[int, int], bool]

SHOW_AFTER_MS = 150  # the bar appears within 200 ms of the start; quicker work never shows it
POLL_MS = 50  # the bar follows the work's progress this often (the work itself never signals)
DONE_MS = 15000  # how long the "done" line and its Open folder stay

translate = QCoreApplication.translate

# The works running, held here until they end: a work outlives the widget that started it (a dialog
# closed meanwhile), so that its thread is never destroyed while it runs.
_RUNNING: "set[LongWork]" = set()
# Works ended whose line ("done", "cancelled") still shows: its timer calls back into the work, so the
# work is kept until the line goes, even when the panel let go of it at once.
_SAYING: "set[LongWork]" = set()


class Cancelled(Exception):
    """The GM pressed Cancel: the work stopped and undid what it had begun."""


def read_campaign(path: str | Path):
    """The campaign at ``path`` opened read-only for a worker thread (its own SQLite connection)."""
    from gmdesk.store import CampaignStore

    return CampaignStore.open(path, read_only=True)


class _Thread(QThread):
    def __init__(self, work: Callable[[Progress], object], progress: Progress):
        super().__init__()
        self.work, self.progress = work, progress
        self.result: object = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.work(self.progress)
        except BaseException as exc:  # noqa: BLE001 — handed to the GUI thread, which decides
            self.error = exc


class WorkBar(QWidget):
    """What the GM sees of a work: what it is, how far it got, Cancel; then what was done."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("longWorkBar")
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(220)
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton(translate("LongWork", "Cancel"))
        self.cancel_button.setObjectName("longWorkCancel")
        self.open_button = QPushButton(translate("LongWork", "Open folder"))
        self.open_button.setObjectName("longWorkOpenFolder")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.bar, self.cancel_button, self.open_button):
            row.addWidget(widget)
        self.open_button.hide()
        # A line of text high, as the status bar is without it: its appearing grows the status bar
        # (and the window past a 720 px screen) by no more than a pixel (issue 24).
        line = self.label.fontMetrics().height() + 4
        for widget in (self.bar, self.cancel_button, self.open_button):
            widget.setFixedHeight(line)

    def show_progress(self, done: int, total: int) -> None:
        if total <= 0:
            self.bar.setRange(0, 0)  # how much is left is not known: a busy bar
        else:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))


def steady_status_bar(window: QMainWindow) -> None:
    """The window's status bar as high as its tallest content from the start: a work's bar with its
    progress and buttons, or a message. A status bar grows by a pixel or two when they appear, and
    every dock above it moved under the GM's cursor ("Fight simulated.", issue 24)."""
    status = window.statusBar()
    sample = WorkBar()
    sample.open_button.show()
    status.addWidget(sample, 1)
    height = status.sizeHint().height()
    status.removeWidget(sample)
    sample.deleteLater()
    status.setFixedHeight(max(height, status.minimumSizeHint().height()))


class LongWork(QObject):
    """One work run in a worker thread, with its bar. Start it with :meth:`start`."""

    ended = Signal()  # done, failed or cancelled: the bar is gone, the disabled widgets are back

    def __init__(self, where: QWidget, title: str, work: Callable[[Progress], object] | None = None, *,
                 steps: Iterator[tuple[int, int]] | None = None,
                 on_done: Callable[[object], None] | None = None,
                 on_failed: Callable[[BaseException], None] | None = None,
                 on_cancelled: Callable[[], None] | None = None,
                 done_text: Callable[[object], str] | None = None,
                 folder: Callable[[object], Path | None] | None = None,
                 disables: tuple = (), place: Callable[[QWidget], None] | None = None):
        super().__init__()
        self.where, self.title = where, title
        self.on_done, self.on_failed, self.on_cancelled = on_done, on_failed, on_cancelled
        self.done_text, self.folder = done_text, folder
        self.place = place  # where the bar goes instead of the status bar (a modal dialog's own layout)
        self._placed = False
        self._disabled = [(w, w.isEnabled()) for w in disables]
        self._cancel = threading.Event()
        self._done, self._total = 0, 0
        self.outcome: str | None = None  # "done", "failed", "cancelled" once it ended
        self._steps = steps
        self._result: object = None
        self._error: BaseException | None = None
        self.thread = _Thread(work, self._progress) if steps is None else None
        if self.thread is not None:  # queued: the thread emits, the GUI thread answers
            self.thread.finished.connect(self._thread_ended)
        self.bar = WorkBar()
        self.bar.label.setText(title)
        self.bar.cancel_button.clicked.connect(self.cancel)
        self.bar.open_button.clicked.connect(self.open_folder)
        self._poll = QTimer(self, interval=POLL_MS)
        self._poll.timeout.connect(self._show_progress)
        self._result_folder: Path | None = None

    def _show_progress(self) -> None:
        if shiboken6.isValid(self.bar):  # gone with its window (closed while the work ran): nothing to draw
            self.bar.show_progress(self._done, self._total)

    # -- the worker's side (any thread) -------------------------------------------------------
    def _progress(self, done: int, total: int) -> bool:
        self._done, self._total = done, total
        return not self._cancel.is_set()

    # -- the window's side --------------------------------------------------------------------
    def start(self) -> "LongWork":
        for widget, _ in self._disabled:
            widget.setEnabled(False)
        _RUNNING.add(self)
        self._started = time.monotonic()
        if self.thread is not None:
            self.thread.start()
        else:
            QTimer.singleShot(0, self, self._next_step)
        QTimer.singleShot(SHOW_AFTER_MS, self, self._show_bar)
        return self

    def _thread_ended(self) -> None:
        self._result, self._error = self.thread.result, self.thread.error
        self._finished()

    def _next_step(self) -> None:
        """Work that needs the GUI thread (rendering widgets to images) runs a step at a time, the
        window's events processed between steps: ``steps`` yields (done, total) after each."""
        if self.outcome is not None:
            return
        if self._cancel.is_set():
            self._steps.close()  # the generator's own cleanup (its finally) removes what it began
            self._error = Cancelled()
            self._finished()
            return
        try:
            self._done, self._total = next(self._steps)
        except StopIteration as stop:
            self._result = stop.value
            self._finished()
            return
        except BaseException as exc:  # noqa: BLE001 — handed to on_failed, as a thread's would be
            self._error = exc
            self._finished()
            return
        self._show_progress()
        if not self._placed and time.monotonic() - self._started >= SHOW_AFTER_MS / 1000:
            self._show_bar()  # due: shown now, not after the steps queued before its timer
        QTimer.singleShot(0, self, self._next_step)

    def running(self) -> bool:
        return self.outcome is None

    def cancel(self) -> None:
        """Ask the work to stop (it stops at its next progress call)."""
        self._cancel.set()
        if shiboken6.isValid(self.bar):
            self.bar.cancel_button.setEnabled(False)
            self.bar.label.setText(translate("LongWork", "%1 — stopping…").replace("%1", self.title))

    def wait(self) -> None:
        """Block until the work ended, then deliver what it left (closing the window needs this)."""
        if self.thread is not None:
            self.thread.wait()
            if self.outcome is None:
                self._thread_ended()
        elif self.outcome is None:
            self._next_step()

    def host(self) -> QMainWindow | None:
        """The main window whose status bar shows the bar: the one the panel sits in, if any (a dialog
        or a floating dock is a window of its own: the GM looks there)."""
        window = self.where.window() if shiboken6.isValid(self.where) else None
        return window if isinstance(window, QMainWindow) else None

    def _show_bar(self) -> None:
        if self.outcome is not None or not shiboken6.isValid(self.where) or not shiboken6.isValid(self.bar):
            return
        self._show_progress()
        self._place_bar()
        self.shown_after = time.monotonic() - self._started  # seconds from the start (tests check it)
        self._poll.start()

    def _place_bar(self) -> None:
        if self._placed:
            self.bar.show()
            return
        self._placed = True
        host = self.host()
        if self.place is not None:
            self.place(self.bar)
        elif host is not None:
            host.statusBar().addWidget(self.bar, 1)
        elif shiboken6.isValid(self.where):  # a panel on its own (a test, a tool): over its bottom edge
            window = self.where.window()
            self.bar.setParent(window)
            self.bar.setAutoFillBackground(True)
            self.bar.adjustSize()
            self.bar.move(0, max(0, window.height() - self.bar.height()))
        self.bar.show()
        self.bar.raise_()

    def _finished(self) -> None:
        if self.outcome is not None:
            return
        self._poll.stop()
        _RUNNING.discard(self)
        for widget, enabled in self._disabled:
            if shiboken6.isValid(widget):
                widget.setEnabled(enabled)
        error, result = self._error, self._result
        if not shiboken6.isValid(self.where):  # its panel or dialog is gone: nobody to tell
            self.outcome = "cancelled" if self._cancel.is_set() else "failed" if error else "done"
            self._close_bar()
            return
        if isinstance(error, Cancelled) or (error is not None and self._cancel.is_set()):
            self.outcome = "cancelled"
            self._say(translate("LongWork", "%1: cancelled, nothing was changed.").replace("%1", self.title))
            if self.on_cancelled:
                self.on_cancelled()
        elif error is not None:
            self.outcome = "failed"
            self._close_bar()
            if self.on_failed is None:
                raise error
            self.on_failed(error)
        else:
            self.outcome = "done"
            self._result_folder = self.folder(result) if self.folder else None
            self._say(self.done_text(result) if self.done_text else
                      translate("LongWork", "%1: done.").replace("%1", self.title),
                      with_folder=self._result_folder is not None)
            if self.on_done:
                self.on_done(result)
        self.ended.emit()

    def _say(self, text: str, with_folder: bool = False) -> None:
        """The bar becomes the line saying what was done (with Open folder), for a while."""
        if not shiboken6.isValid(self.bar):
            return
        self.bar.bar.hide()
        self.bar.cancel_button.hide()
        self.bar.open_button.setVisible(with_folder)
        self.bar.label.setText(text)
        self._place_bar()
        if self not in _SAYING:
            _SAYING.add(self)
            self.bar.destroyed.connect(lambda *_: _SAYING.discard(self))  # gone with its window
        QTimer.singleShot(DONE_MS, self.bar, self._close_bar)

    def _close_bar(self) -> None:
        _SAYING.discard(self)
        if not shiboken6.isValid(self.bar):
            return
        host = self.host()
        if host is not None and shiboken6.isValid(host):
            host.statusBar().removeWidget(self.bar)
        self.bar.hide()
        self.bar.deleteLater()

    def open_folder(self) -> None:
        if self._result_folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self._result_folder)))


def run(where: QWidget, title: str, work: Callable[[Progress], object], **options) -> LongWork:
    """Start ``work`` off the GUI thread with its bar (see :class:`LongWork` for the options)."""
    return LongWork(where, title, work, **options).start()


def run_steps(where: QWidget, title: str, steps: Iterator[tuple[int, int]], **options) -> LongWork:
    """Run ``steps`` (a generator yielding (done, total), returning the result) on the GUI thread, a
    step at a time, with the same bar; Cancel closes the generator (its ``finally`` cleans up)."""
    return LongWork(where, title, steps=steps, **options).start()


def running_in(window: QWidget) -> list[LongWork]:
    """The works still running whose panel is in ``window``."""
    return [w for w in list(_RUNNING) if w.running() and shiboken6.isValid(w.where) and w.where.window() is window]


def ask_to_stop(window: QWidget) -> bool:
    """Closing the window during work: ask, then cancel and wait (True: the window may close)."""
    from PySide6.QtWidgets import QMessageBox

    works = running_in(window)
    if not works:
        return True
    names = ", ".join(w.title for w in works)
    answer = QMessageBox.question(
        window, translate("LongWork", "Work in progress"),
        translate("LongWork", "Still running: %1. Stop it and close? Nothing half-done is kept.").replace("%1", names),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
    if answer != QMessageBox.StandardButton.Yes:
        return False
    for work in works:
        work.cancel()
    for work in works:
        work.wait()
    return True


def file_folder(path: str | Path | None) -> Path | None:
    """The folder to open after writing ``path``."""
    return Path(path).parent if path else None
