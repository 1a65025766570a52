"""A layout that places its items left to right and wraps them onto the next line when the width runs
out (Qt has none built in; this is the shape of Qt's own "Flow Layout" example).

Used for rows of filters: in a dock as wide as the window they sit on one line; in a narrow dock,
or in French where the labels are longer, they wrap instead of making the whole window wider.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QWidget


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, spacing: int = 6):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        # Height for each width asked since the items last changed: Qt asks it many times per layout
        # pass (each parent's hint, each splitter's minimum), and each answer places every item in
        # Python. A campaign switch asked it over a hundred times, some 2 ms of a frame.
        self._heights: dict[int, int] = {}
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(spacing)

    # -- QLayout's item list ------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt's name)
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        if 0 <= index < len(self._items):
            item = self._items.pop(index)
            self.invalidate()
            return item
        return None

    # -- sizes --------------------------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        heights = getattr(self, "_heights", None)
        if heights is None:  # asked while being built
            return self._arrange(QRect(0, 0, width, 0), apply=False)
        height = heights.get(width)
        if height is None:
            height = heights[width] = self._arrange(QRect(0, 0, width, 0), apply=False)
        return height

    def invalidate(self) -> None:
        """An item added, taken, shown, hidden or resized (Qt calls it then): the heights known are
        forgotten."""
        heights = getattr(self, "_heights", None)
        if heights is not None:
            heights.clear()
        super().invalidate()

    def sizeHint(self) -> QSize:  # noqa: N802
        """Everything on one line."""
        visible = self._visible()
        width = sum(i.sizeHint().width() for i in visible) + self.spacing() * max(len(visible) - 1, 0)
        height = max((i.sizeHint().height() for i in visible), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:  # noqa: N802
        """As narrow as the widest single item: the rest wraps."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    # -- placing ------------------------------------------------------------------------------
    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _arrange(self, rect: QRect, apply: bool) -> int:
        """Place the items line by line within ``rect``; the height they take."""
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        x, y, line_height = area.x(), area.y(), 0
        for item in self._visible():
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:  # no room left on this line
                x, y = area.x(), y + line_height + self.spacing()
                line_height = 0
            if apply:
                width = min(hint.width(), area.width())
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += hint.width() + self.spacing()
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y() + margins.bottom()


def wrapped_minimum(widget: QWidget, hint: QSize) -> QSize:
    """``hint`` (the widget's minimum size hint) made high enough for its flow rows wrapped at its
    present width. Qt's minimum size ignores height-for-width: a splitter squeezed the Prep scenes'
    column to its buttons on one line while they wrapped onto two, and the second line lay over the
    list of checks (issue 24). A widget calls it from ``minimumSizeHint`` and asks again
    (``updateGeometry``) when its width changes."""
    layout = widget.layout()
    if layout is None or not layout.hasHeightForWidth() or widget.width() <= 0:
        return hint
    return QSize(hint.width(), max(hint.height(), layout.totalMinimumHeightForWidth(widget.width())))


def flow_row(*widgets: QWidget, spacing: int = 4) -> QWidget:
    """Widgets kept together on one line of a flow (a label and its combo box)."""
    from PySide6.QtWidgets import QHBoxLayout

    group = QWidget()
    layout = QHBoxLayout(group)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    for widget in widgets:
        layout.addWidget(widget)
    group.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return group
