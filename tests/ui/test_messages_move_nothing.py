"""Issue 24, "no layout shift under the cursor": where a message appears under the GM's cursor (the
Prep DC solver's answer or "No answer", the import preview's refusal line, the Bestiary dock's
status line, the Fight odds tab's refusal, the house rules dialog's examples and its "This cannot be
saved" line), the controls around it stay where they were. The check panel's "Not possible" is
measured by the screen tour (``tour.message_room_findings``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QWidget

from gmdesk.ui.campaign_files import create_campaign

from tests.ui.test_bestiary_dock import dnd, docks_let_go, open_dock  # noqa: F401 (fixtures)
from tests.ui.test_fight_odds_dock import odds_tab, simulate
from tests.ui.test_prep_solver import open_panel, open_tab

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def places(root: QWidget, widgets) -> list[tuple]:
    """Where each of ``widgets`` is in ``root``, and its size."""
    QApplication.processEvents()
    return [(w.objectName() or type(w).__name__, w.mapTo(root, QPoint(0, 0)).toTuple(), w.size().toTuple())
            for w in widgets]


def test_the_dc_solvers_answer_and_no_answer_move_none_of_its_controls(qtbot, tmp_path):
    panel, store, _ = open_panel(qtbot, tmp_path, "pf2")
    solver = panel.solver
    open_tab(qtbot, panel, solver)
    controls = [solver.goal_combo, solver.chance_spin, solver.mode_combo, solver.apply_button]
    solver.chance_spin.setValue(50)
    before, answer = places(solver, controls), solver.answer_label.text()
    for value in (5, 95, 50):  # answers of other lengths
        solver.chance_spin.setValue(value)
        assert places(solver, controls) == before, solver.answer_label.text()
    grid, column = solver.grid, solver.column
    solver.set_data(solver.ctx, grid, -1)  # no prepared check chosen: a message instead of the answer
    assert solver.answer_label.text() != answer and not solver.apply_button.isEnabled()
    assert places(solver, controls) == before
    store.close()


def test_the_import_previews_refusal_line_moves_none_of_its_controls(qtbot, tmp_path):
    from gmdesk.ui.dialogs.import_dialog import ImportDialog

    dialog = ImportDialog("pf2", [])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    controls = [dialog.choose_button, dialog.paste, dialog.preview, dialog.buttons]
    before, size = places(dialog, controls), dialog.size()
    bad = tmp_path / "cut.json"
    bad.write_text((FIXTURES / "pathbuilder_tobble_quickfoot.json").read_text(encoding="utf-8")[:-30], encoding="utf-8")
    dialog.add_files([bad, FIXTURES / "foundry_dnd5e_npc.json"])
    QApplication.processEvents()
    assert dialog.errors_label.isVisible() and "cut.json" in dialog.errors_label.text()
    # The line takes its room from the paste box and the preview (their tops stay, under the GM's
    # cursor), not from the buttons below it, nor by growing the dialog.
    assert [p[:2] for p in places(dialog, controls)] == [p[:2] for p in before]
    assert places(dialog, [dialog.buttons]) == before[-1:] and dialog.size() == size


def test_the_bestiary_status_line_moves_neither_the_list_nor_the_card(qtbot, dnd):
    panel, _ = open_dock(qtbot, dnd)
    controls = [panel.search_edit, panel.results, panel.card, panel.add_button, panel.fight_tabs]
    panel.say("")
    before = places(panel, controls)
    panel.say("Skipped broken.json: not a JSON file (line 1, column 2)\nSkipped other.json: not a JSON file")
    assert "broken.json" in panel.status.text() and "\n" not in panel.status.text()
    assert places(panel, controls) == before
    panel.say("")
    assert places(panel, controls) == before


def test_the_fight_odds_refusal_moves_none_of_its_controls(qtbot, dnd):
    fight = dnd.encounter.get()
    fight.combatants = [c for c in fight.combatants if c.kind == "pc"]  # the party alone: refused
    fight.turn = 0
    dnd.encounter.save(fight)
    panel, view = odds_tab(qtbot, dnd)
    controls = [view.tactic_box, view.from_box, view.runs_box, view.seed_box, view.simulate_button, view.results]
    before = places(panel, controls)
    work = simulate(qtbot, view)
    assert work.outcome == "failed" and view.results.toPlainText()
    assert places(panel, controls) == before


def house_rules(qtbot, tmp_path, system):
    from gmdesk.ui.dialogs.house_rules import HouseRulesDialog

    store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
    dialog = HouseRulesDialog(store.info)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return store, dialog


def test_a_house_rules_example_changing_moves_none_of_the_boxes_below(qtbot, tmp_path):
    store, dialog = house_rules(qtbot, tmp_path, "pf2")
    boxes = [*dialog.boxes.values(), *dialog.options.values(), dialog.buttons]
    for box in dialog.boxes.values():
        before = places(dialog, boxes)
        (box.default_button if box.house_button.isChecked() else box.house_button).setChecked(True)
        assert places(dialog, boxes) == before, box.example_label.text()
    store.close()


def test_the_house_rules_problem_line_moves_none_of_the_boxes(qtbot, tmp_path):
    store, dialog = house_rules(qtbot, tmp_path, "cof")
    table = next(box for box in dialog.options.values() if hasattr(box, "table"))
    boxes = [*dialog.boxes.values(), *dialog.options.values(), dialog.buttons]
    table.table.item(0, 0).setText("not a number")
    before = places(dialog, boxes)
    dialog.accept()
    assert dialog.problem.isVisible() and dialog.isVisible()
    assert places(dialog, boxes) == before
    store.close()
