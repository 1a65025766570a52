"""Every number on screen is the engine's, and stays true as the table moves (issue 23).

The lever: for every demo (5 systems, English and French), the real check panel is driven over its
actors × the checks it offers × the opponents it offers, and everything it shows — the tier table,
each bar, the DC sweep's marker and the bars around it, the breakdown's total, the rules listed
under it, the chance of success, the player window's public odds — is held to the engine's
``build_check(...).odds()`` for the inputs on screen, built here without the panel's code. A walk
then changes actor, check, opponent, turn and campaign in a seeded random order, rolling now and
then, and checks nothing shown belongs to an earlier state. The Prep matrix's cells are held to the
engine the same way. The default run samples (~40 s); the whole product (~4 minutes on two busy
cores) runs with ``GMDESK_EXHAUSTIVE=1``.
"""

from __future__ import annotations

import os
import random

import pytest
from PySide6.QtCore import Qt

from gmdesk import systems
from gmdesk.campaign import turns
from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.player_view import public_odds
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.i18n import Translations
from gmdesk.ui.panels.check.panel import CheckPanel
from gmdesk.ui.panels.check.results import BreakdownView
from gmdesk.ui.panels.prep.grid import may_roll
from gmdesk.ui.panels.prep.panel import PrepPanel
from gmdesk.ui.player.window import PlayerWindow
from gmdesk.ui.player.words import PlayerWords

from test_check_panel import conditions_of

SYSTEMS = ("pf2", "dnd5e", "dnd35", "cof", "anarchy")
LANGS = ("en", "fr")


@pytest.fixture
def desk(qtbot, tmp_path):
    """``make(system, lang)``: a check panel over that demo with the window in ``lang``, the player
    window in the same language, and every check the panel announced (``shown``)."""
    stores, translations = [], Translations()

    def make(system: str, lang: str, seed: int = 3):
        translations.install(lang)
        store = create_campaign(tmp_path / f"{system}-{lang}-{len(stores)}.gmdesk", system, "", True, lang)
        stores.append(store)
        bus = CampaignBus()
        panel = CheckPanel(bus, rng=random.Random(seed))
        qtbot.addWidget(panel)
        shown: list = []
        bus.checkShown.connect(shown.append)
        panel.set_campaign(store)
        panel.resize(1100, 680)
        panel.show()
        qtbot.waitExposed(panel)
        player = PlayerWindow(PlayerWords(lang))
        qtbot.addWidget(player)
        return panel, store, shown, player

    yield make
    translations.install("en")
    for store in stores:
        store.close()


def engine_check(panel, store, lang: str):
    """The engine's check for what the panel's controls show, built from the sheets and the rules
    (not from the panel's view model)."""
    game = systems.get(store.info.system)
    actor = store.characters.get(panel.actor_combo.currentData())
    target = panel.target
    kw = {**panel.options.flags(), **target.flags(), **panel.options.number_values(), **panel.options.choice_values()}
    opponent_id = target.opponent_id()
    if opponent_id is None:
        if game.target.uses_dc:
            kw["dc"] = target.dc_spin.value()
        else:
            kw.update(game.target.situation(target.test_kind(), target.threshold(), target.difficulty(),
                                            target.opposing_pool()))
    else:
        opponent = store.characters.get(opponent_id)
        kw.update(opponent=opponent, opponent_ref=target.opponent_ref(),
                  opponent_conditions=conditions_of(store, opponent_id))
    helpers = tuple(store.characters.get(i) for i in panel.options.helper_ids())
    situation = Situation.of(helpers=helpers, secret=panel.options.secret.isChecked(), **kw)
    return build_check(actor, panel.ref(), situation, conditions_of(store, actor.id), store.info.house_rules,
                       lang=lang)


