"""The prep panel driven as a GM would: build a scene by hand with clicks and keys, reorder, duplicate,
move and delete, and watch the matrix follow sheets, conditions and DCs live — against the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.model import ConditionState
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.prep.models import PrepMatrixModel
from gmdesk.ui.panels.prep.panel import PrepPanel


@pytest.fixture
def store(tmp_path):
    s = create_campaign(tmp_path / "prep.gmdesk", "pf2", "", True, "en")
    yield s
    s.close()


@pytest.fixture
def bus():
    return CampaignBus()


@pytest.fixture
def panel(qtbot, store, bus):
    p = PrepPanel(bus)
    qtbot.addWidget(p)
    p.set_campaign(store)
    p.resize(1280, 800)
    p.show()
    qtbot.waitExposed(p)
    return p


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def button_for(panel, action):
    from PySide6.QtWidgets import QToolButton

    return next(b for b in panel.findChildren(QToolButton) if b.defaultAction() is action)


def type_into(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def engine_chance(store, character, prepared, conditions=()):
    check = build_check(character, prepared.check, Situation(dc=prepared.dc), conditions, store.info.house_rules)
    return check.odds().success


def matrix_chances(panel) -> list[list]:
    m = panel.matrix_model
    return [[m.index(r, c).data(PrepMatrixModel.ChanceRole) for c in range(m.columnCount())] for r in range(m.rowCount())]


def test_build_a_scene_by_hand(qtbot, panel, store, bus):
    scenes = panel.scenes
    before = len(store.scenes.list())
    with qtbot.waitSignal(bus.prepChanged):
        click(qtbot, button_for(panel, scenes.new_scene_action))
    # The new scene's name is open for typing straight away.
    editor = scenes.scene_view.focusWidget() if scenes.scene_view.state() == scenes.scene_view.State.EditingState else None
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "The bandits' camp")
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    stored = store.scenes.list()
    assert len(stored) == before + 1 and stored[-1].name == "The bandits' camp"
    assert scenes.scene().name == "The bandits' camp"
    assert panel.matrix_model.columnCount() == 0

    with qtbot.waitSignal(bus.prepChanged):
        click(qtbot, button_for(panel, scenes.new_check_action))
    form = panel.editor
    with qtbot.waitSignal(bus.prepChanged):
        type_into(qtbot, form.name_edit, "Sneak past the sentries")
    # Pick the roll from the list of every roll the party has.
    form.roll_combo.setFocus()
    with qtbot.waitSignal(bus.prepChanged):
        form.roll_combo.setCurrentIndex(form.roll_combo.findText("Stealth"))
    with qtbot.waitSignal(bus.prepChanged):
        type_into(qtbot, form.target_spin.lineEdit(), "19")
    with qtbot.waitSignal(bus.prepChanged):
        click(qtbot, form.secret_box)
    form.notes_edit.setFocus()
    qtbot.keyClicks(form.notes_edit, "Two sentries, one dozing.")
    with qtbot.waitSignal(bus.prepChanged, timeout=3000):
        pass  # saved when the GM pauses typing
    pcs = store.characters.list("pc")
    item = form.rollers_list.item([form.rollers_list.item(i).text() for i in range(form.rollers_list.count())].index(pcs[0].name))
    with qtbot.waitSignal(bus.prepChanged):
        item.setCheckState(Qt.CheckState.Checked)

    # A second check, typed the same way.
    with qtbot.waitSignal(bus.prepChanged):
        click(qtbot, button_for(panel, scenes.new_check_action))
    with qtbot.waitSignal(bus.prepChanged):
        type_into(qtbot, form.name_edit, "Spot the lookout")
    with qtbot.waitSignal(bus.prepChanged):
        type_into(qtbot, form.target_spin.lineEdit(), "14")

    scene = store.scenes.list()[-1]
    first, second = scene.ordered_checks()
    assert (first.name, first.check, first.dc, first.secret, first.notes, first.rollers) == (
        "Sneak past the sentries", CheckRef("skill", "stealth"), 19, True, "Two sentries, one dozing.", [pcs[0].id])
    assert (second.name, second.check, second.dc, second.secret, second.rollers) == (
        "Spot the lookout", CheckRef("perception"), 14, False, [])

    # The matrix: every party member against both checks; only the chosen one may sneak.
    m = panel.matrix_model
    assert m.columnCount() == 2 and m.rowCount() == len(pcs)
    assert m.headerData(0, Qt.Orientation.Horizontal) == "Sneak past the sentries\nDC 19"
    for r, character in enumerate(pcs):  # prep odds: the characters outside the fight
        assert m.index(r, 1).data(PrepMatrixModel.ChanceRole) == engine_chance(store, character, second)
        expected = engine_chance(store, character, first) if r == 0 else None
        assert m.index(r, 0).data(PrepMatrixModel.ChanceRole) == expected


def test_reorder_duplicate_move_delete(qtbot, panel, store, bus, monkeypatch):
    scenes = panel.scenes
    first_scene, second_scene = store.scenes.list()
    names = [c.name for c in first_scene.ordered_checks()]
    # Alt+Down on the selected check moves it down.
    scenes.check_view.setFocus()
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(scenes.check_view, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert [c.name for c in store.scenes.get(first_scene.id).ordered_checks()] == [names[1], names[0]] + names[2:]
    assert scenes.check().name == names[0]  # the selection follows the moved check
    # Ctrl+D duplicates it right after itself.
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(scenes.check_view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    order = [c.name for c in store.scenes.get(first_scene.id).ordered_checks()]
    assert order[:3] == [names[1], names[0], f"{names[0]} (2)"]
    copy = store.scenes.get(first_scene.id).ordered_checks()[2]
    original = store.scenes.get(first_scene.id).ordered_checks()[1]
    assert (copy.check, copy.dc, copy.secret) == (original.check, original.dc, original.secret)
    # Move the copy to the other scene through the "Move to" menu: the view follows it there.
    scenes._fill_move_menu()
    target = next(a for a in scenes.move_menu.actions() if a.text() == second_scene.name)
    with qtbot.waitSignal(bus.prepChanged):
        target.trigger()
    assert f"{names[0]} (2)" in [c.name for c in store.scenes.get(second_scene.id).ordered_checks()]
    assert f"{names[0]} (2)" not in [c.name for c in store.scenes.get(first_scene.id).ordered_checks()]
    assert scenes.scene().id == second_scene.id and scenes.check().name == f"{names[0]} (2)"
    assert panel.matrix_model.columnCount() == len(second_scene.checks) + 1
    # Del deletes the check.
    scenes.check_view.setFocus()
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(scenes.check_view, Qt.Key.Key_Delete)
    assert len(store.scenes.get(second_scene.id).checks) == len(second_scene.checks)

    # Scenes: duplicate (with its checks), rename in place, move up, delete after confirming.
    scenes.scene_view.setFocus()
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(scenes.scene_view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    listed = store.scenes.list()
    assert [s.name for s in listed] == [first_scene.name, second_scene.name, f"{second_scene.name} (2)"]
    assert [c.name for c in listed[2].ordered_checks()] == [c.name for c in listed[1].ordered_checks()]
    assert {c.id for c in listed[2].checks}.isdisjoint({c.id for c in listed[1].checks})
    qtbot.keyClick(scenes.scene_view, Qt.Key.Key_F2)
    editor = scenes.scene_view.focusWidget()
    editor.selectAll()
    qtbot.keyClicks(editor, "The ambush")
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    scenes.scene_view.setFocus()
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(scenes.scene_view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert [s.name for s in store.scenes.list()] == [first_scene.name, "The ambush", second_scene.name]
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.No)
    qtbot.keyClick(scenes.scene_view, Qt.Key.Key_Delete)
    assert len(asked) == 1 and len(store.scenes.list()) == 3  # declined: nothing deleted
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.keyClick(scenes.scene_view, Qt.Key.Key_Delete)
    assert [s.name for s in store.scenes.list()] == [first_scene.name, second_scene.name]


def test_matrix_follows_sheets_conditions_and_dcs_live(qtbot, panel, store, bus):
    m = panel.matrix_model
    scene = store.scenes.list()[0]
    hero = store.characters.list("pc")[0]
    resets = m.resets
    before = matrix_chances(panel)

    # A sheet edit (another panel saved it and said so on the bus).
    hero.sheet.abilities["str"] += 4
    store.characters.update(hero)
    with qtbot.assertNotEmitted(m.modelReset), qtbot.waitSignal(m.dataChanged):
        bus.characterChanged.emit(hero.id)
    first = scene.ordered_checks()[0]  # Athletics: strength
    encounter = store.encounter.get()
    hero = store.characters.get(hero.id)
    assert m.index(0, 0).data(PrepMatrixModel.ChanceRole) == engine_chance(store, hero, first)
    assert m.index(0, 0).data(PrepMatrixModel.ChanceRole) > before[0][0]
    assert matrix_chances(panel)[1:] == before[1:]  # the others did not move

    # A condition in the fight: sickened 3 on the hero.
    combatant = next(c for c in encounter.combatants if c.character_id == hero.id)
    combatant.conditions = [ConditionState("sickened", 3)]
    store.encounter.save(encounter)
    bus.encounterChanged.emit()
    outside = matrix_chances(panel)  # prep odds stay the characters' odds outside the fight…
    assert outside[0] == [engine_chance(store, hero, prepared) for prepared in scene.ordered_checks()]
    # … until the GM ticks "With current conditions".
    with qtbot.assertNotEmitted(m.modelReset), qtbot.waitSignal(m.dataChanged):
        click(qtbot, panel.conditions_box)
    assert panel.conditions_box.isChecked()
    for c, prepared in enumerate(scene.ordered_checks()):
        assert m.index(0, c).data(PrepMatrixModel.ChanceRole) == engine_chance(
            store, hero, prepared, (ConditionState("sickened", 3),)) < outside[0][c]
    conditions = {c.character_id: tuple(c.conditions) for c in encounter.combatants if c.character_id}

    # A DC typed in the form.
    with qtbot.assertNotEmitted(m.modelReset), qtbot.waitSignal(bus.prepChanged):
        type_into(qtbot, panel.editor.target_spin.lineEdit(), "12")
    assert store.scenes.get(scene.id).ordered_checks()[0].dc == 12
    assert m.headerData(0, Qt.Orientation.Horizontal).endswith("DC 12")
    second = store.characters.list("pc")[1]
    assert m.index(1, 0).data(PrepMatrixModel.ChanceRole) == engine_chance(
        store, second, replace(first, dc=12), conditions.get(second.id, ()))
    assert m.resets == resets  # the table never reset: selection and scroll stay


def test_clicking_a_cell_shows_its_detail_and_selects_its_check(qtbot, panel, store):
    m = panel.matrix_model
    rect = panel.matrix.visualRect(m.index(2, 1))
    qtbot.mouseClick(panel.matrix.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    prepared = store.scenes.list()[0].ordered_checks()[1]
    member = store.characters.list("pc")[2]
    assert panel.scenes.check().id == prepared.id
    assert panel.editor.name_edit.text() == prepared.name
    assert panel.tabs.currentWidget() is panel.detail
    assert panel.detail.title.text().startswith(f"{member.name} — {prepared.name}")
    odds = m.index(2, 1).data(PrepMatrixModel.OddsRole)
    texts = [panel.detail.tiers.item(r, 1).text() for r in range(panel.detail.tiers.rowCount())]
    from gmdesk.engine.series import percent_text

    assert texts == [percent_text(p) for p in reversed(list(odds.tiers.values()))]
    # The sweep chart: the success bands at the prepared DC are the cell's odds.
    chart = panel.detail.chart
    i = chart.sweep.targets.index(prepared.dc)
    assert sum(chart.sweep.heights[t][i] for t in ("success", "critical_success")) == pytest.approx(float(odds.success))
    assert chart.marker.value() == prepared.dc


def test_panel_renders_readably(qtbot, panel, tmp_path):
    """The panel at 1280×800, on each tab, to PNG (and its matrix holds real figures)."""
    for tab in range(panel.tabs.count()):
        panel.tabs.setCurrentIndex(tab)
        qtbot.wait(10)
        image = panel.grab().toImage()
        assert image.width() == 1280 and image.height() == 800
        image.save(str(tmp_path / f"prep-{tab}.png"))
    assert all(panel.matrix_model.index(0, c).data().endswith("%") for c in range(panel.matrix_model.columnCount()))


def test_closed_campaign_empties_the_panel(qtbot, panel):
    panel.set_campaign(None)
    assert panel.matrix_model.rowCount() == 0 and panel.scenes.scene_model.rowCount() == 0
    assert not panel.export_action.isEnabled() and not panel.scenes.new_scene_action.isEnabled()
    assert not panel.editor.isEnabled()


def test_the_selected_cell_keeps_its_colour_inside_a_frame(qtbot, panel):
    from PySide6.QtGui import QColor

    from gmdesk.ui.theme import MARKER_HEX

    m = panel.matrix_model
    index = m.index(1, 2)
    rect = panel.matrix.visualRect(index)
    qtbot.mouseClick(panel.matrix.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    image = panel.matrix.viewport().grab().toImage()
    ramp = index.data(Qt.ItemDataRole.BackgroundRole)
    inside = image.pixelColor(rect.left() + 6, rect.top() + 6)
    assert inside.name() == ramp.name()  # not the style's selection colour
    assert image.pixelColor(rect.left() + 2, rect.center().y()).name() == QColor(MARKER_HEX).name()
    other = m.index(0, 0)
    orect = panel.matrix.visualRect(other)
    assert image.pixelColor(orect.left() + 2, orect.center().y()).name() == other.data(Qt.ItemDataRole.BackgroundRole).name()


def test_french_decimals(qtbot, panel, monkeypatch):
    """In French the percentages take a decimal comma (the language as the window's i18n reports it)."""
    from gmdesk.ui import i18n

    monkeypatch.setattr(i18n, "current_language", lambda: "fr")
    panel.retranslate()
    texts = [panel.matrix_model.index(r, c).data() for r in range(panel.matrix_model.rowCount())
             for c in range(panel.matrix_model.columnCount())]
    assert all(t.endswith(" %") and "." not in t for t in texts)
    panel.tabs.setCurrentWidget(panel.detail)
    assert all("," in panel.detail.tiers.item(r, 1).text() for r in range(panel.detail.tiers.rowCount()))
    panel.tabs.setCurrentWidget(panel.solver)
    assert "," in panel.solver.answer_label.text()


def test_a_read_only_campaign_is_shown_but_never_written(qtbot, tmp_path, bus):
    from gmdesk.store.campaign_store import CampaignStore

    path = tmp_path / "ro.gmdesk"
    create_campaign(path, "pf2", "", True, "en").close()
    store = CampaignStore.open(path, read_only=True)
    p = PrepPanel(bus)
    qtbot.addWidget(p)
    p.set_campaign(store)
    assert p.matrix_model.rowCount() > 0 and p.matrix_model.columnCount() > 0
    scenes = p.scenes
    for action in (scenes.new_scene_action, scenes.delete_scene_action, scenes.new_check_action,
                   scenes.delete_check_action, p.roll_pane.roll_action):
        assert not action.isEnabled()
    assert not p.editor.isEnabled()
    assert not scenes.scene_model.flags(scenes.scene_model.index(0)) & Qt.ItemFlag.ItemIsEditable
    p.tabs.setCurrentWidget(p.solver)
    assert p.solver.solved is not None and not p.solver.apply_button.isEnabled()
    p.tabs.setCurrentWidget(p.roll_pane)
    assert p.roll_pane.who_list.count() > 0 and not p.roll_pane.roll_action.isEnabled()
    store.close()


def test_house_rules_reach_the_matrix(qtbot, tmp_path, bus):
    """settingsChanged: dnd5e Heroic Inspiration counted in the odds (ruling R-2) or not."""
    store = create_campaign(tmp_path / "h.gmdesk", "dnd5e", "", True, "en")
    hero = store.characters.list("pc")[0]
    hero.sheet.heroic_inspiration = True
    store.characters.update(hero)
    p = PrepPanel(bus)
    qtbot.addWidget(p)
    p.set_campaign(store)
    m = p.matrix_model
    prepared = store.scenes.list()[0].ordered_checks()[0]

    def engine():
        return build_check(store.characters.get(hero.id), prepared.check, Situation(dc=prepared.dc),
                           (), store.info.house_rules).odds().success

    counted = m.index(0, 0).data(PrepMatrixModel.ChanceRole)
    assert counted == engine()
    info = store.info
    info.house_rules.inspiration_in_odds = not info.house_rules.inspiration_in_odds
    store.update_info(info)
    with qtbot.assertNotEmitted(m.modelReset), qtbot.waitSignal(m.dataChanged):
        bus.settingsChanged.emit()
    assert m.index(0, 0).data(PrepMatrixModel.ChanceRole) == engine() != counted
    store.close()
