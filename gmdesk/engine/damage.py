"""Damage as exact distributions: one attack's damage by outcome, a round's, and the rounds to drop a target.

``parse_damage("2d6+5 bludgeoning + 1d12 acid")`` reads damage as stat blocks and sheets print it (parts
separated by ``+``, ``,``, ``;``, "plus", "and"/"et"; each a dice expression and its type, in any
language); ``DamageRoll.dist(effect)`` is its exact distribution under one of the effects the rules give
an outcome (``NONE``, ``FULL``, ``DOUBLE_DICE`` — 5e critical hit —, ``DOUBLE`` — pf2 critical success —,
``HALF`` — a save for half, rounded down). ``by_tier`` mixes them by the odds of a check's tiers;
``per_round`` adds a round's uses; ``rounds_to_drop`` walks the Markov chain over the target's
remaining hit points, exactly.

A roll's total never goes below 0 (a ``1d4-1`` that rolls 1 deals 0, it does not heal): damage is
taken, never given back. Weights stay integers (``Dist``) until a probability is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from math import gcd
from typing import Mapping, Sequence

from .core import RulesError
from .dist import Dist
from .notation import DiceExpression, parse

NONE, FULL, DOUBLE_DICE, DOUBLE, HALF = "none", "full", "double_dice", "double", "half"
EFFECTS = (NONE, FULL, DOUBLE_DICE, DOUBLE, HALF)
MAX_TEXT = 200  # a damage text as a sheet or a stat block keeps it
MAX_PARTS = 8
MAX_HP = 2_000  # hit points a rounds-to-drop chain walks (the SRD's largest creature has 676)
MAX_HORIZON = 100  # rounds a rounds-to-drop answer reaches
MAX_WORK = 2 * 10**11  # (hit points × slot bits) × (outcomes × slot bits) of the chain's last round

# A dice expression: terms (dice or numbers) joined by + or -; what follows up to the next one is its type.
# (a die's "d" never the last letter of a word: "acid 5" is not "d 5")
_TERM = r"(?<![^\W\d_])\d*\s*[dD]\s*(?:\d+|%)(?:\s*[kK][hHlL]?\s*\d+)?|\d+"
_EXPR = re.compile(rf"[+-]?\s*(?:{_TERM})(?:\s*[+-]\s*(?:{_TERM}))*")
_AVERAGE = re.compile(r"(?<![\w(])\d+\s*\(\s*([^()]*?[dD][^()]*?)\s*\)")
_LEAD = re.compile(r"^(?:\s|[+,;&]|\b(?:plus|and|et)\b)*", re.I)
_TAIL = re.compile(r"(?:\s|[+,;&]|\b(?:plus|and|et)\b)*$", re.I)
_TYPE = re.compile(r"^[^\W\d_]+(?:[\s'’-]+[^\W\d_]+)*$")


@dataclass(frozen=True)
class DamagePart:
    """One part of a damage roll: its dice (``expression``) and its type as written ("" when none)."""

    expression: DiceExpression
    type: str = ""

    def __str__(self) -> str:
        return f"{self.expression.notation} {self.type}".strip()


@dataclass(frozen=True)
class DamageRoll:
    """A damage roll of one or more parts (``2d6+5 bludgeoning + 1d12 acid``), rolled and added together."""

    parts: tuple[DamagePart, ...]

    def __str__(self) -> str:
        return " + ".join(str(p) for p in self.parts)

    def dist(self, effect: str = FULL) -> Dist:
        """The exact damage under ``effect`` (one of ``EFFECTS``); never below 0."""
        if effect not in EFFECTS:
            raise RulesError("effect", f"must be one of {', '.join(EFFECTS)}, got {effect!r}")
        return _dist(self, effect)

    @property
    def mean(self) -> Fraction:
        return self.dist(FULL).mean


@lru_cache(maxsize=4096)
def _dist(roll: DamageRoll, effect: str) -> Dist:
    if effect == NONE:
        return Dist.point(0)
    total = Dist.point(0)
    for part in roll.parts:
        expr = part.expression
        total = total + expr.distribution()
        if effect == DOUBLE_DICE:  # the dice rolled twice, the numbers added once (5e critical hit)
            total = total + DiceExpression(expr.terms).distribution()
    total = total.map(lambda k: max(k, 0))
    if effect == DOUBLE:  # one roll, its total doubled (pf2 critical success)
        return total.scaled(2)
    if effect == HALF:  # the total halved, rounded down
        return total.map(lambda k: k // 2)
    return total


def parse_damage(text: str, field: str = "damage") -> DamageRoll:
    """Damage as printed: ``"1d8+3 slashing"``, ``"2d8+4 piercing, 1d6 fire"``, ``"2d6 feu + 3"``, ``"3"``.

    A ``RulesError`` naming ``field`` when it is not text, is empty or longer than ``MAX_TEXT``, has words
    before its first dice, or dice the notation refuses (too many, too large)."""
    if not isinstance(text, str):
        raise RulesError(field, f"damage must be text, got {text!r}")
    return _parse(text, field)


@lru_cache(maxsize=4096)  # a bestiary's attacks print the same few damage texts, read at every table
def _parse(text: str, field: str) -> DamageRoll:
    if len(text) > MAX_TEXT:
        raise RulesError(field, f"at most {MAX_TEXT} characters of damage, got {len(text)}")
    # "7 (2d6) slashing", as the SRD prints it: the average first, the dice in parentheses.
    text = _AVERAGE.sub(r"\1", text)
    matches = list(_EXPR.finditer(text))
    if not matches:
        raise RulesError(field, f"no damage dice in {text!r}; expected e.g. 1d8+3 slashing")
    if _LEAD.sub("", text[:matches[0].start()]).strip():
        raise RulesError(field, f"{text!r} does not start with its dice; expected e.g. 1d8+3 slashing")
    if len(matches) > MAX_PARTS:
        raise RulesError(field, f"at most {MAX_PARTS} parts of damage, got {len(matches)}")
    parts = []
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        kind = _TAIL.sub("", _LEAD.sub("", text[m.end():end])).strip()
        kind = " ".join(kind.split())
        if kind and not _TYPE.match(kind):
            raise RulesError(field, f"{kind!r} in {text!r} is not a damage type; expected e.g. 1d8+3 slashing")
        parts.append(DamagePart(parse(m.group(0), field), kind))
    return DamageRoll(tuple(parts))


def _mix(pairs: Sequence[tuple[Fraction, Dist]]) -> Dist:
    """The mixture Σ pᵢ·Distᵢ with integer weights over one common denominator (reduced)."""
    pairs = [(Fraction(p), d) for p, d in pairs if p]
    if not pairs:
        raise RulesError("odds", "no outcome has any chance")
    den_p = 1
    for p, _ in pairs:
        den_p = den_p * p.denominator // gcd(den_p, p.denominator)
    den_d = 1
    for _, d in pairs:
        den_d = den_d * d.denominator // gcd(den_d, d.denominator)
    acc: dict[int, int] = {}
    for p, d in pairs:
        scale = p.numerator * (den_p // p.denominator) * (den_d // d.denominator)
        for k, w in d.weights.items():
            acc[k] = acc.get(k, 0) + w * scale
    return _reduced(acc)


def _reduced(weights: Mapping[int, int]) -> Dist:
    g = 0
    for w in weights.values():
        g = gcd(g, w)
    return Dist({k: w // g for k, w in weights.items()})


def by_tier(tier_odds: Mapping[str, Fraction], effects: Mapping[str, str], roll: DamageRoll) -> Dist:
    """One use's exact damage: each tier's chance times ``roll`` under that tier's effect (a tier
    ``effects`` does not name deals none)."""
    return _by_tier(tuple(tier_odds.items()), tuple(effects.items()), roll)


@lru_cache(maxsize=4096)  # the same attack against the same AC: four goblins against one fighter
def _by_tier(tier_odds: tuple, effects: tuple, roll: DamageRoll) -> Dist:
    total = sum((p for _, p in tier_odds), Fraction(0))
    if total != 1:
        raise RulesError("odds", f"the tiers' chances sum to {total}, not 1")
    effect = dict(effects)
    return _mix([(p, roll.dist(effect.get(tier, NONE))) for tier, p in tier_odds])


def per_round(uses: Sequence[Dist]) -> Dist:
    """A round's damage: the sum of its uses, each rolled on its own (none: 0)."""
    total = Dist.point(0)
    for use in uses:
        total = total + use
    return _reduced(total.weights)


