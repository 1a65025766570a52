"""The whole window: Initiative and Prep docked with the others, the check panel following the
initiative queue copy by copy, panels that let go of a closed campaign, and a window that stays
within 1280 px in both languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox

from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.model import Combatant
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.i18n import Translations
from gmdesk.ui.panels.check.panel import CheckPanel
from gmdesk.ui.panels.encounter.panel import EncounterPanel
from gmdesk.ui.panels.prep.panel import PrepPanel
from gmdesk.ui.panels.log.panel import RollLogPanel

# The fight's helpers (pytest's default "prepend" import mode puts this folder on sys.path).
from test_encounter_fight import click_row  # noqa: E402


def raised(window, name: str) -> bool:
    """The dock's tab is the one shown (its panel is on screen, not behind another tab)."""
    return window.panels[name].isVisible() and not window.panels[name].visibleRegion().isEmpty()


def test_initiative_and_prep_are_docked_as_tabs_with_menus_and_shared_undo(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    assert isinstance(window.panels["encounter"], EncounterPanel) and isinstance(window.panels["prep"], PrepPanel)
    assert window.docks["encounter"] in window.tabifiedDockWidgets(window.docks["sheet"])
    assert window.docks["prep"] in window.tabifiedDockWidgets(window.docks["check"])
    # The Table layout at start: Initiative and the check panel are the tabs shown, the others wait.
    qtbot.waitUntil(lambda: raised(window, "encounter") and raised(window, "check"))
    assert not raised(window, "sheet") and not raised(window, "prep")
    assert window.panels["encounter"].store is window.store and window.panels["prep"].store is window.store
    assert window.panels["encounter"].undo_stack is window.undo_stack
    # File menu: both exports; View menu: a toggle for every dock.
    files = window.file_menu.actions()
    assert window.panels["prep"].export_action in files and window.panels["log"].export_action in files
    assert window.panels["prep"].export_action.text() == "Export prep sheet…"
    toggles = {a.text() for a in window.view_menu.actions()}
    assert {"Party", "Sheet — Brunhild", "Check", "Roll log", "Initiative", "Prep"} <= toggles
    prep_toggle = window.docks["prep"].toggleViewAction()
    prep_toggle.trigger()
    assert not window.docks["prep"].isVisible()
    prep_toggle.trigger()
    assert window.docks["prep"].isVisible()


def test_the_raised_tabs_are_remembered_and_reset_layout_restores_the_default(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.docks["sheet"].raise_()
    window.docks["prep"].raise_()
    qtbot.waitUntil(lambda: raised(window, "sheet") and raised(window, "prep"))
    window.close()
    again = make_window()
    assert again.store.path == demo_file
    qtbot.waitUntil(lambda: raised(again, "sheet") and raised(again, "prep"))
    assert not raised(again, "encounter") and not raised(again, "check")
    again.reset_layout_action.trigger()
    qtbot.waitUntil(lambda: raised(again, "encounter") and raised(again, "check"))


def test_the_check_panel_follows_the_queue_copy_by_copy(make_window, demo_file, qtbot):
    """Two copies of one monster, one frightened: a click on each in the queue shows its own odds."""
    window = make_window(demo_file)
    window.docks["encounter"].raise_()
    fight, checks, party = window.panels["encounter"], window.panels["check"], window.panels["party"]
    qtbot.waitUntil(fight.table.isVisible)
    store = window.store
    goblin = next(c for c in store.characters.list("npc") if c.name == "Goblin")
    fight.add_combatants([Combatant(None, "Goblin bis", goblin.id)])
    twin = next(c for c in fight.encounter.combatants if c.name == "Goblin bis")
    fight.add_condition(twin.id, "frightened", 2)
    first = next(c for c in fight.encounter.combatants if c.name == "Goblin")
    assert not any(s.key == "frightened" for s in first.conditions)

    def engine_odds(conditions):
        return build_check(store.characters.get(goblin.id), checks.ref(), Situation(dc=checks.target.dc()),
                           conditions, store.info.house_rules).odds()

    click_row(qtbot, fight, "Goblin")
    assert checks.actor_combo.currentData() == goblin.id
    plain = checks.view.odds
    assert plain == engine_odds(first.conditions)
    assert checks.followed_label.isVisible() and "Goblin" in checks.followed_label.text()
    click_row(qtbot, fight, "Goblin bis")
    assert checks.actor_combo.currentData() == goblin.id
    scared = checks.view.odds
    assert scared == engine_odds(fight.current_conditions(twin.id)) != plain
    assert scared.success < plain.success
    assert any(item.text(0) == "-2" and "frightened" in item.text(1) for item in checks.breakdown.lines())
    assert "Goblin bis" in checks.followed_label.text()
    # The twin's fear wears off (removed): the panel, still on the twin, recomputes.
    fight.remove_condition(twin.id, "frightened")
    assert checks.view.odds == plain
    fight.add_condition(twin.id, "frightened", 2)
    assert checks.view.odds == scared
    # A PC in the queue, then the goblin picked in the party table: no copy followed any more.
    pc = next(c for c in fight.encounter.combatants if c.kind == "pc")
    click_row(qtbot, fight, pc.name)
    assert checks.actor_combo.currentData() == pc.character_id and pc.name in checks.followed_label.text()
    party.table.selectRow(party.model.ids().index(goblin.id))
    assert checks.actor_combo.currentData() == goblin.id
    assert not checks.followed_label.isVisible()
    assert checks.view.odds == plain  # the sheet's first place in the queue: the original Goblin


def test_opening_the_window_shows_the_first_party_member_not_the_queue(make_window, demo_file):
    window = make_window(demo_file)
    first = window.panels["party"].model.ids()[0]
    assert window.panels["check"].actor_combo.currentData() == first
    assert window.panels["sheet"].character_id == first
    assert window.panels["encounter"].selected_id() is not None  # whose turn it is, shown in the queue
    assert not window.panels["check"].followed_label.isVisible()


@pytest.mark.parametrize("panel_class", [PrepPanel, CheckPanel, RollLogPanel])
def test_a_closed_panel_lets_go_of_its_campaign(qtbot, tmp_path, gm_app, panel_class):
    """A panel closed on its own, its store closed after it, then a language change reaches it
    before Qt deletes it: it must not read the closed file (this used to fail the next test)."""
    store = create_campaign(tmp_path / "c.gmdesk", "pf2", "", True, "en")
    panel = panel_class(CampaignBus())
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.show()
    qtbot.waitExposed(panel)
    panel.close()
    assert panel.store is None
    store.close()
    translations = Translations(gm_app)
    try:
        translations.install("fr")  # LanguageChange to every widget, this one included
        QCoreApplication.processEvents()
    finally:
        translations.install("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_window_fits_1280_wide_and_the_log_filters_stand_beside_the_rolls(make_window, demo_file, qtbot, lang):
    """The grown log's filters in a column left of the rolls (its height is all rows: 8 under the
    Prep docks at 1280×720, issue 24), never widening the window, even in a narrow dock."""
    window = make_window(demo_file, lang=lang, show=False)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    log = window.panels["log"]
    log.set_strip(False)  # the whole log, grown from its one-line strip
    qtbot.waitUntil(lambda: window.docks["log"].height() > 120)
    assert window.minimumSizeHint().width() <= 1280 and window.width() == 1280
    combos = [log.actor_combo, log.session_combo, log.tier_combo, log.secret_combo]
    tops = [c.mapTo(log, c.rect().topLeft()).y() for c in combos]
    assert tops == sorted(set(tops))  # one under the other
    left_of_rolls = log.table.mapTo(log, log.table.rect().topLeft()).x()
    assert all(c.mapTo(log, c.rect().topRight()).x() < left_of_rolls for c in combos)
    assert max(c.mapTo(log, c.rect().bottomLeft()).y() for c in combos) <= log.table.mapTo(log, log.table.rect().bottomLeft()).y()
    assert log.minimumSizeHint().width() <= 600  # never wider than half of 1366
    # The GM moves the log into the left column, under the party: narrow, and the window stays put.
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.docks["log"], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: log.width() < 600)
    assert window.width() == 1280
    for combo in log.findChildren(QComboBox):
        right = combo.mapTo(log, combo.rect().topRight()).x()
        assert combo.isVisible() and right <= log.width(), combo.currentText()


def test_prep_charts_wait_until_the_gm_looks_at_prep(make_window, demo_file, qtbot):
    """The Prep dock is a hidden tab at start: its charts are built when it is raised, not before
    (each pyqtgraph chart costs 10–20 ms of the time to the first window)."""
    window = make_window(demo_file)
    prep = window.panels["prep"]
    assert not prep.detail._chart.is_built()
    assert not prep.solver._chart.is_built() and not prep.group._chart.is_built()
    window.docks["prep"].raise_()
    qtbot.waitUntil(lambda: prep.detail._chart.is_built())
    assert prep.detail.chart.isVisible()
    assert not prep.solver._chart.is_built()  # still a hidden tab inside the panel
