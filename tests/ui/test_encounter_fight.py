"""A three-round fight in each system, run from the keyboard (and a few clicks) in the encounter
panel: combatants added through the dialog, initiative rolled with a seeded generator (order and
tie-breaks checked in the model), a delay, a condition that runs out at the right turn, HP from the
quick entry — then the panel and the file are closed, reopened, and the fight is where it was."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmdesk import systems
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.model import Combatant, Encounter
from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.encounter.model import EncounterModel as M
from gmdesk.ui.panels.encounter.panel import EncounterPanel
from gmdesk.ui.panels.encounter.text import condition_label

# The condition put on the third in the queue for 2 rounds: (key, what to type to pick it, value)
CONDITION = {"pf2": ("sickened", "sick", 1), "dnd5e": ("poisoned", "poi", None), "dnd35": ("shaken", "sha", None),
             "cof": ("aveugle", "bli", None), "anarchy": ("stunned", "stu", 1)}
# One that lasts until removed, to find again after reopening.
LASTING = {"pf2": ("clumsy", "clu", 2), "dnd5e": ("prone", "pro", None), "dnd35": ("prone", "pro", None),
           "cof": ("renverse", "kno", None), "anarchy": ("wounded", "wou", 2)}
GOBLIN_MOD = 2


# -- driving the panel ------------------------------------------------------------------------------

def activate(widget, qtbot) -> None:
    widget.activateWindow()
    qtbot.waitActive(widget)
    QApplication.processEvents()
    assert QApplication.activeWindow() is widget


def open_panel(qtbot, path):
    store = CampaignStore.open(path)
    panel = EncounterPanel(CampaignBus())
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.resize(900, 520)
    panel.show()
    qtbot.waitExposed(panel)
    activate(panel, qtbot)
    panel.table.setFocus()
    return panel, store


def key(qtbot, panel, k, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed while the queue has the focus (the panel's shortcuts)."""
    if QApplication.activeWindow() is not panel:
        activate(panel, qtbot)
    panel.table.setFocus()
    qtbot.keyClick(panel.table, k, modifier)


def click_row(qtbot, panel, name: str) -> None:
    row = names(panel).index(name)
    rect = panel.table.visualRect(panel.model.index(row, M.NAME))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.selected_id() == panel.model.combatant(row).id


def names(panel) -> list[str]:
    return [panel.model.index(r, M.NAME).data() for r in range(panel.model.rowCount())]


def cell(panel, name: str, column: int):
    return panel.model.index(names(panel).index(name), column).data()


def current(panel) -> str:
    rows = [r for r in range(panel.model.rowCount()) if panel.model.index(r, M.NAME).data(M.CurrentRole)]
    assert len(rows) == 1
    name = names(panel)[rows[0]]
    assert panel.round_label.text() == f"Round {panel.encounter.round} · {name}'s turn"
    return name


def dialog(qtbot, panel):
    qtbot.waitUntil(lambda: panel.dialog is not None and panel.dialog.isVisible())
    activate(panel.dialog, qtbot)  # as on a desktop: the dialog has the keyboard, not the panel
    return panel.dialog


def type_number(qtbot, spin, value: int) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    assert spin.value() == value


def accept(qtbot, panel, d, focus) -> None:
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.dialog is None)
    assert d.result() == d.DialogCode.Accepted
    activate(panel, qtbot)


def add_campaign_character(qtbot, panel, row: int) -> None:
    key(qtbot, panel, Qt.Key.Key_Insert)
    d = dialog(qtbot, panel)
    d.list.setFocus()
    d.list.setCurrentRow(row)
    qtbot.keyClick(d.list, Qt.Key.Key_Space)  # ticks it
    assert d.list.item(row).checkState() == Qt.CheckState.Checked
    accept(qtbot, panel, d, d.list)


