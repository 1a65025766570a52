"""What happened against what the odds said: the numbers the panel, ``gmdesk stats`` and the recap show.

**Groups.** Every roll counted belongs to four groups: all the rolls analysed ("campaign"), its
character ("actor"), its kind of check ("kind": ``athletics``, ``will save``, ``Rapière attack``) and its
session. For each group: the expected number of each tier (the exact sum of every roll's probability
of that tier) beside the observed number, and the p-value of its number of successes (``exact``:
Poisson-binomial, two-sided, the doubled smaller tail). Every family is listed, even when its one
group holds every roll analysed (one actor picked, a single session): that group is the whole under
another name (``same_as_all``), with the whole's figures, and one test, not two.

**Flags.** Every distinct group with odds is one test; Holm's correction over all of them (m tests) keeps the
chance of flagging any fair group at most the GM's level (default 1 %). A flagged group ran *hot*
(more successes than expected) or *cold*.

Rolls whose odds are unknown (a check description gmdesk cannot rebuild) are counted apart and left
out of both sides. A reroll counts with the odds it had given the roll it replaced
(``gmdesk.store.check_odds``). Secret rolls are counted like any other; who sees them is the
front end's business (``StatsFilter.include_secret``).

**Dice.** Every face really thrown (a die dropped by advantage was thrown too; a reroll's restated
dice are not thrown again), by die size, against a fair die: Pearson's χ² when each face expects 5 or
more, and each face's count against its band (the central interval of Binomial(n, 1/sides) at the
GM's level shared between the faces). **Calibration**: rolls binned by their predicted chance of
success (sure rolls left out), each bin's observed rate with its Clopper–Pearson band at the GM's
level. **Streaks**: per character, the running sum of (success − its chance) over a session's rolls.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from gmdesk.analytics import exact
from gmdesk.analytics.tally import StatsFilter, Tally
from gmdesk.store.check_odds import SUCCESS_TIERS

DEFAULT_LEVEL = Fraction(1, 100)
FAMILIES = ("campaign", "actor", "kind", "session")
CALIBRATION_BINS = 10


@dataclass
class GroupStats:
    family: str  # campaign, actor, kind, session
    name: str  # the actor's, kind's or session's name ("" for the campaign)
    rolls: int = 0  # with known odds
    secret: int = 0  # of which secret
    without_odds: int = 0
    expected: dict[str, Fraction] = field(default_factory=dict)
    observed: dict[str, int] = field(default_factory=dict)
    chances: Counter = field(default_factory=Counter)  # chance of success → rolls (the Poisson-binomial)
    successes: int = 0
    p_value: float = 1.0
    p_holm: float = 1.0
    flagged: bool = False
    same_as_all: bool = False  # holds every roll analysed: the whole under its family's name

    @property
    def expected_successes(self) -> Fraction:
        return sum((p * n for p, n in self.chances.items()), Fraction(0))

    @property
    def direction(self) -> str:
        """``hot`` (more successes than the odds said), ``cold``, or ``even``."""
        e = self.expected_successes
        return "hot" if self.successes > e else "cold" if self.successes < e else "even"

    def to_json(self) -> dict:
        names = {} if self.family == "campaign" else {self.family: self.name}
        return {
            "group": self.family, "name": self.name, "names": names,
            "rolls": self.rolls, "secret": self.secret, "without_odds": self.without_odds,
            "expected": {t: float(p) for t, p in self.expected.items()},
            "expected_exact": {t: str(p) for t, p in self.expected.items()},
            "observed": dict(self.observed),
            "successes": {"expected": float(self.expected_successes), "observed": self.successes},
            "p_value": self.p_value, "p_holm": self.p_holm, "flagged": self.flagged,
            "direction": self.direction, "same_as_all": self.same_as_all,
        }


@dataclass
class DiceStats:
    sides: int
    counts: list[int]  # faces 1 … sides
    band: tuple[int, int]  # each face's expected band
    chi2: float | None  # None: too few dice for the χ² test
    df: int
    p_value: float | None
    p_holm: float | None = None
    flagged: bool = False

    @property
    def thrown(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> Fraction:
        return Fraction(self.thrown, self.sides)

    def to_json(self) -> dict:
        return {"sides": self.sides, "thrown": self.thrown, "counts": self.counts, "expected": float(self.expected),
                "band": list(self.band), "chi2": self.chi2, "df": self.df, "p_value": self.p_value,
                "p_holm": self.p_holm, "flagged": self.flagged}


@dataclass
class CalibrationBin:
    low: Fraction  # predicted chance of success in [low, high)
    high: Fraction
    rolls: int
    successes: int
    predicted: Fraction  # the mean predicted chance of the bin's rolls
    band: tuple[float, float]  # Clopper–Pearson, at the GM's level

    @property
    def observed(self) -> float:
        return self.successes / self.rolls if self.rolls else 0.0

    @property
    def outside(self) -> bool:
        return not self.band[0] <= float(self.predicted) <= self.band[1]

    def to_json(self) -> dict:
        return {"from": float(self.low), "to": float(self.high), "rolls": self.rolls, "successes": self.successes,
                "predicted": float(self.predicted), "observed": self.observed, "band": list(self.band)}


@dataclass
class Report:
    flt: StatsFilter
    level: Fraction
    groups: list[GroupStats]
    dice: list[DiceStats]
    calibration: list[CalibrationBin]
    unfacted: int = 0
    initiative: int = 0  # initiative rolls: no success or failure, their dice count for the dice
    unknown: list[tuple[str, str, int]] = field(default_factory=list)  # (actor, kind, rolls) with unknown odds

    @property
    def whole(self) -> GroupStats:
        return self.groups[0]

    def family(self, name: str) -> list[GroupStats]:
        return [g for g in self.groups if g.family == name]

    @property
    def flagged(self) -> list[GroupStats]:
        """The flagged groups, each set of rolls once (a group that is the whole is not said twice)."""
        return [g for g in self.groups if g.flagged and not g.same_as_all]

    @property
    def distinct(self) -> list[GroupStats]:
        """The groups shown one by one: every group but those that are the whole under another name."""
        return [g for g in self.groups if not g.same_as_all]

    @property
    def tests(self) -> int:
        """How many groups Holm's correction is over: the distinct ones with odds."""
        return sum(1 for g in self.distinct if g.rolls)

    def to_json(self) -> dict:
        f = self.flt
        return {
            "filter": {"actor": f.actor, "session": f.session, "since": f.since},
            "level": float(self.level),
            "rolls": self.whole.rolls + self.whole.without_odds,
            "without_odds": self.whole.without_odds,
            "not_analysed": self.unfacted,
            "initiative": self.initiative,
            "unknown_odds": [{"actor": a, "kind": k, "rolls": n} for a, k, n in self.unknown],
            "groups": [g.to_json() for g in self.groups],
            "dice": [d.to_json() for d in self.dice],
            "calibration": [b.to_json() for b in self.calibration],
        }


