"""What the GM set up in the check panel, and everything the panel shows for it, computed in one go.

``CheckSetup`` is the panel's state in plain data (actor, roll, target, toggles, situational
modifiers); ``compute(setup, context)`` turns it into a ``CheckView``: the engine check (through
``gmdesk.campaign.checks.build_check``), its exact odds, and the chart series. No widget here, so
the benchmark and the tests can time and check the computation on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication

from gmdesk import systems
from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.engine.core import Breakdown, Modifier, Odds
from gmdesk.engine.series import (
    Bars,
    StackedSweep,
    d20_sweep_range,
    hits_bars,
    hits_sweep,
    percent_text,
    threshold_sweep_range,
    tier_bars,
)
from gmdesk.engine.words import Word
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.ui import i18n
from gmdesk.ui.panels.check import sweep as check_sweep
from gmdesk.ui.theme import tier_name

ATTACK_KINDS = ("attack", "weapon")


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckPanel", ...) elsewhere."""
    return QCoreApplication.translate("CheckPanel", text)


@dataclass
class CheckSetup:
    """The panel's choices. ``opponent_id`` None = the target is typed in (``dc``, or a threshold
    system's test kind with its threshold, difficulty or opposing pool: ``Target.test_kinds``)."""

    actor_id: int | None = None
    ref: CheckRef | None = None
    dc: int = 15
    opponent_id: int | None = None
    opponent_ref: CheckRef | None = None  # None: the opponent's defence (AC, DEF, physical defense)
    test_kind: str = "simple"
    threshold: int = 1
    difficulty: str | None = None
    opposing_pool: int = 6
    flags: dict[str, bool] = field(default_factory=dict)  # Situation's boolean toggles
    numbers: dict[str, int | None] = field(default_factory=dict)  # the system's numbers; None = not set
    helper_ids: tuple[int, ...] = ()
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the system's lists (paths…)
    modifiers: tuple[Modifier, ...] = ()
    secret: bool = False


@dataclass(frozen=True)
class Context:
    """The campaign as the panel needs it, read once per change from the store."""

    system: str
    characters: dict[int, Any]  # id -> Character, in the party's order
    conditions: dict[int, tuple] = field(default_factory=dict)  # character id -> ConditionStates
    house_rules: HouseRules = field(default_factory=HouseRules)
    lang: str = "en"

    @classmethod
    def from_store(cls, store, lang: str) -> "Context":
        info = store.info
        characters = {c.id: c for c in store.characters.list()}
        return cls(info.system, characters, fight_conditions(store), info.house_rules, lang)

    def with_fight(self, store) -> "Context":
        """The same sheets with the fight's conditions read again: a turn, a condition, a combatant
        picked in the queue re-read the fight, not a bestiary's 2,000 sheets."""
        return replace(self, conditions=fight_conditions(store))


def fight_conditions(store) -> dict[int, tuple]:
    """character id -> its ConditionStates in the fight (its first place in the queue)."""
    conditions: dict[int, tuple] = {}
    encounter = store.encounter.get()
    if encounter is not None:
        for combatant in encounter.combatants:
            if combatant.character_id is not None and combatant.character_id not in conditions:
                conditions[combatant.character_id] = tuple(combatant.conditions)
    return conditions


@dataclass(frozen=True)
class CheckView:
    """Everything shown for one check: the engine's objects and the series the charts draw."""

    check: Any
    odds: Odds
    breakdown: Breakdown
    dc_breakdown: Breakdown
    target: int | None  # the DC/threshold as the sweep's x axis reads it (None: none)
    target_word: str  # "DC", "AC", "ND", "threshold" (translated)
    bars: Bars
    bar_texts: tuple[str, ...]
    bar_ticks: tuple[str, ...]
    marker_x: float | None
    marker_text: str
    caption: str
    y_max: float
    sweep: StackedSweep | None
    decimal_point: str = "."

    def percent(self, p) -> str:
        return percent_text(p, self.decimal_point)

    @property
    def is_pool(self) -> bool:
        """Hits of a dice pool against a threshold, rather than a d20 against a DC."""
        return "hits" in self.odds.extra

    @property
    def effective_target(self) -> int | None:
        if self.target is None:
            return None
        return self.target + self.dc_breakdown.total


