"""Issue 13 in the check panel: every new option, ticked as a GM would, shows the same odds as
`gmdesk odds` given the same check; explanations in the breakdown; rerolls offered as the rules say."""

from __future__ import annotations

import io
import json

import pytest
from PySide6.QtCore import Qt

from gmdesk.campaign.house_rules import HouseRules
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.cli import main as cli_main
from test_check_panel import assert_shows, click, engine_check, open_panel, pick, type_dc  # noqa: F401


def cli_odds(*argv) -> dict:
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["odds", *argv, "--json"], out, err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def shown(panel) -> dict:
    return {t: float(p) for t, p in panel.view.odds.tiers.items()}


def set_house_rules(store, bus, **changes) -> None:
    from gmdesk.campaign.model import CampaignInfo

    info = store.info
    store.update_info(CampaignInfo(info.name, info.system, info.house_rules.with_rulings(**changes)))
    bus.settingsChanged.emit()


def choose_check(panel, ref: CheckRef) -> None:
    index = panel.check_combo.findData(str(ref))
    assert index >= 0, ref
    panel.check_combo.setCurrentIndex(index)


# -- pf2 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("toggle,flag", [("reroll_failure", "--reroll-failure"), ("reroll_success", "--reroll-success")])
def test_pf2_reroll_effects_agree_with_the_cli(qtbot, open_panel, toggle, flag):
    panel, store, _ = open_panel("pf2")
    type_dc(qtbot, panel, 20)
    click(qtbot, panel.options.toggles[toggle])
    assert getattr(panel.view.check, toggle)
    mod = panel.view.check.modifier
    assert shown(panel) == cli_odds("pf2", "--mod", str(mod), "--dc", "20", flag)["tiers"]
    actor = store.characters.list("pc")[0]
    assert_shows(panel, engine_check(store, actor.id, panel.ref(), dc=20, **{toggle: True}).odds())
    # the breakdown says what the effect does
    texts = [item.text(1) + " " + item.text(3) for item in panel.breakdown.lines()]
    assert any("rerolled" in t for t in texts), texts


def test_pf2_r1_house_rule_agrees_with_the_cli(qtbot, open_panel):
    panel, store, bus = open_panel("pf2")
    set_house_rules(store, bus, reroll_keeps_new=False)
    type_dc(qtbot, panel, 20)
    click(qtbot, panel.options.toggles["reroll_failure"])
    assert panel.view.check.rulings.reroll_keeps_new is False
    mod = panel.view.check.modifier
    assert shown(panel) == cli_odds("pf2", "--mod", str(mod), "--dc", "20", "--reroll-failure",
                                    "--house-rule", "R-1")["tiers"]
    assert shown(panel) != cli_odds("pf2", "--mod", str(mod), "--dc", "20", "--reroll-failure")["tiers"]


def test_one_fortune_effect_at_a_time(qtbot, open_panel):
    panel, _, _ = open_panel("pf2")
    click(qtbot, panel.options.toggles["fortune"])
    click(qtbot, panel.options.toggles["reroll_failure"])
    assert not panel.options.toggles["fortune"].isChecked()  # the other fortune effect is unticked
    click(qtbot, panel.options.toggles["misfortune"])
    assert not panel.error_label.isVisibleTo(panel)
    texts = [item.text(1) for item in panel.breakdown.lines()]
    assert "They cancel: one d20" in texts


def test_a_flat_check_keeps_fortune_like_the_cli(qtbot, open_panel):
    """Item 1: the panel showed 50 % at DC 11 with fortune where the CLI says 75 %."""
    panel, _, _ = open_panel("pf2")
    choose_check(panel, CheckRef("flat"))
    type_dc(qtbot, panel, 11)
    click(qtbot, panel.options.toggles["fortune"])
    assert shown(panel) == cli_odds("pf2", "--flat", "--dc", "11", "--fortune")["tiers"] == \
        {"failure": 0.25, "success": 0.75}
    assert panel.tier_table.texts()["success"] == "75.0 %"
    assert not panel.options.toggles["cannot_succeed"].isEnabled()


