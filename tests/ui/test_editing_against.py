""""Against: <opponent>" starts on the opponent's roll that matches the check (issue 12, item 16):
pf2 Athletics against the Fortitude DC, Deception against the Perception DC, Intimidation against the
Will DC; each system's pairs are data in its folder. The box beside it still lets the GM pick
another, which stays picked while the check and the opponent do."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmdesk import systems
from gmdesk.campaign.checks import available_checks
from gmdesk.systems.kit.target import DEFENCE
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.check.panel import CheckPanel


@pytest.fixture
def panel_for(qtbot, tmp_path):
    stores = []

    def make(system: str):
        store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
        stores.append(store)
        bus = CampaignBus()
        panel = CheckPanel(bus, rng=random.Random(3))
        qtbot.addWidget(panel)
        panel.set_campaign(store)
        panel.resize(1100, 700)
        panel.show()
        qtbot.waitExposed(panel)
        return panel, store, bus

    yield make
    for store in stores:
        store.close()


def pick(qtbot, combo, data) -> None:
    """Choose an entry with the keyboard, as a GM does: focus the box, arrow to it."""
    combo.setFocus()
    index = combo.findData(data)
    assert index >= 0, (data, [combo.itemData(i) for i in range(combo.count())])
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(index):
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == data


def npc_named(store, start: str):
    return next(c for c in store.characters.list() if c.name.startswith(start))


def test_pf2_against_starts_on_the_dc_that_matches_the_check(qtbot, panel_for):
    panel, store, _ = panel_for("pf2")
    target = panel.target
    goblin = npc_named(store, "Goblin")
    pick(qtbot, panel.check_combo, "skill:athletics")
    pick(qtbot, target.against_combo, goblin.id)
    assert target.opp_roll_combo.currentData() == "save:fortitude"  # Grapple, Shove
    fortitude_dc = panel.view.target
    assert panel.view.check.dc == fortitude_dc  # the odds are against that DC
    pick(qtbot, panel.check_combo, "skill:deception")
    assert target.opp_roll_combo.currentData() == "perception"  # Lie, Feint
    pick(qtbot, panel.check_combo, "skill:intimidation")
    assert target.opp_roll_combo.currentData() == "save:will"  # Demoralize
    pick(qtbot, panel.check_combo, "skill:stealth")
    assert target.opp_roll_combo.currentData() == "perception"

    # The box beside it: the GM picks Reflex (a Trip); it stays while the check and the opponent do,
    # also when a sheet changes and the panel reads the campaign again.
    pick(qtbot, panel.check_combo, "skill:athletics")
    assert target.opp_roll_combo.currentData() == "save:fortitude"
    pick(qtbot, target.opp_roll_combo, "save:reflex")
    panel.bus.characterChanged.emit(goblin.id)
    assert target.opp_roll_combo.currentData() == "save:reflex"
    assert panel.view.target != fortitude_dc or goblin.sheet.saves == {}
    # Another check, then Athletics again: the pairing starts over.
    pick(qtbot, panel.check_combo, "skill:deception")
    pick(qtbot, panel.check_combo, "skill:athletics")
    assert target.opp_roll_combo.currentData() == "save:fortitude"


def test_an_attack_starts_on_the_opponents_defence(qtbot, panel_for):
    panel, store, _ = panel_for("pf2")
    weapon = next(str(o.ref) for o in available_checks(panel.actor()) if o.ref.kind == "weapon")
    pick(qtbot, panel.check_combo, weapon)
    pick(qtbot, panel.target.against_combo, npc_named(store, "Goblin").id)
    assert panel.target.opp_roll_combo.currentData() is None  # its AC
    assert panel.target.opp_roll_combo.currentText() == "its AC"


@pytest.mark.parametrize("system, check, opponent_roll", [
    ("dnd5e", "skill:stealth", "skill:perception"),
    ("dnd5e", "skill:deception", "skill:insight"),
    ("dnd35", "skill:bluff", "skill:sense_motive"),
    ("dnd35", "skill:hide", "skill:spot"),
    ("dnd35", "skill:move_silently", "skill:listen"),
    ("anarchy", "skill:stealth", "preset:perception"),
    ("anarchy", "preset:perception", "skill:stealth"),
])
def test_each_system_pairs_its_own_checks(qtbot, panel_for, system, check, opponent_roll):
    panel, store, _ = panel_for(system)
    def has(character, roll):
        return any(str(o.ref) == roll for o in available_checks(character))

    everyone = store.characters.list()
    actor = next((c for c in everyone if has(c, check) and any(o.id != c.id and has(o, opponent_roll) for o in everyone)),
                 None)
    assert actor is not None, f"a {system} demo character has {check}, another {opponent_roll}"
    pick(qtbot, panel.actor_combo, actor.id)
    pick(qtbot, panel.check_combo, check)
    opponent = next(c for c in everyone if c.id != actor.id and has(c, opponent_roll))
    pick(qtbot, panel.target.against_combo, opponent.id)
    assert panel.target.opp_roll_combo.currentData() == opponent_roll
    assert panel.view is not None  # the odds are shown against it


def test_a_check_the_system_pairs_with_nothing_starts_on_the_first_roll(qtbot, panel_for):
    panel, store, _ = panel_for("pf2")
    pick(qtbot, panel.check_combo, "skill:arcana")
    pick(qtbot, panel.target.against_combo, npc_named(store, "Goblin").id)
    assert panel.target.opp_roll_combo.currentIndex() == 0


def test_the_pairs_are_data_of_each_system_and_name_rolls_it_has():
    """Every pair names rolls of the system (kinds its opponents offer, or the defence); no system's
    pairs live in generic code."""
    for system_id in systems.ids():
        target = systems.get(system_id).target
        for mine, theirs in target.against.items():
            for roll in theirs:
                assert roll == DEFENCE or roll.split(":")[0] in target.opposing_kinds, (system_id, mine, roll)
                assert roll not in target.not_opposing, (system_id, mine, roll)
