"""A GM's action within a frame or two (issue 25, item 4): what is behind another dock's tab waits
until the GM brings it to the front, and then shows what it would have shown."""

from __future__ import annotations

from gmdesk.ui.sheets.form import SheetForm


def on_screen(window, name: str) -> bool:
    return window.panels[name].isVisible() and not window.panels[name].visibleRegion().isEmpty()


def test_a_sheet_behind_the_initiative_tab_is_built_when_brought_to_the_front(make_window, demo_file, qtbot,
                                                                                 monkeypatch):
    window = make_window(demo_file)
    fight, sheet = window.panels["encounter"], window.panels["sheet"]
    window.docks["encounter"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "encounter") and not on_screen(window, "sheet"))
    builds = []
    original = SheetForm._build
    monkeypatch.setattr(SheetForm, "_build", lambda form: (builds.append(form), original(form))[1])
    shown = set()
    for _ in range(len(fight.encounter.combatants)):  # a round: every sheet in the queue comes up
        fight.next_turn()
        shown.add(sheet.character_id)
    assert len(shown) > 1 and sheet.character_id == fight.encounter.current().character_id
    assert builds == []  # behind the tab: nothing built on a turn
    window.docks["sheet"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "sheet"))
    assert builds  # brought to the front: built once, at once, for the acting character
    acting = window.store.characters.get(sheet.character_id)
    assert sheet.form.character.name == acting.name
    assert sheet.form.row(("name",)).editor.value() == acting.name
    # On screen, the next turn shows the next character's sheet there and then, as before.
    fight.next_turn()
    assert sheet.form.row(("name",)).editor.value() == window.store.characters.get(sheet.character_id).name


def test_prep_recomputes_on_a_turn_only_when_it_counts_the_fights_conditions(make_window, demo_file, qtbot,
                                                                                monkeypatch):
    import gmdesk.ui.panels.prep.panel as prep_module

    window = make_window(demo_file)
    fight, prep = window.panels["encounter"], window.panels["prep"]
    computed = []
    original = prep_module.compute_grid
    monkeypatch.setattr(prep_module, "compute_grid", lambda *a, **k: (computed.append(1), original(*a, **k))[1])
    fight.next_turn()
    pc = next(c for c in fight.encounter.queue() if c.kind == "pc")
    fight.add_condition(pc.id, "frightened", 2)
    assert computed == []  # the odds outside the fight: nothing in the fight moves them
    prep.conditions_box.setChecked(True)
    computed.clear()
    fight.remove_condition(pc.id, "frightened")
    prep.grid  # read: computed now if Prep is behind a tab (its matrix waits until the GM sees it)
    assert computed  # with the fight's conditions: a condition gone is recomputed
    assert prep.ctx.conditions.get(pc.character_id, ()) == tuple(fight.encounter.by_id(pc.id).conditions)


def test_the_check_panel_recomputes_on_a_fight_change_only_when_its_conditions_changed(make_window, demo_file,
                                                                                          qtbot, monkeypatch):
    window = make_window(demo_file)
    fight, checks = window.panels["encounter"], window.panels["check"]
    pc = next(c for c in fight.encounter.queue() if c.kind == "pc")
    fight._select(pc.id)  # the check panel follows the PC
    assert checks.followed is not None and checks.followed.combatant_id == pc.id
    plain = checks.view.odds
    refreshed = []
    original = type(checks).refresh
    monkeypatch.setattr(type(checks), "refresh", lambda panel, *a, **k: (refreshed.append(1), original(panel, *a, **k))[1])
    fight.apply_hp("-1", pc.id)
    assert refreshed == []  # the same conditions: the same odds, nothing recomputed or redrawn
    fight.add_condition(pc.id, "frightened", 2)
    assert refreshed and checks.view.odds != plain
    refreshed.clear()
    fight.remove_condition(pc.id, "frightened")
    assert refreshed and checks.view.odds == plain


