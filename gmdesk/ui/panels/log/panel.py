"""The roll log panel: every roll of the campaign, newest first, with filters and the export dialog.

The table is a ``RollLogModel`` (virtual: it never loads the whole log). A roll made anywhere in the
window announces itself on ``bus.rollLogged``; the panel inserts it at the top at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmdesk.store.rolllog import LogFilter
from gmdesk.ui.panels.lifecycle import PanelLifecycle
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.fit_columns import FitColumns
from gmdesk.ui.long_text import ElidedLabel
from gmdesk.ui.panels.log.model import RollLogModel
from gmdesk.ui.panels.log.strip import LastRollStrip
from gmdesk.ui.theme import TIER_ORDER, count_text, tier_name

ALL = None  # the "every …" entry of a filter combo


@dataclass(frozen=True)
class SecretOnlyFilter(LogFilter):
    """``LogFilter`` with "only the secret rolls" (the store's filter knows "all" and "public only").

    Subclassing keeps the store's paging and counting; the extra clause is added to its WHERE.
    """

    def where(self) -> tuple[str, list[object]]:
        where, args = super().where()
        return where + (" AND " if where else " WHERE ") + "secret = 1", args


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("RollLogPanel", ...) elsewhere."""
    return QCoreApplication.translate("RollLogPanel", text)


MIN_ROWS = 8  # rolls in view when the log is grown


class RollLogPanel(PanelLifecycle, QWidget):
    stripChanged = Signal(bool)  # True: the log shrank to its one-line strip (the last roll)

    def __init__(self, bus: CampaignBus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("RollLogPanel")
        self.bus = bus
        self.store = None
        self.model = RollLogModel(None, self)

        self.actor_label, self.actor_combo = QLabel(), QComboBox()
        self.session_label, self.session_combo = QLabel(), QComboBox()
        self.tier_label, self.tier_combo = QLabel(), QComboBox()
        self.secret_label, self.secret_combo = QLabel(), QComboBox()
        for label, combo in ((self.actor_label, self.actor_combo), (self.session_label, self.session_combo),
                             (self.tier_label, self.tier_combo), (self.secret_label, self.secret_combo)):
            label.setBuddy(combo)
            # Readable when the dock is narrow, never wider than its longest entry needs.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(11)
            combo.currentIndexChanged.connect(self._apply_filter)
        self.count_label = QLabel()
        self.status_label = ElidedLabel(min_chars=16)  # "exported 12 rolls to …", whole on hover
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.export_action = QAction(self)
        self.export_action.setObjectName("exportLogAction")
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_action.triggered.connect(self.open_export_dialog)
        self.export_action.setEnabled(False)
        self.export_button = QToolButton()
        self.export_button.setDefaultAction(self.export_action)
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.table = QTableView()
        self.table.setObjectName("rollLogTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        vertical = self.table.verticalHeader()
        vertical.setVisible(False)
        # Fixed rows: the view never measures a million rows to lay them out.
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 5)  # 8 rows under the Prep docks at 720 px
        self.table.horizontalScrollBar().rangeChanged.connect(self._keep_rows)
        self.columns = FitColumns(self.table, RollLogModel.LABEL)  # each column fits what it shows

        # The filters, the count and the buttons in a column beside the rolls, not a bar above them:
        # the grown log's height is all rows, 8 of them even under the Prep layout's docks at
        # 1280×720 (a bar, on two lines in French, left room for 5; issue 24).
        filters = QFormLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for label, combo in ((self.actor_label, self.actor_combo), (self.session_label, self.session_combo),
                             (self.tier_label, self.tier_combo), (self.secret_label, self.secret_combo)):
            filters.addRow(label, combo)
        # The log shrinks to one line (the last roll) where room is short, and grows back.
        self.shrink_button = QToolButton()
        self.shrink_button.setObjectName("shrinkLog")
        self.shrink_button.clicked.connect(lambda: self.set_strip(True))
        self.strip = LastRollStrip()
        self.strip.grow_requested.connect(lambda: self.set_strip(False))
        buttons = QHBoxLayout()
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.shrink_button)
        buttons.addStretch(1)
        side = QVBoxLayout()
        side.setSpacing(4)
        side.addLayout(filters)
        side.addWidget(self.count_label)
        side.addLayout(buttons)
        side.addWidget(self.status_label)
        side.addStretch(1)
        self.full = QWidget()
        full = QHBoxLayout(self.full)
        full.setContentsMargins(0, 0, 0, 0)
        full.addLayout(side)
        full.addWidget(self.table, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.full, 1)
        layout.addWidget(self.strip)
        self.strip.setVisible(False)

        bus.rollLogged.connect(self._on_roll_logged)
        bus.rollsUndone.connect(self._on_rolls_undone)
        self.retranslate()

    # -- campaign -----------------------------------------------------------------------------
    def set_campaign(self, store) -> None:
        """Show ``store``'s log, every roll: the filters picked for the last campaign go with it."""
        self.store = store
        for combo in (self.actor_combo, self.session_combo, self.tier_combo, self.secret_combo):
            combo.blockSignals(True)
            combo.setCurrentIndex(0 if combo.count() else -1)
            combo.blockSignals(False)
        self.export_action.setEnabled(store is not None)
        self.model.set_log(store.log if store is not None else None, store.info.system if store is not None else "")
        self.status_label.clear()
        self._fill_combos()
        self._apply_filter()
        self.strip.show_last(store, self.model)

    def _on_roll_logged(self, roll_id: int) -> None:
        """``roll_id`` -1: several rolls, logged by another program (``campaign_state.CampaignWatcher``)."""
        if self.store is None:
            return
        entry = self.store.log.get(roll_id) if roll_id >= 0 else None
        # A first roll by a new actor or in a new session: the filters learn the name.
        if entry is None or self.actor_combo.findData(entry.actor) < 0 or self.session_combo.findData(entry.session) < 0:
            self._fill_combos()
        self.model.rows_logged()
        self._update_count()
        self.strip.show_last(self.store, self.model)

    def _on_rolls_undone(self) -> None:
        if self.store is not None:
            self.model.marks_changed()
            self.strip.show_last(self.store, self.model)

    # -- one line or the whole log -----------------------------------------------------------
    def is_strip(self) -> bool:
        return not self.full.isVisibleTo(self)

    def set_strip(self, strip: bool) -> None:
        """Shrink the log to the one-line strip of the last roll (True), or show it whole."""
        if strip == self.is_strip():
            return
        self.full.setVisible(not strip)
        self.strip.setVisible(strip)
        if strip:
            self.strip.show_last(self.store, self.model)
            margins = self.layout().contentsMargins()
            self.setMaximumHeight(self.strip.sizeHint().height() + margins.top() + margins.bottom())
        else:
            self.setMaximumHeight(16777215)  # QWIDGETSIZE_MAX
            self._keep_rows()
        self.stripChanged.emit(strip)

    def _keep_rows(self, *_) -> None:
        """Grown from its strip, the log shows at least 8 rolls: the docks above left it three at
        1366×768, one at 1280×720 (issue 24, item 6); they give up the height instead. A sideways
        scroll bar (anarchy's dice pools, wide) takes its height from the rows: it is added."""
        if self.is_strip():
            return
        sideways = self.table.horizontalScrollBar()
        bar = sideways.sizeHint().height() if sideways.maximum() > 0 else 0
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
                                    + MIN_ROWS * self.table.verticalHeader().defaultSectionSize() + bar)

    # -- filters ------------------------------------------------------------------------------
    def _fill_combos(self) -> None:
        log = self.store.log if self.store is not None else None
        self._refill(self.actor_combo, QCoreApplication.translate("RollLogPanel", "every actor"), log.actors() if log else [])
        self._refill(self.session_combo, QCoreApplication.translate("RollLogPanel", "every session"), log.sessions() if log else [])
        self._refill(self.tier_combo, QCoreApplication.translate("RollLogPanel", "every outcome"), [], keep=True)

    @staticmethod
    def _refill(combo: QComboBox, every: str, values: list[str], keep: bool = False) -> None:
        if keep and combo.count():
            return
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(every, ALL)
        for value in values:
            combo.addItem(value or "—", value)
        index = combo.findData(current)
        combo.setCurrentIndex(index if index >= 0 else 0)
        combo.blockSignals(False)

    def current_filter(self) -> LogFilter:
        actor = self.actor_combo.currentData()
        session = self.session_combo.currentData()
        tier = self.tier_combo.currentData()
        secret = self.secret_combo.currentData()
        kwargs = dict(actor=actor, session=session, tier=tier, include_secret=secret != "public")
        return SecretOnlyFilter(**kwargs) if secret == "secret" else LogFilter(**kwargs)

    def _apply_filter(self) -> None:
        self.model.set_filter(self.current_filter())
        self._update_count()

    def _update_count(self) -> None:
        self.count_label.setText(count_text("RollLogPanel", self.model.rowCount(),
                                            QT_TRANSLATE_NOOP("RollLogPanel", "{n} roll"),
                                            QT_TRANSLATE_NOOP("RollLogPanel", "{n} rolls")))

    # -- export -------------------------------------------------------------------------------
    def open_export_dialog(self):
        if self.store is None:
            return None
        from gmdesk.ui.panels.log.export_dialog import ExportDialog

        dialog = ExportDialog(self.store, self, actor=self.actor_combo.currentData(),
                              session=self.session_combo.currentData())
        dialog.exported.connect(self._exported)
        dialog.open()  # window-modal, non-blocking: the table stays live behind it
        return dialog

    def _exported(self, count: int, path: str) -> None:
        text = count_text("RollLogPanel", count, QT_TRANSLATE_NOOP("RollLogPanel", "Exported {n} roll to {path}"),
                          QT_TRANSLATE_NOOP("RollLogPanel", "Exported {n} rolls to {path}"))
        self.status_label.setText(text.replace("{path}", path))

    def benchmark_scroll(self, rows: int = 1_000_000) -> dict:
        """Scroll timings over a temporary campaign of ``rows`` rolls (benchmarks/ui.py)."""
        from gmdesk.ui.panels.log.bench import log_scroll

        return log_scroll(self, rows)

    # -- language -----------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.actor_label.setText(QCoreApplication.translate("RollLogPanel", "&Actor:"))
        self.session_label.setText(QCoreApplication.translate("RollLogPanel", "&Session:"))
        self.tier_label.setText(QCoreApplication.translate("RollLogPanel", "&Outcome:"))
        self.secret_label.setText(QCoreApplication.translate("RollLogPanel", "S&ecret:"))
        self.export_action.setText(QCoreApplication.translate("RollLogPanel", "E&xport log…"))
        self.export_action.setToolTip(QCoreApplication.translate("RollLogPanel", "Export the roll log to CSV, JSON Lines, Markdown or HTML"))
        # Tiers and secrecy are fixed lists: rebuild them in the new language, keeping the choice.
        tier = self.tier_combo.currentData()
        self.tier_combo.blockSignals(True)
        self.tier_combo.clear()
        self.tier_combo.addItem(QCoreApplication.translate("RollLogPanel", "every outcome"), ALL)
        for t in TIER_ORDER:
            self.tier_combo.addItem(tier_name(t), t)
        self.tier_combo.setCurrentIndex(max(0, self.tier_combo.findData(tier)))
        self.tier_combo.blockSignals(False)
        secret = self.secret_combo.currentData()
        self.secret_combo.blockSignals(True)
        self.secret_combo.clear()
        self.secret_combo.addItem(QCoreApplication.translate("RollLogPanel", "all rolls"), "all")
        self.secret_combo.addItem(QCoreApplication.translate("RollLogPanel", "public only"), "public")
        self.secret_combo.addItem(QCoreApplication.translate("RollLogPanel", "secret only"), "secret")
        self.secret_combo.setCurrentIndex(max(0, self.secret_combo.findData(secret)))
        self.secret_combo.blockSignals(False)
        for combo, every in ((self.actor_combo, QCoreApplication.translate("RollLogPanel", "every actor")), (self.session_combo, QCoreApplication.translate("RollLogPanel", "every session"))):
            if combo.count():
                combo.setItemText(0, every)
        # Wide enough for "tous les personnages" uncut: the filter row wraps when room runs out.
        for combo, every in ((self.actor_combo, "every actor"), (self.session_combo, "every session"),
                             (self.tier_combo, "every outcome"), (self.secret_combo, "all rolls")):
            combo.setMinimumContentsLength(max(11, len(QCoreApplication.translate("RollLogPanel", every))))
        self.model.retranslate()
        self._update_count()
        self.shrink_button.setText(QCoreApplication.translate("RollLogPanel", "▾ One line"))
        self.shrink_button.setToolTip(QCoreApplication.translate("RollLogPanel", "Shrink the log to one line: the last roll"))
        self.strip.retranslate()
        self.strip.show_last(self.store, self.model)