def test_cannot_succeed_is_explained_in_the_breakdown(qtbot, open_panel):
    panel, _, _ = open_panel("pf2")
    click(qtbot, panel.options.toggles["cannot_succeed"])
    type_dc(qtbot, panel, 0)  # far below the modifier: a critical success on almost every face
    mod = panel.view.check.modifier
    assert shown(panel) == cli_odds("pf2", "--mod", str(mod), "--dc", "0", "--cannot-succeed")["tiers"]
    rows = {item.text(1): item.text(3) for item in panel.breakdown.lines()}
    assert "Cannot succeed" in rows
    assert "a natural 20 no longer raises the degree" in rows["Cannot succeed"]
    from gmdesk.systems.pf2.rules import cannot_succeed_reach

    tier, lo, hi = cannot_succeed_reach(panel.view.check.effective_dc - mod)
    assert tier == "critical_success" and f"critical success ({lo}–{hi} on the d20)" in rows["Cannot succeed"]
    assert panel.view.odds["critical_success"] == __import__("fractions").Fraction(hi - lo + 1, 20)


def test_secret_check_offers_fortune_only_when_the_player_knows(qtbot, open_panel):
    panel, store, _ = open_panel("pf2", seed=3)
    knows = panel.options.toggles["player_knows"]
    assert not knows.isEnabled()
    click(qtbot, panel.options.secret)
    assert knows.isEnabled()
    type_dc(qtbot, panel, 40)  # a sure failure, so that fortune is worth offering
    panel.roll()
    assert panel.last_roll.result.tier in ("failure", "critical_failure")
    assert not panel.result_view.reroll_button.isVisibleTo(panel)
    click(qtbot, knows)
    assert panel.view.check.player_knows
    panel.roll()
    assert panel.result_view.reroll_button.isVisibleTo(panel)
    rerolled = panel.reroll()
    assert rerolled.result.rerolled and rerolled.secret
    # unticking "secret" unticks "player knows" with it
    click(qtbot, panel.options.secret)
    assert not knows.isChecked() and not knows.isEnabled()


def test_no_fortune_reroll_offered_after_a_fortune_effect(qtbot, open_panel):
    panel, _, _ = open_panel("pf2", seed=5)
    type_dc(qtbot, panel, 40)
    click(qtbot, panel.options.toggles["reroll_failure"])
    seen = 0
    for _ in range(10):
        panel.roll()
        seen += panel.last_roll.result.rerolled  # a failure, rerolled by the effect itself
        assert not panel.result_view.reroll_button.isVisibleTo(panel)
    assert seen


# -- dnd5e ----------------------------------------------------------------------------------------
def test_dnd5e_voluntary_failure_agrees_with_the_cli(qtbot, open_panel):
    panel, store, _ = open_panel("dnd5e")
    box = panel.options.toggles["fail_voluntarily"]
    assert not box.isEnabled()  # a skill check: not a save
    choose_check(panel, CheckRef("save", "wis"))
    assert box.isEnabled()
    type_dc(qtbot, panel, 12)
    click(qtbot, box)
    mod = panel.view.check.modifier
    assert shown(panel) == cli_odds("dnd5e", "--mod", str(mod), "--dc", "12", "--save", "--fail-voluntarily")["tiers"] \
        == {"failure": 1.0, "success": 0.0}
    panel.roll()
    assert panel.last_roll.result.dice == () and not panel.result_view.reroll_button.isVisibleTo(panel)
    choose_check(panel, CheckRef("skill", "stealth"))
    assert not box.isChecked() and not box.isEnabled()


# -- dnd35 ----------------------------------------------------------------------------------------
def test_dnd35_turn_undead_with_its_synergy_agrees_with_the_cli(qtbot, open_panel):
    panel, store, _ = open_panel("dnd35")
    pick(qtbot, panel.actor_combo, "Bro")
    ref = CheckRef("feature", "turn_undead")
    choose_check(panel, ref)
    type_dc(qtbot, panel, 13)
    check = panel.view.check
    assert any(line.modifier.kind == "synergy" for line in check.breakdown.lines)
    assert shown(panel) == cli_odds("dnd35", "--mod", str(check.modifier), "--dc", "13")["tiers"]
    assert panel.options.toggles["take10"].isEnabled()