# The options that move a check's odds without a line in its breakdown, by the engine check's own
# attribute, and a word each must be named by (not the systems' explain: it is what is under test).
MOVERS = {
    "inspiration": {"en": "Heroic Inspiration", "fr": "Inspiration héroïque"},
    "rerolls": {"en": "Edge", "fr": "Atouts"},
    "luck_before": {"en": "Luck", "fr": "Chance"},
    "luck_after": {"en": "Luck", "fr": "Chance"},
    "take": {"en": "Take", "fr": "Faire"},
    "advantage": {"en": "Advantage", "fr": "Avantage"},
    "disadvantage": {"en": "Disadvantage", "fr": "Désavantage"},
    "fortune": {"en": "Fortune", "fr": "Fortune"},
    "misfortune": {"en": "Misfortune", "fr": "Infortune"},
    "helpers": {"en": ("Teamwork", "Aid another"), "fr": ("Travail d’équipe", "Aider quelqu’un")},
}


def assert_names_what_moved(check, text: str, lang: str) -> None:
    for attribute, word in MOVERS.items():
        if getattr(check, attribute, None):
            words = word[lang] if isinstance(word[lang], tuple) else (word[lang],)
            assert any(w in text for w in words), (attribute, text)


def effective_target(check) -> int | None:
    """The DC/AC/threshold the check is judged against, as the engine has it."""
    base = getattr(check, "target", None)
    return None if base is None else getattr(check, "effective_dc", base)


def total_line(panel) -> str:
    item = next(i for i in panel.breakdown.lines() if i.font(BreakdownView.SOURCE).bold())
    return item.text(BreakdownView.VALUE)


def assert_nothing_shown(panel, shown) -> None:
    assert panel.view is None and panel.error_label.isVisibleTo(panel)
    assert panel.tier_table.texts() == {}
    assert panel.tier_chart.heights() == []
    assert panel.sweep_chart.shown_tiers() == [] and not panel.sweep_chart.marker.isVisible()
    assert panel.summary_label.text() == "" and panel.breakdown.topLevelItemCount() == 0
    assert panel.target.effective_label.text() == ""
    assert shown[-1] is None


def assert_true(panel, store, shown, player, lang: str, rng: random.Random, columns: int = 2) -> None:
    """Everything the panel (and the player window) shows is the engine's answer for its inputs."""
    try:
        check = engine_check(panel, store, lang)
    except RulesError:
        assert_nothing_shown(panel, shown)
        return
    odds = check.odds()
    point = "," if lang == "fr" else "."
    pct = lambda p: percent_text(p, point)  # noqa: E731
    pool = "hits" in odds.extra
    rows = {t: pct(p) for t, p in odds.tiers.items()} | ({"complication": pct(odds.extra["complication"])} if pool else {})
    assert panel.tier_table.texts() == rows
    heights = odds.extra["hits"] if pool else odds.tiers.values()
    assert panel.tier_chart.heights() == pytest.approx([float(p) for p in heights], abs=1e-12)
    assert panel.summary_label.text().endswith(pct(odds.success))

    target, base = effective_target(check), getattr(check, "target", None)
    if pool:  # the hits chart's line between a failure and a success
        marker = panel.tier_chart.marker
        assert marker.isVisible() == (target is not None)
        if target is not None:
            assert marker.value() == target - 0.5 and panel.tier_chart.marker_text().endswith(f" {target}")
    sweep = panel.sweep_chart
    if target is None or getattr(check, "kind", "") == "extended":
        assert sweep.shown_tiers() == [] and not sweep.marker.isVisible()  # no target in use: no sweep
    else:
        assert sweep.marker.isVisible() and sweep.marker.value() == target
        assert sweep.marker.label.format.endswith(f" {target}")
        xs = list(sweep.band(sweep.sweep.tiers[0]).opts["x"])
        for x in [target] + rng.sample(xs, min(columns, len(xs))):
            i = xs.index(x)
            at = odds if x == target else check.with_target(x - (target - base)).odds()  # judged against x
            for tier in sweep.sweep.tiers:
                assert sweep.band(tier).opts["height"][i] == pytest.approx(float(at.tiers[tier]), abs=1e-12), (x, tier)
        if not pool and (target != base or panel.target.opponent_id() is not None):
            assert panel.target.effective_label.text().startswith("= ")
            assert panel.target.effective_label.text().split(" · ")[0].endswith(f" {target}")

    if pool:
        assert total_line(panel).startswith(f"{check.rolled_dice()} ")
    else:
        assert total_line(panel) == f"{check.breakdown.total:+d}"
    listed = [item.text(BreakdownView.SOURCE) for item in panel.breakdown.lines()]
    assert_names_what_moved(check, "\n".join(listed), lang)
    for what, _ in systems.get(store.info.system).options.explain(check, lang):
        assert what in listed, (what, listed)  # every rule that moved the odds is named

    announced = shown[-1]
    assert announced.chance == odds.success and announced.target == target
    public = public_odds(announced, True, True)
    player.show_odds(public)
    if public is not None:
        assert player.odds_value.text() == pct(odds.success)
        assert player.odds_target.text() == ("" if target is None else f"{public.target_name(lang)} {target}")


