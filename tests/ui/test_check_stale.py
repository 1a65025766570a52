"""Nothing the check panel shows outlives what it belongs to (issue 23, items 1 and 2): an impossible
check shows no figure, a roll leaves with its actor, check or turn, a secret roll is one actor's,
a typed DC comes back after a look at an opponent, and the "Not possible" message moves nothing."""

from __future__ import annotations

import pytest

from gmdesk.campaign import turns
from gmdesk.campaign.checks import Situation, build_check

from test_check_panel import open_panel  # noqa: F401 (the fixture)


def pick(combo, text: str) -> None:
    index = next(i for i in range(combo.count()) if combo.itemText(i).startswith(text))
    combo.setCurrentIndex(index)


def test_the_sweep_reads_the_ac_the_armour_raised(open_panel):
    """pf2: Grikkit's Scimitar against Brunhild (chain mail +4 on her AC 14): the chart's axis is
    the AC the panel says, its marker there, and the bar there holds the odds shown."""
    panel, store, _ = open_panel("pf2")
    pick(panel.actor_combo, "Grikkit")
    pick(panel.check_combo, "Scimitar")
    pick(panel.target.against_combo, "Brunhild")
    check = panel.view.check
    effective = check.effective_dc
    assert effective != check.dc  # the armour moves it: the case the chart got wrong
    assert panel.target.effective_label.text() == f"= AC {effective}"
    sweep = panel.sweep_chart
    assert sweep.marker.value() == effective and sweep.marker.label.format == f"AC {effective}"
    xs = list(sweep.band("success").opts["x"])
    for x in (effective, check.dc):
        odds = check.with_target(x - (effective - check.dc)).odds()
        for tier, p in odds.tiers.items():
            assert sweep.band(tier).opts["height"][xs.index(x)] == pytest.approx(float(p), abs=1e-12)
    assert panel.summary_label.text().endswith(panel.view.percent(check.odds().success))


def test_an_impossible_check_shows_no_figure_and_moves_nothing(qtbot, open_panel):
    """dnd35: take 10 while threatened is not allowed: the bars, percentages, sweep and breakdown
    of the possible check go, and the message, beside them, moves none of the options."""
    panel, store, _ = open_panel("dnd35")
    options_y = panel.options.mapTo(panel.controls, panel.options.rect().topLeft()).y()
    panel.options.toggles["take10"].setChecked(True)
    assert panel.view is not None and panel.tier_table.texts()
    panel.options.toggles["threatened"].setChecked(True)
    qtbot.wait(10)
    assert panel.error_label.isVisibleTo(panel) and panel.error_label.text()
    assert panel.view is None
    assert panel.tier_table.texts() == {}
    assert panel.tier_chart.heights() == [] and panel.tier_chart.visible_value_texts() == []
    assert panel.sweep_chart.shown_tiers() == [] and not panel.sweep_chart.marker.isVisible()
    assert panel.summary_label.text() == "" and panel.breakdown.topLevelItemCount() == 0
    assert not panel.roll_action.isEnabled()
    assert panel.options.mapTo(panel.controls, panel.options.rect().topLeft()).y() == options_y
    panel.options.toggles["threatened"].setChecked(False)
    assert panel.view is not None and panel.tier_chart.heights() and panel.sweep_chart.shown_tiers()
    assert panel.options.mapTo(panel.controls, panel.options.rect().topLeft()).y() == options_y


def test_a_roll_leaves_with_its_actor_check_and_turn(open_panel):
    panel, store, _ = open_panel("pf2")
    assert panel.roll() is not None and panel.result_view._shown is not None
    pick(panel.check_combo, "Athletics")  # another check
    assert panel.last_roll is None and panel.result_view._shown is None
    assert panel.roll() is not None
    panel.actor_combo.setCurrentIndex((panel.actor_combo.currentIndex() + 1) % panel.actor_combo.count())
    assert panel.last_roll is None and panel.result_view._shown is None
    assert panel.roll() is not None
    panel.target.dc_spin.setValue(panel.target.dc_spin.value() + 3)  # the same roll still on screen
    assert panel.last_roll is not None and panel.result_view._shown is not None
    encounter = store.encounter.get()
    turns.next_turn(encounter, "pf2")
    store.encounter.save(encounter)
    panel.bus.encounterChanged.emit()  # the turn passed
    assert panel.last_roll is None and panel.result_view._shown is None
    assert not panel.result_view.reroll_button.isVisibleTo(panel)


