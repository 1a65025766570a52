"""D&D 3.5 opposed checks (seed 002): the higher total wins; on a tie the higher modifier wins;
with equal modifiers too, the dice are rolled again until the tie breaks.

What "modifier" means (the seed, docs/rules.md): the skill modifier is ranks + ability modifier +
"modificateurs divers", and aid another's +2 is one of those (a favourable circumstance). So:
- the modifier that breaks a tie is each side's fixed modifier **plus the aid its helpers earned**
  on this check (``check.modifier`` + the aid bonus);
- the reroll rolls the two sides' d20s again and nothing else: the helpers' aid is part of the
  modifier, already settled. Nobody takes 10 or 20 on it: its whole point is chance, and two sides
  both taking 10 would tie forever. Equal modifiers on both d20s make the reroll an even contest,
  every further reroll the same experiment: its value is W / (W + L) of one reroll.
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
        """Over every aid bonus each side's helpers may earn (which sets its modifier for the tie)
        and every face of the two d20s."""
        win = tie = lose = p = Fraction(0)
        for bonus_a, pa in _aid_outcomes(self.actor):
            ma, dist_a = self.actor.modifier + bonus_a, _face(self.actor) + self.actor.modifier + bonus_a
            for bonus_b, pb in _aid_outcomes(self.opponent):
                mb, dist_b = self.opponent.modifier + bonus_b, _face(self.opponent) + self.opponent.modifier + bonus_b
                w, t, l = self._compare(dist_a, dist_b)
                weight = pa * pb
                win, tie, lose = win + weight * w, tie + weight * t, lose + weight * l
                if ma > mb:
                    broken = Fraction(1)
                elif ma < mb:
                    broken = Fraction(0)
                else:  # the d20s alone are rolled again, the modifiers (aid included) kept
                    rw, _, rl = self._compare(Dist.uniform(20) + ma, Dist.uniform(20) + mb)
                    broken = rw / (rw + rl)
                p += weight * (w + t * broken)
        return Odds(SYSTEM, {"failure": 1 - p, "success": p},
                    {"win_first_roll": win, "tie_first_roll": tie, "lose_first_roll": lose})

    # -- rolling --------------------------------------------------------------------------------
    def roll(self, rng: random.Random) -> RollResult:
        """Actor's dice (its d20, then its helpers') then the opponent's; on a tie with equal
        modifiers (aid included) the two d20s alone are rolled again, the tied ones marked rerolled."""
        a_face, a_dice, a_aid, a_notes = self.actor._roll_parts(rng)
        b_face, b_dice, b_aid, b_notes = self.opponent._roll_parts(rng)
        breakdown = self.actor.breakdown + Breakdown(tuple(a_aid))
        ma, mb = breakdown.total, self.opponent.modifier + Breakdown(tuple(b_aid)).total
        notes = a_notes + [f"opponent {n}" for n in b_notes]
        notes.append(f"opponent: {b_face + mb} (d20 {b_face}{self.opponent.modifier:+d}"
                     + "".join(f", {line.modifier.source}" for line in b_aid if not line.suppressed) + ")")
        dice = list(a_dice) + list(b_dice)
        # Where the round's d20s are in ``dice`` (a side that took 10 or 20 threw none): each side's
        # own d20 comes before its helpers'.
        mains = [i for i, took in ((0, self.actor._take()), (len(a_dice), self.opponent._take())) if not took]
        a_rolled = not self.actor._take()
        while a_face + ma == b_face + mb and ma == mb:
            notes.append(f"tie {a_face + ma}–{b_face + mb} with equal modifiers ({ma:+d}, aid included): "
                         "reroll the d20s")
            for i in mains:
                dice[i] = replace(dice[i], state="rerolled")
            a_face, b_face = rng.randint(1, 20), rng.randint(1, 20)
            mains = [len(dice), len(dice) + 1]
            dice += [Die(20, a_face), Die(20, b_face)]
            a_rolled = True
            notes.append(f"opponent: {b_face + mb} (d20 {b_face}{mb:+d})")
        a_total, b_total = a_face + ma, b_face + mb
        if a_total != b_total:
            won = a_total > b_total
        else:
            won = ma > mb
            notes.append(f"tie {a_total}–{b_total}: the higher modifier wins ({ma:+d} vs {mb:+d}, aid included)")
        return RollResult(SYSTEM, "success" if won else "failure", tuple(dice), breakdown,
                          total=a_total, dc=b_total, natural=a_face if a_rolled else None,
                          notes=tuple(notes))


def _aid_outcomes(check) -> list[tuple[int, Fraction]]:
    """Each aid bonus the side's helpers may earn, with its probability (+0 for sure without helpers)."""
    return sorted(check.aid_bonus().probabilities().items())


def _face(check) -> Dist:
    """The side's d20, or the 10 or 20 it takes; a level check has no take."""
    take = check._take()
    return Dist.point(take) if take else Dist.uniform(20)


__all__ = ["OpposedCheck"]