_P_CACHE: dict[tuple, float] = {}


def _p_value(chances: Counter, successes: int) -> float:
    key = (tuple(sorted(chances.items())), successes)
    value = _P_CACHE.get(key)
    if value is None:
        if len(_P_CACHE) > 4096:
            _P_CACHE.clear()
        value = _P_CACHE[key] = exact.p_value(chances, successes)
    return value


def build(tally: Tally, level: Fraction = DEFAULT_LEVEL) -> Report:
    """Every group's numbers, the flags, the dice and the calibration of ``tally``'s rolls."""
    level = Fraction(level)
    if not 0 < level < 1:
        raise ValueError("the level is a probability strictly between 0 and 1")
    success_of = _success_of(tally)
    stats: dict[tuple[str, str], GroupStats] = {("campaign", ""): GroupStats("campaign", "")}
    profiles: dict[tuple[str, str], dict[int, int]] = {("campaign", ""): {}}
    for grp, counts in tally.by_group.items():
        group = tally.groups.get(grp)
        if group is None:  # a group no longer picked (cannot happen within one tally; kept safe)
            continue
        outcomes, odds, without, successes = counts.outcomes, counts.odds, counts.without, counts.successes
        rolls = sum(outcomes.values())
        for key in (("campaign", ""), ("actor", group.actor), ("kind", group.kind), ("session", group.session)):
            s = stats.get(key)
            if s is None:
                s = stats[key] = GroupStats(*key)
                profiles[key] = {}
            s.without_odds += without
            s.rolls += rolls
            s.successes += successes
            if group.secret:
                s.secret += rolls
            observed, profile = s.observed, profiles[key]
            for tier, n in outcomes.items():
                observed[tier] = observed.get(tier, 0) + n
            for odds_id, n in odds.items():
                profile[odds_id] = profile.get(odds_id, 0) + n
    scale, numerators = _common_denominator(tally.odds)
    for key, s in stats.items():
        sums: dict[str, int] = {}
        for odds_id, n in profiles[key].items():
            for tier, numerator in numerators[odds_id].items():
                sums[tier] = sums.get(tier, 0) + numerator * n
            s.chances[success_of[odds_id]] += n
        order = _ordered(list(sums) + list(s.observed))
        s.expected = {t: Fraction(sums.get(t, 0), scale) for t in order}
        s.observed = {t: s.observed.get(t, 0) for t in order}
    whole = stats[("campaign", "")]
    groups = [whole]
    for family in FAMILIES[1:]:
        members = sorted((s for (f, _), s in stats.items() if f == family), key=lambda s: s.name.casefold())
        if len(members) == 1 and members[0].rolls == whole.rolls and members[0].without_odds == whole.without_odds:
            members[0].same_as_all = True  # one actor picked, a single session: the same rolls as the whole
        groups += members
    tested = [g for g in groups if g.rolls and not g.same_as_all]
    for g in tested:
        g.p_value = _p_value(g.chances, g.successes)
    for g, adjusted in zip(tested, exact.holm([g.p_value for g in tested])):
        g.p_holm = adjusted
        g.flagged = adjusted <= level
    for g in groups:
        if g.same_as_all:
            g.p_value, g.p_holm, g.flagged = whole.p_value, whole.p_holm, whole.flagged
    initiative, unknown = _left_out(tally)
    return Report(tally.flt, level, groups, dice_stats(tally, level), calibration(tally, success_of, level),
                  tally.unfacted, initiative, unknown)


