"""What "nothing a GM needs to read is cut" means, measured on a live window (issue 12, item 5).

``cut_texts(root)`` lists every text shown cut inside ``root``:

- a visible button, check box or radio button narrower than its size hint;
- a visible label that does not wrap, narrower than its size hint — unless it elides on purpose
  (``elided`` property set, the whole text in its tooltip); a label that wraps, lower than its lines;
- a combo box or spin box whose current text does not fit its field;
- a header section narrower than its title;
- a scroll area of controls that scrolls sideways (the end of its options hidden);
- a table or tree cell on screen whose text does not fit, unless its tooltip holds the whole text (a
  text long by nature, a check's label, ends with "…" and shows whole on hover).
- a chart's text past its edge, a title on three lines, tick names painted over each other
  (``chart_fit.cut_chart_texts``);
- two visible widgets laid out side by side by the same layout drawn over each other
  (``overlapping_siblings``: a row of buttons over the list below it, issue 24).

Run as a script, it builds the window on the screen it is given, for every system and language and
both layouts, raises every dock and every tab, rolls once, and prints what it found as JSON (one line
per finding). With ``--live`` it then switches each window's language from the Language menu and
looks again (issue 12, item 8: a live switch lays out as a fresh start in that language). The test (test_window_fits.py) runs it in a subprocess per screen: Qt's screen and
scale factor are fixed when the application starts.

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json [QT_SCALE_FACTOR=1.5] python window_fit.py OUT.json [--live]
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt

from chart_fit import cut_chart_texts
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractScrollArea, QAbstractSpinBox,
                               QApplication, QComboBox, QGraphicsView, QHeaderView, QLabel, QLayout, QMainWindow,
                               QScrollArea, QSplitter, QStackedLayout, QStatusBar, QStyle, QStyleOptionComboBox, QTabBar,
                               QTabWidget, QToolBar, QToolButton, QWidget)

MAX_ROWS = 40  # cells checked per view: what is on screen at most


def shown(widget: QWidget) -> bool:
    """On screen: visible, and not behind another tab, not scrolled out of its view."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def name_of(widget: QWidget) -> str:
    parts = []
    w = widget
    while w is not None and len(parts) < 4:
        if w.objectName():
            parts.append(w.objectName())
        w = w.parentWidget()
    return f"{type(widget).__name__}({'/'.join(reversed(parts))})"


def _label_text(label: QLabel) -> str:
    return label.text() if label.textFormat() != Qt.TextFormat.RichText else label.text()


