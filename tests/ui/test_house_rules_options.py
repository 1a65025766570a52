"""Campaign › House rules… offers every option docs/rules.md names for the campaign's system beyond
the rulings: the cof ND ladder (a table the GM edits), the initiative tie rule, anarchy's tie-break
by 1s. Each shows a live example, is saved as one undo step and is recorded on the rolls it affects."""

from __future__ import annotations

import random
from dataclasses import replace

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTableWidgetItem

from conftest import campaign_file
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.house_rules_examples import tie_example
from gmdesk.campaign.initiative_log import initiative_entries
from gmdesk.campaign.model import Combatant, Encounter
from gmdesk.engine.series import percent_text
from gmdesk.systems.anarchy.house import ONES_TIEBREAK
from gmdesk.systems.dnd5e.house import OPTIONS as DND5E_OPTIONS
from gmdesk.ui.dialogs.house_rules import MAX_HEIGHT, HouseRulesDialog


def run_dialog(monkeypatch, window, choose, accepted=True):
    seen = {}

    def exec_(dialog):
        seen["dialog"] = dialog
        choose(dialog)
        if accepted:
            dialog.accept()
        return dialog.result()

    monkeypatch.setattr(HouseRulesDialog, "exec", exec_)
    window.house_rules_action.trigger()
    return seen["dialog"]


