"""Rolling from the check panel: Ctrl+R logs the roll the panel shows, rerolls are linked and spend
what the rules say they spend, secret rolls stay secret."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt

from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.log.model import RollLogModel, dice_text
from gmdesk.ui.panels.check.panel import CheckPanel
from gmdesk.systems.anarchy.options import luck_reroll
from gmdesk.ui.panels.log.panel import RollLogPanel
from gmdesk.ui.theme import tier_color, tier_name


@pytest.fixture
def desk(qtbot, tmp_path):
    """A check panel and a roll-log panel on one bus, over a demo campaign."""
    stores = []

    def make(system: str, seed: int = 11):
        store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
        stores.append(store)
        bus = CampaignBus()
        panel = CheckPanel(bus, rng=random.Random(seed))
        log = RollLogPanel(bus)
        for w in (panel, log):
            qtbot.addWidget(w)
            w.set_campaign(store)
            w.resize(1100, 650)
            w.show()
        qtbot.waitExposed(panel)
        # Ctrl+R is a window shortcut: the check panel's window must be the active one.
        panel.activateWindow()
        qtbot.waitUntil(panel.isActiveWindow)
        return panel, log, store, bus

    yield make
    for store in stores:
        store.close()


def ctrl_r(qtbot, panel) -> None:
    qtbot.keyClick(panel, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)


def type_dc(qtbot, panel, dc: int) -> None:
    spin = panel.target.dc_spin
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(dc))


def test_ctrl_r_logs_the_roll_shown(qtbot, desk):
    panel, log, store, bus = desk("pf2")
    before = store.log.count()
    with qtbot.waitSignal(bus.rollLogged) as logged:
        ctrl_r(qtbot, panel)
    rolled = panel.last_roll
    assert logged.args == [rolled.entry_id]
    assert store.log.count() == before + 1
    entry = store.log.get(rolled.entry_id)
    assert entry.faces == rolled.result.faces and entry.tier == rolled.result.tier
    assert entry.actor == panel.actor_combo.currentText() and entry.label == panel.check_combo.currentText()
    assert entry.check == panel.view.check.describe()
    # the log panel shows it at once, at the top, with the same dice
    model = log.model
    assert model.rowCount() == before + 1
    assert model.index(0, 0).data(RollLogModel.IdRole) == rolled.entry_id
    assert model.index(0, RollLogModel.DICE).data() == dice_text(entry.dice)
    # the result: the tier big and in its colour, the total
    label = panel.result_view.tier_label
    assert label.text() == tier_name(rolled.result.tier)
    assert tier_color(rolled.result.tier).name() in label.styleSheet()
    assert str(rolled.result.total) in panel.result_view.total_label.text()


def test_same_seed_same_dice(qtbot, desk):
    panel, _, _, _ = desk("dnd35", seed=5)
    panel.rng = random.Random(99)
    first = panel.roll().result.faces
    panel.rng = random.Random(99)
    assert panel.roll().result.faces == first


def test_pf2_fortune_reroll_is_linked_to_the_original(qtbot, desk):
    panel, log, store, _ = desk("pf2")
    type_dc(qtbot, panel, 45)  # only a natural 20 even reaches success
    for _ in range(20):
        ctrl_r(qtbot, panel)
        if panel.last_roll.result.tier in ("failure", "critical_failure"):
            break
    first = panel.last_roll
    button = panel.result_view.reroll_button
    assert button.isVisibleTo(panel) and "Fortune" in button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    second = panel.last_roll
    assert second.reroll_of == first.entry_id
    entry = store.log.get(second.entry_id)
    assert entry.reroll_of == first.entry_id
    assert [d["state"] for d in entry.dice][:len(first.result.dice)] == ["rerolled"] * len(first.result.dice)
    assert log.model.index(0, RollLogModel.REROLL).data() == f"↻ #{first.entry_id}"
    assert not button.isVisibleTo(panel)  # one reroll per roll


def test_heroic_inspiration_is_offered_then_spent(qtbot, desk):
    panel, _, store, bus = desk("dnd5e")
    aldric = next(c for c in store.characters.list() if c.name == "Aldric")
    assert aldric.sheet.heroic_inspiration
    panel.select_actor(aldric.id)
    assert panel.options.toggles["inspiration"].isChecked()
    type_dc(qtbot, panel, 30)  # a sure failure: a reroll can better it
    panel.activateWindow()
    ctrl_r(qtbot, panel)
    first = panel.last_roll
    assert first.result.tier == "failure"
    assert len([d for d in first.result.dice if d.state != "dropped"]) == 1  # the roll itself spends nothing
    button = panel.result_view.reroll_button
    assert button.isVisibleTo(panel) and "Inspiration" in button.text()
    with qtbot.waitSignal(bus.characterChanged):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert store.log.get(panel.last_roll.entry_id).reroll_of == first.entry_id
    assert not store.characters.get(aldric.id).sheet.heroic_inspiration
    assert not panel.options.toggles["inspiration"].isChecked()  # the sheet no longer holds it
    ctrl_r(qtbot, panel)
    assert not panel.result_view.reroll_button.isVisibleTo(panel)


def test_heroic_inspiration_is_not_offered_after_a_success(qtbot, desk):
    """A reroll is offered only when it can better the result: a success of a check cannot be."""
    panel, _, store, _ = desk("dnd5e")
    aldric = next(c for c in store.characters.list() if c.name == "Aldric")
    panel.select_actor(aldric.id)
    type_dc(qtbot, panel, 1)  # a sure success
    panel.activateWindow()
    ctrl_r(qtbot, panel)
    assert panel.last_roll.result.tier == "success"
    assert not panel.result_view.reroll_button.isVisibleTo(panel)
    assert store.characters.get(aldric.id).sheet.heroic_inspiration  # nothing spent


def test_anarchy_luck_after_the_roll(qtbot, desk):
    panel, _, store, _ = desk("anarchy", seed=3)
    ghost = store.characters.list("pc")[0]
    luck = ghost.sheet.luck
    assert luck >= 1
    for _ in range(30):
        ctrl_r(qtbot, panel)
        if panel.result_view.reroll_button.isVisibleTo(panel) and \
                any(d.face < 5 for d in panel.last_roll.result.dice):
            break
    first = panel.last_roll
    qtbot.mouseClick(panel.result_view.reroll_button, Qt.MouseButton.LeftButton)
    second = panel.last_roll
    assert second.reroll_of == first.entry_id
    assert store.characters.get(ghost.id).sheet.luck == luck - 1
    kept_before = [d.face for d in first.result.dice if d.state == "kept"]
    misses = [f for f in kept_before if f < 5]
    states = [d.state for d in second.result.dice]
    assert states.count("rerolled") == len(misses)
    # the dice that hit are untouched; the misses were rolled again
    assert [d.face for d in second.result.dice if d.state == "kept"][: len(kept_before) - len(misses)] == \
        [f for f in kept_before if f >= 5]
    assert second.result.hits == sum(1 for d in second.result.dice if d.state == "kept" and d.face >= 5)
    assert "Luck after the roll" in " ".join(second.result.notes)


def test_luck_reroll_replays_every_kind_of_test():
    """The replay keeps helpers' and the opposing pool's dice and rerolls only the leader's misses."""
    from gmdesk.systems.anarchy.rules import AnarchyTest

    for seed in range(40):
        rng = random.Random(seed)
        test = AnarchyTest(pool=5, helpers=(3,), kind="opposed", opposing_pool=4)
        first = test.roll(rng)
        _, again = luck_reroll(test, first, rng)
        assert [d.face for d in again.dice if d.state == "helper"] == [d.face for d in first.dice if d.state == "helper"]
        assert [d.face for d in again.dice if d.state == "opponent"] == \
            [d.face for d in first.dice if d.state == "opponent"]
        assert again.dc == first.dc  # the opposition's hits did not change
        leader = [d.face for d in first.dice if d.state == "kept"]
        assert [d.face for d in again.dice if d.state == "rerolled"] == [f for f in leader if f < 5]


