"""Shadowrun Anarchy tests (RULES.md §5, seed 004): the check a GM sets up, its odds and its roll.

One ``AnarchyTest`` describes a whole test: the character's pool (a number, attribute + skill, or an
attribute-only preset), the dice modifiers, Luck and rerolls, the kind of test and its threshold or
opposing pool, and the helpers of a teamwork test. Exact odds live in ``odds``, the dice
arithmetic in ``dice``, the dice rolling in ``roll``, the tables in ``data``.

Pool arithmetic, in order (each step is a breakdown line):

1. base pool (lines of ``kind="base"``): ``pool``; or ``attribute + skill`` (no skill, or skill 0:
   attribute alone at −1 die); or a preset's two attributes − 2. These −1 and −2 belong to the
   character's own pool: they are not dice modifiers and do not count towards the ±5 cap.
2. dice modifiers (and, in teamwork, the helpers' hits): the net change is capped at ±5 dice; the
   cap is shown as its own line (``kind="cap"``) that brings the net back to ±5.
3. a pool never goes below 0 (``kind="floor"`` line).
4. the character may roll fewer dice (``dice``; ``kind="choice"`` line). With helpers, ``dice``
   is a ceiling: the leader rolls ``min(dice, pool)`` whatever the helpers add.

Options apply to every die of the test, rerolled dice included (Luck before the roll makes a
rerolled 4 a hit too). In an extended test they apply to every interval, helpers too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Mapping

from gmdesk.engine.core import Breakdown, Modifier, Odds, RollResult, RulesError, check_int
from gmdesk.systems.kit.rulings import DEFAULT as DEFAULT_RULINGS, Rulings

from . import data
from .dice import MAX_REROLLS, check_options
from .odds import odds as _odds
from .roll import roll as _roll

SYSTEM = "anarchy"
RULINGS = ("R-3", "R-4", "R-5")  # RULES.md's rulings that concern anarchy tests

KINDS = ("open", "simple", "variable", "opposed", "extended")
DICE_CAP = 5
MAX_POOL = 60  # a base pool; with the +5 cap a test rolls well under dice.MAX_DICE
MAX_THRESHOLD = 100
MAX_INTERVALS = 30  # exact odds of an extended test grow with intervals × threshold × pool²

__all__ = ["SYSTEM", "RULINGS", "AnarchyTest", "KINDS", "DICE_CAP", "check_from_dict"]


@dataclass(frozen=True)
class AnarchyTest:
    """A Shadowrun Anarchy test. Give exactly one of ``pool``, ``attribute`` (+ ``skill``) or
    ``preset`` (+ ``attributes``, e.g. ``{"AGI": 4, "LOG": 3}``).

    ``kind`` is inferred when left out: ``intervals`` → extended, ``opposing_pool`` → opposed,
    ``threshold`` or ``difficulty`` → simple, else open. A simple test may take its threshold from
    ``difficulty``; a variable test takes its opposing pool from it (``opposing_pool`` may replace
    it: the seed lets the GM keep "easy" and quietly raise the opposing pool). ``tie_break_ones``
    (opposed and variable tests): a tie goes to the side with fewer 1s on its initial roll, before
    any reroll, Luck after the roll included (R-5 concerns complications only).

    ``helpers`` are open tests (or plain pool sizes) rolled before the leader's; their hits add
    dice to the leader under the same ±5 cap, their complications add to the leader's test's.

    ``rulings``: R-3, R-4 and R-5 as the campaign has them (``gmdesk.systems.kit.rulings``); the helpers
    roll under the leader's.
    """

    pool: int | None = None
    attribute: int | None = None
    skill: int | None = None
    preset: str | None = None
    attributes: Mapping[str, int] | tuple[tuple[str, int], ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    dice: int | None = None
    luck_before: bool = False
    luck_after: bool = False
    rerolls: int = 0
    kind: str | None = None
    threshold: int | None = None
    difficulty: str | None = None
    opposing_pool: int | None = None
    tie_break_ones: bool = False
    intervals: int | None = None
    helpers: tuple["AnarchyTest", ...] = ()
    label: str = ""
    rulings: Rulings = DEFAULT_RULINGS

    # -- validation ---------------------------------------------------------------------------
    def __post_init__(self) -> None:
        set_ = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731 (frozen)
        self._check_base(set_)
        mods = []
        for i, m in enumerate(self.modifiers if isinstance(self.modifiers, (tuple, list)) else [self.modifiers]):
            if not isinstance(m, Modifier):  # a bare number is an anonymous dice modifier
                m = Modifier(check_int(f"modifiers[{i}]", m), "dice modifier")
            check_int(f"modifiers[{i}]", m.value)
            mods.append(m)
        set_("modifiers", tuple(mods))
        for flag in ("luck_before", "luck_after", "tie_break_ones"):
            if not isinstance(getattr(self, flag), bool):
                raise RulesError(flag, f"must be true or false, got {getattr(self, flag)!r}")
        check_int("rerolls", self.rerolls, 0, None)
        if self.rerolls > MAX_REROLLS:
            raise RulesError("rerolls", f"Edges and Traits reroll at most {MAX_REROLLS} dice, got {self.rerolls}")
        if not isinstance(self.rulings, Rulings):
            raise RulesError("rulings", "must be the engine's Rulings")
        check_options(0, self.luck_after, self.rerolls, rulings=self.rulings)  # one reroll per test
        if not isinstance(self.label, str):
            raise RulesError("label", "must be text")
        self._check_helpers(set_)
        self._check_kind(set_)
        if self.dice is not None:
            largest = self.pool_size(sum(h.rolled_dice() for h in self.helpers))
            check_int("dice", self.dice, 0, None)
            if self.dice > largest:
                raise RulesError("dice", f"a character may roll fewer dice than the pool, not more ({self.dice} > {largest})")

    def _check_base(self, set_) -> None:
        given = [n for n in ("pool", "attribute", "preset") if getattr(self, n) is not None]
        if len(given) != 1:
            raise RulesError("pool", "give exactly one of pool, attribute (+ skill) or preset"
                             + (f" (got {', '.join(given)})" if given else ""))
        if self.pool is not None:
            check_int("pool", self.pool, 0, MAX_POOL)
        if self.skill is not None:
            if self.attribute is None:
                raise RulesError("skill", "a skill is rolled with an attribute")
            check_int("skill", self.skill, 0, MAX_POOL)
        if self.attribute is not None:
            check_int("attribute", self.attribute, 0, MAX_POOL)
        attrs = self.attributes.items() if isinstance(self.attributes, Mapping) else self.attributes
        norm = {}
        for name, value in attrs:
            norm[data.attribute_code(name)] = check_int(f"attributes.{name}", value, 0, MAX_POOL)
        set_("attributes", tuple(sorted(norm.items())))
        if self.preset is None:
            if norm:
                raise RulesError("attributes", "attribute values go with a preset")
            return
        p = data.preset(self.preset)
        for code in p.attributes:
            if code not in norm:
                raise RulesError(f"attributes.{code}", f"{p.en} needs {'+'.join(p.attributes)}")

    def _check_helpers(self, set_) -> None:
        if not isinstance(self.helpers, (tuple, list)):
            raise RulesError("helpers", "a list of helpers' tests or pool sizes")
        helpers = []
        for i, h in enumerate(self.helpers):
            if not isinstance(h, AnarchyTest):
                h = AnarchyTest(pool=check_int(f"helpers[{i}]", h, 0, MAX_POOL))
            if h.kind != "open" or h.helpers:
                raise RulesError(f"helpers[{i}]", "a helper rolls an open test of their own, without helpers")
            helpers.append(h if h.rulings == self.rulings else replace(h, rulings=self.rulings))
        set_("helpers", tuple(helpers))

    def _check_kind(self, set_) -> None:
        kind = self.kind
        if kind is None:
            kind = ("extended" if self.intervals is not None else "opposed" if self.opposing_pool is not None
                    else "simple" if self.threshold is not None or self.difficulty is not None else "open")
        if kind not in KINDS:
            raise RulesError("kind", f"unknown test kind {kind!r} (one of {', '.join(KINDS)})")
        set_("kind", kind)
        allowed = {
            "open": (), "simple": ("threshold", "difficulty"), "variable": ("difficulty", "opposing_pool"),
            "opposed": ("opposing_pool",), "extended": ("threshold", "intervals"),
        }[kind]
        for name in ("threshold", "difficulty", "opposing_pool", "intervals"):
            if getattr(self, name) is not None and name not in allowed:
                article = "an" if kind[0] in "aeiou" else "a"
                raise RulesError(name, f"{article} {kind} test has no {name.replace('_', ' ')}")
        if self.tie_break_ones and kind not in ("opposed", "variable"):
            raise RulesError("tie_break_ones", "the 1s tie-break is for opposed and variable tests")
        row = data.difficulty(self.difficulty) if self.difficulty is not None else None
        if row:
            set_("difficulty", row.id)
        if self.threshold is not None:
            check_int("threshold", self.threshold, 1 if kind == "extended" else 0, MAX_THRESHOLD)
        if self.opposing_pool is not None:
            check_int("opposing_pool", self.opposing_pool, 0, MAX_POOL)
        if kind == "simple":
            if row and self.threshold is not None and self.threshold != row.threshold:
                raise RulesError("threshold", f"{row.en} sets threshold {row.threshold}; give one or the other")
            if row:
                set_("threshold", row.threshold)
        elif kind == "variable":
            if row is None:
                raise RulesError("difficulty", "a variable test needs a difficulty")
            if self.opposing_pool is None:
                set_("opposing_pool", row.opposing_pool)
        elif kind == "opposed" and self.opposing_pool is None:
            raise RulesError("opposing_pool", "an opposed test needs the opposing pool")
        elif kind == "extended":
            if self.threshold is None:
                raise RulesError("threshold", "an extended test needs a threshold to accumulate to")
            if self.intervals is None:
                raise RulesError("intervals", "an extended test needs a number of intervals")
            check_int("intervals", self.intervals, 1, MAX_INTERVALS)

    # -- pool arithmetic ----------------------------------------------------------------------
    def base_lines(self) -> tuple[Modifier, ...]:
        if self.pool is not None:
            return (Modifier(self.pool, "dice pool", "base"),)
        if self.attribute is not None:
            if self.skill:
                return Modifier(self.attribute, "attribute", "base"), Modifier(self.skill, "skill", "base")
            return (Modifier(self.attribute, "attribute", "base"),
                    Modifier(-1, "no skill: attribute alone at −1 die", "base"))
        p = data.preset(self.preset)
        values = dict(self.attributes)
        lines = tuple(Modifier(values[c], c, "base") for c in p.attributes)
        return lines + (Modifier(p.penalty, f"attribute-only test: {p.en}", "base"),)

    @property
    def base_pool(self) -> int:
        return sum(m.value for m in self.base_lines())

    def net_dice_modifier(self, helper_hits: int = 0) -> int:
        """Dice modifiers plus the helpers' hits, capped at ±5."""
        net = sum(m.value for m in self.modifiers) + helper_hits
        return max(-DICE_CAP, min(DICE_CAP, net))

    def pool_size(self, helper_hits: int = 0) -> int:
        return max(0, self.base_pool + self.net_dice_modifier(helper_hits))

    def rolled_dice(self, helper_hits: int = 0) -> int:
        size = self.pool_size(helper_hits)
        return size if self.dice is None else min(self.dice, size)

    def breakdown_for(self, helper_hits: int | None = None) -> Breakdown:
        """Every line from the base to the dice rolled; ``helper_hits`` None = before helpers roll."""
        base = self.base_lines()
        lines = list(base) + list(self.modifiers)
        b = helper_hits or 0
        if helper_hits is not None and self.helpers:
            lines.append(Modifier(b, "teamwork: helpers' hits", "teamwork"))
        raw = sum(m.value for m in self.modifiers) + b
        net = max(-DICE_CAP, min(DICE_CAP, raw))
        if net != raw:
            lines.append(Modifier(net - raw, f"on net dice modifiers {raw:+d} → {net:+d}", "cap"))
        size = sum(m.value for m in base) + net
        if size < 0:
            lines.append(Modifier(-size, "a pool never goes below 0 dice", "floor"))
            size = 0
        if self.dice is not None and self.dice < size:
            lines.append(Modifier(self.dice - size, "rolls fewer dice by choice", "choice"))
        return Breakdown.of(lines)

    @property
    def breakdown(self) -> Breakdown:
        return self.breakdown_for(None)

    # -- target -------------------------------------------------------------------------------
    @property
    def target(self) -> int | None:
        """The threshold when it is fixed (simple and extended tests), else None."""
        return self.threshold if self.kind in ("simple", "extended") else None

    def with_target(self, n: int) -> "AnarchyTest":
        """A copy with threshold ``n``: an extended test stays extended, any other becomes simple."""
        if self.kind == "extended":
            return replace(self, threshold=n)
        return replace(self, kind="simple", threshold=n, difficulty=None, opposing_pool=None,
                       tie_break_ones=False, intervals=None)

    # -- odds, roll, description ----------------------------------------------------------------
    def odds(self) -> Odds:
        """Exact odds: tiers ``failure``/``success``, and in ``extra`` the final ``hits``, ``complication``,
        ``complication_degrees`` and (threshold or opposing pool) ``net_hits``.

        An open test has no threshold: its ``success`` tier means "at least one hit". In teamwork,
        ``complication`` = P(the leader or any helper has a complication). Full definitions in
        ``odds``.
        """
        return _odds(self)

    def roll(self, rng: random.Random, *, gm_anarchy_point: bool = False) -> RollResult:
        """Roll every die with ``rng``; ``gm_anarchy_point``: the GM raises a complication's degree by 1."""
        return _roll(self, rng, gm_anarchy_point=gm_anarchy_point)

    def describe(self) -> dict:
        """A JSON-safe description that ``check_from_dict`` rebuilds (defaults left out)."""
        d: dict = {"system": "anarchy", "kind": self.kind}
        for name in ("pool", "attribute", "skill", "preset", "dice", "threshold", "difficulty",
                     "opposing_pool", "intervals"):
            if getattr(self, name) is not None:
                d[name] = getattr(self, name)
        if self.attributes:
            d["attributes"] = dict(self.attributes)
        if self.modifiers:
            d["modifiers"] = [{"value": m.value, "source": m.source, "kind": m.kind} for m in self.modifiers]
        for name in ("luck_before", "luck_after", "tie_break_ones"):
            if getattr(self, name):
                d[name] = True
        if self.rerolls:
            d["rerolls"] = self.rerolls
        if self.helpers:
            d["helpers"] = [h.describe() for h in self.helpers]
        if self.label:
            d["label"] = self.label
        d["rulings"] = self.rulings.subset(RULINGS)
        return d