def add_ad_hoc(qtbot, panel, name: str, init: int, hp: int, copies: int = 1) -> None:
    key(qtbot, panel, Qt.Key.Key_Insert)
    d = dialog(qtbot, panel)
    qtbot.keyClick(d.tabs.currentWidget(), Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert d.tabs.currentIndex() == d.AD_HOC
    qtbot.keyClicks(d.name_edit, name)
    if panel.system != "anarchy":
        type_number(qtbot, d.init_spin, init)
    type_number(qtbot, d.hp_spin, hp)
    type_number(qtbot, d.copies_spin, copies)
    accept(qtbot, panel, d, d.copies_spin)


def put_condition(qtbot, panel, bearer: str, typed: str, key_: str, value, rounds: int) -> None:
    click_row(qtbot, panel, bearer)
    key(qtbot, panel, Qt.Key.Key_C)
    d = dialog(qtbot, panel)
    d.condition_combo.setFocus()
    qtbot.keyClicks(d.condition_combo, typed)
    assert d.condition_combo.currentData() == key_
    if value is not None:
        type_number(qtbot, d.value_spin, value)
    type_number(qtbot, d.rounds_spin, rounds)
    accept(qtbot, panel, d, d.rounds_spin)


def hp_entry(qtbot, panel, text: str) -> None:
    """H, the entry, Enter: on the selected combatant."""
    key(qtbot, panel, Qt.Key.Key_H)
    assert panel.hp_edit.hasFocus()
    qtbot.keyClicks(panel.hp_edit, text)
    qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Return)
    assert panel.hp_edit.text() == ""


# -- planning the dice ------------------------------------------------------------------------------

def plan(system: str, store, pc):
    """A seed that gives the PC and the Brute the same initiative (different modifiers) and the
    two goblins the same die (same modifier): the Brute's modifier and the expected queue follow.
    The generator is consumed in queue order: the PC's sheet check, then d20s (as the panel does)."""
    if system == "anarchy":  # no roll, no tie rule: the GM orders by hand
        return None, 0, 0, {}, []
    chars = {c.id: c for c in store.characters.list()}
    probe = Encounter(None, "probe", combatants=[Combatant(1, pc.name, pc.id, kind="pc")])
    checks = ini.sheet_initiative(probe, system, chars, store.info.house_rules, "en")
    pc_mod = probe.by_id(1).init_modifier
    if system == "cof":  # no roll: the Init scores tie
        return None, pc_mod, pc_mod, {"pc": pc_mod, "brute": pc_mod, "goblin": pc_mod - 3}, []
    for seed in range(1, 10_000):
        r = random.Random(seed)
        pc_total = checks[1].roll(r).total
        brute_face, g1, g2 = (r.randint(1, 20) for _ in range(3))
        brute_mod = pc_total - brute_face
        if g1 != g2 or brute_mod == pc_mod or not -20 <= brute_mod <= 60 or g1 + GOBLIN_MOD == pc_total:
            continue
        rerolls = []
        if system == "dnd35":  # the goblins reroll until the tie breaks
            while not rerolls or rerolls[-1][0] == rerolls[-1][1]:
                rerolls.append((r.randint(1, 20), r.randint(1, 20)))
        return seed, pc_mod, brute_mod, {"pc": pc_total, "brute": pc_total, "goblin": g1 + GOBLIN_MOD}, rerolls
    raise AssertionError("no seed")


def expected_queue(system, pc_name, pc_mod, brute_mod, init, rerolls):
    """The order and the tie-break texts RULES.md §6 gives for these numbers."""
    label = systems.get(system).fight.modifier_label
    if system == "cof":
        top = [(pc_name, "PC before NPC"), ("Brute", "NPC after PC")]
    else:
        hi, lo = sorted([(pc_mod, pc_name), (brute_mod, "Brute")], reverse=True)
        top = [(hi[1], f"{label} {hi[0]:+d} > {lo[0]:+d}"), (lo[1], f"{label} {lo[0]:+d} < {hi[0]:+d}")]
    if rerolls:
        a, b = rerolls[-1]
        win, lose = ("Goblin 1", "Goblin 2") if a > b else ("Goblin 2", "Goblin 1")
        goblins = [(win, f"reroll {max(a, b)} > {min(a, b)}"), (lose, f"reroll {min(a, b)} < {max(a, b)}")]
    else:
        goblins = [("Goblin 1", "GM's choice"), ("Goblin 2", "GM's choice")]
    return top + goblins if init["pc"] > init["goblin"] else goblins + top


