"""The prep models: qtmodeltester, and the party × check matrix read against the engine itself
(``build_check(...).odds()`` cell by cell: the characters outside the fight, or with the fight's
conditions when the GM asks for them), for every system."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from gmdesk.campaign.checks import Situation, build_check
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.store.prep_sheet import CANNOT_HEX, chance_hex
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.prep.grid import BuildMemo, PrepContext, compute_grid
from gmdesk.ui.panels.prep.models import PreparedCheckModel, PrepMatrixModel, SceneListModel
from gmdesk.ui.panels.prep.scenes import target_text
from gmdesk.ui.theme import TIER_HEX, tier_name

SYSTEMS = ("pf2", "dnd5e", "dnd35", "cof", "anarchy")


@pytest.fixture(params=SYSTEMS)
def store(request, tmp_path):
    s = create_campaign(tmp_path / f"{request.param}.gmdesk", request.param, "", True, "en")
    yield s
    s.close()


def engine_success(store, character, prepared, with_conditions=False):
    """The engine's own answer for one cell: the sheet, the DC or threshold (and the fight's
    conditions when asked)."""
    info = store.info
    conditions = {}
    encounter = store.encounter.get() if with_conditions else None
    for c in (encounter.queue() if encounter else []):
        if c.character_id is not None:
            conditions.setdefault(c.character_id, tuple(c.conditions))
    situation = Situation(threshold=prepared.threshold) if info.system == "anarchy" else Situation(dc=prepared.dc)
    try:
        check = build_check(character, prepared.check, situation, conditions.get(character.id, ()), info.house_rules)
    except RulesError:
        return None
    return check.odds()


def matrix_for(store, scene_index=0, with_conditions=False) -> PrepMatrixModel:
    model = PrepMatrixModel()
    ctx = PrepContext.from_store(store, with_conditions=with_conditions)
    model.set_grid(compute_grid(ctx, store.scenes.list()[scene_index]))
    return model


def test_matrix_passes_qtmodeltester_and_matches_the_engine(qtmodeltester, store):
    for scene_index, scene in enumerate(store.scenes.list()):
        model = matrix_for(store, scene_index)
        qtmodeltester.check(model)
        pcs = store.characters.list("pc")
        checks = scene.ordered_checks()
        assert model.rowCount() == len(pcs) and model.columnCount() == len(checks)
        assert [model.headerData(r, Qt.Orientation.Vertical) for r in range(len(pcs))] == [c.name for c in pcs]
        compared = 0
        for r, character in enumerate(pcs):
            for c, prepared in enumerate(checks):
                index = model.index(r, c)
                odds = engine_success(store, character, prepared)
                if odds is None:  # the rules refuse it (trained only, a path the character lacks)
                    assert index.data(PrepMatrixModel.ChanceRole) is None
                    assert index.data() == "n/a"
                    assert "Not possible" in index.data(Qt.ItemDataRole.ToolTipRole)
                    continue
                compared += 1
                assert index.data(PrepMatrixModel.ChanceRole) == odds.success
                assert index.data(PrepMatrixModel.OddsRole).tiers == odds.tiers
                assert index.data() == percent_text(odds.success, ".", 0)
                assert index.data(Qt.ItemDataRole.BackgroundRole).name() == chance_hex(odds.success)
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                for tier, p in odds.tiers.items():
                    assert f"{tier_name(tier)}: {percent_text(p, '.', 1)}" in tip
        assert compared >= len(pcs)  # most cells are real odds, not refusals


def test_conditions_of_the_fight_stay_out_of_the_matrix_unless_asked(tmp_path):
    """Prep odds are the characters' odds outside the fight: a sickened hero in the fight keeps his
    prep odds; asked "with current conditions", the matrix shows the odds with them, as the engine does."""
    store = create_campaign(tmp_path / "c.gmdesk", "pf2", "", True, "en")
    encounter = store.encounter.get()
    hero = store.characters.list("pc")[0]
    combatant = next(c for c in encounter.combatants if c.character_id == hero.id)
    first = store.scenes.list()[0].ordered_checks()[0]
    model = matrix_for(store)  # kept: an index must not outlive its model
    before = model.index(0, 0).data(PrepMatrixModel.ChanceRole)
    from gmdesk.campaign.model import ConditionState

    combatant.conditions = [ConditionState("sickened", 2)]
    store.encounter.save(encounter)
    model = matrix_for(store)
    assert model.index(0, 0).data(PrepMatrixModel.ChanceRole) == before == engine_success(store, hero, first).success
    model = matrix_for(store, with_conditions=True)
    after = model.index(0, 0).data(PrepMatrixModel.ChanceRole)
    assert after == engine_success(store, hero, first, with_conditions=True).success
    assert after < before
    store.close()


def test_a_dc_change_updates_cells_without_a_reset(qtbot, tmp_path):
    store = create_campaign(tmp_path / "d.gmdesk", "pf2", "", True, "en")
    ctx = PrepContext.from_store(store)
    scene = store.scenes.list()[0]
    model = PrepMatrixModel()
    model.target_text = lambda c: target_text(ctx, c)  # as the panel sets it
    memo = BuildMemo()
    model.set_grid(compute_grid(ctx, scene, memo))
    first = scene.ordered_checks()[0]
    store.scenes.update_check(replace(first, dc=first.dc + 5))
    harder = store.scenes.list()[0]
    with qtbot.assertNotEmitted(model.modelReset), qtbot.waitSignal(model.dataChanged), \
            qtbot.waitSignal(model.headerDataChanged):
        model.set_grid(compute_grid(ctx, harder, memo))
    assert model.resets == 1  # only the first fill
    # Only the changed column was rebuilt: one check per member.
    assert memo.built == model.rowCount() * (model.columnCount() + 1)
    for r, character in enumerate(model.grid.members):
        assert model.index(r, 0).data(PrepMatrixModel.ChanceRole) == engine_success(
            store, character, harder.ordered_checks()[0]).success
    assert model.headerData(0, Qt.Orientation.Horizontal) == f"{first.name}\nDC {first.dc + 5}"
    store.close()


def test_who_may_roll_greys_the_others(tmp_path, qtmodeltester):
    store = create_campaign(tmp_path / "w.gmdesk", "dnd5e", "", True, "en")
    pcs = store.characters.list("pc")
    npc = store.characters.list("npc")[0]
    scene = store.scenes.list()[0]
    first = scene.ordered_checks()[0]
    store.scenes.update_check(replace(first, rollers=[pcs[1].id, npc.id]))
    model = matrix_for(store)
    qtmodeltester.check(model)
    names = [model.grid.members[r].name for r in range(model.rowCount())]
    assert names == [c.name for c in pcs] + [npc.name]  # the named NPC joins the rows
    for r, member in enumerate(model.grid.members):
        allowed = member.id in (pcs[1].id, npc.id)
        index = model.index(r, 0)
        assert (index.data() == "—") == (not allowed)
        if not allowed:
            assert index.data(PrepMatrixModel.ChanceRole) is None
            assert index.data(Qt.ItemDataRole.BackgroundRole).name() == CANNOT_HEX
    # Another check that names nobody: every party member may roll it, the NPC may not.
    npc_row = names.index(npc.name)
    assert model.index(npc_row, 1).data() == "—"
    assert model.index(0, 1).data(PrepMatrixModel.ChanceRole) is not None
    store.close()


def test_scene_and_check_models(qtmodeltester, tmp_path, qtbot):
    store = create_campaign(tmp_path / "s.gmdesk", "cof", "", True, "en")
    scenes = SceneListModel()
    scenes.set_scenes(store.scenes.list())
    qtmodeltester.check(scenes)
    assert [scenes.index(r).data() for r in range(scenes.rowCount())] == [s.name for s in store.scenes.list()]
    with qtbot.waitSignal(scenes.renameRequested) as renamed:
        assert scenes.setData(scenes.index(1), "  The tower  ")
    assert renamed.args == [store.scenes.list()[1].id, "The tower"]
    assert not scenes.setData(scenes.index(0), "   ")  # a scene keeps a name
    checks = PreparedCheckModel()
    checks.set_checks(store.scenes.list()[0].ordered_checks())
    qtmodeltester.check(checks)
    assert checks.index(1, PreparedCheckModel.SECRET).data() == "secret"
    assert checks.index(0, PreparedCheckModel.NAME).data() == store.scenes.list()[0].ordered_checks()[0].name
    store.close()


def test_ramp_ends_are_the_theme_tier_colours():
    assert chance_hex(0) == TIER_HEX["failure"] and chance_hex(1) == TIER_HEX["success"]


@pytest.mark.parametrize("system", ["pf2", "dnd35", "anarchy"])
def test_the_same_roll_at_several_targets(tmp_path, system):
    """One engine check per roll, moved to each DC (``with_target``): equal to building each anew."""
    from gmdesk.campaign.model import PreparedCheck, Scene

    store = create_campaign(tmp_path / "r.gmdesk", system, "", True, "en")
    ref = store.scenes.list()[0].ordered_checks()[0].check
    targets = [None, 0, 1, 3, 6] if system == "anarchy" else [-5, 8, 15, 22, 40]
    checks = [PreparedCheck(None, f"at {t}", ref, None if system == "anarchy" else t,
                            t if system == "anarchy" else None, position=i) for i, t in enumerate(targets)]
    scene = store.scenes.add(Scene(None, "Ladder", 0, checks))
    memo = BuildMemo()
    grid = compute_grid(PrepContext.from_store(store), scene, memo)
    for r, character in enumerate(grid.members):
        for c, prepared in enumerate(scene.ordered_checks()):
            odds = engine_success(store, character, prepared)
            cell = grid.cell(r, c)
            assert (cell.odds.tiers if cell.odds else None) == (odds.tiers if odds else None)
    # A sheet edit rebuilds that member's row only.
    hero = grid.members[0]
    hero.notes += " edited"
    store.characters.update(hero)
    built = memo.built
    compute_grid(PrepContext.from_store(store), scene, memo)
    assert memo.built - built == len(targets)
    store.close()
