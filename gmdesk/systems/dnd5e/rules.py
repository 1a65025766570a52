"""D&D 5e, 2024 rules (seed 001, RULES.md §2): ability checks, saving throws, attack rolls.

Success is ``total ≥ target``. Only attack rolls know the natural 20 (critical hit) and natural 1
(miss). Advantage and disadvantage cancel whatever their counts. Heroic Inspiration rerolls one die;
the odds assume it is spent only on a failed test, on the lower d20 when two were rolled (ruling R-2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable

from gmdesk.engine import d20
from gmdesk.engine.core import ATTACK_TIERS, PASS_FAIL, Breakdown, Die, Modifier, Odds, RollResult, RulesError, check_int
from gmdesk.engine.prep.cache import D20_SPAN, Family
from gmdesk.engine.words import Word
from gmdesk.systems.kit.rulings import DEFAULT as DEFAULT_RULINGS, Rulings

SYSTEM = "dnd5e"
RULINGS = ("R-2",)  # RULES.md's rulings that concern dnd5e tests (what a logged roll records)
KINDS = ("check", "save", "attack")
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
DC_LADDER = (("very_easy", 5), ("easy", 10), ("moderate", 15), ("hard", 20), ("very_hard", 25),
             ("nearly_impossible", 30))


def ability_modifier(score: int, name: str = "score") -> int:
    # Scores run 1..30 (0 only through an effect); 1 → −5, 10–11 → 0, 30 → +10.
    check_int(f"abilities.{name}", score, 0, 30)
    return (score - 10) // 2


def proficiency_bonus(level: int) -> int:
    """+2 at levels 1–4 … +6 at 17–20 (SRD): 2 + floor((level − 1) / 4)."""
    check_int("level", level, 1, 20)
    return 2 + (level - 1) // 4


def spell_save_dc(ability_score: int, level: int) -> int:
    return 8 + ability_modifier(ability_score) + proficiency_bonus(level)


def base_armor_class(dex_score: int) -> int:
    return 10 + ability_modifier(dex_score, "dex")


def finesse_ability(str_score: int, dex_score: int) -> str:
    """A finesse weapon uses Strength or Dexterity: the better, unless the GM chooses."""
    return "dex" if ability_modifier(dex_score) >= ability_modifier(str_score) else "str"


def proficiency_line(level: int, expertise: bool = False) -> Modifier:
    bonus = proficiency_bonus(level)
    return Modifier(2 * bonus if expertise else bonus, "expertise" if expertise else "proficiency", "proficiency")


def _tier(kind: str, natural: int, total: int, target: int) -> str:
    if kind == "attack":
        if natural == 20:
            return "critical_hit"
        if natural == 1:
            return "miss"
        return "hit" if total >= target else "miss"
    return "success" if total >= target else "failure"


def _failed(tier: str) -> bool:
    return tier in ("failure", "miss")


def odds_for_difference(diff: int, kind: str = "check", mode: str = d20.NORMAL,
                        inspiration: bool = False) -> tuple[Fraction, ...]:
    """Tier odds for a test whose ``target - modifier`` is ``diff`` (tiers in the kind's order)."""
    tiers = ATTACK_TIERS if kind == "attack" else PASS_FAIL
    if not inspiration:
        dist = d20.tier_distribution(tiers, mode, lambda n: _tier(kind, n, n, diff))
        return tuple(dist[t] for t in tiers)
    return tuple(_inspired_counts(diff, kind, mode, tiers))


def _inspired_counts(diff: int, kind: str, mode: str, tiers: tuple[str, ...]) -> list[Fraction]:
    """Enumerate every first roll; on a failure reroll (the lower die when two) and keep the new face."""
    counts = dict.fromkeys(tiers, 0)
    if mode == d20.NORMAL:
        firsts = [(a, a, None) for a in d20.FACES]  # (kept, die to reroll, die that stays)
    else:
        firsts = []
        for a in d20.FACES:
            for b in d20.FACES:
                lo, hi = min(a, b), max(a, b)
                firsts.append((hi if mode == d20.HIGH else lo, lo, hi))
    for kept, _, stays in firsts:
        tier = _tier(kind, kept, kept, diff)
        if not _failed(tier):
            counts[tier] += 20  # weight 20 so that rerolled branches (1 each of 20) stay integers
            continue
        for c in d20.FACES:
            if stays is None:
                new = c
            else:
                new = max(stays, c) if mode == d20.HIGH else min(stays, c)
            counts[_tier(kind, new, new, diff)] += 1
    denominator = 20 * len(firsts)
    return [Fraction(counts[t], denominator) for t in tiers]


def inspired_odds(diff: int, kind: str, mode: str) -> tuple[Fraction, ...]:
    """``odds_for_difference(diff, kind, mode, inspiration=True)``, in 20² steps instead of 20³.

    The same policy (ruling R-2: reroll on a failure, the lower d20 when two were rolled, keep the
    new face): what a reroll gives depends only on the die that stays, so it is tallied once per
    staying face instead of once per first roll. Tested equal to the engine's enumeration.
    """
    tiers = ATTACK_TIERS if kind == "attack" else PASS_FAIL
    tier_of = [_tier(kind, n, n, diff) for n in range(21)]  # index = natural face
    failed = {t: _failed(t) for t in tiers}
    counts = dict.fromkeys(tiers, 0)
    if mode == d20.NORMAL:
        reroll = dict.fromkeys(tiers, 0)
        for c in d20.FACES:
            reroll[tier_of[c]] += 1
        for a in d20.FACES:
            if failed[tier_of[a]]:
                for t, w in reroll.items():
                    counts[t] += w
            else:
                counts[tier_of[a]] += 20
        return tuple(Fraction(counts[t], 400) for t in tiers)
    keep = max if mode == d20.HIGH else min
    after = {}  # the die that stays -> tier counts over the 20 faces of the rerolled die
    for stays in d20.FACES:
        row = dict.fromkeys(tiers, 0)
        for c in d20.FACES:
            row[tier_of[keep(stays, c)]] += 1
        after[stays] = row
    for a in d20.FACES:
        for b in d20.FACES:
            tier = tier_of[keep(a, b)]
            if failed[tier]:
                for t, w in after[max(a, b)].items():  # the lower die is rerolled, the higher stays
                    counts[t] += w
            else:
                counts[tier] += 20
    return tuple(Fraction(counts[t], 8000) for t in tiers)


def odds_table(modifiers: Iterable[int], targets: Iterable[int], *, kind: str = "check", advantage: bool = False,
               disadvantage: bool = False, inspiration: bool = False) -> list[list[tuple[Fraction, ...]]]:
    mode = d20.keep_mode(advantage, disadvantage)
    return d20.tier_table(modifiers, targets, lambda diff: odds_for_difference(diff, kind, mode, inspiration))


@dataclass(frozen=True)
class Dnd5eTest:
    """A d20 test: ``kind`` is ``check``, ``save`` or ``attack``; ``dc`` is the DC or the AC.

    ``advantages`` / ``disadvantages`` name their sources (a condition, the Help action…); the
    booleans are shorthands. ``inspiration``: the actor holds Heroic Inspiration and spends it per R-2.
    ``fail_voluntarily``: a creature may fail a saving throw without rolling (the seed): failure 1.
    ``rulings``: what the roll is made under (R-2 is applied where the check is built; recorded here).
    """

    dc: int
    modifiers: tuple[Modifier, ...] = ()
    kind: str = "check"
    advantage: bool = False
    disadvantage: bool = False
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()
    inspiration: bool = False
    secret: bool = False
    label: str = ""
    fail_voluntarily: bool = False
    rulings: Rulings = DEFAULT_RULINGS
    breakdown: Breakdown = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_int("dc", self.dc, -50, 100)
        if self.kind not in KINDS:
            raise RulesError("kind", f"unknown d20 test {self.kind!r}; one of {', '.join(KINDS)}")
        if not isinstance(self.fail_voluntarily, bool):
            raise RulesError("fail_voluntarily", f"must be true or false, got {self.fail_voluntarily!r}")
        if self.fail_voluntarily and self.kind != "save":
            raise RulesError("fail_voluntarily", "only a saving throw can be failed voluntarily")
        if not isinstance(self.rulings, Rulings):
            raise RulesError("rulings", "must be the engine's Rulings")
        for name in ("modifiers", "advantages", "disadvantages"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for i, m in enumerate(self.modifiers):
            check_int(f"modifiers[{i}]", m.value)
        object.__setattr__(self, "breakdown", Breakdown.of(self.modifiers))

    @property
    def modifier(self) -> int:
        return self.breakdown.total

    @property
    def target(self) -> int:
        return self.dc

    def with_target(self, dc: int) -> "Dnd5eTest":
        return replace(self, dc=dc)

    @property
    def mode(self) -> str:
        # Several advantages are still two dice; any advantage with any disadvantage is one d20.
        return d20.keep_mode(self.advantage or bool(self.advantages), self.disadvantage or bool(self.disadvantages))

    @property
    def tiers(self) -> tuple[str, ...]:
        return ATTACK_TIERS if self.kind == "attack" else PASS_FAIL

    def odds(self) -> Odds:
        if self.fail_voluntarily:
            return Odds(SYSTEM, {"failure": Fraction(1), "success": Fraction(0)})
        probs = odds_for_difference(self.dc - self.modifier, self.kind, self.mode, self.inspiration)
        return Odds(SYSTEM, dict(zip(self.tiers, probs)))

    def odds_family(self) -> Family | None:
        """The prep cache's shortcut: the odds depend on DC − modifier, the kind, the d20 mode and
        Heroic Inspiration only (exact type only: a subclass might compute its odds otherwise)."""
        if type(self) is not Dnd5eTest:
            return None
        kind, mode, inspiration, tiers = self.kind, self.mode, self.inspiration, self.tiers
        if self.fail_voluntarily:  # no roll: a failure at any DC
            return (SYSTEM, "fail_voluntarily"), 0, lambda diff: self.odds(), (0, 0)

        def build(diff: int) -> Odds:
            if inspiration:
                probs = inspired_odds(diff, kind, mode)
            else:
                probs = odds_for_difference(diff, kind, mode)
            return Odds(SYSTEM, dict(zip(tiers, probs)))

        return (SYSTEM, kind, mode, inspiration), -self.modifier, build, D20_SPAN

    def explain(self) -> tuple[str, ...]:
        return tuple(note.en for note in self.notes())

    def notes(self) -> tuple[Word, ...]:
        """``explain`` in both languages (the command line says them in the GM's)."""
        return (FAILS_ON_PURPOSE,) if self.fail_voluntarily else ()

    def roll(self, rng: random.Random) -> RollResult:
        if self.fail_voluntarily:
            return RollResult(SYSTEM, "failure", (), self.breakdown, None, self.dc,
                              notes=(("secret",) if self.secret else ()) + ("failed voluntarily: no roll",))
        natural, dice = d20.roll_d20(rng, self.mode)
        total = natural + self.modifier
        result = RollResult(SYSTEM, _tier(self.kind, natural, total, self.dc), dice, self.breakdown, total,
                            self.dc, natural=natural, notes=("secret",) if self.secret else ())
        if self.inspiration and _failed(result.tier):
            return self.reroll(result, rng)  # the same policy the odds assume
        return result

    def reroll(self, previous: RollResult, rng: random.Random, die_index: int | None = None) -> RollResult:
        """Heroic Inspiration: reroll one die just rolled and keep the new roll.

        With two d20 only one may be rerolled: ``die_index`` picks it (default: the lower face).
        """
        if not previous.dice:
            raise RulesError("inspiration", "no die was rolled: nothing to reroll")
        live = [i for i, d in enumerate(previous.dice) if d.state != "rerolled"]
        if die_index is None:
            die_index = min(live, key=lambda i: previous.dice[i].face)
        if die_index not in live:
            raise RulesError("die_index", f"die {die_index} cannot be rerolled")
        if previous.rerolled:
            raise RulesError("inspiration", "Heroic Inspiration was already spent on this roll: one reroll per roll")
        face = rng.randint(1, 20)
        faces = [previous.dice[i].face for i in live if i != die_index] + [face]
        natural = max(faces) if self.mode == d20.HIGH else min(faces) if self.mode == d20.LOW else face
        dice = [replace(d, state="rerolled") if i == die_index else d for i, d in enumerate(previous.dice)]
        # Re-mark which die is kept now that the pair changed.
        kept_done = False
        marked = []
        for d in dice + [Die(20, face)]:
            if d.state == "rerolled":
                marked.append(d)
            elif d.face == natural and not kept_done:
                marked.append(replace(d, state="kept"))
                kept_done = True
            else:
                marked.append(replace(d, state="dropped"))
        total = natural + self.modifier
        return replace(previous, tier=_tier(self.kind, natural, total, self.dc), dice=tuple(marked), total=total,
                       natural=natural, notes=previous.notes + ("Heroic Inspiration: rerolled, the new roll stands",),
                       rerolled=True)

    def describe(self) -> dict:
        return {
            "system": SYSTEM, "type": self.kind, "dc": self.dc, "label": self.label,
            "modifiers": [{"value": m.value, "source": m.source, "kind": m.kind} for m in self.modifiers],
            "advantage": self.advantage, "disadvantage": self.disadvantage,
            "advantages": list(self.advantages), "disadvantages": list(self.disadvantages),
            "inspiration": self.inspiration, "secret": self.secret,
            **({"fail_voluntarily": True} if self.fail_voluntarily else {}),
            "rulings": self.rulings.subset(RULINGS),
        }


def check_from_dict(d: dict) -> Dnd5eTest:
    mods = tuple(Modifier(int(m["value"]), str(m["source"]), str(m.get("kind", "untyped")))
                 for m in d.get("modifiers", ()))
    return Dnd5eTest(int(d["dc"]), mods, d.get("type", "check"), bool(d.get("advantage")),
                     bool(d.get("disadvantage")), tuple(d.get("advantages", ())), tuple(d.get("disadvantages", ())),
                     bool(d.get("inspiration")), bool(d.get("secret")), d.get("label", ""),
                     bool(d.get("fail_voluntarily")), Rulings.from_dict(d.get("rulings")))


FAILS_ON_PURPOSE = Word("fails the saving throw voluntarily: no roll",
                        "échoue volontairement au jet de sauvegarde\u202f: pas de jet")
