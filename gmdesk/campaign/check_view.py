"""What the check panel shows for one check, as plain data: the view model the panel only paints.

``CheckSetup`` is the panel's state (actor, roll, target, toggles, situational modifiers);
``compute(setup, context)`` turns it into a ``CheckView``: the engine check (through
``gmdesk.campaign.checks.build_check``), its exact odds, the chart series, the breakdown and every
rule that moved the odds (``reasons``). Every number is the one the GM reads: the sweep's axis is the
*effective* DC/AC/threshold (the AC the armour raised, not the base it was built on) and its marker
the one in use, so the bar under "AC 18" holds the odds against AC 18. No Qt here: tests hold this to
the engine, and the panel to this (``tests/ui/test_check_truth.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from gmdesk import systems
from gmdesk.campaign import check_sweep
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
    success_chance,
    threshold_sweep_range,
    tier_bars,
)
from gmdesk.engine.words import Word
from gmdesk.systems.kit.refs import CheckRef

ATTACK_KINDS = ("attack", "weapon")


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
    turn: tuple = ()  # the fight's (id, round, turn): a roll made before the turn passed is not shown after

    @classmethod
    def from_store(cls, store, lang: str) -> "Context":
        info = store.info
        characters = {c.id: c for c in store.characters.list()}
        encounter = store.encounter.get()
        return cls(info.system, characters, fight_conditions(encounter), info.house_rules, lang, turn_of(encounter))

    def with_fight(self, store) -> "Context":
        """The same sheets with the fight's conditions read again: a turn, a condition, a combatant
        picked in the queue re-read the fight, not a bestiary's 2,000 sheets."""
        encounter = store.encounter.get()
        return replace(self, conditions=fight_conditions(encounter), turn=turn_of(encounter))


def turn_of(encounter) -> tuple:
    return () if encounter is None else (encounter.id, encounter.round, encounter.turn)


def fight_conditions(encounter) -> dict[int, tuple]:
    """character id -> its ConditionStates in the fight ``encounter`` (its first place in the queue)."""
    conditions: dict[int, tuple] = {}
    if encounter is not None:
        for combatant in encounter.combatants:
            if combatant.character_id is not None and combatant.character_id not in conditions:
                conditions[combatant.character_id] = tuple(combatant.conditions)
    return conditions


@dataclass(frozen=True)
class CheckView:
    """Everything shown for one check. ``target`` is the DC/AC/threshold in use as the GM reads it
    (after the modifiers on it), ``base_target`` the check's own before them; the sweep's
    ``targets`` are effective values too, so ``sweep`` at ``target`` is ``odds``."""

    check: Any
    odds: Odds
    breakdown: Breakdown
    dc_breakdown: Breakdown
    target: int | None
    base_target: int | None
    target_name: Word  # "DC", "AC", "ND", "threshold"
    bars: Bars
    marker_x: float | None  # on the tier (hits) chart: between a failure and a success
    y_max: float
    sweep: StackedSweep | None
    total: int  # the breakdown's total; a pool's: the dice rolled
    reasons: tuple[tuple[str, str], ...] = ()  # (what, why): the rules that move the dice or the odds
    lang: str = "en"

    @property
    def decimal_point(self) -> str:
        return "," if self.lang == "fr" else "."

    def percent(self, p) -> str:
        return percent_text(p, self.decimal_point)

    @property
    def target_word(self) -> str:
        return self.target_name.text(self.lang)

    @property
    def is_pool(self) -> bool:
        """Hits of a dice pool against a threshold, rather than a d20 against a DC."""
        return "hits" in self.odds.extra

    @property
    def effective_target(self) -> int | None:
        return self.target

    @property
    def chance(self) -> Fraction:
        """The chance of success the summary (and the player window) shows."""
        return success_chance(self.odds)

    @property
    def complication(self) -> Fraction | None:
        return Fraction(self.odds.extra.get("complication", 0)) if self.is_pool else None

    @property
    def rows(self) -> tuple[tuple[str, Fraction], ...]:
        """The tier table: (tier, chance) worst first, then a pool's complication."""
        rows = tuple(self.odds.tiers.items())
        return rows + ((("complication", self.complication),) if self.is_pool else ())

    @property
    def bar_texts(self) -> tuple[str, ...]:
        values = self.odds.extra["hits"] if self.is_pool else self.odds.tiers.values()
        return tuple(self.percent(p) for p in values)

    @property
    def target_text(self) -> str:
        """"AC 18", "threshold 3"; "" when nothing is aimed at (an open or opposed test)."""
        return "" if self.target is None else f"{self.target_word} {self.target}"


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