def test_a_sheet_behind_a_tab_keeps_nothing_of_the_campaign_left(make_window, demo_file, tmp_path, qtbot):
    from gmdesk.ui.campaign_files import create_campaign
    from PySide6.QtWidgets import QLineEdit

    other = tmp_path / "other.gmdesk"
    create_campaign(other, "pf2", "", False, "en").close()  # no one in it: no sheet to show
    window = make_window(demo_file)
    window.docks["sheet"].raise_()
    sheet = window.panels["sheet"]
    qtbot.waitUntil(lambda: on_screen(window, "sheet") and sheet.form.character is not None)
    name = sheet.form.character.name
    assert any(e.text() == name for e in sheet.form.findChildren(QLineEdit))
    window.docks["encounter"].raise_()
    qtbot.waitUntil(lambda: not on_screen(window, "sheet"))
    assert window.open_campaign(other)
    assert not any(e.text() == name for e in sheet.form.findChildren(QLineEdit))



def test_the_initiative_columns_are_measured_again_only_when_their_texts_change(make_window, demo_file, qtbot,
                                                                                monkeypatch):
    from gmdesk.ui.panels.encounter.panel import COLUMN_CAPS

    window = make_window(demo_file)
    fight = window.panels["encounter"]
    pc = next(c for c in fight.encounter.queue() if c.kind == "pc")
    measured = []
    original = type(fight.table).resizeColumnToContents
    monkeypatch.setattr(type(fight.table), "resizeColumnToContents",
                        lambda table, column: (measured.append(column), original(table, column))[1])
    fight._fit_columns()
    assert measured == []  # nothing changed since the fight was shown: nothing measured
    fight.apply_hp("-1", pc.id)
    assert measured  # an HP text changed: measured again, never left as it was
    widths = [fight.table.columnWidth(c) for c in COLUMN_CAPS]
    fight._widths_for = None  # measured afresh: the same widths
    fight._fit_columns()
    assert [fight.table.columnWidth(c) for c in COLUMN_CAPS] == widths
    fight.apply_hp("+1", pc.id)
    measured.clear()
    fight.apply_hp("-1", pc.id)  # texts already measured: their widths are known
    assert measured == [] and [fight.table.columnWidth(c) for c in COLUMN_CAPS] == widths


def test_the_player_window_shows_several_fight_changes_at_once_once(make_window, demo_file, qtbot, monkeypatch):
    window = make_window(demo_file)
    screen = window.player
    screen.open_action.trigger()
    qtbot.waitUntil(lambda: not screen._timer.isActive() and not screen._pending, timeout=2000)
    fight = window.panels["encounter"]
    shown = []
    original = type(screen)._show_fight
    monkeypatch.setattr(type(screen), "_show_fight", lambda s: (shown.append(1), original(s))[1])
    pc = next(c for c in fight.encounter.queue() if c.kind == "pc")
    fight.apply_hp("-1", pc.id)
    fight.apply_hp("-1", pc.id)  # two changes in one turn of the event loop (a macro, an undo of both)
    assert shown == []  # nothing read nor painted before the GM's window has done its part
    qtbot.waitUntil(lambda: not screen._timer.isActive() and not screen._pending, timeout=2000)
    assert shown == [1]
    hp = fight.encounter.by_id(pc.id).hp
    texts = [screen.window.fight_model.index(r, c).data() for r in range(screen.window.fight_model.rowCount())
             for c in range(screen.window.fight_model.columnCount())]
    assert pc.name in texts  # the fight as it is now, shown
    assert hp == pc.hp - 2


def test_the_check_panel_shows_the_next_combatant_with_one_computation(make_window, demo_file, qtbot, monkeypatch):
    window = make_window(demo_file)
    fight, checks = window.panels["encounter"], window.panels["check"]
    refreshed = []
    original = type(checks).refresh
    monkeypatch.setattr(type(checks), "refresh", lambda panel, *a, **k: (refreshed.append(1), original(panel, *a, **k))[1])
    for _ in range(len(fight.encounter.combatants)):  # a round: each linked combatant's odds come up
        refreshed.clear()
        fight.next_turn()
        acting = fight.encounter.current()
        if acting.character_id is not None:
            assert len(refreshed) == 1  # followed once, not once more when the fight's change is announced
            assert checks.followed.combatant_id == acting.id
            assert checks.actor_combo.currentData() == acting.character_id
