"""The check panel driven as a GM would: pick who and what by keyboard, type a DC, tick options.
Every figure it then shows (tier table, bars, DC sweep) must be the engine's exact odds."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from gmdesk.campaign.checks import Situation, available_checks, build_check
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.engine.core import Modifier
from gmdesk.engine.series import percent_text
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.check.panel import CheckPanel

SYSTEMS = ("pf2", "dnd5e", "dnd35", "cof", "anarchy")
# The toggles each system's check options declare (GameSystem.options), as the panel must show them.
TOGGLES = {
    "pf2": ("fortune", "misfortune", "reroll_failure", "reroll_success", "cannot_succeed", "player_knows"),
    "dnd5e": ("advantage", "disadvantage", "inspiration", "fail_voluntarily"),
    "dnd35": ("take10", "take20", "threatened", "failure_has_consequences"),
    "cof": (),
    "anarchy": ("luck_before", "luck_after", "specialization"),
}


@pytest.fixture
def open_panel(qtbot, tmp_path):
    stores = []

    def make(system: str, seed: int = 7):
        store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
        stores.append(store)
        bus = CampaignBus()
        panel = CheckPanel(bus, rng=random.Random(seed))
        qtbot.addWidget(panel)
        panel.set_campaign(store)
        panel.resize(1100, 680)
        panel.show()
        qtbot.waitExposed(panel)
        return panel, store, bus

    yield make
    for store in stores:
        store.close()


def conditions_of(store, character_id):
    encounter = store.encounter.get()
    for c in encounter.combatants if encounter else ():
        if c.character_id == character_id:
            return tuple(c.conditions)
    return ()


def engine_check(store, actor_id, ref, **situation):
    actor = store.characters.get(actor_id)
    return build_check(actor, ref, Situation(**situation), conditions_of(store, actor_id), store.info.house_rules)


_last_picked: list = [None]


def pick(qtbot, combo, text: str) -> None:
    """Type the start of an entry into a focused combo box, as a GM choosing with the keyboard."""
    if _last_picked[0] is combo:  # let the combo's type-ahead forget the previous keys
        qtbot.wait(QApplication.keyboardInputInterval() + 20)
    _last_picked[0] = combo
    combo.setFocus()
    qtbot.keyClicks(combo, text)
    assert combo.currentText().startswith(text), combo.currentText()


def type_dc(qtbot, panel, dc: int) -> None:
    spin = panel.target.dc_spin
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(dc))
    assert spin.value() == dc


def click(qtbot, box) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def assert_shows(panel, odds) -> None:
    """Tier table, bars and the current DC's column of the sweep hold exactly these odds."""
    assert panel.tier_table.texts() == {t: percent_text(p) for t, p in odds.tiers.items()} | (
        {"complication": percent_text(odds.extra["complication"])} if odds.system == "anarchy" else {})
    if odds.system == "anarchy":
        assert panel.tier_chart.heights() == pytest.approx([float(p) for p in odds.extra["hits"]], abs=1e-12)
    else:
        assert panel.tier_chart.heights() == [float(p) for p in odds.tiers.values()]
        sweep = panel.sweep_chart
        target = panel.view.target
        if target is not None:
            i = list(sweep.band(next(iter(odds.tiers))).opts["x"]).index(target)
            for tier, p in odds.tiers.items():
                assert sweep.band(tier).opts["height"][i] == pytest.approx(float(p), abs=1e-12)
            assert sweep.marker.value() == target


def test_opens_on_the_first_party_members_first_check(open_panel):
    panel, store, _ = open_panel("pf2")
    first = store.characters.list("pc")[0]
    option = available_checks(first)[0]
    assert panel.actor_combo.currentText() == first.name
    assert panel.check_combo.currentText() == option.label("en")
    assert_shows(panel, engine_check(store, first.id, option.ref, dc=15).odds())
    assert panel.roll_action.isEnabled()


