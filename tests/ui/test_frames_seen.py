"""A GM's action within a frame or two (issue 25, item 4): a panel behind another dock's tab does none
of its work on a turn, a sheet edit or a campaign switch, and shows the figures it would have shown
(the engine's, the new campaign's) as soon as its tab is raised."""

from __future__ import annotations

from gmdesk.ui.panels.bestiary.threat_view import difficulty_text
from gmdesk.ui.sheets.form import SheetForm


def on_screen(window, name: str) -> bool:
    return window.panels[name].isVisible() and not window.panels[name].visibleRegion().isEmpty()


def behind(window, qtbot, name: str, front: str) -> None:
    window.docks[front].raise_()
    qtbot.waitUntil(lambda: on_screen(window, front) and not on_screen(window, name))


def counted(monkeypatch, owner, name: str) -> list:
    calls = []
    original = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda *a, **k: (calls.append(a), original(*a, **k))[1])
    return calls


def another_demo(tmp_path, system: str):
    """Another system's demo campaign (a party, scenes of checks): other odds everywhere."""
    from gmdesk.ui.campaign_files import create_campaign

    other = tmp_path / "other.gmdesk"
    create_campaign(other, system, "", True, "en").close()
    return other


def difficulty_now(window) -> str:
    store = window.store
    return difficulty_text(store.info.system, store.encounter.get(), store.characters.list(), "en")


def test_the_bestiary_behind_a_tab_reads_the_fight_when_brought_to_the_front(make_window, demo_file, qtbot,
                                                                                monkeypatch):
    window = make_window(demo_file)
    fight, bestiary = window.panels["encounter"], window.panels["bestiary"]
    behind(window, qtbot, "bestiary", "check")
    reads = counted(monkeypatch, bestiary.threat, "show_for")
    fight.next_turn()
    npc = next(c for c in fight.encounter.queue() if c.kind != "pc")
    fight.select_id(npc.id)
    fight.remove_selected()  # the fight's difficulty changes: one creature fewer
    qtbot.wait(30)
    assert reads == []  # off screen: nothing read, however the fight changed
    window.docks["bestiary"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "bestiary") and len(reads) == 1)
    assert bestiary.difficulty.text() == difficulty_now(window)
    assert npc.name not in [bestiary.threat.horizontalHeaderItem(c).text()
                            for c in range(bestiary.threat.columnCount())]


def test_preps_difficulty_behind_a_tab_follows_the_fight_and_the_campaign_once_shown(make_window, demo_file, qtbot,
                                                                                      tmp_path, monkeypatch):
    from gmdesk.ui.campaign_files import create_campaign

    window = make_window(demo_file)
    fight, prep = window.panels["encounter"], window.panels["prep"]
    label = prep.difficulty_label
    behind(window, qtbot, "prep", "check")
    reads = counted(monkeypatch, label, "show_for")
    npc = next(c for c in fight.encounter.queue() if c.kind != "pc")
    fight.select_id(npc.id)
    fight.remove_selected()
    assert reads == []
    window.docks["prep"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "prep") and bool(reads))
    assert label.text() == difficulty_text(window.store.info.system, window.store.encounter.get(),
                                           window.store.characters.list(), "en", False)
    assert label.text()  # the demo's fight has a difficulty: the comparison is of something
    # Another campaign opened while Prep is behind a tab: nothing of the fight before stays in it.
    behind(window, qtbot, "prep", "check")
    other = tmp_path / "other.gmdesk"
    create_campaign(other, "dnd5e", "", False, "en").close()  # no fight in it
    assert window.open_campaign(other)
    assert label.text() in ("", difficulty_text("dnd5e", window.store.encounter.get(), [], "en", False))


def test_a_campaign_opened_behind_the_initiative_tab_builds_no_sheet_until_shown(make_window, demo_file, qtbot,
                                                                                 tmp_path, monkeypatch):
    from gmdesk.ui.campaign_files import create_campaign
    from PySide6.QtWidgets import QLineEdit

    other = tmp_path / "other.gmdesk"
    create_campaign(other, "pf2", "", True, "en").close()  # the demo again: a party, a sheet shown
    window = make_window(demo_file)
    sheet = window.panels["sheet"]
    behind(window, qtbot, "sheet", "encounter")
    builds = counted(monkeypatch, SheetForm, "_build")
    assert window.open_campaign(other)
    qtbot.wait(30)
    assert sheet.character_id is not None and builds == []  # behind the tab: not built
    window.docks["sheet"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "sheet") and bool(builds))
    shown = window.store.characters.get(sheet.character_id)
    assert sheet.form.row(("name",)).editor.value() == shown.name
    assert any(e.text() == shown.name for e in sheet.form.findChildren(QLineEdit))


def test_a_campaign_switch_leaves_the_docks_where_they_are(make_window, demo_file, tmp_path, qtbot):
    """Opening a campaign of the same system over another: the docks keep their sizes, and are not
    resized a few pixels and back (each time repainting every chart) on the way."""
    from PySide6.QtCore import QEvent, QObject

    from gmdesk.ui.campaign_files import create_campaign

    other = tmp_path / "other.gmdesk"
    create_campaign(other, "pf2", "", True, "en").close()
    window = make_window(demo_file)
    assert window.open_campaign(other)
    # A first start's docks settle over a few turns of the event loop (not this test's): until then.
    before = None
    for _ in range(20):
        qtbot.wait(150)
        now = {name: dock.size() for name, dock in window.docks.items()}
        if now == before:
            break
        before = now

    class Resizes(QObject):
        def __init__(self):
            super().__init__()
            self.seen = []

        def eventFilter(self, watched, event):  # noqa: N802
            if event.type() == QEvent.Type.Resize:
                self.seen.append(watched.objectName())
            return False

    resizes = Resizes()
    sizes = {name: dock.size() for name, dock in window.docks.items()}
    for dock in window.docks.values():
        dock.installEventFilter(resizes)
    for campaign in (demo_file, other):
        assert window.open_campaign(campaign)
        qtbot.wait(100)  # the refit after a switch waits one turn of the event loop
    assert resizes.seen == [], [(n, d.size(), sizes[n]) for n, d in window.docks.items() if d.size() != sizes[n]]
    assert {name: dock.size() for name, dock in window.docks.items()} == sizes