def cut_texts(root: QWidget) -> list[str]:
    found: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or widget.width() <= 0:
            continue
        if isinstance(widget, (QAbstractButton, QLabel)) and shown(widget):
            # Wide enough, but past its container's edge (a column that does not scroll sideways):
            # "Exactement k réussissen" cut by the edge of the group odds' figures (issue 24).
            seen = widget.visibleRegion().boundingRect()
            text = widget.text() if not isinstance(widget, QLabel) or widget.pixmap().isNull() else ""
            if text and seen.width() < widget.width() - 2 and seen.right() < widget.width() - 2:
                found.append(f"{name_of(widget)} {text[:40]!r}: runs past its container's edge "
                             f"({seen.width()} of {widget.width()} px in view)")
        elif isinstance(widget, QGraphicsView) and shown(widget.viewport()):  # a chart: its texts cut
            found += cut_chart_texts(widget)
        if isinstance(widget, QAbstractButton):
            if widget.text() and widget.width() < widget.sizeHint().width():
                found.append(f"{name_of(widget)} {widget.text()!r}: {widget.width()} < {widget.sizeHint().width()} px")
        elif isinstance(widget, QLabel):
            text = widget.text()
            if not text or widget.pixmap() is not None and not widget.pixmap().isNull():
                continue
            if widget.wordWrap():  # a wrapped text is cut when its lines need more height than it has
                need = widget.heightForWidth(widget.width())
                if shown(widget) and need > widget.height():
                    found.append(f"{name_of(widget)} {text[:40]!r}: wrapped, {widget.height()} < {need} px high")
                continue
            if widget.property("elided"):  # long by nature: cut with "…", whole in the tooltip
                full = str(widget.property("full_text") or "")
                if widget.fontMetrics().horizontalAdvance(full) > widget.contentsRect().width() \
                        and full not in widget.toolTip():
                    found.append(f"{name_of(widget)} {full!r}: elided without its whole text in a tooltip")
                continue
            if widget.width() < widget.sizeHint().width():
                found.append(f"{name_of(widget)} {text!r}: {widget.width()} < {widget.sizeHint().width()} px")
        elif isinstance(widget, QComboBox):
            if widget.isEditable() or widget.property("elided") and widget.currentText() in widget.toolTip():
                continue
            option = QStyleOptionComboBox()
            option.initFrom(widget)
            option.rect = widget.rect()
            option.frame = widget.hasFrame()
            option.currentText = widget.currentText()
            field = widget.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                                  QStyle.SubControl.SC_ComboBoxEditField, widget)
            need = widget.fontMetrics().horizontalAdvance(widget.currentText())
            if need > field.width():
                found.append(f"{name_of(widget)} {widget.currentText()!r}: field {field.width()} < {need} px")
        elif isinstance(widget, QAbstractSpinBox):
            edit = widget.lineEdit()
            need = edit.fontMetrics().horizontalAdvance(edit.text()) + 4
            if need > edit.width():
                found.append(f"{name_of(widget)} {edit.text()!r}: field {edit.width()} < {need} px")
        elif isinstance(widget, QScrollArea):
            # A column of controls (the check panel's choices) that scrolls sideways hides the end
            # of its options: as cut as a clipped label.
            if shown(widget) and widget.horizontalScrollBar().isVisible():
                found.append(f"{name_of(widget)}: scrolls sideways ({widget.viewport().width()} < "
                             f"{widget.widget().minimumSizeHint().width() if widget.widget() else 0} px)")
        elif isinstance(widget, QTabBar):
            # Scroll arrows hide tabs a GM then has to hunt for (issue 24, item 6: the Prep sub-tabs).
            if shown(widget) and any(b.isVisible() for b in widget.findChildren(QToolButton)):
                tabs = [widget.tabText(i) for i in range(widget.count())]
                found.append(f"{name_of(widget)} {tabs!r}: needs scroll arrows ({widget.width()} px)")
        elif isinstance(widget, QToolBar):
            # "»": actions hidden behind the extension button, out of sight at the table.
            extension = widget.findChild(QToolButton, "qt_toolbar_ext_button")
            if shown(widget) and extension is not None and extension.isVisible():
                hidden = [a.text() or a.toolTip() for a in widget.actions() if a.isVisible() and not a.isSeparator()
                          and (widget.widgetForAction(a) is None or not widget.widgetForAction(a).isVisible())]
                found.append(f"{name_of(widget)}: actions behind »: {hidden!r}")
        elif isinstance(widget, QHeaderView):
            found += _cut_sections(widget)
        elif isinstance(widget, QAbstractItemView):
            found += _cut_cells(widget)
        found += overlapping_siblings(widget)
    return found


def _laid_out(layout: QLayout) -> list[QWidget]:
    """The widgets ``layout`` and the layouts nested in it place side by side (a stacked layout
    places its pages over each other on purpose: none)."""
    if isinstance(layout, QStackedLayout):
        return []
    widgets = []
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item is None or item.spacerItem() is not None:
            continue
        if item.widget() is not None:
            widgets.append(item.widget())
        elif isinstance(item.layout(), QLayout):
            widgets += _laid_out(item.layout())
    return widgets


