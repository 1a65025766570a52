"""The check panel's view model (``gmdesk.campaign.check_view``), held to the engine without Qt: its
target is the DC/AC/threshold the engine judges by, its sweep's axis reads those values and the
column at each holds the engine's odds there, its tiers and chance are the check's own."""

from __future__ import annotations

import random

import pytest

from gmdesk import systems
from gmdesk.campaign.check_view import CheckSetup, Context, compute, reasons
from gmdesk.campaign.checks import available_checks
from gmdesk.campaign.demo import demo_campaign
from gmdesk.engine.core import RulesError

SYSTEMS = ("pf2", "dnd5e", "dnd35", "cof", "anarchy")


def context(system: str, lang: str = "en") -> Context:
    demo = demo_campaign(system, lang)
    characters = {i: c for i, c in enumerate(demo.characters, start=1)}
    for i, c in characters.items():
        c.id = i
    return Context(system, characters, {}, demo.info.house_rules, lang)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_view_is_the_engines_check(system):
    ctx = context(system)
    rng = random.Random(system)
    seen = 0
    for actor in ctx.characters.values():
        options = available_checks(actor)
        for option in rng.sample(options, min(4, len(options))):
            for opponent in (None, *rng.sample([i for i in ctx.characters if i != actor.id], 2)):
                setup = CheckSetup(actor_id=actor.id, ref=option.ref, opponent_id=opponent, threshold=2)
                try:
                    view = compute(setup, ctx)
                except RulesError:
                    continue
                seen += 1
                check, odds = view.check, view.check.odds()
                assert view.odds == odds and view.chance == odds.success
                assert dict(view.rows[:len(odds.tiers)]) == odds.tiers
                base = getattr(check, "target", None)
                assert view.base_target == base
                assert view.target == (None if base is None else getattr(check, "effective_dc", base))
                assert view.reasons == reasons(system, check, "en")
                if view.sweep is None:
                    continue
                assert view.target in view.sweep.targets
                for x in {view.target, view.sweep.targets[0], view.sweep.targets[-1]}:
                    at = check.with_target(x - (view.target - base)).odds()
                    i = view.sweep.targets.index(x)
                    for tier in view.sweep.tiers:
                        assert view.sweep.heights[tier][i] == pytest.approx(float(at.tiers[tier]), abs=1e-12)
    assert seen > 10


def test_grikkits_scimitar_against_brunhild_reads_ac_18():
    """pf2: Brunhild's AC is 14 before her chain mail's +4; the chart reads AC 18, its odds there."""
    ctx = context("pf2")
    grikkit = next(c for c in ctx.characters.values() if c.name.startswith("Grikkit"))
    brunhild = next(c for c in ctx.characters.values() if c.name == "Brunhild")
    scimitar = next(o.ref for o in available_checks(grikkit) if o.label("en") == "Scimitar")
    view = compute(CheckSetup(actor_id=grikkit.id, ref=scimitar, opponent_id=brunhild.id), ctx)
    assert view.base_target == view.check.dc and view.target == view.check.effective_dc != view.check.dc
    i = view.sweep.targets.index(view.target)
    assert {t: view.sweep.heights[t][i] for t in view.sweep.tiers} == pytest.approx(
        {t: float(p) for t, p in view.odds.tiers.items()})
    assert view.target_text == f"AC {view.target}"


def test_heroic_inspiration_and_edge_are_named():
    """Aldric's odds count his Heroic Inspiration; a runner's Edge rerolls move the dice: both named."""
    ctx = context("dnd5e")
    aldric = next(c for c in ctx.characters.values() if c.name == "Aldric")
    view = compute(CheckSetup(actor_id=aldric.id, ref=available_checks(aldric)[0].ref), ctx)
    assert view.check.inspiration and "Heroic Inspiration" in [what for what, _ in view.reasons]
    ctx = context("anarchy", "fr")
    for runner in ctx.characters.values():
        for option in available_checks(runner):
            view = compute(CheckSetup(actor_id=runner.id, ref=option.ref, threshold=2), ctx)
            if view.check.rerolls:
                assert any("Atouts" in what for what, _ in view.reasons), view.reasons
                return
    pytest.fail("no demo runner has an Edge reroll")
