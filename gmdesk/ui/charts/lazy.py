"""A chart built the first time the GM can see it (or the code asks for it), not when its pane is.

A pyqtgraph PlotWidget takes 10–20 ms to construct, and the prep panel's three live in a dock that is
a hidden tab when the window opens: building them there made the window slow to appear for charts
nobody had looked at yet. Until it is built, a plain placeholder with the chart's size constraints
holds its place in the layout (the window's minimum size and the docks' sizes come out the same),
and the last drawing asked of the chart waits; ``get()`` builds the chart, swaps it in and draws.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import QDockWidget, QSizePolicy, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from gmdesk.ui.charts.base import StillPlot

Chart = TypeVar("Chart", bound="StillPlot")


def chart_of(module: str, name: str) -> Callable[[], "StillPlot"]:
    """A factory of the chart class ``name`` of ``module``, imported when the first chart is built:
    pyqtgraph (and numpy) take about half a second to import, and the window is painted before."""
    return lambda: getattr(importlib.import_module(module), name)()


# What every StillPlot reports (base.StillPlot: setMinimumSize, Expanding; pyqtgraph's GraphicsView
# hint): the layouts size a placeholder exactly as they would size the chart.
CHART_MINIMUM = QSize(190, 160)
CHART_HINT = QSize(600, 480)


class ChartPlaceholder(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(CHART_MINIMUM)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return CHART_HINT


class _BuiltOnce(Generic[Chart]):
    """A chart made by ``factory`` the first time ``get()`` asks; the last drawing asked before waits
    for it. A subclass puts the new chart where it belongs (``_place``) and shows or hides its place."""

    _factory: Callable[[], Chart]
    _name: str
    _chart: Chart | None = None
    _pending: Callable[[Chart], None] | None = None

    def is_built(self) -> bool:
        return self._chart is not None

    def get(self) -> Chart:
        if self._chart is None:
            chart = self._factory()
            chart.setObjectName(self._name)
            self._place(chart)
            self._chart = chart
            pending, self._pending = self._pending, None
            if pending is not None:
                pending(chart)
        return self._chart

    def draw(self, paint: Callable[[Chart], None], visible: bool = True) -> None:
        """``paint(chart)`` now if the chart exists, else when it is built (only the last one waits:
        each drawing replaces the whole picture)."""
        self.set_visible(visible)
        if self._chart is None:
            self._pending = paint
        else:
            paint(self._chart)

    def _place(self, chart: Chart) -> None:
        raise NotImplementedError

    def set_visible(self, visible: bool) -> None:
        raise NotImplementedError


def keep_room_when_hidden(widget: QWidget) -> None:
    """``widget`` hidden keeps its room in its layout: nothing beside it widens into it."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


class LazyChart(_BuiltOnce[Chart]):
    """Put ``widget`` in the layout; draw with ``draw(fn)``; ``get()`` is the chart, built if needed."""

    def __init__(self, factory: Callable[[], Chart], object_name: str):
        self._factory = factory
        self._name = object_name
        self.placeholder = ChartPlaceholder()

    @property
    def widget(self) -> QWidget:
        """What stands in the layout now: the chart once built, else its placeholder."""
        return self.placeholder if self._chart is None else self._chart

    def _place(self, chart: Chart) -> None:
        holder = self.placeholder
        parent = holder.parentWidget()
        layout = parent.layout() if parent is not None else None
        if layout is not None:
            layout.replaceWidget(holder, chart)
        if parent is not None:
            chart.setVisible(not holder.isHidden())
        if holder.sizePolicy().retainSizeWhenHidden():
            keep_room_when_hidden(chart)
        holder.setParent(None)
        holder.deleteLater()

    def set_visible(self, visible: bool) -> None:
        self.widget.setVisible(visible)


class ChartSlot(_BuiltOnce, QWidget):
    """A chart's place in a layout that stays there when the chart is built into it: for a chart on
    screen when the window opens (the check panel's), built just after the window is laid out and
    painted. A slot sized as the chart changes nothing around it when the chart arrives.
    ``draw`` and ``get`` as ``LazyChart``'s."""

    def __init__(self, factory: Callable[[], "StillPlot"], object_name: str, parent: QWidget | None = None):
        QWidget.__init__(self, parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(CHART_MINIMUM)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._factory, self._name = factory, object_name

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return CHART_HINT

    def _place(self, chart) -> None:
        self._layout.addWidget(chart)
        # Shown at its real size before it draws: a label placed on the chart (the DC marker's) is
        # placed for the size it has when drawn, and a later resize doesn't move it.
        if self.isVisible():
            chart.show()
            self._layout.activate()

    def set_visible(self, visible: bool) -> None:
        self.setVisible(visible)


class ChartsWhenSeen:
    """Mixed into a panel whose ``tabs`` hold charts (``ensure_chart()``): the tab in view gets its
    chart when the GM can see the panel. The panel sets ``_on_screen = False``, ``_dock = None`` and
    connects ``tabs.currentChanged`` to ``_chart_in_view``."""

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        dock = self.parentWidget()
        if isinstance(dock, QDockWidget):
            # A dock behind another dock's tab is "shown" off screen (the Prep dock at start-up): the
            # dock's visibilityChanged, not this event, says when the GM can see the panel.
            if dock is not self._dock:
                self._dock = dock
                dock.visibilityChanged.connect(self._seen_soon)
        else:
            self._seen(True)

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().hideEvent(event)
        if self._dock is None:
            self._seen(False)

    def _seen_soon(self, visible: bool) -> None:
        # Whether the GM sees the panel is known now (a filter changed next counts at once); the
        # charts are built right after, not while QMainWindow is still moving its docks
        # (restoreState, a layout switch): swapping widgets in the middle of that crashes Qt.
        self._on_screen = visible
        QTimer.singleShot(0, self, lambda: self._seen(self._on_screen))

    def _seen(self, visible: bool) -> None:
        self._on_screen = visible
        self._chart_in_view()

    def _chart_in_view(self, *_) -> None:
        """The tab in view gets its chart: a pyqtgraph chart is slow to build, so the window opens
        without the three of this panel (a hidden tab) and each is built when first seen."""
        if self._on_screen:
            ensure = getattr(self.tabs.currentWidget(), "ensure_chart", None)
            if ensure is not None:
                ensure()