def combinations(panel):
    """Every (actor, check, opponent) index the panel offers, the opponents as offered for that check."""
    for a in range(panel.actor_combo.count()):
        panel.actor_combo.setCurrentIndex(a)
        for c in range(panel.check_combo.count()):
            panel.check_combo.setCurrentIndex(c)
            for o in range(panel.target.against_combo.count()):
                yield a, c, o


def show(panel, a: int, c: int, o: int) -> None:
    panel.actor_combo.setCurrentIndex(a)
    panel.check_combo.setCurrentIndex(c)
    panel.target.against_combo.setCurrentIndex(o)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_panel_shows_the_engines_numbers_sampled(desk, system, lang):
    panel, store, shown, player = desk(system, lang)
    rng = random.Random(f"{system}-{lang}")
    for _ in range(14):
        a = rng.randrange(panel.actor_combo.count())
        panel.actor_combo.setCurrentIndex(a)
        c = rng.randrange(panel.check_combo.count())
        panel.check_combo.setCurrentIndex(c)
        show(panel, a, c, rng.randrange(panel.target.against_combo.count()))
        assert_true(panel, store, shown, player, lang, rng)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("GMDESK_EXHAUSTIVE"), reason="the whole product: GMDESK_EXHAUSTIVE=1")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_panel_shows_the_engines_numbers_everywhere(desk, system, lang):
    panel, store, shown, player = desk(system, lang)
    rng = random.Random(system)
    for a, c, o in list(combinations(panel)):
        show(panel, a, c, o)
        assert_true(panel, store, shown, player, lang, rng, columns=1)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_sweep_reads_the_target_in_use_against_an_opponent(desk, system):
    """Every attack and opposed roll against every opponent: the marker on the AC/DC the panel says
    ("= AC 18"), the bar there holding the odds shown (pf2: the Scimitar against Brunhild's chain
    mail read AC 14 and drew AC 18's odds there)."""
    panel, store, shown, player = desk(system, "en")
    rng = random.Random(system)
    for a in range(panel.actor_combo.count()):
        panel.actor_combo.setCurrentIndex(a)
        attacks = [c for c in range(panel.check_combo.count()) if panel._options[c].ref.kind in ("attack", "weapon")]
        for c in attacks[:1]:
            panel.check_combo.setCurrentIndex(c)
            for o in range(1, panel.target.against_combo.count()):
                panel.target.against_combo.setCurrentIndex(o)
                assert_true(panel, store, shown, player, "en", rng, columns=0)


def pass_turn(panel, store) -> None:
    encounter = store.encounter.get()
    turns.next_turn(encounter, store.info.system)
    store.encounter.save(encounter)
    panel.bus.encounterChanged.emit()