def overlapping_siblings(parent: QWidget) -> list[str]:
    """Visible widgets that ``parent``'s layout places side by side, drawn over each other (their
    geometries intersect): a row of buttons wrapped onto a second line the layout gave no room for
    lies over the list below it. Only what a layout places is compared: what sits over other widgets
    on purpose (a stacked page, a scroll area's viewport and bars, a splitter's handles, a tab bar over
    its pages, a floating overlay) is placed by hand, not by the layout. A status bar is left out: Qt
    rebuilds its layout at each message, and a wrapper of the old one reads freed memory."""
    layout = parent.layout()
    if layout is None or isinstance(layout, QStackedLayout) or not shown(parent) \
            or isinstance(parent, (QMainWindow, QAbstractScrollArea, QSplitter, QTabWidget, QStatusBar)):
        return []
    children = [w for w in _laid_out(layout) if w.isVisible() and not w.isWindow()
                and w.width() > 0 and w.height() > 0]
    found = []
    for i, first in enumerate(children):
        for second in children[i + 1:]:
            overlap = first.geometry().intersected(second.geometry())
            if not overlap.isEmpty():
                found.append(f"{name_of(first)} and {name_of(second)}: drawn over each other "
                             f"({overlap.width()}×{overlap.height()} px)")
    return found


def _cut_sections(header: QHeaderView) -> list[str]:
    if not shown(header) or header.orientation() != Qt.Orientation.Horizontal:
        return []
    model = header.model()
    if model is None:
        return []
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    metrics = header.fontMetrics()
    found = []
    for logical in range(header.count()):
        if header.isSectionHidden(logical) or header.sectionSize(logical) == 0:
            continue
        text = str(model.headerData(logical, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or "")
        need = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0) + 2 * margin
        if text and header.sectionSize(logical) < need:
            owner = header.parentWidget()
            found.append(f"{name_of(owner or header)} header {text!r}: {header.sectionSize(logical)} < {need} px")
    return found


def _cut_cells(view: QAbstractItemView) -> list[str]:
    """Cells on screen whose text is cut, unless their tooltip says it whole."""
    model = view.model()
    if model is None or not shown(view) or getattr(view, "wordWrap", lambda: False)():
        return []
    viewport = view.viewport().rect()
    found = []
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:  # a list model (its columnCount is private)
        columns = 1
    for row in range(min(model.rowCount(QModelIndex()), MAX_ROWS)):
        for column in range(columns):
            index = model.index(row, column, QModelIndex())
            rect: QRect = view.visualRect(index)
            if rect.isEmpty() or not viewport.intersects(rect) or view.indexWidget(index) is not None:
                continue
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            if not text or "\n" in text:
                continue
            need = view.sizeHintForIndex(index).width()
            if need > rect.width() + 1:
                tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
                if text in tip:
                    continue
                found.append(f"{name_of(view)} cell {text!r}: {rect.width()} < {need} px")
    return found


def all_tabs(root: QWidget):
    """Every tab of every tab widget in ``root``, raised in turn (yields after each)."""
    tabs = [t for t in root.findChildren(QTabWidget) if t.isVisible()]
    if not tabs:
        yield
        return
    for widget in tabs:
        for i in range(widget.count()):
            if widget.isTabVisible(i) and widget.isTabEnabled(i):
                widget.setCurrentIndex(i)
                settle()
                yield
        widget.setCurrentIndex(0)


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


# -- the window, on the screen this process was started with ------------------------------------------
def every_dock_tab(window):
    """Each shown dock raised in turn, each of its tabs shown in turn: yields ``(name, dock)``."""
    for name, dock in window.docks.items():
        if dock.isHidden():
            continue
        dock.raise_()
        settle()
        for _ in all_tabs(dock.widget()):
            yield name, dock