def test_pick_actor_check_dc_and_advantage_by_hand(qtbot, open_panel):
    panel, store, _ = open_panel("dnd5e")
    nym = next(c for c in store.characters.list() if c.name == "Nym")
    pick(qtbot, panel.actor_combo, "Nym")
    pick(qtbot, panel.check_combo, "Stea")
    type_dc(qtbot, panel, 18)
    ref = CheckRef("skill", "stealth")
    plain = engine_check(store, nym.id, ref, dc=18, inspiration=False).odds()
    assert_shows(panel, plain)
    assert panel.sweep_chart.marker.value() == 18
    click(qtbot, panel.options.toggles["advantage"])
    assert panel.options.toggles["advantage"].isChecked()
    favoured = engine_check(store, nym.id, ref, dc=18, advantage=True, inspiration=False).odds()
    assert favoured.success > plain.success
    assert_shows(panel, favoured)
    # advantage and disadvantage cancel: back to one d20
    click(qtbot, panel.options.toggles["disadvantage"])
    assert_shows(panel, plain)


def test_pf2_worked_case_through_the_panel(qtbot, open_panel):
    """RULES.md §1: +7 vs DC 20 → 3/20, 9/20, 7/20, 1/20; a situational modifier moves it."""
    panel, store, _ = open_panel("pf2")
    brunhild = store.characters.list("pc")[0]
    modifier = engine_check(store, brunhild.id, panel.ref(), dc=20).modifier
    qtbot.mouseClick(panel.modifiers.add_button, Qt.MouseButton.LeftButton)
    spin = panel.modifiers.value_spin(0)
    spin.setValue(7 - modifier) if 7 - modifier != 0 else None
    panel.modifiers.kind_combo(0).setCurrentIndex(panel.modifiers.kind_combo(0).findData("untyped")) \
        if 7 - modifier < 0 else None
    type_dc(qtbot, panel, 20)
    if 7 - modifier == 0:
        panel.modifiers.remove_current()
    assert panel.view.check.modifier == 7
    assert panel.tier_table.texts() == {"critical_failure": "15.0 %", "failure": "45.0 %", "success": "35.0 %",
                                        "critical_success": "5.0 %"}
    assert panel.tier_chart.heights() == [0.15, 0.45, 0.35, 0.05]


def test_suppressed_modifier_is_struck_through_with_its_reason(qtbot, open_panel):
    panel, store, _ = open_panel("pf2")
    for value, source in ((2, "cover"), (1, "raised shield")):
        qtbot.mouseClick(panel.modifiers.add_button, Qt.MouseButton.LeftButton)
        row = panel.modifiers.table.rowCount() - 1
        panel.modifiers.value_spin(row).setValue(value)
        edit = panel.modifiers.source_edit(row)
        edit.selectAll()
        qtbot.keyClicks(edit, source)
    lines = {item.text(1): item for item in panel.breakdown.lines()}
    shield, cover = lines["raised shield"], lines["cover"]
    assert shield.font(0).strikeOut() and shield.font(1).strikeOut()
    assert "does not stack" in shield.text(3) and "cover" in shield.text(3)
    assert not cover.font(0).strikeOut()
    ref = panel.ref()
    expected = engine_check(store, store.characters.list("pc")[0].id, ref, dc=15,
                            modifiers=(Modifier(2, "cover", "circumstance"), Modifier(1, "raised shield", "circumstance")))
    assert panel.view.check.modifier == expected.modifier  # +2, not +3
    assert_shows(panel, expected.odds())


def test_conditions_from_the_encounter_change_the_odds(qtbot, open_panel):
    panel, store, bus = open_panel("pf2")
    selene = next(c for c in store.characters.list() if c.name == "Sélène")
    bus.actorSelected.emit(selene.id)
    assert panel.actor_combo.currentData() == selene.id
    sickened = [item for item in panel.breakdown.lines() if item.text(0).startswith("-")]
    assert sickened, "Sélène is sickened in the demo fight: a status penalty shows"
    before = panel.view.odds
    encounter = store.encounter.get()
    for c in encounter.combatants:
        if c.character_id == selene.id:
            c.conditions = []
    store.encounter.save(encounter)
    bus.encounterChanged.emit()
    after = panel.view.odds
    assert after.success > before.success
    assert_shows(panel, engine_check(store, selene.id, panel.ref(), dc=15).odds())


