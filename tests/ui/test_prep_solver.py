"""The DC solver and the group odds, driven from the panel, each answer checked against the engine at
every candidate DC (threshold, opposing pool): the DC gmdesk answers is the closest there is."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from gmdesk.campaign.checks import Situation, build_check
from gmdesk.systems.anarchy.data import DIFFICULTIES
from gmdesk.engine.prep.solver import DC_RANGE
from gmdesk.systems.anarchy.prep import THRESHOLD_RANGE
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.prep.panel import PrepPanel


def open_panel(qtbot, tmp_path, system):
    store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
    bus = CampaignBus()
    panel = PrepPanel(bus)
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.resize(1280, 800)
    panel.show()
    qtbot.waitExposed(panel)
    return panel, store, bus


def open_tab(qtbot, panel, widget) -> None:
    bar = panel.tabs.tabBar()
    index = panel.tabs.indexOf(widget)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert panel.tabs.currentWidget() is widget


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))


def set_chance(qtbot, spin, percent: int) -> None:
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), str(percent))
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)


def conditions_of(store, with_conditions=False):
    """The fight's conditions as prep counts them: none unless the GM ticks "with current conditions"."""
    encounter = store.encounter.get() if with_conditions else None
    out = {}
    for c in (encounter.queue() if encounter else []):
        if c.character_id is not None:
            out.setdefault(c.character_id, tuple(c.conditions))
    return out


def rollers(store, prepared):
    return [c for c in store.characters.list("pc") if not prepared.rollers or c.id in prepared.rollers]


def product(values):
    out = Fraction(1)
    for v in values:
        out *= v
    return out


def measure(goal: str, odds) -> Fraction:
    """The goal's value for the rollers' odds at one DC, written out from its definition."""
    success = [o.success for o in odds]
    if goal.startswith("crit_fail"):
        crit = [o.tiers["critical_failure"] for o in odds]
        return {"crit_fail_best": min, "crit_fail_worst": max,
                "crit_fail_average": lambda v: sum(v, Fraction(0)) / len(v)}[goal](crit)
    return {"best": lambda: max(success), "average": lambda: sum(success, Fraction(0)) / len(success),
            "worst": lambda: min(success), "at_least_one": lambda: 1 - product(1 - p for p in success),
            "all": lambda: product(success)}[goal]()


def engine_values(store, prepared, candidates, situation_at):
    """goal measure inputs at each candidate: the rollers' engine odds, built from scratch."""
    conditions, rules = conditions_of(store), store.info.house_rules
    out = []
    for t in candidates:
        odds = [build_check(c, prepared.check, situation_at(t), conditions.get(c.id, ()), rules).odds()
                for c in rollers(store, prepared)]
        out.append((t, odds))
    return out


def assert_closest(values, goal, wanted, answer, achieved, limit=False):
    by_target = {t: measure(goal, odds) for t, odds in values}
    assert by_target[answer] == achieved
    allowed = {t: v for t, v in by_target.items() if not limit or v <= wanted}
    if limit:
        assert achieved <= wanted
    best = min(abs(v - wanted) for v in allowed.values())
    assert abs(achieved - wanted) == best, (answer, achieved, sorted(allowed.items()))


@pytest.mark.parametrize("goal, percent", [("best", 60), ("average", 50), ("at_least_one", 90), ("all", 20),
                                           ("worst", 35)])
def test_pf2_dc_solver_answers_the_closest_dc(qtbot, tmp_path, goal, percent):
    panel, store, bus = open_panel(qtbot, tmp_path, "pf2")
    solver = panel.solver
    open_tab(qtbot, panel, solver)
    choose(solver.goal_combo, goal)
    set_chance(qtbot, solver.chance_spin, percent)
    solved = solver.solved
    assert solved is not None and solved.solution.goal == goal and solved.solution.wanted == Fraction(percent, 100)
    prepared = panel.scenes.check()
    values = engine_values(store, prepared, DC_RANGE, lambda dc: Situation(dc=dc))
    assert_closest(values, goal, Fraction(percent, 100), solved.target, solved.solution.achieved)
    # The chart draws the goal's curve, the wanted level and the answer.
    xs, ys = solver.chart.goal_data()
    by_target = {t: measure(goal, odds) for t, odds in values}
    assert solved.target in xs
    for x, y in zip(xs, ys):
        assert y == pytest.approx(float(by_target[int(x)]))
    assert solver.chart.marker.value() == solved.target
    assert solver.chart.wanted_line.value() == pytest.approx(percent / 100)
    assert f"DC {solved.target}" in solver.answer_label.text()

    # "Use" writes the answer into the prepared check; the matrix follows.
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.mouseClick(solver.apply_button, Qt.MouseButton.LeftButton)
    assert store.scenes.get_check(prepared.id).dc == solved.target
    assert panel.editor.target_spin.value() == solved.target
    assert panel.matrix_model.headerData(0, Qt.Orientation.Horizontal).endswith(f"DC {solved.target}")
    store.close()


def test_pf2_critical_failure_limit(qtbot, tmp_path):
    panel, store, _ = open_panel(qtbot, tmp_path, "pf2")
    solver = panel.solver
    open_tab(qtbot, panel, solver)
    choose(solver.goal_combo, "crit_fail_worst")
    assert solver.chance_spin.value() == 10  # a limit's usual figure is offered
    set_chance(qtbot, solver.chance_spin, 10)
    solved = solver.solved
    prepared = panel.scenes.check()
    values = engine_values(store, prepared, DC_RANGE, lambda dc: Situation(dc=dc))
    assert_closest(values, "crit_fail_worst", Fraction(1, 10), solved.target, solved.solution.achieved, limit=True)
    # The hardest DC that keeps the limit: one more and somebody critically fails more often.
    by_target = {t: measure("crit_fail_worst", odds) for t, odds in values}
    assert by_target[solved.target + 1] > Fraction(1, 10)
    store.close()


