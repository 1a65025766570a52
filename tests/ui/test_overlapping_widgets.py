"""Issue 24, "nothing cut … no overlapping": two widgets a layout places side by side are never
drawn over each other (``window_fit.overlapping_siblings``, run by the screen tour on every screen).
Here, fast: the check finds a real overlap, and the Prep scenes' button rows, wrapped in a narrow
column squeezed by its splitter, keep their room under the list of prepared checks."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QSplitter, QToolButton, QVBoxLayout, QWidget

from gmdesk.ui.flow_layout import FlowLayout
from gmdesk.ui.panels.prep.scenes import PrepScenes
from window_fit import overlapping_siblings


def test_a_wrapped_row_a_layout_gave_one_line_is_found_over_its_neighbour(qtbot):
    column = QWidget()
    qtbot.addWidget(column)
    layout = QVBoxLayout(column)
    row = FlowLayout()
    for text in ("New", "Duplicate", "Delete", "Up", "Down"):
        row.addWidget(QToolButton(text=text))
    layout.addLayout(row)
    layout.addWidget(QLabel("below"))
    column.setFixedSize(120, row.sizeHint().height() + 30)  # room for one line of buttons: they wrap onto three
    column.show()
    qtbot.waitExposed(column)
    assert any("drawn over each other" in line for line in overlapping_siblings(column))


def test_the_prep_scenes_buttons_keep_their_room_in_a_squeezed_column(qtbot):
    splitter = QSplitter()
    splitter.setOrientation(splitter.orientation().Vertical)
    scenes = PrepScenes()
    splitter.addWidget(scenes)
    splitter.addWidget(QWidget())
    splitter.setChildrenCollapsible(False)
    qtbot.addWidget(splitter)
    splitter.resize(240, 700)
    splitter.show()
    qtbot.waitExposed(splitter)
    splitter.setSizes([1, 699])  # the form below takes all it can
    QApplication.processEvents()
    QApplication.processEvents()
    buttons = [b for b in scenes.findChildren(QToolButton) if b.isVisible()]
    assert max(b.geometry().bottom() for b in buttons) - min(b.geometry().top() for b in buttons) > 2 * buttons[0].height(), \
        "the rows wrap at this width"
    assert overlapping_siblings(scenes) == []
    assert all(b.geometry().bottom() <= scenes.height() for b in buttons)  # none past the column's end


def test_a_flow_row_wraps_again_when_its_items_change(qtbot):
    """The flow layout remembers its height for each width (Qt asks it many times a frame): a label
    grown, an item hidden or added must not leave the old height behind."""
    from PySide6.QtWidgets import QApplication, QLabel, QWidget

    holder = QWidget()
    qtbot.addWidget(holder)
    row = FlowLayout(holder)
    labels = [QLabel("word " * 3) for _ in range(4)]
    for label in labels:
        row.addWidget(label)
    holder.show()
    width = labels[0].sizeHint().width() * 2 + row.spacing() + 4  # two labels a line
    two_lines = row.heightForWidth(width)
    assert row.heightForWidth(width) == two_lines
    labels[0].setText("word " * 30)  # alone on its line now: three lines
    assert row.heightForWidth(width) > two_lines
    labels[0].setText("word " * 3)
    assert row.heightForWidth(width) == two_lines
    labels[3].hide()
    labels[2].hide()  # one line left
    assert row.heightForWidth(width) < two_lines
    for label in labels[2:]:
        label.show()
    row.addWidget(QLabel("word " * 3))  # a fifth (shown by Qt on the next pass): three lines
    QApplication.processEvents()
    assert row.heightForWidth(width) > two_lines
