"""How the prep panel is laid out: the scene lists and the selected check's form in a column on the
left, the matrix's caption, bar and table above the four tabs on the right; and the room the tabs'
titles get when the panel is resized. Built once, apart from what the panel shows in it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGroupBox, QHBoxLayout, QScrollArea, QSplitter, QVBoxLayout, QWidget

from gmdesk.ui.panels.bestiary.threat_view import DifficultyLabel
from gmdesk.ui.panels.lifecycle import controls_and_figures


class LaysOutPrep:
    """Mixed into ``PrepPanel`` (its ``scenes``, ``editor``, ``matrix``, ``matrix_caption``,
    ``conditions_box``, ``export_button``, ``tabs``, ``bus``, ``store``)."""

    def _build_layout(self) -> None:
        self.editor_box = QGroupBox()
        box = QVBoxLayout(self.editor_box)
        box.setContentsMargins(6, 6, 6, 6)
        box.addWidget(self.editor)
        # In a small dock the form scrolls rather than squeezing the lists to a line each.
        form_scroll = QScrollArea()
        form_scroll.setWidget(self.editor_box)
        form_scroll.setWidgetResizable(True)
        form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # 105, not 140: the scenes’ buttons wrapped onto a second line (French, a 300 px column) now
        # keep their room above it, and so does the status bar (a work's bar): the window still fits
        # 1280×720 in the Prep layout (issue 24). The form scrolls.
        form_scroll.setMinimumHeight(105)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.scenes)
        left.addWidget(form_scroll)
        left.setStretchFactor(0, 1)  # the form keeps its height; the check list takes the rest
        left.setStretchFactor(1, 0)
        left.setChildrenCollapsible(False)
        left.setMinimumWidth(300)
        left.setMaximumWidth(420)
        self.left_splitter = left

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        # The caption has a row of its own: beside the two controls a French caption wrapped onto
        # eight lines and left the matrix one row at 1366×768.
        top_layout.addWidget(self.matrix_caption)
        self.difficulty_label = DifficultyLabel(self, full=False)  # the fight in progress against this party
        self.difficulty_label.follow(self.bus, lambda: self.store)
        top_layout.addWidget(self.difficulty_label)
        bar = QHBoxLayout()
        bar.addStretch(1)
        bar.addWidget(self.conditions_box)
        bar.addWidget(self.export_button)
        top_layout.addLayout(bar)
        top_layout.addWidget(self.matrix, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(top)
        right.addWidget(self.tabs)
        right.setStretchFactor(0, 2)
        right.setStretchFactor(1, 3)
        right.setChildrenCollapsible(False)
        right.setSizes([360, 420])  # eight members in view above the tabs at 1280×800; four in the dock
        self.right_splitter = right

        self.splitter = controls_and_figures(self, left, right)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._room_for_tabs()

    def _room_for_tabs(self) -> None:
        """The four sub-tabs' titles whole, without scroll arrows ("À la table" was behind them on a
        laptop, issue 24): the form column gives up what it can spare, down to its minimum. Asking
        it through the tab widget's minimum width instead would widen the whole dock, and squeeze
        the docks beside it."""
        bar = self.tabs.tabBar()
        need = sum(bar.tabSizeHint(i).width() for i in range(bar.count())) + 4
        form, figures = self.splitter.sizes()
        give = min(need - figures, form - self.left_splitter.minimumWidth())
        if give > 0 and figures > 0:
            self.splitter.setSizes([form - give, figures + give])