def click(qtbot, button):
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def test_cof_nd_ladder_and_tie_rule_edited_saved_and_undone(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(campaign_file(tmp_path, "cof"))
    store, panel = window.store, window.panels["check"]
    before = store.info.house_rules.to_dict()

    def choose(dialog):
        assert dialog.height() <= MAX_HEIGHT
        box = dialog.options["cof_nd_ladder"]
        assert box.table.rowCount() == 5 and box.table.item(0, 1).text() == "easy"
        assert "<b>easy 5, average 10" in box.example_label.text()
        box.table.item(0, 1).setText("simple")
        click(qtbot, box.add_button)
        for column, text in enumerate(("30", "legendary", "légendaire")):
            box.table.setItem(5, column, QTableWidgetItem(text))
        assert "simple 5" in box.example_label.text() and "legendary 30" in box.example_label.text()  # live
        ties = dialog.ties
        assert ties.buttons["modifier_then_pcs"].isChecked()  # cof's default
        assert "(the default)" in ties.buttons["modifier_then_pcs"].text()
        click(qtbot, ties.buttons["modifier_then_gm"])
        assert tie_example("cof", "modifier_then_gm", "en") in ties.example_label.text()

    run_dialog(monkeypatch, window, choose)
    rules = store.info.house_rules
    assert [(s.nd, s.label_en, s.label_fr) for s in rules.cof_nd_ladder][0] == (5, "simple", "facile")
    assert rules.cof_nd_ladder[-1].nd == 30 and rules.tie_rule("cof") == "modifier_then_gm"
    assert window.undo_stack.count() == 1 and window.undo_stack.undoText() == "Change the house rules"
    combo = panel.target.ladder_combo
    assert any("legendary" in combo.itemText(i) for i in range(combo.count()))  # the check panel follows
    window.undo_action.trigger()
    assert store.info.house_rules.to_dict() == before


def test_a_ladder_going_down_is_refused_and_nothing_changes(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(campaign_file(tmp_path, "cof"))
    before = window.store.info.house_rules.to_dict()

    def choose(dialog):
        dialog.options["cof_nd_ladder"].table.item(1, 0).setText("3")  # 5, 3, 15…

    dialog = run_dialog(monkeypatch, window, choose)
    assert dialog.result() != HouseRulesDialog.DialogCode.Accepted
    assert dialog.problem.isVisibleTo(dialog)
    assert dialog.problem.text() == "This cannot be saved: row 2: each ND is a whole number from 0 to 100, above " \
                                    "the ND of the row before it."
    assert window.store.info.house_rules.to_dict() == before and window.undo_stack.count() == 0


def test_a_hostile_ladder_is_refused_in_the_gms_language(make_window, tmp_path, monkeypatch):
    window = make_window(campaign_file(tmp_path, "cof"), lang="fr")
    before = window.store.info.house_rules.to_dict()

    def choose(dialog):
        table = dialog.options["cof_nd_ladder"].table
        table.item(0, 0).setText("1e9999")
        table.item(2, 0).setText("99999999999999999999")

    dialog = run_dialog(monkeypatch, window, choose)
    assert dialog.result() != HouseRulesDialog.DialogCode.Accepted
    assert dialog.problem.text().startswith("Impossible d’enregistrer\u202f: ligne 1\u202f: chaque ND est un nombre")
    assert window.store.info.house_rules.to_dict() == before and window.undo_stack.count() == 0


def test_anarchy_ones_tiebreak_set_with_its_example_and_recorded_on_the_roll(make_window, tmp_path, monkeypatch,
                                                                             qtbot):
    window = make_window(campaign_file(tmp_path, "anarchy"))
    panel = window.panels["check"]

    def choose(dialog):
        box = dialog.options["anarchy_ones_tiebreak"]
        off, on = (percent_text(ONES_TIEBREAK.figure(v)) for v in (False, True))
        assert f"<b>{off}</b>" in box.example_label.text() and on in box.example_label.text()
        click(qtbot, box.buttons[True])
        assert f"<b>{on}</b>" in box.example_label.text()
        assert dialog.ties is None  # anarchy's queue is ordered by hand: no tie rule to choose

    run_dialog(monkeypatch, window, choose)
    assert window.store.info.house_rules.anarchy_ones_tiebreak is True
    kinds = panel.target.kind_combo
    kinds.setCurrentIndex(kinds.findData("opposed"))
    entry = window.store.log.get(panel.roll().entry_id)
    assert entry.check["tie_break_ones"] is True  # the roll records the option it was made under


def test_the_dialog_in_french_names_the_options(make_window, tmp_path, monkeypatch):
    window = make_window(campaign_file(tmp_path, "cof"), lang="fr")

    def choose(dialog):
        assert dialog.options["cof_nd_ladder"].title() == "Chroniques Oubliées\u202f: l’échelle des ND"
        assert "personnages joueurs d’abord" in dialog.ties.buttons["modifier_then_pcs"].text()

    run_dialog(monkeypatch, window, choose, accepted=False)


def test_initiative_rolls_record_the_tie_rule_they_were_sorted_under():
    enc = Encounter(1, "fight", combatants=[Combatant(1, "A", init_modifier=2), Combatant(2, "B", init_modifier=2)])
    rule = HouseRules(initiative_ties={"dnd35": "pcs_first"}).tie_rule("dnd35")
    events = ini.roll_initiative(enc, "dnd35", random.Random(1), tie_rule=rule)
    entries = initiative_entries(events, "dnd35", {1: "A", 2: "B"}, label="initiative")
    assert len(entries) == 2 and all(e.check["tie_rule"] == "pcs_first" for e in entries)


def test_dnd5e_finesse_chosen_with_its_live_example(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(campaign_file(tmp_path, "dnd5e"))
    finesse = DND5E_OPTIONS[0]

    def choose(dialog):
        box = dialog.options["dnd5e_finesse"]
        best, strength = percent_text(finesse.figure("best")), percent_text(finesse.figure("str"))
        assert f"<b>{best}</b>" in box.example_label.text()
        click(qtbot, box.buttons["str"])
        assert f"<b>{strength}</b>" in box.example_label.text() and strength != best

    run_dialog(monkeypatch, window, choose)
    assert window.store.info.house_rules.dnd5e_finesse == "str" and window.undo_stack.count() == 1


def test_dnd35_helpers_cap_chosen_and_a_cap_from_the_file_kept(make_window, tmp_path, monkeypatch, qtbot):
    window = make_window(campaign_file(tmp_path, "dnd35"))

    def choose(dialog):
        box = dialog.options["dnd35_max_helpers"]
        assert "<b>taken</b>" in box.example_label.text()
        click(qtbot, box.buttons[1])
        assert "<b>refused</b>" in box.example_label.text()  # two helpers, at most one

    run_dialog(monkeypatch, window, choose)
    store = window.store
    assert store.info.house_rules.dnd35_max_helpers == 1
    store.update_info(replace(store.info, house_rules=store.info.house_rules.with_rulings(dnd35_max_helpers=7)))

    def keep(dialog):
        box = dialog.options["dnd35_max_helpers"]
        assert box.buttons[7].isChecked()  # a cap the dialog does not list is shown, not replaced

    run_dialog(monkeypatch, window, keep)
    assert store.info.house_rules.dnd35_max_helpers == 7 and window.undo_stack.count() == 1
