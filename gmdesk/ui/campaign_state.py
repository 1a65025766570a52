"""What the window says and does about the open campaign's file: the banner over the panels (read-only,
damaged, a repaired copy saved), the lock that keeps every edit disabled while nothing may be written,
and the watch that shows rolls other programs log into the same file.

Panels mark the actions and widgets that change the campaign with ``mark_edits`` and need to know no
more: while the campaign is read-only the window's ``EditLock`` keeps them disabled, whatever the panel
itself enables, and gives them back when a writable campaign opens. The bus tells the panels too
(``CampaignBus.readOnlyChanged``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QToolBar, QVBoxLayout, QWidget

translate = QCoreApplication.translate

EDITS = "gmdeskEdits"  # dynamic property: this action or widget changes the campaign


def mark_edits(*objects: QObject) -> None:
    """Mark actions or widgets that change the campaign: disabled while it is read-only."""
    for obj in objects:
        obj.setProperty(EDITS, True)


def marked_edits(roots: Iterable[QObject]) -> list[QObject]:
    found: list[QObject] = []
    for root in roots:
        for obj in [root, *root.findChildren(QAction), *root.findChildren(QWidget)]:
            if obj.property(EDITS) is True and obj not in found:
                found.append(obj)
    return found


class EditLock(QObject):
    """Keeps the marked edits disabled while locked. A panel may enable one meanwhile (a selection
    changed): the lock notices (``QAction.changed``, a widget's EnabledChange) and disables it again,
    remembering what the panel wanted for when the lock opens."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.locked = False
        self._wanted: dict[int, tuple[QObject, bool]] = {}
        self._hooked: set[int] = set()
        self._forcing = False

    def apply(self, locked: bool, roots: Iterable[QObject]) -> None:
        self.locked = locked
        if not locked and not self._wanted:
            return  # nothing locked, nothing to give back: the common case costs nothing
        for obj in marked_edits(roots):
            self._hook(obj)
            if locked:
                self._wanted.setdefault(id(obj), (obj, _own_enabled(obj)))
                self._force(obj)
        if not locked:
            wanted, self._wanted = self._wanted, {}
            for obj, enabled in wanted.values():
                self._set(obj, enabled)

    def _hook(self, obj: QObject) -> None:
        key = id(obj)
        if key in self._hooked:
            return
        self._hooked.add(key)
        obj.destroyed.connect(lambda _=None, key=key: self._forget(key))
        if isinstance(obj, QAction):
            obj.changed.connect(lambda o=obj: self._noticed(o))
        else:
            obj.installEventFilter(self)

    def _forget(self, key: int) -> None:
        self._hooked.discard(key)
        self._wanted.pop(key, None)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.EnabledChange:
            self._noticed(watched)
        return False

    def _noticed(self, obj: QObject) -> None:
        if self._forcing or not self.locked or not _own_enabled(obj):
            return
        self._wanted[id(obj)] = (obj, True)
        self._force(obj)

    def _force(self, obj: QObject) -> None:
        if _own_enabled(obj):
            self._set(obj, False)

    def _set(self, obj: QObject, enabled: bool) -> None:
        self._forcing = True
        try:
            obj.setEnabled(enabled)
        except RuntimeError:  # deleted meanwhile (a rebuilt panel)
            pass
        finally:
            self._forcing = False


def _own_enabled(obj: QObject) -> bool:
    """Enabled as far as the object itself is concerned (a disabled dock around it aside)."""
    if isinstance(obj, QWidget):
        return not obj.testAttribute(Qt.WidgetAttribute.WA_ForceDisabled)
    return obj.isEnabled()


class CampaignBanner(QFrame):
    """One strip across the top of the window saying what is special about the open file."""

    repair_requested = Signal()
    open_requested = Signal(str)

    _STYLES = {
        "read_only": "QFrame#campaignBanner { background: #fdf3d0; border: 1px solid #d9b54a; }",
        "damaged": "QFrame#campaignBanner { background: #fbe0dc; border: 1px solid #c0392b; }",
        "repaired": "QFrame#campaignBanner { background: #dff3e4; border: 1px solid #2e9e4f; }",
    }

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("campaignBanner")
        self.message = QLabel()
        self.message.setObjectName("bannerMessage")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        font = self.message.font()
        font.setBold(True)
        self.message.setFont(font)
        self.detail = QLabel()  # SQLite's own words and the file's name: never read as rich text
        self.detail.setObjectName("bannerDetail")
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label in (self.message, self.detail):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # long paths elide
        self.repair_button = QPushButton()
        self.repair_button.setObjectName("saveRepairedCopy")
        self.repair_button.clicked.connect(self.repair_requested)
        self.open_button = QPushButton()
        self.open_button.setObjectName("openRepairedCopy")
        self.open_button.clicked.connect(lambda: self.open_requested.emit(str(self.repaired or "")))
        texts = QVBoxLayout()
        texts.setSpacing(0)
        texts.addWidget(self.message)
        texts.addWidget(self.detail)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 3, 8, 3)
        layout.addLayout(texts, 1)
        layout.addWidget(self.repair_button)
        layout.addWidget(self.open_button)
        self.state: str | None = None  # None, "asked", "read_only", "disk_full", "damaged"
        self._store = None
        self.damage = ""
        self.repaired: Path | None = None
        self.recovered = ""
        self.active = False
        self.retranslate()

    def show_store(self, store) -> None:
        """Say what is special about ``store`` (None: no campaign, nothing to say). The same store
        again (a language switch) keeps what the banner said about its repaired copy."""
        state = store.read_only_reason if store is not None else None
        if store is not self._store or state != self.state:
            self.repaired, self.recovered = None, ""
        self._store, self.state = store, state
        self.damage = (store.damage or "") if store is not None else ""
        self.retranslate()

    def show_repaired(self, path: Path, recovered: str) -> None:
        self.repaired, self.recovered = Path(path), recovered
        self.retranslate()

    def retranslate(self) -> None:
        state = self.state
        self.repair_button.setText(translate("CampaignBanner", "Save a repaired copy…"))
        self.open_button.setText(translate("CampaignBanner", "Open the repaired copy"))
        self.detail.clear()
        if state == "damaged":
            if self.repaired is not None:
                text = (translate("CampaignBanner", "Repaired copy saved as %1: %2.")
                        .replace("%1", str(self.repaired)).replace("%2", self.recovered))
                style = "repaired"
            else:
                text = translate("CampaignBanner", "This campaign file is damaged. It is open read-only so that "
                                 "nothing makes it worse: save a repaired copy to play on.")
                style = "damaged"
                self.detail.setText(self.damage)
        elif state == "disk_full":
            text = translate("CampaignBanner", "Read-only: the disk is full. Free some space, then open the "
                             "campaign again to change it.")
            style = "read_only"
        elif state == "read_only":
            text = translate("CampaignBanner", "Read-only: this campaign's file or folder cannot be written. "
                             "Everything can be read; nothing can be changed.")
            style = "read_only"
        elif state == "asked":
            text = translate("CampaignBanner", "Read-only: the campaign was opened for reading only.")
            style = "read_only"
        else:
            text, style = "", ""
        self.message.setText(text)
        self.message.setToolTip(text)  # the whole sentence, however narrow the window
        self.detail.setToolTip(self.detail.text())
        self.detail.setVisible(bool(self.detail.text()))
        self.repair_button.setVisible(state == "damaged" and self.repaired is None)
        self.open_button.setVisible(state == "damaged" and self.repaired is not None)
        self.setStyleSheet(self._STYLES.get(style, ""))
        self.active = bool(text)  # the window shows the banner's strip only then