def test_a_sheet_edit_updates_the_odds(open_panel):
    panel, store, bus = open_panel("cof")
    actor = store.characters.get(panel.actor_combo.currentData())
    before = panel.view.check.modifier
    key = panel.ref().key
    actor.sheet.characteristics[key] += 2
    store.characters.update(actor)
    bus.characterChanged.emit(actor.id)
    assert panel.view.check.modifier == before + 2
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), dc=15).odds())


def test_dc_from_an_opponent(qtbot, open_panel):
    panel, store, _ = open_panel("pf2")
    guard = next(c for c in store.characters.list() if c.name == "Town guard")
    pick(qtbot, panel.check_combo, "Dec")  # Deception against the guard's Perception
    pick(qtbot, panel.target.against_combo, "Town")
    pick(qtbot, panel.target.opp_roll_combo, "Perc")
    actor = store.characters.list("pc")[0]
    expected = engine_check(store, actor.id, CheckRef("skill", "deception"), opponent=guard,
                            opponent_ref=CheckRef("perception"), opponent_conditions=conditions_of(store, guard.id))
    perception = engine_check(store, guard.id, CheckRef("perception"), dc=10).modifier
    assert expected.effective_dc == 10 + perception
    assert panel.target.dc_spin.value() == expected.dc and not panel.target.dc_spin.isEnabled()
    assert panel.target.effective_label.text() == f"= DC {expected.effective_dc}"
    assert_shows(panel, expected.odds())


def test_dc_ladder(qtbot, open_panel):
    panel, store, _ = open_panel("dnd35")
    combo = panel.target.ladder_combo
    assert [combo.itemData(i) for i in range(1, combo.count())] == [0, 5, 10, 15, 20, 25, 30, 40]
    combo.setFocus()
    combo.activated.emit(combo.findData(25))
    assert panel.target.dc_spin.value() == 25
    actor = store.characters.list("pc")[0]
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), dc=25).odds())


@pytest.mark.parametrize("system", SYSTEMS)
def test_only_the_systems_options_and_every_check_computes(open_panel, system):
    panel, store, _ = open_panel(system)
    shown = {name for name, box in panel.options.toggles.items() if box.isVisibleTo(panel)}
    assert shown == set(TOGGLES[system])
    assert panel.options.secret.isVisibleTo(panel)
    assert panel.options.numbers_box.isVisibleTo(panel) == (system == "anarchy")
    assert panel.target.kind_combo.isVisibleTo(panel) == (system == "anarchy")
    assert panel.target.dc_spin.isVisibleTo(panel) == (system != "anarchy")
    actor = store.characters.list("pc")[0]
    for i in range(panel.check_combo.count()):
        panel.check_combo.setCurrentIndex(i)
        ref = panel.ref()
        kw = {"threshold": 1} if system == "anarchy" else {"dc": 15}
        if system == "dnd5e":
            kw["inspiration"] = actor.sheet.heroic_inspiration
        assert not panel.error_label.isVisibleTo(panel), (ref, panel.error_label.text())
        assert_shows(panel, engine_check(store, actor.id, ref, **kw).odds())


def test_take_10_in_dnd35(qtbot, open_panel):
    panel, store, _ = open_panel("dnd35")
    actor = store.characters.list("pc")[0]
    click(qtbot, panel.options.toggles["take10"])
    expected = engine_check(store, actor.id, panel.ref(), dc=15, take10=True)
    assert_shows(panel, expected.odds())
    assert set(panel.view.odds.tiers.values()) <= {0, 1}  # no roll: certain either way
    click(qtbot, panel.options.toggles["take20"])
    assert not panel.options.toggles["take10"].isChecked()


