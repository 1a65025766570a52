"""What stands between a dock and its panel: a change inside the panel stops at the dock's edge
unless it changes what the dock needs.

Qt lays a window out from the bottom up: a label's new text asks its layout to be done again; that
layout, once done, asks its parent's, and so on up to the main window, whatever the change (Qt does not
look whether the size wanted changed). On every turn of a fight the check panel's figures, the
Initiative's round line and status changed, and each time the main window laid out all its docks
again: two or three frames more after the turn's, the docks' edges and the Initiative repainted each
time (issue 25: every action within a frame or two).

``PanelHolder`` is the dock's widget and holds the panel: a change inside the panel ends there. The
holder tells its dock only when what the dock needs of the panel changed (its minimum, maximum, size
hint or policy): a panel that grows a row still widens its dock, as before.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QVBoxLayout, QWidget


class _StopsHere(QVBoxLayout):
    """The holder's layout: a change inside the panel (Qt invalidates the holder's layout for any
    of them) goes no further unless the panel's needs changed. Asked here, not on the holder's
    layout request: a panel in a hidden dock changes without the holder being told of it."""

    panel: QWidget | None = None  # class attributes: Qt calls ``invalidate`` from the constructor
    _needs: tuple | None = None

    def __init__(self, holder: QWidget):
        super().__init__(holder)
        self.setContentsMargins(0, 0, 0, 0)

    def invalidate(self) -> None:
        panel = self.panel
        if panel is not None and panel.parentWidget() is self.parentWidget():
            needs = (panel.minimumSize(), panel.maximumSize(), panel.sizePolicy(), panel.sizeHint(),
                     panel.minimumSizeHint(), panel.isHidden())
            if needs == self._needs:
                return  # the dock needs nothing new: it is not laid out again, nor the window
            self._needs = needs
        super().invalidate()


class PanelHolder(QWidget):
    """The dock's widget, filled by ``panel``; ``panel`` is the one every caller wants."""

    def __init__(self, panel: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(f"holder-{panel.objectName()}")
        self._layout = _StopsHere(self)
        self.panel: QWidget = panel
        self.hold(panel)

    def hold(self, panel: QWidget) -> None:
        """``panel`` in the holder, filling it (again, after a benchmark took it out)."""
        self.panel = self._layout.panel = panel
        self._layout._needs = None
        if self._layout.indexOf(panel) < 0:
            self._layout.addWidget(panel)
        panel.show()


def panel_of(widget: QWidget | None) -> QWidget | None:
    """The panel a dock's widget shows (the widget itself if it is not a holder)."""
    return widget.panel if isinstance(widget, PanelHolder) else widget


def dock_of(widget: QWidget) -> QDockWidget | None:
    """The dock ``widget`` is in, if any."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QDockWidget):
        parent = parent.parentWidget()
    return parent
