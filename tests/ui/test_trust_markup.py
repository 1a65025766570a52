"""Issue 10, item 12: what the GM typed is shown as typed. A character named ``<i>Amiri</i>`` shows
those characters, never italics; ``<img src=x>`` never a broken image; ``Fight & <b>flee</b>`` keeps
its ampersand — in labels, tooltips, message boxes, menus, chart titles and legends, in the window
and in the chart images of an exported prep sheet.

What is asserted is what Qt and pyqtgraph would draw: a label's text as its format reads it, a chart
item's laid-out text (``toPlainText`` of the HTML pyqtgraph gives it).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QTextDocument, Qt  # QtGui's Qt: it has mightBeRichText
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QToolTip

from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.charts.base import StillPlot

HOSTILE = ("<i>Amiri</i>", "<img src=x>", "<b>Seoni</b> & co", "<u>Valeros</u>")
SCENE = "Fight & <b>flee</b>"
CHECK = "<a href='x'>Climb</a>"
NOTES = "<b>hidden</b> trap"


def as_drawn(text: str, rich: bool) -> str:
    if not rich:
        return text
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def label_drawn(label: QLabel) -> str:
    label.ensurePolished()  # as Qt does before it first shows it
    fmt = label.textFormat()
    rich = fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and Qt.mightBeRichText(label.text()))
    return as_drawn(label.text(), rich)


def markers(text: str) -> bool:
    return any(marker in text for marker in (*HOSTILE, SCENE, CHECK, "Amiri", "Seoni", "Valeros", "Climb", "flee"))


@pytest.fixture
def hostile(tmp_path):
    path = tmp_path / "hostile.gmdesk"
    create_campaign(path, "pf2", "", True, "en").close()
    with CampaignStore.open(path) as store:
        for character, name in zip(store.characters.list(), HOSTILE):
            store.characters.update(replace(character, name=name))
        names = {c.id: c.name for c in store.characters.list()}
        first = store.scenes.list()[0]
        checks = [replace(first.ordered_checks()[0], name=CHECK, notes=NOTES), *first.ordered_checks()[1:]]
        store.scenes.update(replace(first, name=SCENE, checks=checks))
        encounter = store.encounter.get()
        for combatant in encounter.combatants:
            combatant.name = names.get(combatant.character_id, combatant.name)
        store.encounter.save(encounter)
    return path


def walk_the_window(window, qtbot) -> None:
    """Every panel showing the hostile names: selections, the fight followed, every prep tab."""
    party, fight, prep = window.panels["party"], window.panels["encounter"], window.panels["prep"]
    party.select_id(party.model.ids()[0])
    window.docks["encounter"].raise_()
    amiri = next(c.id for c in fight.encounter.combatants if c.name == "<i>Amiri</i>")
    fight.select_id(next(c.id for c in fight.encounter.combatants if c.id != amiri))
    fight.select_id(amiri)  # the check panel follows her
    window.docks["prep"].raise_()
    prep.scenes.select_check(prep.scenes.check_model.checks[0].id)
    for tab in (prep.detail, prep.solver, prep.group, prep.roll_pane):
        prep.tabs.setCurrentWidget(tab)
        qtbot.wait(10)
    prep.roll_pane.roll()
    prep.tabs.setCurrentWidget(prep.group)


def test_labels_and_charts_of_the_window_show_names_as_typed(make_window, hostile, qtbot):
    window = make_window(hostile)
    walk_the_window(window, qtbot)
    labels = [w for w in window.findChildren(QLabel) if markers(w.text())]
    # Every place a name appears: the fight's round, the combatant followed, the cell in detail, the
    # rolls logged at the table.
    names = {w.objectName() for w in labels}
    assert {"roundLabel", "followedCombatant", "prepDetailTitle", "rollStatus"} <= names, names
    for label in labels:
        assert label_drawn(label) == label.text(), label.objectName()
    assert "<i>Amiri</i>" in window.panels["encounter"].round_label.text() or any(
        "<i>Amiri</i>" in label_drawn(w) for w in labels)

    charts = [c for c in window.findChildren(StillPlot)]
    group = window.panels["prep"].group.chart
    legend = [label.item.toPlainText() for _, label in group.getPlotItem().legend.items]
    rollers = [m.name for m, _ in window.panels["prep"].grid.rollers(window.panels["prep"].selected_column())]
    assert legend == rollers and "<i>Amiri</i>" in legend and "<img src=x>" in legend
    for chart in charts:
        item = chart.getPlotItem()
        assert item.titleLabel.item.toPlainText() == chart.title
        for axis, title in chart.axis_titles.items():
            assert item.getAxis(axis).label.toPlainText().strip() == title


def test_chart_titles_and_axis_titles_are_never_markup(make_window, hostile, qtbot):
    """Straight on a chart: what it is given is what it shows."""
    window = make_window(hostile)
    chart = window.panels["check"].sweep_chart
    chart.set_title("<i>Amiri</i> & <img src=x>")
    chart.set_axis_title("<b>DC</b>")
    assert chart.getPlotItem().titleLabel.item.toPlainText() == "<i>Amiri</i> & <img src=x>"
    assert chart.getPlotItem().getAxis("bottom").label.toPlainText().strip() == "<b>DC</b>"
    assert chart.tip_at(chart.sweep.targets[0]).startswith("<b>DC</b>")


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the offscreen platform, showing a tooltip
def test_tooltips_message_boxes_and_menus_show_names_as_typed(make_window, hostile, qtbot, monkeypatch):
    window = make_window(hostile)
    prep = window.panels["prep"]
    window.docks["prep"].raise_()
    # The check's notes are its tooltip in the list: shown plain.
    index = prep.scenes.check_model.index(0, 0)
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert tip == NOTES
    QToolTip.showText(prep.scenes.check_view.mapToGlobal(QPoint(5, 5)), tip, prep.scenes.check_view)
    shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QLabel) and w.isVisible() and w.text() == NOTES]
    assert shown and label_drawn(shown[0]) == NOTES
    QToolTip.hideText()

    # "Move to" lists the scenes: an ampersand is a character, not a shortcut.
    prep.scenes.scene_view.setCurrentIndex(prep.scenes.scene_model.index(1, 0))
    prep.scenes._fill_move_menu()
    entries = [a.text() for a in prep.scenes.move_menu.actions()]
    assert entries == [SCENE.replace("&", "&&")]

    # Deleting a character asks with their name as typed.
    asked = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(
        lambda parent, title, text, *a, **k: asked.append(text) or QMessageBox.StandardButton.No))
    party = window.panels["party"]
    party.select_id(party.model.ids()[1])
    party.delete_action.trigger()
    text = asked[0]
    assert as_drawn(text, Qt.mightBeRichText(text)).startswith("Delete <img src=x> and their sheet?")
    # The scene too.
    prep.scenes.scene_view.setCurrentIndex(prep.scenes.scene_model.index(0, 0))
    prep.scenes.delete_scene()
    assert SCENE in as_drawn(asked[1], Qt.mightBeRichText(asked[1]))
    assert window.store.characters.count() == 7 and len(window.store.scenes.list()) == 2  # "No": nothing gone


def test_the_exported_prep_sheet_charts_show_names_as_typed(make_window, hostile, qtbot, tmp_path, monkeypatch):
    from gmdesk.ui.panels.prep.charts import MembersChart

    drawn = []
    grab = MembersChart.grab

    def record(chart, *args):
        item = chart.getPlotItem()
        drawn.append((item.titleLabel.item.toPlainText(), [label.item.toPlainText() for _, label in item.legend.items]))
        return grab(chart, *args)

    monkeypatch.setattr(MembersChart, "grab", record)
    window = make_window(hostile)
    prep = window.panels["prep"]
    prep.scenes.scene_view.setCurrentIndex(prep.scenes.scene_model.index(0, 0))
    written = prep.export_prep_sheet(tmp_path / "sheet.html", "html")
    assert written.exists()
    titles = [title for title, _ in drawn]
    assert any(title.startswith(CHECK + " — ") for title in titles), titles
    legends = [name for _, names in drawn for name in names]
    assert "<i>Amiri</i>" in legends and "<img src=x>" in legends and "<b>Seoni</b> & co" in legends