def test_dnd35_a_helper_who_cannot_make_the_check_is_named(qtbot, open_panel):
    panel, store, _ = open_panel("dnd35")
    pick(qtbot, panel.actor_combo, "Mirna")
    choose_check(panel, CheckRef("skill", "open_lock"))
    helpers = panel.options.lists["helpers"]
    eberk = next(i for i in range(helpers.count()) if helpers.item(i).text() == "Eberk")
    helpers.item(eberk).setCheckState(Qt.CheckState.Checked)
    assert panel.error_label.isVisibleTo(panel)
    assert "Eberk cannot aid another" in panel.error_label.text() and "trained-only" in panel.error_label.text()
    assert not panel.roll_action.isEnabled()


# -- anarchy --------------------------------------------------------------------------------------
def _anarchy_cli_args(check) -> list[str]:
    args = ["anarchy", "--pool", str(check.base_pool)]
    net = sum(m.value for m in check.modifiers)
    if net:
        args += ["--dice-mod", str(net)]
    for h in check.helpers:
        args += ["--helper", str(h.rolled_dice())]
    if check.threshold is not None:
        args += ["--threshold", str(check.threshold)]
    if check.luck_after:
        args.append("--luck-after")
    if check.rerolls:
        args += ["--reroll", str(check.rerolls)]
    for ruling, on in (("R-3", check.rulings.one_reroll_per_test), ("R-4", check.rulings.complication_needs_a_one),
                       ("R-5", check.rulings.complication_after_luck)):
        if not on:
            args += ["--house-rule", ruling]
    return args


def test_anarchy_teamwork_counts_complications_like_the_cli(qtbot, open_panel):
    panel, store, _ = open_panel("anarchy")
    helpers = panel.options.lists["helpers"]
    for i in [i for i in range(helpers.count()) if not helpers.isRowHidden(i)][:2]:  # the actor's row is hidden
        helpers.item(i).setCheckState(Qt.CheckState.Checked)
    check = panel.view.check
    assert len(check.helpers) == 2
    d = cli_odds(*_anarchy_cli_args(check))
    odds = panel.view.odds
    assert shown(panel) == d["tiers"]
    assert d["complication_count"] == {str(k): float(p) for k, p in odds.extra["complication_count"].items()}
    assert d["expected_complications"] == float(odds.extra["expected_complications"])


def test_anarchy_house_rules_agree_with_the_cli(qtbot, open_panel):
    panel, store, bus = open_panel("anarchy")
    actor = store.characters.list("pc")[0]
    assert actor.sheet.luck >= 1
    set_house_rules(store, bus, one_reroll_per_test=False, complication_needs_a_one=False,
                    complication_after_luck=False)
    click(qtbot, panel.options.toggles["luck_after"])
    assert panel.options.number_spins["rerolls"].isEnabled()  # R-3 off: Luck and Edge rerolls may combine
    panel.options.number_spins["rerolls"].setValue(2)
    check = panel.view.check
    assert check.luck_after and check.rerolls == 2
    assert shown(panel) == cli_odds(*_anarchy_cli_args(check))["tiers"]
    assert panel.tier_table.texts()["complication"] == \
        __import__("gmdesk.engine.series", fromlist=["x"]).percent_text(check.odds().extra["complication"])
    # back to the rulings: Luck replaces the Edge rerolls again
    set_house_rules(store, bus, one_reroll_per_test=True)
    assert not panel.options.number_spins["rerolls"].isEnabled()
    assert panel.view.check.rerolls == 0


def test_anarchy_roll_shows_every_complication(qtbot, open_panel):
    panel, store, _ = open_panel("anarchy", seed=4)
    helpers = panel.options.lists["helpers"]
    for i in [i for i in range(helpers.count()) if not helpers.isRowHidden(i)][:2]:  # the actor's row is hidden
        helpers.item(i).setCheckState(Qt.CheckState.Checked)
    for _ in range(40):
        rolled = panel.roll()
        if len(rolled.result.complications) > 1:
            break
    result = rolled.result
    assert len(result.complications) > 1
    text = panel.result_view.total_label.text()
    assert f"{len(result.complications)} complications" in text
    logged = store.log.get(rolled.entry_id)
    assert logged.check["rulings"] == {"one_reroll_per_test": True, "complication_needs_a_one": True,
                                       "complication_after_luck": True}
    assert len(logged.dice) == len(result.dice)