def test_the_check_charts_are_redrawn_only_when_their_odds_change(make_window, demo_file, qtbot, monkeypatch):
    from gmdesk.ui.panels.check.setup import compute

    window = make_window(demo_file)
    fight, check = window.panels["encounter"], window.panels["check"]
    tier, sweep = check.tier_chart, check.sweep_chart
    fight.next_turn()
    shown = check.followed.combatant_id if check.followed else None
    bars = counted(monkeypatch, tier.bars, "setOpts")
    bands = [counted(monkeypatch, band, "setOpts") for band in sweep.bands.values()]
    rows = counted(monkeypatch, check.breakdown, "clear")
    other = next(c for c in fight.encounter.queue() if c.id != shown and c.character_id != check.actor().id)
    fight.add_condition(other.id, "frightened", 2)  # someone else's: the odds shown stay as they were
    assert bars == [] and all(b == [] for b in bands) and rows == []
    assert tier.heights() == [float(h) for h in compute(check.setup(), check.context).bars.heights]
    assert shown is not None  # the check panel follows whoever acts
    me = next(c for c in fight.encounter.queue() if c.id == shown)
    fight.add_condition(me.id, "frightened", 2)  # the one shown: its odds fall, both charts follow
    expected = compute(check.setup(), check.context)
    assert bars and tier.heights() == [float(h) for h in expected.bars.heights]
    assert sweep.sweep == expected.sweep


def test_a_turn_paints_each_check_chart_once(make_window, demo_file, qtbot):
    """The labels on the bars and the DC marker are placed with the new odds, not while painting
    (placed then, a chart was painted again on the next frame)."""
    from PySide6.QtCore import QEvent, QObject

    from gmdesk.ui.panels.check.setup import compute

    window = make_window(demo_file)
    fight, check = window.panels["encounter"], window.panels["check"]
    charts = {"tier": check.tier_chart.viewport(), "sweep": check.sweep_chart.viewport()}
    fight.next_turn()
    qtbot.wait(100)

    class Paints(QObject):
        def __init__(self):
            super().__init__()
            self.count = dict.fromkeys(charts, 0)

        def eventFilter(self, watched, event):  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                self.count[next(k for k, v in charts.items() if v is watched)] += 1
            return False

    paints = Paints()
    for viewport in charts.values():
        viewport.installEventFilter(paints)
    changed = 0
    for _ in range(4):
        shown = list(check.tier_chart.heights())
        paints.count = dict.fromkeys(charts, 0)
        fight.next_turn()
        qtbot.wait(150)
        expected = [float(h) for h in compute(check.setup(), check.context).bars.heights]
        assert check.tier_chart.heights() == expected
        if expected != shown:
            changed += 1
            assert paints.count == {"tier": 1, "sweep": 1}
    assert changed  # the demo's turns do move the odds: the test saw charts redrawn


def test_preps_matrix_behind_a_tab_is_computed_for_the_new_campaign_once_shown(make_window, demo_file, qtbot,
                                                                               tmp_path, monkeypatch):
    """A campaign switch with Prep behind the Initiative's tab computes no odds there; raised, Prep
    shows the new campaign's matrix, the same as computing it afresh."""
    from gmdesk.ui.panels.prep import panel as prep_module

    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    prep = window.panels["prep"]
    behind(window, qtbot, "prep", "check")
    computed = counted(monkeypatch, prep_module, "compute_grid")
    assert window.open_campaign(other)
    qtbot.wait(30)
    assert computed == []  # behind the tab: no odds computed for nobody
    window.docks["prep"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "prep") and bool(computed))
    fresh = prep_module.compute_grid(prep.ctx, prep.scenes.scene(), prep_module.BuildMemo())
    model = prep.matrix_model
    shown = [[model.data(model.index(r, c)) for c in range(model.columnCount())] for r in range(model.rowCount())]
    assert model.rowCount() == len(fresh.members) > 0 and model.columnCount() == len(fresh.checks) > 0
    assert [m.id for m in model.grid.members] == [m.id for m in fresh.members]
    assert [[model.grid.cell(r, c).chance for c in range(len(fresh.checks))] for r in range(len(fresh.members))] == \
        [[fresh.cell(r, c).chance for c in range(len(fresh.checks))] for r in range(len(fresh.members))]
    assert all(all(cell for cell in row) for row in shown)


def test_preps_grid_read_while_behind_a_tab_is_the_current_one(make_window, demo_file, qtbot, tmp_path):
    """Code reading Prep's odds while it is off screen (an export, a test) gets them up to date."""
    from gmdesk.ui.panels.prep import panel as prep_module

    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    prep = window.panels["prep"]
    behind(window, qtbot, "prep", "check")
    assert window.open_campaign(other)
    fresh = prep_module.compute_grid(prep.ctx, prep.scenes.scene(), prep_module.BuildMemo())
    assert [c.id for c in prep.grid.checks] == [c.id for c in fresh.checks] != []