def test_secret_is_one_actors_and_a_typed_dc_comes_back(open_panel):
    panel, store, _ = open_panel("pf2")
    panel.options.secret.setChecked(True)
    pick(panel.check_combo, "Athletics")
    assert panel.options.secret.isChecked()  # the same actor's next check: still the GM's choice
    panel.actor_combo.setCurrentIndex(1)
    assert not panel.options.secret.isChecked()  # another actor rolls in the open
    assert panel.view.check.secret is False
    panel.target.dc_spin.setValue(23)
    pick(panel.target.against_combo, "Goblin")
    assert panel.target.dc_spin.value() != 23  # the opponent's DC, shown in the (disabled) box
    panel.target.against_combo.setCurrentIndex(0)  # typed in again
    assert panel.target.dc_spin.value() == 23
    actor = store.characters.get(panel.actor_combo.currentData())
    encounter = store.encounter.get()
    conditions = next((c.conditions for c in encounter.combatants if c.character_id == actor.id), ())
    expected = build_check(actor, panel.ref(), Situation(dc=23), conditions, store.info.house_rules).odds()
    assert panel.view.odds == expected


def test_a_dc_typed_for_another_actor_says_so(qtbot, open_panel):
    """The next combatant's check keeps the DC the GM typed, and says whose roll it was typed for."""
    from gmdesk.ui.i18n import Translations

    panel, store, _ = open_panel("pf2")
    first = panel.actor_combo.currentText()
    panel.target.dc_spin.setValue(21)
    assert panel.target.effective_label.text() == ""  # typed for this roll: nothing to say
    panel.actor_combo.setCurrentIndex(1)
    assert panel.target.dc_spin.value() == 21 and panel.view.target == 21
    assert panel.target.effective_label.text() == f"typed for {first}"
    translations = Translations()
    try:
        assert translations.install("fr")
        qtbot.waitUntil(lambda: panel.target.effective_label.text().startswith("saisi pour"))
    finally:
        translations.install("en")
    panel.target.dc_spin.setValue(22)  # typed again, for this actor
    assert panel.target.effective_label.text() == ""


def test_the_prep_detail_sweep_reads_the_dc_as_it_stands(qtbot, tmp_path):
    """A prepared check whose DC has modifiers on it (chain mail's +4 on an AC): the detail's chart
    reads the DC as it stands, marked there, with the cell's odds in that column."""
    import dataclasses

    from gmdesk.engine.core import Modifier
    from gmdesk.ui.campaign_files import create_campaign
    from gmdesk.ui.panels.prep.detail import PrepCellDetail
    from gmdesk.ui.panels.prep.grid import Cell, Grid, PrepContext, compute_grid

    store = create_campaign(tmp_path / "prep.gmdesk", "pf2", "", True, "en")
    try:
        ctx = PrepContext.from_store(store, "en")
        grid = compute_grid(ctx, store.scenes.list()[0])
        check = dataclasses.replace(grid.cell(0, 0).check, dc_modifiers=(Modifier(4, "Chain mail", "item"),))
        odds = check.odds()
        cells = ((Cell(True, check, odds),) + grid.cells[0][1:],) + grid.cells[1:]
        detail = PrepCellDetail()
        qtbot.addWidget(detail)
        detail.show()
        detail.show_cell(ctx, dataclasses.replace(grid, cells=cells), 0, 0)
        chart = detail.chart
        assert chart.marker.value() == check.effective_dc == check.dc + 4
        xs = list(chart.band("success").opts["x"])
        for tier, p in odds.tiers.items():
            assert chart.band(tier).opts["height"][xs.index(check.effective_dc)] == pytest.approx(float(p), abs=1e-12)
    finally:
        store.close()


def test_a_long_refusal_in_a_narrow_column_moves_no_control(qtbot, open_panel):
    """dnd35: take 20 when failure is costly is refused with a reason longer than the three lines
    once kept for it in the choices column (six in French at 1280×720): the options and modifiers
    under the GM's cursor stay put, the reason is read whole."""
    panel, _, _ = open_panel("dnd35")
    panel.splitter.setSizes([200, 900])  # the choices column as narrow as it gets
    qtbot.wait(10)

    def places():
        return [(w.mapTo(panel.controls, w.rect().topLeft()).y(), w.height()) for w in (panel.options, panel.modifiers)]

    before = places()
    panel.options.toggles["take20"].setChecked(True)
    panel.options.toggles["failure_has_consequences"].setChecked(True)
    qtbot.wait(10)
    label = panel.error_label
    assert label.isVisibleTo(panel) and "take 20" in label.text()
    assert label.fontMetrics().horizontalAdvance(label.text()) > 3 * panel.controls.width()  # a long one
    assert places() == before
    assert label.height() >= label.heightForWidth(label.width())  # whole