@dataclass(frozen=True)
class RoundsToDrop:
    """How many rounds a round's damage (``per_round``) takes to bring ``hp`` hit points to 0 or below.

    ``survive[n]`` is the exact chance the target is still up after ``n`` rounds (n = 0 … horizon)."""

    per_round: Dist = field(repr=False)
    hp: int
    horizon: int
    survive: tuple[Fraction, ...] = field(repr=False)

    def exactly(self, n: int) -> Fraction:
        """The chance it drops in round ``n`` (round 0: it is already down)."""
        if n < 0 or n > self.horizon:
            return Fraction(0) if n < 0 else self._past(n)
        before = self.survive[n - 1] if n else Fraction(1)
        return before - self.survive[n]

    def within(self, n: int) -> Fraction:
        """The chance it drops in ``n`` rounds or fewer."""
        if n < 0:
            return Fraction(0)
        if n > self.horizon:
            self._past(n)
        return 1 - self.survive[n]

    @property
    def beyond(self) -> Fraction:
        """The chance it is still up after ``horizon`` rounds."""
        return self.survive[self.horizon]

    @property
    def never(self) -> bool:
        """True when the round can deal no damage (and the target is up)."""
        return self.hp > 0 and self.per_round.max <= 0

    def histogram(self) -> list[Fraction]:
        """``exactly(1)`` … ``exactly(horizon)``, then ``beyond``: sums to 1 (with ``exactly(0)``)."""
        return [self.exactly(n) for n in range(1, self.horizon + 1)] + [self.beyond]

    @cached_property
    def expected(self) -> Fraction | None:
        """The exact expected number of rounds (the chain solved, not cut at the horizon); None when
        it can never drop. Computed when first asked."""
        if self.hp <= 0:
            return Fraction(0)
        if self.never:
            return None
        return _expected(self.per_round, self.hp)

    def _past(self, n: int) -> Fraction:
        raise RulesError("rounds", f"{n} is beyond the {self.horizon} rounds computed")