def window_findings(window, where: str) -> list[str]:
    """Everything cut in ``window``, every dock raised in turn, every tab of it shown."""
    found: list[str] = []
    screen = window.screen().availableGeometry()
    frame = window.frameGeometry()
    if not screen.contains(frame):
        found.append(f"the window {frame.getRect()} is not within the screen's available area {screen.getRect()}")
    found += cut_texts(window.menuBar()) + cut_texts(window.statusBar())
    for name, dock in every_dock_tab(window):
        found += [f"{name}: {text}" for text in cut_texts(dock.widget())]
    log = window.panels["log"]
    if log.is_strip():  # the whole log too, grown from its strip
        log.set_strip(False)
        settle()
        found += [f"log: {text}" for text in cut_texts(log)]
        log.set_strip(True)
        settle()
    return sorted({f"{where}: {text}" for text in found})


def rolled_width_findings(window, where: str) -> list[str]:
    """The check panel keeps its width (and its split) after a roll and its reroll offer."""
    window.docks["check"].raise_()
    settle()
    panel = window.panels["check"]
    before = (panel.width(), panel.splitter.sizes())
    panel.roll_action.trigger()
    settle()
    after = (panel.width(), panel.splitter.sizes())
    return [] if before == after else [f"{where}: the check panel went from {before} to {after} after a roll"]


def live_switch_findings(window, language: str, where: str) -> list[str]:
    """Issue 12, item 8: the window switched to ``language`` from the Language menu, after a roll,
    at the table, fits as a window started in ``language`` does (every layout), and the check panel
    keeps its width."""
    layouts = getattr(window, "LAYOUTS", ())
    if layouts:
        window.set_layout(layouts[0])
        settle()
    window.docks["check"].raise_()
    settle()
    before = window.panels["check"].width()
    window.language_actions[language].trigger()
    settle()
    found = []
    if window.panels["check"].width() != before:
        found.append(f"{where}: the check panel went from {before} to {window.panels['check'].width()} px wide")
    for layout in layouts or ("default",):
        if layouts:
            window.set_layout(layout)
            settle()
        found += window_findings(window, f"{where} {layout}")
    return found


def demo_windows(systems_: list[str], languages: list[str], folder=None):
    """The window on each system's demo campaign in each language, shown on this process's screen,
    closed after each: yields ``(screen, system, lang, campaign path, window)``."""
    import os
    import random
    import tempfile
    from pathlib import Path

    from gmdesk.ui.app import build_window, configure_application
    from gmdesk.ui.campaign_files import create_campaign

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder = Path(folder or tempfile.mkdtemp(prefix="gmdesk-fit-"))
    size = app.primaryScreen().availableGeometry().size()
    screen = f"{size.width()}x{size.height()}@{os.environ.get('QT_SCALE_FACTOR', '1')}"
    for system in systems_:
        for lang in languages:
            path = folder / f"{system}-{lang}.gmdesk"
            create_campaign(path, system, "", True, lang).close()
            window = build_window(str(path), lang)
            window.panels["check"].rng = random.Random(7)
            window.show()
            settle()
            yield screen, system, lang, path, window
            window.close()
            window.deleteLater()
            settle()


def main(out: str, systems_: list[str], languages: list[str], live: bool = False) -> int:
    import json
    from pathlib import Path

    findings: list[str] = []
    for screen, system, lang, _, window in demo_windows(systems_, languages):
        for layout in getattr(window, "LAYOUTS", ("default",)):
            settle()
            if hasattr(window, "set_layout"):
                window.set_layout(layout)
                settle()
            where = f"{screen} {system} {lang} {layout}"
            findings += window_findings(window, where)
            findings += rolled_width_findings(window, where)
        if live:  # then the language switched live, to each other language in turn (one is enough here)
            other = next(other for other in languages if other != lang)
            findings += live_switch_findings(window, other, f"{screen} {system} {lang}→{other} live")
    Path(out).write_text(json.dumps(findings, ensure_ascii=False, indent=0))
    return 0


if __name__ == "__main__":
    import sys

    from gmdesk import systems

    live = "--live" in sys.argv  # also each window switched live to the other language
    args = [a for a in sys.argv[1:] if a != "--live"]
    sys.exit(main(args[0], args[1].split(",") if len(args) > 1 else systems.ids(),
                  args[2].split(",") if len(args) > 2 else ["en", "fr"], live))
