"""Chroniques Oubliées Fantasy (seed 003, RULES.md §4): d20 + base score + modifiers ≥ ND.

The base score (a characteristic, plus ATC/ATD for attack tests) is never capped. The skill modifier
is the highest rank reached in a relevant path ("voie"), +0..+5; several never stack, only the most
favourable counts — the others stay in the breakdown, suppressed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable

from gmdesk.engine import d20
from gmdesk.engine.core import PASS_FAIL, Breakdown, BreakdownLine, Modifier, Odds, RollResult, RulesError, check_int
from gmdesk.engine.prep.cache import D20_SPAN, Family

SYSTEM = "cof"
RULINGS = ()  # no RULES.md ruling concerns cof tests
CHARACTERISTICS = ("for", "dex", "con", "int", "sag", "cha")
ATTACKS = {"melee": "atc", "ranged": "atd", "magic": "atm"}
# The seed names a difficulty table without giving it: this ladder is gmdesk's own, editable per campaign.
DEFAULT_ND_LADDER = (("facile", 5), ("moyen", 10), ("difficile", 15), ("tres_difficile", 20), ("heroique", 25))
SKILL_RANK_RANGE = (0, 5)


def path_line(path: str, rank: int) -> Modifier:
    check_int(f"paths.{path}", rank, *SKILL_RANK_RANGE)
    return Modifier(rank, f"voie {path}", "skill")


def odds_for_difference(diff: int) -> tuple[Fraction, ...]:
    dist = d20.tier_distribution(PASS_FAIL, d20.NORMAL, lambda n: "success" if n >= diff else "failure")
    return tuple(dist[t] for t in PASS_FAIL)


def odds_table(modifiers: Iterable[int], nds: Iterable[int]) -> list[list[tuple[Fraction, ...]]]:
    return d20.tier_table(modifiers, nds, odds_for_difference)


@dataclass(frozen=True)
class CofTest:
    """``base``: the characteristic (and ATC/ATD for an attack) as ``Modifier``s of kind ``base``;
    ``skills``: path ranks (kind ``skill``), only the best counts; ``modifiers``: situation bonuses
    and maluses (kind ``untyped``)."""

    nd: int
    base: tuple[Modifier, ...] = ()
    skills: tuple[Modifier, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    secret: bool = False
    label: str = ""
    breakdown: Breakdown = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_int("nd", self.nd, -50, 100)
        for name in ("base", "skills", "modifiers"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for i, m in enumerate(self.skills):
            check_int(f"skills[{i}]", m.value, *SKILL_RANK_RANGE)
        lines = [BreakdownLine(m) for m in self.base]
        if self.skills:
            best = max(range(len(self.skills)), key=lambda i: (self.skills[i].value, -i))
            for i, m in enumerate(self.skills):
                if i == best:
                    lines.append(BreakdownLine(m))
                else:
                    winner = self.skills[best]
                    lines.append(BreakdownLine(m, True, f"skill modifiers never stack: {winner.source} "
                                                        f"{winner.value:+d} counts"))
        lines += [BreakdownLine(m) for m in self.modifiers]
        object.__setattr__(self, "breakdown", Breakdown(tuple(lines)))

    @classmethod
    def attack(cls, nd: int, characteristic: tuple[str, int], attack: tuple[str, int], **kw) -> "CofTest":
        """An attack test adds ATC or ATD *in addition to* the appropriate characteristic."""
        (cname, cval), (aname, aval) = characteristic, attack
        if aname not in ATTACKS.values():
            raise RulesError("attack", f"unknown attack score {aname!r}; one of atc, atd, atm")
        return cls(nd, (Modifier(cval, cname, "base"), Modifier(aval, aname, "base")), **kw)

    @property
    def modifier(self) -> int:
        return self.breakdown.total

    @property
    def target(self) -> int:
        return self.nd

    def with_target(self, nd: int) -> "CofTest":
        return replace(self, nd=nd)

    def odds(self) -> Odds:
        return Odds(SYSTEM, dict(zip(PASS_FAIL, odds_for_difference(self.nd - self.modifier))))

    def odds_family(self) -> Family | None:
        """The prep cache's shortcut: the odds depend on ND − modifier only."""
        if type(self) is not CofTest:
            return None

        def build(diff: int) -> Odds:
            return Odds(SYSTEM, dict(zip(PASS_FAIL, odds_for_difference(diff))))

        return (SYSTEM,), -self.modifier, build, D20_SPAN

    def roll(self, rng: random.Random) -> RollResult:
        natural, dice = d20.roll_d20(rng, d20.NORMAL)
        total = natural + self.modifier
        return RollResult(SYSTEM, PASS_FAIL[total >= self.nd], dice, self.breakdown, total, self.nd,
                          natural=natural, notes=("secret",) if self.secret else ())

    def describe(self) -> dict:
        def mods(ms):
            return [{"value": m.value, "source": m.source, "kind": m.kind} for m in ms]
        return {"system": SYSTEM, "type": "test", "nd": self.nd, "base": mods(self.base),
                "skills": mods(self.skills), "modifiers": mods(self.modifiers), "secret": self.secret,
                "label": self.label}


def check_from_dict(d: dict) -> CofTest:
    def mods(items, kind):
        return tuple(Modifier(int(m["value"]), str(m["source"]), str(m.get("kind", kind))) for m in items)
    return CofTest(int(d["nd"]), mods(d.get("base", ()), "base"), mods(d.get("skills", ()), "skill"),
                   mods(d.get("modifiers", ()), "untyped"), bool(d.get("secret")), d.get("label", ""))