def ladder(system: str, rules: HouseRules, lang: str) -> list[tuple[int, str]]:
    """The system's DC ladder as (DC, name): dnd5e 5..30, dnd35 0..40, cof the campaign's own."""
    return [(dc, word.text(lang)) for dc, word in systems.get(system).target.ladder(rules)]


def reasons(system: str, check, lang: str) -> tuple[tuple[str, str], ...]:
    """Every rule that moves the odds without being a line of the breakdown (advantage, fortune,
    Heroic Inspiration, Luck, Edge rerolls, take 10…), as (what, why) in ``lang``: the system's
    ``CheckOptions.explain``. The check panel and the Prep matrix list the same ones."""
    return tuple(systems.get(system).options.explain(check, lang))


def dc_shift(check) -> int:
    """What the modifiers on the DC add to it (an opponent's armour): a sweep built on the check's
    own DC is read this much higher."""
    return (getattr(check, "dc_breakdown", None) or Breakdown()).total


def compute(setup: CheckSetup, ctx: Context) -> CheckView:
    check = build(setup, ctx)
    odds = check.odds()
    name = target_name(ctx.system, setup.ref)
    why = reasons(ctx.system, check, ctx.lang)
    if "hits" in odds.extra:  # a dice pool: hits against a threshold
        return _pool_view(check, odds, name, why, ctx.lang)
    dc_breakdown = getattr(check, "dc_breakdown", None) or Breakdown()
    base = getattr(check, "target", None)
    sweep, target = None, None
    if base is not None:
        shift = dc_shift(check)
        target = base + shift  # what the GM reads: "= AC 18", not the 14 it was built on
        steps = [dc for dc, _ in ladder(ctx.system, ctx.house_rules, ctx.lang)]
        # Four degrees of success move 10 either side of the DC too.
        shown = d20_sweep_range(getattr(check, "modifier", 0), target,
                                degrees_of_ten="critical_success" in odds.tiers, ladder=steps)
        # The engine moves the check's own DC; the axis reads the effective one.
        at_base = check_sweep.sweep(check, range(shown.start - shift, shown.stop - shift))
        sweep = replace(at_base, targets=tuple(t + shift for t in at_base.targets))
    return CheckView(check, odds, check.breakdown, dc_breakdown, target, base, name, tier_bars(odds),
                     None, 1.0, sweep, check.breakdown.total, why, ctx.lang)


def _pool_view(check, odds: Odds, name: Word, why: tuple, lang: str) -> CheckView:
    threshold = check.target  # fixed in simple (and extended) tests only
    bars = hits_bars(odds, threshold)
    marker = None if threshold is None else threshold - 0.5
    sweep = None
    # An open, opposed or variable test has no threshold in use: a chart "by threshold" would show
    # the odds of another test; an extended test's threshold is per interval.
    if threshold is not None and check.kind != "extended":
        sweep = hits_sweep(odds, threshold_sweep_range(len(bars.x) - 1, threshold))
    dice = check.rolled_dice() if hasattr(check, "rolled_dice") else 0
    return CheckView(check, odds, check.breakdown, Breakdown(), threshold, threshold, name, bars, marker,
                     max(bars.heights) if bars.heights else 1.0, sweep, dice, why, lang)