_FIELDS = {"pool", "attribute", "skill", "preset", "attributes", "modifiers", "dice", "luck_before",
           "luck_after", "rerolls", "kind", "threshold", "difficulty", "opposing_pool", "tie_break_ones",
           "intervals", "helpers", "label", "rulings"}


def check_from_dict(d: Mapping) -> AnarchyTest:
    """Rebuild a test from ``describe()``; unknown keys and bad values raise ``RulesError``."""
    if not isinstance(d, Mapping):
        raise RulesError("check", "an anarchy test description is a mapping")
    if d.get("system", "anarchy") != "anarchy":
        raise RulesError("system", f"not an anarchy test: {d.get('system')!r}")
    kwargs = {}
    for key, value in d.items():
        if key == "system":
            continue
        if key not in _FIELDS:
            raise RulesError(key, "unknown field of an anarchy test")
        kwargs[key] = value
    mods = []
    for i, m in enumerate(kwargs.get("modifiers", ())):
        if not isinstance(m, Mapping) or "value" not in m:
            raise RulesError(f"modifiers[{i}]", "a modifier needs a value")
        mods.append(Modifier(m["value"], str(m.get("source", "dice modifier")), str(m.get("kind", "untyped"))))
    kwargs["modifiers"] = tuple(mods)
    kwargs["rulings"] = Rulings.from_dict(kwargs.get("rulings"))  # written before rulings were kept: defaults
    helpers = []
    for i, h in enumerate(kwargs.get("helpers", ())):
        try:
            helpers.append(check_from_dict(h) if isinstance(h, Mapping) else h)
        except RulesError as e:
            raise RulesError(f"helpers[{i}].{e.field}", e.rule) from None
    kwargs["helpers"] = tuple(helpers)
    if isinstance(kwargs.get("attributes"), Mapping):
        kwargs["attributes"] = tuple(kwargs["attributes"].items())
    return AnarchyTest(**kwargs)
