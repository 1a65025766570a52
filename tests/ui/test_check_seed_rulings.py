"""The check panel follows the seeds where the project had strayed (issue 23, item 8): dnd35 Climb
comes with "Failure costly" ticked, so no take 20 until the GM unticks it."""

from __future__ import annotations

from test_check_panel import assert_shows, click, engine_check, open_panel, pick  # noqa: F401 (a fixture)


def test_dnd35_climb_ticks_failure_costly_and_the_gm_may_untick_it(qtbot, open_panel):
    panel, store, _ = open_panel("dnd35")
    costly = panel.options.toggles["failure_has_consequences"]
    assert not costly.isChecked()
    pick(qtbot, panel.check_combo, "Climb")
    assert costly.isChecked()
    click(qtbot, panel.options.toggles["take20"])
    assert panel.error_label.isVisibleTo(panel) and "take 20" in panel.error_label.text()
    assert not panel.roll_action.isEnabled()
    click(qtbot, costly)  # the GM: nothing happens if this climber slips
    assert not panel.error_label.isVisibleTo(panel) and panel.roll_action.isEnabled()
    actor = store.characters.get(panel.actor_combo.currentData())
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), dc=panel.target.dc_spin.value(), take20=True,
                                     failure_has_consequences=False).odds())
    pick(qtbot, panel.check_combo, "Search")
    assert not costly.isChecked()