def test_anarchy_hits_threshold_and_complication(qtbot, open_panel):
    panel, store, _ = open_panel("anarchy")
    actor = store.characters.list("pc")[0]
    spin = panel.target.threshold_spin
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, "3")
    expected = engine_check(store, actor.id, panel.ref(), threshold=3).odds()
    assert_shows(panel, expected)
    chart = panel.tier_chart
    assert chart.marker.isVisible() and chart.marker.value() == 2.5
    keys = [b.color().name() for b in chart.bars._brushes]
    from gmdesk.ui.theme import TIER_HEX

    assert keys[:3] == [TIER_HEX["failure"]] * 3 and set(keys[3:]) == {TIER_HEX["success"]}
    assert "complication" in chart.getPlotItem().titleLabel.text
    # the threshold sweep at 3 is the engine's success chance
    success = panel.sweep_chart.band("success")
    assert success.opts["height"][list(success.opts["x"]).index(3)] == pytest.approx(float(expected["success"]))
    # a teamwork helper adds dice
    helpers = panel.options.lists["helpers"]
    first = next(i for i in range(helpers.count()) if not helpers.isRowHidden(i))  # the actor's row is hidden
    helpers.item(first).setCheckState(Qt.CheckState.Checked)
    helper = store.characters.get(int(helpers.item(first).data(Qt.ItemDataRole.UserRole)))
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), threshold=3, helpers=(helper,)).odds())


def test_a_refused_check_says_why_and_cannot_be_rolled(qtbot, open_panel):
    panel, _, _ = open_panel("dnd35")
    click(qtbot, panel.options.toggles["take20"])
    click(qtbot, panel.options.toggles["failure_has_consequences"])
    assert panel.error_label.isVisibleTo(panel)
    assert "take 20" in panel.error_label.text().lower() or "consequences" in panel.error_label.text().lower()
    assert not panel.roll_action.isEnabled()
    click(qtbot, panel.options.toggles["failure_has_consequences"])
    assert panel.roll_action.isEnabled()


def test_no_campaign(qtbot):
    panel = CheckPanel(CampaignBus())
    qtbot.addWidget(panel)
    panel.set_campaign(None)
    assert not panel.roll_action.isEnabled() and panel.roll() is None


def test_switching_to_french_relabels_in_place(qtbot, open_panel):
    from gmdesk.ui.i18n import Translations

    panel, store, _ = open_panel("pf2")
    qtbot.mouseClick(panel.options.toggles["fortune"], Qt.MouseButton.LeftButton,
                     pos=QPoint(8, panel.options.toggles["fortune"].height() // 2))
    translations = Translations()
    try:
        assert translations.install("fr")
        qtbot.waitUntil(lambda: panel.target.dc_label.text() == "DD:")
        actor = store.characters.list("pc")[0]
        assert panel.check_combo.currentText() == available_checks(actor)[0].label("fr")
        assert panel.options.toggles["fortune"].isChecked()  # the GM's choices survive the switch
        odds = engine_check(store, actor.id, panel.ref(), dc=15, fortune=True).odds()
        assert panel.tier_table.texts() == {t: percent_text(p, ",") for t, p in odds.tiers.items()}
        assert panel.tier_table.names[0].text() == "■ échec critique"
        assert panel.sweep_chart.getPlotItem().getAxis("bottom").labelText == "DD"
    finally:
        translations.install("en")
    qtbot.waitUntil(lambda: panel.target.dc_label.text() == "DC:")


def test_anarchy_difficulty_table(qtbot, open_panel):
    panel, store, _ = open_panel("anarchy")
    actor = store.characters.list("pc")[0]
    target = panel.target
    # simple test: "hard" sets the threshold to 3
    target.difficulty_combo.activated.emit(target.difficulty_combo.findData("hard"))
    assert target.threshold_spin.value() == 3
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), threshold=3).odds())
    # variable test: the difficulty gives the opposing pool (hard: 10 dice)
    pick(qtbot, target.kind_combo, "variable")
    target.difficulty_combo.activated.emit(target.difficulty_combo.findData("hard"))
    check = panel.view.check
    assert (check.kind, check.opposing_pool) == ("variable", 10)
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), variable=True, difficulty="hard").odds())
    assert not panel.tier_chart.marker.isVisible()  # no fixed threshold to mark
    # opposed: a pool typed in
    pick(qtbot, target.kind_combo, "opposed")
    target.pool_spin.setValue(7)
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), opposing_pool=7).odds())