def rounds_to_drop(per_round: Dist, hp: int, horizon: int = 10) -> RoundsToDrop:
    """The exact distribution of the rounds ``per_round`` damage takes to bring ``hp`` to 0 or below."""
    if isinstance(hp, bool) or not isinstance(hp, int) or hp > MAX_HP:
        raise RulesError("hp", f"must be a whole number up to {MAX_HP}, got {hp!r}",
                         f"un nombre entier jusqu’à {MAX_HP}, pas {hp!r}")
    if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_HORIZON:
        raise RulesError("horizon", f"must be a whole number from 1 to {MAX_HORIZON}, got {horizon!r}")
    acc: dict[int, int] = {}
    for k, w in per_round.weights.items():  # damage never heals: a negative total counts as 0
        acc[max(k, 0)] = acc.get(max(k, 0), 0) + w
    g = gcd(*acc.values())
    # The last round multiplies hp slots by the round's outcomes, each slot D^horizon wide: past this
    # budget (about half a second) the exact answer is refused rather than kept waiting for.
    slot = (sum(acc.values()) // g).bit_length() * horizon
    if min(hp, MAX_HP) * slot * min(max(acc) + 1, hp) * slot > MAX_WORK:
        raise RulesError("hp", f"{hp} HP over {horizon} rounds of this damage is too large to compute exactly; "
                         "ask for fewer rounds",
                         f"{hp} PV sur {horizon} rounds de ces dégâts, c’est trop pour un calcul exact\u202f; "
                         "demandez moins de rounds")
    return _rounds(tuple(sorted((k, w // g) for k, w in acc.items())), hp, horizon)


@lru_cache(maxsize=4096)
def _rounds(key: tuple[tuple[int, int], ...], hp: int, horizon: int) -> RoundsToDrop:
    damage = Dist(dict(key))
    if hp <= 0:
        return RoundsToDrop(damage, hp, horizon, (Fraction(0),) * (horizon + 1))
    return RoundsToDrop(damage, hp, horizon, tuple(_survival(damage, hp, horizon)))


def _survival(damage: Dist, hp: int, horizon: int) -> list[Fraction]:
    """P(still up after n rounds), n = 0 … horizon: the damage taken so far, below ``hp``, as a vector.

    The vector is packed into one big integer (slot j = weight of j damage taken) so that a round is one
    integer multiplication by the round's packed weights, cut at ``hp`` slots: exact, and C-fast where a
    loop over hp × outcomes would be slow. After n rounds no slot exceeds D^n (D the round's
    denominator), so each round widens the slots just enough (whole bytes: repacking is slicing); the
    slots' sum is read as the number modulo 2^width − 1 (casting out, as with nines)."""
    den = damage.denominator
    step = den.bit_length()
    weights = dict((k, w) for k, w in damage.weights.items() if k < hp)
    top = max(weights, default=-1)
    state, width, out, scale = 1, 1, [Fraction(1)], 1
    for n in range(1, horizon + 1):
        scale *= den
        if not state:
            out.append(Fraction(0))
            continue
        new = (n * step + 8) // 8  # bytes a slot needs: D^n < 2^(8·new) − 1
        state = _widen(state, width, new, hp)
        poly = b"".join(_slot(weights.get(k, 0), new) for k in range(top + 1))
        state = (state * int.from_bytes(poly, "little")) & ((1 << (8 * new * hp)) - 1)
        width = new
        out.append(Fraction(state % ((1 << (8 * width)) - 1), scale) if state else Fraction(0))
    return out


def _slot(value: int, size: int) -> bytes:
    return value.to_bytes(size, "little")


def _widen(state: int, old: int, new: int, slots: int) -> int:
    """The packed vector with each slot ``old`` bytes wide made ``new`` bytes wide."""
    if old == new:
        return state
    raw, pad = state.to_bytes(old * slots, "little"), bytes(new - old)
    return int.from_bytes(b"".join(raw[i * old:(i + 1) * old] + pad for i in range(slots)), "little")


def _expected(damage: Dist, hp: int) -> Fraction:
    """E(h) = (1 + Σₓ₍ₓ₎>0 p(x)·E(h − x)) / (1 − p(0)), E(≤ 0) = 0, solved up to ``hp`` with integers:
    E(h) = N(h) / a^h where a = D − w(0) (D the denominator, w the weights)."""
    den, weights = damage.denominator, damage.weights
    a = den - weights.get(0, 0)
    hits = [(x, w) for x, w in weights.items() if x > 0]
    powers = [1]
    for _ in range(hp):
        powers.append(powers[-1] * a)
    n = [0] * (hp + 1)
    for h in range(1, hp + 1):
        acc = den * powers[h - 1]
        for x, w in hits:
            if x >= h:
                break
            acc += w * n[h - x] * powers[x - 1]
        n[h] = acc
    return Fraction(n[hp], powers[hp])