def repair_into_new_file(parent: QWidget, source: Path, report_error: Callable[[str, str], None]):
    """Ask the GM for a new file, then save what can be read of the damaged ``source`` into it.
    Returns ``(path, repair.RepairReport)``, or None (cancelled, or refused: ``report_error`` said why)."""
    from PySide6.QtWidgets import QApplication, QFileDialog

    from gmdesk.store.errors import StoreError
    from gmdesk.store.repair import save_repaired_copy
    from gmdesk.ui.campaign_files import campaign_filter
    from gmdesk.ui.write_refusals import refusal_text

    word = translate("MainWindow", "repaired")  # in the suggested file name: table-repaired.gmdesk
    suggested = source.with_name(f"{source.stem}-{word}{source.suffix}")
    chosen, _ = QFileDialog.getSaveFileName(parent, translate("MainWindow", "Save a repaired copy"), str(suggested),
                                            campaign_filter())
    if not chosen:
        return None
    dest = Path(chosen)
    if dest.suffix != ".gmdesk":
        dest = dest.with_name(dest.name + ".gmdesk")
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        report = save_repaired_copy(source, dest)
    except (StoreError, OSError) as exc:
        QApplication.restoreOverrideCursor()
        report_error(translate("MainWindow", "Cannot save a repaired copy"), refusal_text(exc))
        return None
    QApplication.restoreOverrideCursor()
    return dest, report