def situation_for(setup: CheckSetup, ctx: Context) -> Situation:
    characters = ctx.characters
    opponent = characters.get(setup.opponent_id) if setup.opponent_id is not None else None
    game = systems.get(ctx.system)
    kw: dict[str, Any] = dict(setup.flags)
    if opponent is None:
        if game.target.uses_dc:
            kw["dc"] = setup.dc
        elif game.target.situation is not None:
            kw.update(game.target.situation(setup.test_kind, setup.threshold, setup.difficulty, setup.opposing_pool))
    for number in game.options.numbers:
        value = setup.numbers.get(number.name)
        # R-3: Luck after the roll replaces the Edges' rerolls, unless the house rule combines them.
        if number.off_with and kw.get(number.off_with) and getattr(ctx.house_rules, number.off_ruling, False):
            value = None
        kw[number.name] = value
    for choice in game.options.choices:
        kw[choice.name] = tuple(setup.choices.get(choice.name, ()))
    if opponent is not None:
        kw["opponent"] = opponent
        kw["opponent_ref"] = setup.opponent_ref
        kw["opponent_conditions"] = ctx.conditions.get(opponent.id, ())
    helpers = tuple(characters[i] for i in setup.helper_ids if i in characters and i != setup.actor_id)
    return Situation.of(helpers=helpers, modifiers=tuple(setup.modifiers), secret=setup.secret, **kw)


def build(setup: CheckSetup, ctx: Context):
    """The engine check for this setup (``RulesError`` when the rules refuse it)."""
    actor = ctx.characters[setup.actor_id]
    return build_check(actor, setup.ref, situation_for(setup, ctx), ctx.conditions.get(actor.id, ()),
                       ctx.house_rules, lang=ctx.lang)


def target_name(system: str, ref: CheckRef | None) -> Word:
    """What the check aims at, in both languages: "DC", "AC" for an attack, cof's "ND" and "DEF", a
    threshold (``Target.word``)."""
    attack = ref is not None and ref.kind in ATTACK_KINDS
    return systems.get(system).target.word_for(attack)


def target_word(system: str, ref: CheckRef | None) -> str:
    """``target_name`` in the window's language."""
    return target_name(system, ref).text(i18n.current_language())


def ladder(system: str, rules: HouseRules, lang: str) -> list[tuple[int, str]]:
    """The system's DC ladder as (DC, name): dnd5e 5..30, dnd35 0..40, cof the campaign's own."""
    return [(dc, word.text(lang)) for dc, word in systems.get(system).target.ladder(rules)]


def _dc_shift(check) -> int:
    dc_breakdown = getattr(check, "dc_breakdown", None)
    if isinstance(dc_breakdown, Breakdown):
        return dc_breakdown.total
    return sum(m.value for m in getattr(check, "dc_modifiers", ()) or ())


def compute(setup: CheckSetup, ctx: Context) -> CheckView:
    check = build(setup, ctx)
    odds = check.odds()
    point = "," if ctx.lang == "fr" else "."
    dc_breakdown = getattr(check, "dc_breakdown", None) or Breakdown()
    word = target_word(ctx.system, setup.ref)
    if "hits" in odds.extra:  # a dice pool: hits against a threshold
        return _pool_view(check, odds, word, point)
    target = getattr(check, "target", None)
    bars = tier_bars(odds)
    texts = tuple(percent_text(p, point) for p in odds.tiers.values())
    sweep = None
    if target is not None:
        modifier = getattr(check, "modifier", 0) - _dc_shift(check)
        steps = [dc for dc, _ in ladder(ctx.system, ctx.house_rules, ctx.lang)]
        # Four degrees of success move 10 either side of the DC too.
        targets = d20_sweep_range(modifier, target, degrees_of_ten="critical_success" in odds.tiers, ladder=steps)
        sweep = check_sweep.sweep(check, targets)
    return CheckView(check, odds, check.breakdown, dc_breakdown, target, word, bars, texts,
                     tuple(tier_name(t) for t in bars.keys), None, "", "", 1.0, sweep, point)


def _pool_view(check, odds: Odds, word: str, point: str) -> CheckView:
    threshold = check.target  # fixed in simple (and extended) tests only
    bars = hits_bars(odds, threshold)
    texts = tuple(percent_text(p, point) for p in odds.extra["hits"])
    complication = Fraction(odds.extra.get("complication", 0))
    caption = QCoreApplication.translate("CheckPanel", "complication {p}").format(p=percent_text(complication, point))
    if threshold is not None:
        caption = f"{word} {threshold} · {caption}"
    marker = None if threshold is None else threshold - 0.5
    max_hits = len(bars.x) - 1
    sweep = None
    if check.kind != "extended":
        sweep = hits_sweep(odds, threshold_sweep_range(max_hits, threshold))
    return CheckView(check, odds, check.breakdown, Breakdown(), threshold, word, bars, texts, bars.labels,
                     marker, f"{word} {threshold}" if threshold is not None else "", caption,
                     max(bars.heights) if bars.heights else 1.0, sweep, point)