def test_luck_before_the_roll_is_spent(qtbot, desk):
    panel, _, store, _ = desk("anarchy")
    ghost = store.characters.list("pc")[0]
    luck = ghost.sheet.luck
    box = panel.options.toggles["luck_before"]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    ctrl_r(qtbot, panel)
    assert store.characters.get(ghost.id).sheet.luck == luck - 1
    assert store.log.get(panel.last_roll.entry_id).check.get("luck_before") is True


def test_secret_roll_is_marked_and_offers_no_reroll(qtbot, desk):
    panel, log, store, _ = desk("pf2")
    box = panel.options.secret
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    type_dc(qtbot, panel, 45)
    ctrl_r(qtbot, panel)
    entry = store.log.get(panel.last_roll.entry_id)
    assert entry.secret
    assert "secret" in panel.result_view.secret_label.text()
    assert not panel.result_view.reroll_button.isVisibleTo(panel)
    assert log.model.index(0, RollLogModel.SECRET).data() == "secret"


@pytest.mark.parametrize("system", ("pf2", "dnd5e", "dnd35", "cof", "anarchy"))
def test_every_check_of_a_party_member_rolls_and_logs(desk, system):
    panel, log, store, _ = desk(system)
    before = store.log.count()
    for i in range(panel.check_combo.count()):
        panel.check_combo.setCurrentIndex(i)
        rolled = panel.roll()
        assert rolled is not None, panel.check_combo.currentText()
        entry = store.log.get(rolled.entry_id)
        assert entry.tier == rolled.result.tier and entry.label == panel.check_combo.currentText()
        assert entry.tier in panel.view.odds.tiers  # a tier the odds call possible…
        assert panel.view.odds.tiers[entry.tier] > 0  # …and not impossible
    assert store.log.count() == before + panel.check_combo.count() == log.model.rowCount()


def test_a_new_campaign_opens_on_its_first_check(desk, tmp_path):
    panel, _, store, _ = desk("pf2")
    panel.check_combo.setCurrentIndex(5)
    other = create_campaign(tmp_path / "other.gmdesk", "dnd5e", "", True, "en")
    try:
        panel.set_campaign(other)
        assert panel.check_combo.currentIndex() == 0
        assert panel.actor_combo.currentData() == other.characters.list("pc")[0].id
    finally:
        panel.set_campaign(store)
        other.close()