def test_goals_depend_on_the_system(qtbot, tmp_path):
    panel, store, _ = open_panel(qtbot, tmp_path, "dnd5e")
    goals = [panel.solver.goal_combo.itemData(i) for i in range(panel.solver.goal_combo.count())]
    assert goals == ["best", "average", "worst", "at_least_one", "all"]  # no critical failure outside pf2
    assert not panel.solver.mode_combo.isEnabled()
    store.close()


def test_anarchy_threshold_and_opposing_pool(qtbot, tmp_path):
    panel, store, bus = open_panel(qtbot, tmp_path, "anarchy")
    solver = panel.solver
    open_tab(qtbot, panel, solver)
    modes = [solver.mode_combo.itemData(i) for i in range(solver.mode_combo.count())]
    assert modes == ["threshold", "pool"]
    choose(solver.goal_combo, "at_least_one")
    set_chance(qtbot, solver.chance_spin, 75)
    prepared = panel.scenes.check()
    solved = solver.solved
    values = engine_values(store, prepared, THRESHOLD_RANGE, lambda t: Situation(threshold=t))
    assert_closest(values, "at_least_one", Fraction(3, 4), solved.target, solved.solution.achieved)
    assert f"threshold {solved.target}" in solver.answer_label.text()
    with qtbot.waitSignal(bus.prepChanged):
        qtbot.mouseClick(solver.apply_button, Qt.MouseButton.LeftButton)
    assert store.scenes.get_check(prepared.id).threshold == solved.target

    # An opposing pool from the difficulty table: the engine's own variable test at each difficulty.
    choose(solver.mode_combo, "pool")
    solved = solver.solved
    pools = {d.opposing_pool: d for d in DIFFICULTIES}
    values = engine_values(store, store.scenes.get_check(prepared.id), sorted(pools),
                           lambda pool: Situation(variable=True, difficulty=pools[pool].id))
    assert_closest(values, "at_least_one", Fraction(3, 4), solved.target, solved.solution.achieved)
    assert solved.solution.difficulty == pools[solved.target].id
    assert pools[solved.target].en in solver.answer_label.text()
    assert not solver.apply_button.isEnabled()  # a prepared check keeps a threshold, not a pool
    store.close()


def test_group_odds_against_the_engine(qtbot, tmp_path):
    panel, store, _ = open_panel(qtbot, tmp_path, "dnd5e")
    group = panel.group
    open_tab(qtbot, panel, group)
    prepared = panel.scenes.check()
    conditions, rules = conditions_of(store), store.info.house_rules
    chances = [build_check(c, prepared.check, Situation(dc=prepared.dc), conditions.get(c.id, ()), rules).odds().success
               for c in rollers(store, prepared)]
    odds = group.odds
    assert odds.at_least_one == 1 - product(1 - p for p in chances)
    assert odds.all == product(chances)
    assert odds.expected == sum(chances, Fraction(0))
    assert sum(odds.distribution) == 1 and len(odds.distribution) == len(chances) + 1
    from gmdesk.engine.series import percent_text

    assert group.any_label.text() == percent_text(odds.at_least_one)
    assert group.all_label.text() == percent_text(odds.all)
    # The chart: one curve per roller, each through its own chance at the prepared DC.
    assert len(group.chart.curves) == len(chances)
    for curve, p in zip(group.chart.curves, chances):
        x, y = curve.getData()
        assert y[list(x).index(prepared.dc)] == pytest.approx(float(p))
    assert not group.help_box.isVisibleTo(panel)  # no aid another in dnd5e
    store.close()


@pytest.mark.parametrize("system", ["dnd35", "anarchy"])
def test_aid_another_and_teamwork(qtbot, tmp_path, system):
    panel, store, _ = open_panel(qtbot, tmp_path, system)
    group = panel.group
    open_tab(qtbot, panel, group)
    assert group.help_box.isVisibleTo(panel)
    assert group.help_box.title() == ("Teamwork" if system == "anarchy" else "Aid another")
    prepared = panel.scenes.check()
    pcs = store.characters.list("pc")
    leader, helpers = pcs[0], pcs[1:3]
    group.leader_combo.setCurrentIndex(group.leader_combo.findData(leader.id))
    for i in range(group.helpers_list.count()):
        item = group.helpers_list.item(i)
        if item.data(Qt.ItemDataRole.UserRole) in {h.id for h in helpers}:
            item.setCheckState(Qt.CheckState.Checked)
    result = group.help_result
    conditions, rules = conditions_of(store), store.info.house_rules
    target = Situation(threshold=prepared.threshold) if system == "anarchy" else Situation(dc=prepared.dc)
    alone = build_check(leader, prepared.check, target, conditions.get(leader.id, ()), rules).odds()
    with_help = build_check(leader, prepared.check, Situation(**{**target.__dict__, "helpers": tuple(helpers)}),
                            conditions.get(leader.id, ()), rules).odds()
    assert result.alone.tiers == alone.tiers and result.helped.tiers == with_help.tiers
    assert result.helped.success >= result.alone.success
    assert result.helpers == tuple(h.name for h in helpers)
    assert leader.name not in [group.helpers_list.item(i).text() for i in range(group.helpers_list.count())]
    assert ", ".join(h.name for h in helpers) in group.help_label.text()
    store.close()
