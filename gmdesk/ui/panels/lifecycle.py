"""What every campaign panel does on Qt's language change and on close, written once."""

from __future__ import annotations

from PySide6.QtCore import QEvent


class PanelLifecycle:
    """Mix in before QWidget: ``class CheckPanel(PanelLifecycle, QWidget)``.

    The panel needs ``retranslate()``, ``store`` and ``set_campaign(store | None)``.
    """

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        # Closed as a window of its own (not as a dock: hiding a dock closes nothing), the panel lets
        # go of the campaign: its store may be closed next, and a language change coming later to a
        # panel not yet deleted must not read a closed file.
        if self.store is not None:
            self.set_campaign(None)
        super().closeEvent(event)


def controls_and_figures(panel, controls, figures):
    """The panels' shared shape: controls on the left at their own width, figures taking the rest;
    the GM can move the split, and neither side collapses to nothing. Returns the splitter."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QHBoxLayout, QSplitter

    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(controls)
    splitter.addWidget(figures)
    splitter.setStretchFactor(0, 0)
    splitter.setStretchFactor(1, 1)
    splitter.setChildrenCollapsible(False)
    layout = QHBoxLayout(panel)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(splitter)
    return splitter
