"""pf2 fortune and misfortune (seed 000, "Effectuer deux lancers ou relancer"; RULES.md §1, R-1).

Four effects change how the d20 of a check is rolled:

- fortune: roll twice and keep the higher (``fortune``), or reroll a failed check
  (``reroll_failure``);
- misfortune: roll twice and keep the lower (``misfortune``), or must reroll a successful check
  (``reroll_success``).

At most one fortune and one misfortune effect apply to a roll: the player picks the fortune, the
GM the worse misfortune, so two of one side are refused rather than guessed. A fortune and a
misfortune on the same roll cancel: one plain d20.

A reroll keeps the new result (ruling R-1, ``keeps_new``). With the house rule off, a fortune
reroll keeps the better of the two results and a misfortune reroll the worse. Every check's degree
only rises with the natural face (a natural 20 steps up, a natural 1 down, a higher face is a
higher total), so "the better result" is the higher face and "the worse" the lower.

The *mode* names the whole effect in one string, so that the odds of a check stay a function of
``dc - modifier`` and the mode (the DC sweeps and the prep matrix cache on it).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Callable

from gmdesk.engine import d20
from gmdesk.engine.core import Die, RollResult, RulesError
from gmdesk.engine.words import Word
from gmdesk.systems.kit.rulings import Rulings

NORMAL, HIGH, LOW = d20.NORMAL, d20.HIGH, d20.LOW
REROLL_FAILURE = "reroll_failure"  # fortune: reroll a failed check, the new result stands
REROLL_SUCCESS = "reroll_success"  # misfortune: must reroll a success, the new result stands
REROLL_FAILURE_BETTER = "reroll_failure_keep_better"  # R-1 off: the better of the two
REROLL_SUCCESS_WORSE = "reroll_success_keep_worse"  # R-1 off: the worse of the two
MODES = (NORMAL, HIGH, LOW, REROLL_FAILURE, REROLL_SUCCESS, REROLL_FAILURE_BETTER, REROLL_SUCCESS_WORSE)
FAILED = frozenset({"failure", "critical_failure"})
RULINGS = ("R-1",)  # the reroll keeps the new result


def mode_of(fortune: bool, misfortune: bool, reroll_failure: bool, reroll_success: bool,
            keeps_new: bool = True) -> str:
    """The one effect that applies to a roll, or a RulesError when two of one side are given."""
    if fortune and reroll_failure:
        raise RulesError("reroll_failure", "at most one fortune effect applies to a roll: roll twice "
                         "and keep the higher, or reroll a failure, not both (the player picks one)")
    if misfortune and reroll_success:
        raise RulesError("reroll_success", "at most one misfortune effect applies to a roll: roll twice "
                         "and keep the lower, or must reroll a success, not both (the GM picks the worse)")
    favour, disfavour = fortune or reroll_failure, misfortune or reroll_success
    if favour and disfavour:
        return NORMAL  # they cancel: roll normally
    if fortune:
        return HIGH
    if misfortune:
        return LOW
    if reroll_failure:
        return REROLL_FAILURE if keeps_new else REROLL_FAILURE_BETTER
    if reroll_success:
        return REROLL_SUCCESS if keeps_new else REROLL_SUCCESS_WORSE
    return NORMAL


class FortuneEffects:
    """What Pf2Check and FlatCheck share: the fortune and misfortune effects (``pf2_fortune``),
    the secret-check rule on fortune abilities, and the rulings they are rolled under (R-1)."""

    def _check_fortune(self) -> None:
        for name in ("fortune", "misfortune", "reroll_failure", "reroll_success", "secret", "player_knows"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(name, f"must be true or false, got {getattr(self, name)!r}")
        if not isinstance(self.rulings, Rulings):
            raise RulesError("rulings", "must be the engine's Rulings")
        if self.player_knows and not self.secret:
            raise RulesError("player_knows", "only a secret check can be unknown to the player: "
                             "a check rolled in the open is always known")
        self.mode  # noqa: B018 - refuses two fortune (or two misfortune) effects at once

    @property
    def mode(self) -> str:
        # At most one fortune and one misfortune apply; together they cancel: roll normally.
        return mode_of(self.fortune, self.misfortune, self.reroll_failure, self.reroll_success,
                       self.rulings.reroll_keeps_new)

    def _fortune_notes(self) -> tuple[Word, ...]:
        favour = self.fortune or self.reroll_failure
        disfavour = self.misfortune or self.reroll_success
        if favour and disfavour:
            return (CANCEL_NOTE,)
        return ()

    def _describe_fortune(self) -> dict:
        out = {"fortune": self.fortune, "misfortune": self.misfortune, "secret": self.secret}
        for name in ("reroll_failure", "reroll_success", "player_knows"):
            if getattr(self, name):
                out[name] = True
        out["rulings"] = self.rulings.subset(RULINGS)
        return out


def _rerolls(mode: str, tier: str) -> bool:
    """Whether the first result of a reroll mode is rolled again."""
    if mode in (REROLL_FAILURE, REROLL_FAILURE_BETTER):
        return tier in FAILED
    if mode in (REROLL_SUCCESS, REROLL_SUCCESS_WORSE):
        return tier not in FAILED
    return False


def _second(mode: str, first: int, second: int) -> int:
    """The face that stands after a reroll: the new one (R-1), or the better / worse of the two."""
    if mode == REROLL_FAILURE_BETTER:
        return max(first, second)
    if mode == REROLL_SUCCESS_WORSE:
        return min(first, second)
    return second


def distribution(tiers: tuple[str, ...], mode: str, tier_of: Callable[[int], str]) -> dict[str, Fraction]:
    """Exact tier probabilities when ``tier_of(natural face)`` decides the degree."""
    if mode in (NORMAL, HIGH, LOW):
        return d20.tier_distribution(tiers, mode, tier_of)
    if mode not in MODES:
        raise ValueError(f"unknown pf2 roll mode {mode!r}")
    counts = dict.fromkeys(tiers, 0)
    for a in d20.FACES:
        first = tier_of(a)
        if not _rerolls(mode, first):
            counts[first] += 20  # over 400: the reroll branches below weigh 1 each
            continue
        for b in d20.FACES:
            counts[tier_of(_second(mode, a, b))] += 1
    return {t: Fraction(c, 400) for t, c in counts.items()}


def roll(rng: random.Random, mode: str, tier_of: Callable[[int], str]) -> tuple[int, tuple[Die, ...], tuple[str, ...]]:
    """Roll the d20(s) of ``mode``: (the face that stands, every die, notes in plain words)."""
    if mode in (NORMAL, HIGH, LOW):
        face, dice = d20.roll_d20(rng, mode)
        return face, dice, ()
    first = rng.randint(1, 20)
    if not _rerolls(mode, tier_of(first)):
        return first, (Die(20, first),), ()
    second = rng.randint(1, 20)
    kept = _second(mode, first, second)
    return kept, _pair(first, second, kept, mode in (REROLL_FAILURE, REROLL_SUCCESS)), (_note(mode),)


def _pair(first: int, second: int, kept: int, keeps_new: bool) -> tuple[Die, Die]:
    if keeps_new:
        return Die(20, first, "rerolled"), Die(20, second)
    first_stands = kept == first and first != second
    return (Die(20, first, "kept" if first_stands else "rerolled"),
            Die(20, second, "dropped" if first_stands else "kept"))

CANCEL_NOTE = Word("fortune and misfortune cancel: one d20, rolled normally",
                   "fortune et infortune s’annulent\u202f: un seul d20, lancé normalement")


def _note(mode: str) -> str:
    return {
        REROLL_FAILURE: "fortune: the failed check was rerolled, the new result stands (R-1)",
        REROLL_SUCCESS: "misfortune: the success had to be rerolled, the new result stands (R-1)",
        REROLL_FAILURE_BETTER: "fortune: the failed check was rerolled, the better result kept (house rule: R-1 off)",
        REROLL_SUCCESS_WORSE: "misfortune: the success had to be rerolled, the worse result kept (house rule: R-1 off)",
    }[mode]


def fortune_reroll(check, previous: RollResult, rng: random.Random, keeps_new: bool,
                   tier_of: Callable[[int], str]) -> tuple[int, tuple[Die, ...], tuple[str, ...]]:
    """A fortune ability used after the roll: reroll a failed check (Lucky Halfling and the like).

    Refused when the check already had a fortune effect (only one per roll), when the roll was
    already rerolled, on a success, and on a secret check the player does not know about (seed:
    no fortune ability can be activated then). A misfortune check's two dice are not rolled again:
    the fortune reroll and the misfortune cancel, so the reroll is one d20. Returns (face that
    stands, every die, notes).
    """
    if check.fortune or check.reroll_failure:
        raise RulesError("fortune", "at most one fortune effect applies to a roll: this check was already "
                         "rolled with fortune")
    if previous.rerolled:
        raise RulesError("fortune", "this roll was already rerolled: one reroll per roll")
    if check.secret and not check.player_knows:
        raise RulesError("secret", "the player does not know this secret check happens: no fortune ability "
                         "can be activated (only automatic effects apply)")
    if previous.tier not in FAILED:
        raise RulesError("fortune", "a fortune reroll rerolls a failed check; this one succeeded")
    new = rng.randint(1, 20)
    old = previous.natural
    kept = new if keeps_new else max(old, new)
    old_dice = tuple(replace(d, state="rerolled") if d.state == "kept" and (keeps_new or kept != old)
                     else d for d in previous.dice)
    new_die = Die(20, new, "kept" if kept == new and (keeps_new or new != old) else "dropped")
    note = ("fortune reroll: the new result stands (R-1)" if keeps_new
            else "fortune reroll: the better result kept (house rule: R-1 off)")
    if check.misfortune:
        note += "; fortune and misfortune cancel, so one d20"
    return kept, old_dice + (new_die,), (note,)