def recovered_text(report) -> str:
    """What a repaired copy holds, in the GM's language (``repair.RepairReport``)."""
    kept = report.kept
    lost = report.rolls_lost + report.dropped.get("roll_log", 0)
    parts = [
        translate("CampaignBanner", "%1 characters").replace("%1", str(kept.get("characters", 0))),
        translate("CampaignBanner", "%1 scenes").replace("%1", str(kept.get("scenes", 0))),
        translate("CampaignBanner", "%1 prepared checks").replace("%1", str(kept.get("prepared_checks", 0))),
        translate("CampaignBanner", "%1 rolls").replace("%1", str(kept.get("roll_log", 0))),
    ]
    text = ", ".join(parts)
    if lost:
        text += " " + translate("CampaignBanner", "(%1 rolls could not be read)").replace("%1", str(lost))
    return text


class CampaignWatcher(QObject):
    """Notices what other programs commit to the open campaign (``gmdesk roll --log`` in a terminal,
    a second window) by polling ``PRAGMA data_version``, and announces their rolls on the bus."""

    INTERVAL_MS = 400  # a roll logged elsewhere shows within half a second

    def __init__(self, bus, parent: QObject | None = None):
        super().__init__(parent)
        self.bus = bus
        self.store = None
        self.timer = QTimer(self)
        self.timer.setObjectName("campaignWatch")
        self.timer.setInterval(self.INTERVAL_MS)
        self.timer.timeout.connect(self.poll)
        self._version = 0
        self._newest = 0

    def watch(self, store) -> None:
        """Watch ``store`` from now on (None: nothing; the timer stops)."""
        from gmdesk.store.errors import StoreError

        self.timer.stop()
        self.store = store
        if store is None:
            return
        try:
            self._version = store.data_version()
            self._newest = store.log.last_id()
        except StoreError:
            self.store = None
            return
        self.timer.start()

    def poll(self) -> None:
        from gmdesk.store.errors import StoreError

        store = self.store
        if store is None:
            return
        try:
            version = store.data_version()
            if version == self._version:
                return
            self._version = version
            newest = store.log.last_id()
        except StoreError:
            return  # a busy or damaged file: the store says so where it matters
        if newest > self._newest:
            self._newest = newest
            self.bus.rollLogged.emit(-1)  # several, from elsewhere: the log reloads its newest rows


class CampaignFileState(QObject):
    """The window's part about the open file: the banner strip (a toolbar the GM cannot move or hide),
    the edit lock, the watch for rolls logged elsewhere, and the repaired copy of a damaged file."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.banner = CampaignBanner(window)
        self.banner.repair_requested.connect(self.save_repaired_copy)
        self.banner.open_requested.connect(lambda path: window.open_campaign(Path(path)))
        self.banner_bar = QToolBar(window)
        self.banner_bar.setObjectName("bannerBar")
        self.banner_bar.setMovable(False)
        self.banner_bar.setFloatable(False)
        self.banner_bar.toggleViewAction().setVisible(False)
        self.banner_bar.setContentsMargins(0, 0, 0, 0)
        self.banner_bar.layout().setContentsMargins(2, 2, 2, 2)
        self.banner_bar.addWidget(self.banner)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.banner_bar)
        self.banner_bar.hide()
        self.lock = EditLock(self)
        self.watcher = CampaignWatcher(window.bus, self)

    def before_panels(self, store) -> None:
        """A campaign is about to be handed to the panels (None: closed)."""
        self.watcher.watch(None)
        self.lock_edits()

    def after_panels(self, store) -> None:
        store.on_damage(lambda why, s=store: QTimer.singleShot(0, lambda: self.damage_met(s)))
        self.watcher.watch(store)
        if store.read_only and not self.window.bus.read_only:
            self.damage_met(store)  # met while the panels read it (a sheet that no longer reads)

    def lock_edits(self) -> None:
        store = self.window.store
        read_only = store is not None and store.read_only
        self.lock.apply(read_only, self.window.panels.values())
        self.window.bus.set_read_only(read_only)

    def damage_met(self, store) -> None:
        """Damage found while the campaign is open (an old page of a long log): say so, write nothing."""
        if store is not self.window.store:
            return
        stack = getattr(self.window, "undo_stack", None)
        if stack is not None:
            stack.clear()  # nothing can be undone in a file nothing is written to
        self.lock_edits()
        self.window.hand_to_panels(store)  # each panel sees the campaign read-only from now on
        self.show(store)

    def show(self, store) -> None:
        self.banner.show_store(store)
        self.banner_bar.setVisible(self.banner.active)

    def save_repaired_copy(self) -> None:
        """The banner's button: what can be read of the open, damaged campaign, into a new file."""
        store = self.window.store
        if store is None or store.damage is None:
            return
        saved = self.repair(store.path)
        if saved is not None:
            self.banner.show_repaired(saved[0], recovered_text(saved[1]))

    def repair(self, source: Path):
        return repair_into_new_file(self.window, source, self.window.error)