def test_house_rules_ladder_follows_settings(open_panel):
    panel, store, bus = open_panel("cof")
    from gmdesk.systems.cof.house import NdStep

    info = store.info
    info.house_rules.cof_nd_ladder = [NdStep(8, "facile", "easy"), NdStep(13, "dur", "tough")]
    store.update_info(info)
    bus.settingsChanged.emit()
    combo = panel.target.ladder_combo
    assert [combo.itemData(i) for i in range(1, combo.count())] == [8, 13]
    assert combo.itemText(2) == "13 — tough"


def test_a_condition_that_changes_the_dice_says_so_in_the_breakdown(qtbot, open_panel):
    """dnd5e poisoned: disadvantage on ability checks. The odds drop, and the breakdown names why."""
    panel, store, bus = open_panel("dnd5e")
    encounter = store.encounter.get()
    poisoned = next(c for c in encounter.combatants
                    if c.character_id and any(k.key == "poisoned" for k in c.conditions))
    bus.actorSelected.emit(poisoned.character_id)
    pick(qtbot, panel.check_combo, "Perception")
    lines = {item.text(1): item.text(3) for item in panel.breakdown.lines()}
    assert "Disadvantage" in lines and "oison" in lines["Disadvantage"]
    check = engine_check(store, poisoned.character_id, panel.ref(), dc=panel.target.dc_spin.value())
    assert check.mode == "low"
    assert_shows(panel, check.odds())


def test_another_campaign_of_the_system_unticks_the_attack_toggles_in_the_same_boxes(qtbot, open_panel, tmp_path):
    """A campaign switch starts the panel afresh (a touch attack ticked in the last campaign is not
    one here), and between two campaigns of one system the toggles' boxes are kept, unticked: made
    anew, they were laid out and measured again at every switch. Another system's are its own."""
    panel, store, _ = open_panel("pf2")
    actor = store.characters.list("pc")[0]
    goblin = next(c for c in store.characters.list() if c.name == "Goblin")
    weapon = actor.sheet.attacks[0].name
    pick(qtbot, panel.check_combo, weapon.split()[0])  # (a space opens the list)
    pick(qtbot, panel.target.against_combo, "Gob")
    touch = panel.target.attack_checks["touch"]
    assert touch.isVisible()
    click(qtbot, touch)
    assert touch.isChecked()
    against_tac = engine_check(store, actor.id, CheckRef("weapon", weapon), opponent=goblin, touch=True,
                               opponent_conditions=conditions_of(store, goblin.id))
    assert_shows(panel, against_tac.odds())

    other = create_campaign(tmp_path / "other.gmdesk", "pf2", "", True, "en")
    try:
        panel.set_campaign(other)
        assert panel.target.attack_checks["touch"] is touch and not touch.isChecked()
        qtbot.wait(QApplication.keyboardInputInterval() + 20)  # the combo's type-ahead forgets the last name
        pick(qtbot, panel.check_combo, weapon.split()[0])  # (a space opens the list)
        pick(qtbot, panel.target.against_combo, "Gob")
        assert touch.isVisible() and not touch.isChecked()
        actor = other.characters.list("pc")[0]
        goblin = next(c for c in other.characters.list() if c.name == "Goblin")
        against_ac = engine_check(other, actor.id, CheckRef("weapon", weapon), opponent=goblin,
                                  opponent_conditions=conditions_of(other, goblin.id))
        assert against_ac.effective_dc != against_tac.effective_dc  # the test tells them apart
        assert_shows(panel, against_ac.odds())
        fifth = create_campaign(tmp_path / "dnd5e.gmdesk", "dnd5e", "", True, "en")
        try:
            panel.set_campaign(fifth)  # no such toggle in D&D 5e
            assert panel.target.attack_checks == {}
        finally:
            panel.set_campaign(None)
            fifth.close()
    finally:
        other.close()