def _left_out(tally: Tally) -> tuple[int, list[tuple[str, str, int]]]:
    """The initiative rolls, and the other rolls without odds by (actor, kind): what the words say
    was not counted for luck, and why."""
    initiative, unknown = 0, Counter()
    for grp, counts in tally.by_group.items():
        group = tally.groups.get(grp)
        if group is None or not counts.without:
            continue
        initiative += counts.initiative
        if counts.without > counts.initiative:
            unknown[(group.actor, group.kind)] += counts.without - counts.initiative
    return initiative, sorted((a, k, n) for (a, k), n in unknown.items())


def _success_of(tally: Tally) -> dict[int, Fraction]:
    return {i: sum((p for t, p in o.items() if t in SUCCESS_TIERS), Fraction(0)) for i, o in tally.odds.items()}


def _common_denominator(odds: dict[int, dict[str, Fraction]]) -> tuple[int, dict[int, dict[str, int]]]:
    """One denominator for every stored probability, and each as its numerator over it: the expected
    counts are then sums of integers, made a fraction once."""
    scale = math.lcm(*(p.denominator for o in odds.values() for p in o.values())) if odds else 1
    return scale, {i: {t: p.numerator * (scale // p.denominator) for t, p in o.items()} for i, o in odds.items()}


# Tier ids in a readable order: worst first, whatever the system (every tier a log can hold).
_TIER_ORDER = ("critical_failure", "failure", "miss", "success", "hit", "critical_success", "critical_hit")


def _ordered(tiers: list[str]) -> list[str]:
    seen = list(dict.fromkeys(tiers))
    return sorted(seen, key=lambda t: (_TIER_ORDER.index(t) if t in _TIER_ORDER else len(_TIER_ORDER), t))


def dice_stats(tally: Tally, level: Fraction = DEFAULT_LEVEL) -> list[DiceStats]:
    out = []
    for sides, faces in sorted(tally.faces().items()):
        counts = [faces.get(face, 0) for face in range(1, sides + 1)]
        n = sum(counts)
        if sides < 2 or n == 0:
            continue
        band = exact.binomial_band(n, 1 / sides, 1 - float(level) / sides)
        if n >= 5 * sides:
            chi2, df, p = exact.chi_square_uniform(counts)
        else:
            chi2, df, p = None, sides - 1, None
        out.append(DiceStats(sides, counts, band, chi2, df, p))
    tested = [d for d in out if d.p_value is not None]
    for d, adjusted in zip(tested, exact.holm([d.p_value for d in tested])):
        d.p_holm = adjusted
        d.flagged = adjusted <= float(level)
    return out


def calibration(tally: Tally, success_of: dict[int, Fraction] | None = None,
                level: Fraction = DEFAULT_LEVEL) -> list[CalibrationBin]:
    """Rolls binned by predicted chance of success (sure rolls out), with observed rates and bands."""
    if success_of is None:
        success_of = _success_of(tally)
    rolls = [0] * CALIBRATION_BINS
    wins = [0] * CALIBRATION_BINS
    chance_sum = [Fraction(0)] * CALIBRATION_BINS
    for odds_id, (n, successes) in tally.by_odds.items():
        p = success_of[odds_id]
        if p in (0, 1):
            continue
        i = min(int(p * CALIBRATION_BINS), CALIBRATION_BINS - 1)
        rolls[i] += n
        wins[i] += successes
        chance_sum[i] += p * n
    out = []
    for i in range(CALIBRATION_BINS):
        if rolls[i]:
            out.append(CalibrationBin(Fraction(i, CALIBRATION_BINS), Fraction(i + 1, CALIBRATION_BINS), rolls[i],
                                      wins[i], chance_sum[i] / rolls[i],
                                      exact.clopper_pearson(wins[i], rolls[i], 1 - float(level))))
    return out


@dataclass
class Streak:
    actor: str
    points: list[tuple[int, float]]  # (the session's roll number, observed − expected so far)

    @property
    def final(self) -> float:
        return self.points[-1][1] if self.points else 0.0

    def steps(self, end: int | None = None) -> list[tuple[int, float]]:
        """The line to draw: flat between the character's rolls (the sum changes only when they
        roll), up or down at each, and on to the session's last roll ``end``."""
        out: list[tuple[int, float]] = []
        for x, y in self.points:
            if out:
                out.append((x, out[-1][1]))
            out.append((x, y))
        if out and end is not None and end > out[-1][0]:
            out.append((end, out[-1][1]))
        return out


def streaks(reader, session: str, *, include_secret: bool = True, actor: str | None = None,
            leave_out: frozenset[str] = frozenset()) -> list[Streak]:
    """Per character, the running (observed − expected) successes over ``session``'s rolls, in order."""
    groups = reader.groups(session=session, include_secret=include_secret, actor=actor, leave_out=leave_out)
    if not groups:
        return []
    odds = reader.odds()
    chance = {i: float(sum((p for t, p in o.items() if t in SUCCESS_TIERS), Fraction(0))) for i, o in odds.items()}
    lines: dict[str, Streak] = {}
    running: dict[str, float] = {}
    for number, (_, grp, tier, odds_id) in enumerate(reader.sequence(groups.keys()), 1):
        if odds_id not in chance:
            continue
        who = groups[grp].actor
        running[who] = running.get(who, 0.0) + (tier in SUCCESS_TIERS) - chance[odds_id]
        lines.setdefault(who, Streak(who, [(0, 0.0)])).points.append((number, running[who]))
    return sorted(lines.values(), key=lambda s: s.actor.casefold())


def session_length(lines: list[Streak]) -> int:
    return max((s.points[-1][0] for s in lines if s.points), default=0)


def analyse(store, flt: StatsFilter = StatsFilter(), level: Fraction = DEFAULT_LEVEL, progress=None) -> Report:
    """The report of ``store``'s rolls that ``flt`` picks (a one-off; the panel keeps its ``Tally``);
    ``progress(done, total)`` told how far the reading got."""
    return build(Tally.load(store.log.facts, flt, progress), level)
