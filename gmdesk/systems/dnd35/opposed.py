"""D&D 3.5 opposed checks (seed 002): the higher total wins; on a tie the higher modifier wins;
with equal modifiers too, the dice are rolled again until the tie breaks.

Rulings (RULES.md says no more):
- "modifier" for the tie is each side's fixed modifier (``check.modifier``); aid bonuses are
  dice results and do not count for it.
- The reroll is a fresh roll of every die of the opposed check (helpers included). Nobody takes
  10 or 20 on it: its whole point is chance, and two sides both taking 10 would tie forever.
  Its exact value is then P(win | the reroll is not tied) = W / (W + L), since every further
  reroll is the same experiment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from gmdesk.engine.core import Breakdown, Die, Odds, RollResult, RulesError
from gmdesk.engine.dist import Dist

from .checks import SYSTEM, AbilityCheck, LevelCheck, SkillCheck
from .data import OPPOSED_PRESETS, SKILLS, base_skill
from .serial import describe_check

SIDE_TYPES = (SkillCheck, AbilityCheck, LevelCheck)


@dataclass(frozen=True)
class OpposedCheck:
    """``actor``'s check against ``opponent``'s; tier ``success`` = the actor wins.

    ``preset`` names a row of the seed's table (OPPOSED_PRESETS): the sides' skills must match
    it (the Intimidation row's opponent is a LevelCheck).
    """

    TYPE = "opposed"

    actor: SkillCheck | AbilityCheck | LevelCheck
    opponent: SkillCheck | AbilityCheck | LevelCheck
    preset: str | None = None

    def __post_init__(self) -> None:
        for name in ("actor", "opponent"):
            side = getattr(self, name)
            if not isinstance(side, SIDE_TYPES):
                raise RulesError(name, "a skill, ability or level check")
            if side.dc is not None or side.dc_modifiers:
                raise RulesError(f"{name}.dc", "an opposed check has no DC: the other side's total "
                                 "is the target")
        if self.preset is not None:
            preset = OPPOSED_PRESETS.get(self.preset)
            if preset is None:
                raise RulesError("preset", f"unknown opposed check {self.preset!r}; one of "
                                 f"{', '.join(OPPOSED_PRESETS)}")
            self._match("actor", self.actor, preset.actor)
            self._match("opponent", self.opponent, preset.opponent)

    @staticmethod
    def _match(name: str, side, skill: str | None) -> None:
        if skill is None:
            if not isinstance(side, LevelCheck):
                raise RulesError(name, "Intimidation is opposed by the target's level check")
        elif not isinstance(side, SkillCheck) or side.skill is None or base_skill(side.skill) != skill:
            raise RulesError(f"{name}.skill", f"this opposed check uses {SKILLS[skill].fr}")

    # -- the common interface -------------------------------------------------------------------
    @property
    def breakdown(self) -> Breakdown:
        return self.actor.breakdown

    @property
    def target(self) -> None:
        return None

    def with_target(self, dc: int):
        raise RulesError("dc", "an opposed check has no DC: the opponent's total is the target")

    def describe(self) -> dict:
        return describe_check(self)

    # -- odds -----------------------------------------------------------------------------------
    @staticmethod
    def _compare(a: Dist, b: Dist) -> tuple[Fraction, Fraction, Fraction]:
        """P(a > b), P(a = b), P(a < b) for independent totals."""
        den = a.denominator * b.denominator
        win = tie = 0
        below = 0  # weight of b strictly below the current a outcome
        b_items = list(b.weights.items())
        j = 0
        for value, wa in a.weights.items():
            while j < len(b_items) and b_items[j][0] < value:
                below += b_items[j][1]
                j += 1
            win += wa * below
            tie += wa * b.weights.get(value, 0)
        return Fraction(win, den), Fraction(tie, den), 1 - Fraction(win + tie, den)

    def odds(self) -> Odds:
        win, tie, lose = self._compare(self.actor._total_dist(), self.opponent._total_dist())
        ma, mb = self.actor.modifier, self.opponent.modifier
        if ma > mb:
            p = win + tie
        elif ma < mb:
            p = win
        else:
            w, _, l = self._compare(_rolled(self.actor)._total_dist(), _rolled(self.opponent)._total_dist())
            p = win + tie * w / (w + l)
        return Odds(SYSTEM, {"failure": 1 - p, "success": p},
                    {"win_first_roll": win, "tie_first_roll": tie, "lose_first_roll": lose})

    # -- rolling --------------------------------------------------------------------------------
    def roll(self, rng: random.Random) -> RollResult:
        """Actor's dice then opponent's, per round; dice of a tied round are marked rerolled."""
        ma, mb = self.actor.modifier, self.opponent.modifier
        dice: list[Die] = []
        notes: list[str] = []
        first = True
        while True:
            actor_took = bool(first and self.actor._take())
            a_face, a_dice, a_aid, a_notes = self.actor._roll_parts(rng, allow_take=first)
            b_face, b_dice, b_aid, b_notes = self.opponent._roll_parts(rng, allow_take=first)
            breakdown = self.actor.breakdown + Breakdown(tuple(a_aid))
            a_total = a_face + breakdown.total
            b_total = b_face + mb + Breakdown(tuple(b_aid)).total
            if first:
                notes += a_notes + [f"opponent {n}" for n in b_notes]
            first = False
            notes.append(f"opponent: {b_total} (d20 {b_face}{mb:+d}"
                         + "".join(f", {line.modifier.source}" for line in b_aid if not line.suppressed)
                         + ")")
            if a_total != b_total or ma != mb:
                break
            dice += [replace(d, state="rerolled") for d in a_dice + b_dice]
            notes.append(f"tie {a_total}–{b_total} with equal modifiers ({ma:+d}): reroll")
        dice += a_dice + b_dice
        if a_total != b_total:
            won = a_total > b_total
        else:
            won = ma > mb
            notes.append(f"tie {a_total}–{b_total}: the higher modifier wins ({ma:+d} vs {mb:+d})")
        return RollResult(SYSTEM, "success" if won else "failure", tuple(dice), breakdown,
                          total=a_total, dc=b_total, natural=None if actor_took else a_face,
                          notes=tuple(notes))


def _rolled(check):
    """The same check as rolled on a tie-break: nobody takes 10 or 20."""
    if isinstance(check, LevelCheck):
        return check
    return replace(check, take=None, helpers=tuple(replace(h, take=None) for h in check.helpers))


__all__ = ["OpposedCheck"]