def assert_belongs(panel) -> None:
    """A roll on screen is the roll of the actor, check and turn shown; else none is."""
    last = panel.last_roll
    if last is None:
        assert panel.result_view._shown is None and not panel.result_view.reroll_button.isVisibleTo(panel)
    else:
        assert last.actor_id == panel.actor_combo.currentData()
        assert last.label.startswith(panel.check_combo.currentText())
        assert panel.result_view._shown is not None


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_walk_never_shows_an_earlier_state(desk, system):
    panel, store, shown, player = desk(system, "en")
    other = None
    rng = random.Random(f"walk-{system}")
    for step in range(40):
        move = rng.choice(("actor", "check", "opponent", "turn", "roll", "roll", "secret", "campaign", "option",
                           "option", "helper"))
        actor_before = panel.actor_combo.currentData()
        if move == "actor":
            panel.actor_combo.setCurrentIndex(rng.randrange(panel.actor_combo.count()))
        elif move == "check":
            panel.check_combo.setCurrentIndex(rng.randrange(panel.check_combo.count()))
        elif move == "opponent":
            panel.target.against_combo.setCurrentIndex(rng.randrange(panel.target.against_combo.count()))
        elif move == "turn" and store.encounter.get() is not None:
            had_roll = panel.last_roll is not None
            pass_turn(panel, store)
            assert panel.last_roll is None or not had_roll  # the roll of the turn before is gone
        elif move == "roll" and panel.view is not None:
            panel.roll()
        elif move == "option":  # a system's toggle: advantage, fortune, take 10, Luck…
            boxes = [b for b in panel.options.toggles.values() if b.isVisibleTo(panel) and b.isEnabled()]
            if boxes:
                box = rng.choice(boxes)
                box.setChecked(not box.isChecked())
        elif move == "helper":  # aid another, teamwork
            helpers = panel.options.lists["helpers"]
            rows = [i for i in range(helpers.count()) if not helpers.isRowHidden(i)]
            if helpers.isVisibleTo(panel) and rows:
                item = helpers.item(rng.choice(rows))
                ticked = item.checkState() == Qt.CheckState.Checked
                item.setCheckState(Qt.CheckState.Unchecked if ticked else Qt.CheckState.Checked)
        elif move == "secret":
            panel.options.secret.setChecked(not panel.options.secret.isChecked())
        elif move == "campaign":
            other_system = rng.choice(SYSTEMS)
            other = create_campaign(store.path.parent / f"walk-{step}.gmdesk", other_system, "", True, "en")
            panel.set_campaign(other)
            store = other
        if panel.actor_combo.currentData() != actor_before:
            assert not panel.options.secret.isChecked()  # one roll's option: not the next actor's
        assert_belongs(panel)
        assert_true(panel, store, shown, player, "en", rng, columns=1)
    if other is not None:
        other.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_prep_cell_is_the_engines(system, lang, tmp_path, qtbot):
    """Each cell of the Prep matrix of every scene: its figure, its tooltip and its detail (every
    tier, the rules that moved it: Aldric's 57.8 % is Heroic Inspiration's), held to the engine's
    odds for that member's check at the prepared DC."""
    translations = Translations()
    translations.install(lang)
    store = create_campaign(tmp_path / "prep.gmdesk", system, "", True, lang)
    prep = PrepPanel(CampaignBus())
    qtbot.addWidget(prep)
    try:
        prep.set_campaign(store)
        point = "," if lang == "fr" else "."
        model, detail = prep.matrix_model, prep.detail
        scenes = prep.scenes.scene_view
        for s in range(scenes.model().rowCount()):
            scenes.setCurrentIndex(scenes.model().index(s, 0))
            grid = prep.grid
            assert grid.checks and grid.members
            for r, member in enumerate(grid.members):
                for c, prepared in enumerate(grid.checks):
                    index = model.index(r, c)
                    if not may_roll(prepared, member):
                        continue
                    if prep.ctx.by_threshold:
                        situation = Situation(threshold=prepared.threshold)
                    else:
                        situation = Situation(dc=prepared.dc if prepared.dc is not None else 15)
                    try:
                        check = build_check(member, prepared.check, situation, (), store.info.house_rules, lang=lang)
                    except RulesError:
                        assert model.data(index, model.OddsRole) is None
                        continue
                    odds = check.odds()
                    assert model.data(index, model.OddsRole) == odds
                    assert model.data(index) == percent_text(odds.success, point, 0)
                    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
                    detail.show_cell(prep.ctx, grid, r, c, point)
                    shown = [detail.tiers.item(i, 1).text() for i in range(detail.tiers.rowCount())]
                    for tier, p in odds.tiers.items():
                        assert percent_text(p, point) in tip and percent_text(p, point) in shown
                    assert_names_what_moved(check, tip, lang)
                    assert_names_what_moved(check, detail.breakdown.text(), lang)
                    for what, _ in systems.get(system).options.explain(check, lang):
                        assert what in tip and what in detail.breakdown.text(), (what, tip)
    finally:
        translations.install("en")
        prep.set_campaign(None)
        store.close()