# -- the fight --------------------------------------------------------------------------------------

@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35", "cof", "anarchy"])
def test_three_round_fight_from_the_keyboard_then_reopen(qtbot, tmp_path, system):
    path = tmp_path / f"{system}.gmdesk"
    with create_campaign(path, system, "", True, "en") as setup:
        setup.encounter.clear()  # the demo's fight in progress: start a new one
        pc = setup.characters.list("pc")[0]
        seed, pc_mod, brute_mod, init, rerolls = plan(system, setup, pc)
    panel, store = open_panel(qtbot, path)
    assert names(panel) == [] and "No fight" in panel.round_label.text()

    add_campaign_character(qtbot, panel, 0)
    add_ad_hoc(qtbot, panel, "Brute", brute_mod, 25)
    add_ad_hoc(qtbot, panel, "Goblin", init["goblin"] if system == "cof" else GOBLIN_MOD, 12, copies=2)
    assert names(panel) == [pc.name, "Brute", "Goblin 1", "Goblin 2"]
    assert cell(panel, pc.name, M.HP) == f"{pc.max_hp}/{pc.max_hp}" and cell(panel, "Goblin 2", M.HP) == "12/12"

    if system == "anarchy":  # no roll: the GM orders the queue, by keys and by drag and drop
        click_row(qtbot, panel, "Goblin 2")
        for _ in range(3):
            key(qtbot, panel, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
        assert names(panel) == ["Goblin 2", pc.name, "Brute", "Goblin 1"]
        data = panel.model.mimeData([panel.model.index(2, M.NAME)])
        assert panel.model.dropMimeData(data, Qt.DropAction.MoveAction, 1, 0, panel.model.index(-1, -1))
        assert names(panel) == ["Goblin 2", "Brute", pc.name, "Goblin 1"]
        assert not panel.actions_by_name["roll_all_action"].isEnabled()
        key(qtbot, panel, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        assert all(cell(panel, n, M.INIT) == "—" for n in names(panel))
    else:
        panel.rng = random.Random(seed)
        key(qtbot, panel, Qt.Key.Key_I)  # everyone: rolled, sorted, round 1
        queue = expected_queue(system, pc.name, pc_mod, brute_mod, init, rerolls)
        assert names(panel) == [n for n, _ in queue]
        assert [cell(panel, n, M.TIEBREAK) for n in names(panel)] == [t for _, t in queue]
        assert cell(panel, pc.name, M.INIT) == str(init["pc"]) == cell(panel, "Brute", M.INIT)
        assert cell(panel, "Goblin 1", M.INIT) == str(init["goblin"]) == cell(panel, "Goblin 2", M.INIT)
    o = names(panel)
    assert (panel.encounter.round, current(panel)) == (1, o[0])
    assert panel.selected_id() == panel.encounter.current().id  # the selection follows the turn

    cond_key, typed, value = CONDITION[system]
    label = condition_label(system, cond_key, value)
    put_condition(qtbot, panel, o[2], typed, cond_key, value, 2)
    assert cell(panel, o[2], M.CONDITIONS) == f"{label} (2 rd)"

    turns = []
    while panel.encounter.round < 4:
        turns.append((panel.encounter.round, current(panel)))
        if turns[-1] == (1, o[3]):  # HP changes in the last turn of round 1
            click_row(qtbot, panel, "Goblin 1")
            hp_entry(qtbot, panel, "t5")
            panel.table.setFocus()
            qtbot.keyClick(panel.table, Qt.Key.Key_Minus)  # a "-" in the queue starts the entry
            assert panel.hp_edit.hasFocus() and panel.hp_edit.text() == "-"
            qtbot.keyClicks(panel.hp_edit, "8")
            qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Return)
            assert cell(panel, "Goblin 1", M.HP) == "9/12"  # 5 on the temporary HP, 3 on the 12
            assert panel.status_label.text() == "Goblin 1 takes 8 (5 on temporary HP)"
            panel.hp_edit.setFocus()  # Up/Down in the entry pick the target
            for _ in range(abs(o.index(pc.name) - o.index("Goblin 1"))):
                qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Up if o.index(pc.name) < o.index("Goblin 1") else Qt.Key.Key_Down)
            assert cell(panel, pc.name, M.NAME) == panel.encounter.by_id(panel.selected_id()).name
            qtbot.keyClicks(panel.hp_edit, "-5")
            qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Return)
            assert cell(panel, pc.name, M.HP) == f"{pc.max_hp - 5}/{pc.max_hp}"
            qtbot.keyClicks(panel.hp_edit, "+100")
            qtbot.keyClick(panel.hp_edit, Qt.Key.Key_Return)
            assert cell(panel, pc.name, M.HP) == f"{pc.max_hp}/{pc.max_hp}"  # not above the maximum
            assert cell(panel, o[2], M.CONDITIONS) == f"{label} (1 rd)"  # ticked once, still on
        if turns[-1] == (2, o[1]):  # the second delays, and comes back after the third
            key(qtbot, panel, Qt.Key.Key_D)
            assert cell(panel, o[1], M.STATE) == "delaying"
            turns.append((panel.encounter.round, current(panel)))
            assert cell(panel, o[2], M.CONDITIONS) == f"{label} (1 rd)"
            click_row(qtbot, panel, o[1])
            key(qtbot, panel, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
            # its return ends the third's turn: the condition runs out, and the status line says so
            assert f"{o[2]}: {label} has ended" in panel.status_label.text()
            assert cell(panel, o[2], M.CONDITIONS) == ""
            turns.append((panel.encounter.round, current(panel)))
        if turns[-1] == (3, o[3]):
            put_condition(qtbot, panel, "Goblin 2", LASTING[system][1], LASTING[system][0], LASTING[system][2], 0)
        key(qtbot, panel, Qt.Key.Key_N)
    assert turns == [(1, o[0]), (1, o[1]), (1, o[2]), (1, o[3]),
                     (2, o[0]), (2, o[1]), (2, o[2]), (2, o[1]), (2, o[3]),
                     (3, o[0]), (3, o[2]), (3, o[1]), (3, o[3])]
    assert names(panel) == [o[0], o[2], o[1], o[3]] and (panel.encounter.round, current(panel)) == (4, o[0])
    lasting = condition_label(system, LASTING[system][0], LASTING[system][2])
    assert cell(panel, "Goblin 2", M.CONDITIONS) == lasting

    # close mid-fight (the panel and the file), reopen: the same round, turn, HP and conditions
    shown = [[panel.model.index(r, c).data() for c in range(panel.model.columnCount())] for r in range(4)]
    state = panel.encounter.to_dict()
    label_text = panel.round_label.text()
    panel.set_campaign(None)
    store.close()
    panel.close()
    panel.deleteLater()
    again, store2 = open_panel(qtbot, path)
    assert again.encounter.to_dict() == state
    assert [[again.model.index(r, c).data() for c in range(again.model.columnCount())] for r in range(4)] == shown
    assert again.round_label.text() == label_text and current(again) == o[0]
    key(qtbot, again, Qt.Key.Key_N)  # and the fight goes on
    assert (again.encounter.round, current(again)) == (4, o[2])  # o[1] came back after o[2]
    store2.close()
