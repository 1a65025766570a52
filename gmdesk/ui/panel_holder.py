"""What stands between a dock and its panel: a change inside the panel stops at the dock's edge
unless it changes what the dock needs.

Qt lays a window out from the bottom up: a label's new text asks its layout to be done again; that
layout, once done, asks its parent's, and so on up to the main window, whatever the change (Qt does not
look whether the size wanted changed). On every turn of a fight the check panel's figures, the
Initiative's round line and status changed, and each time the main window laid out all its docks
again: two or three frames more after the turn's, the docks' edges and the Initiative repainted each
time (issue 25: every action within a frame or two).

``PanelHolder`` is the dock's widget and holds the panel without a layout of its own: the panel's
request ends here. The holder tells its dock only when what the dock needs of the panel changed (its
minimum, maximum, size hint or policy): a panel that grows a row still widens its dock, as before.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDockWidget, QWidget


class PanelHolder(QWidget):
    """The dock's widget, filled by ``panel``; ``panel`` is the one every caller wants."""

    def __init__(self, panel: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(f"holder-{panel.objectName()}")
        self.panel: QWidget = panel
        self._needs: tuple | None = None
        self.hold(panel)

    def hold(self, panel: QWidget) -> None:
        """``panel`` in the holder, filling it (again, after a benchmark took it out)."""
        self.panel = panel
        panel.setParent(self)
        panel.setGeometry(self.rect())
        panel.show()
        self._tell_dock(always=True)

    # -- what the dock sees: the panel's own needs --------------------------------------------
    def sizeHint(self):  # noqa: N802 (Qt's name)
        return self.panel.sizeHint()

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        return self.panel.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return self.panel.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self.panel.heightForWidth(width)

    def _tell_dock(self, always: bool = False) -> None:
        """The dock is asked to lay itself out again only if the panel needs something else of it."""
        panel = self.panel
        needs = (panel.minimumSize(), panel.maximumSize(), panel.sizePolicy(), panel.sizeHint(),
                 panel.minimumSizeHint())
        if not always and needs == self._needs:
            return
        self._needs = needs
        self.setMinimumSize(panel.minimumSize())
        self.setMaximumSize(panel.maximumSize())
        self.setSizePolicy(panel.sizePolicy())
        self.updateGeometry()

    # -- events -------------------------------------------------------------------------------
    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the panel laid itself out: did its needs change?
            self._tell_dock()
        return super().event(event)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.panel.setGeometry(self.rect())

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._tell_dock()  # hidden, the panel's requests did not reach the holder


def panel_of(widget: QWidget | None) -> QWidget | None:
    """The panel a dock's widget shows (the widget itself if it is not a holder)."""
    return widget.panel if isinstance(widget, PanelHolder) else widget


def dock_of(widget: QWidget) -> QDockWidget | None:
    """The dock ``widget`` is in, if any."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QDockWidget):
        parent = parent.parentWidget()
    return parent
