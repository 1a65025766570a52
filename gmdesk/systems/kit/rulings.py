"""The rulings (RULES.md R-1 … R-5) a check is made under, as the engine applies them.

RULES.md resolves five ambiguities of the seeds; a campaign may overrule the ones a GM could want
otherwise (``gmdesk.campaign.house_rules``). Each game system names the rulings that concern its
checks (``GameSystem.rulings``, e.g. ``("R-1",)``): what its checks record in their description. The engine takes the choice on the check itself, so
that a check's odds, its rolls and its logged description all follow the same rulings, and a roll
logged months ago still says which rulings it was made under.

- R-1 (pf2) ``reroll_keeps_new``: a fortune or misfortune reroll keeps the new result. Off: a
  fortune reroll keeps the better of the two results, a misfortune reroll the worse.
- R-2 (dnd5e) ``inspiration_in_odds``: the odds count Heroic Inspiration as spent on a failure.
  Off: the odds leave it out (the player rerolls by hand after the roll).
- R-3 (anarchy) ``one_reroll_per_test``: Luck after the roll and an Edge/Trait reroll are both
  rerolls: a test takes one or the other. Off: they combine, Luck first (every die that missed is
  rerolled), then the Edge/Trait rerolls on the dice that still miss.
- R-4 (anarchy) ``complication_needs_a_one``: a complication needs at least one 1. Off: the seed's
  letter, "as many 1s as hits or more", so a roll with no hit and no 1 is a minor complication.
- R-5 (anarchy) ``complication_after_luck``: after a Luck reroll the complication is judged on the
  dice as they stand. Off: on the initial roll, before the Luck reroll (the seed's "test initial").
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Callable, Mapping

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word

# Ruling id -> option name, in RULES.md's order.
IDS = {
    "R-1": "reroll_keeps_new",
    "R-2": "inspiration_in_odds",
    "R-3": "one_reroll_per_test",
    "R-4": "complication_needs_a_one",
    "R-5": "complication_after_luck",
}


@dataclass(frozen=True)
class Rulings:
    """True everywhere = RULES.md's rulings (the defaults)."""

    reroll_keeps_new: bool = True
    inspiration_in_odds: bool = True
    one_reroll_per_test: bool = True
    complication_needs_a_one: bool = True
    complication_after_luck: bool = True

    def __post_init__(self) -> None:
        for f in fields(self):
            if not isinstance(getattr(self, f.name), bool):
                raise RulesError(f"rulings.{f.name}", f"must be true or false, got {getattr(self, f.name)!r}")

    def subset(self, ruling_ids) -> dict[str, bool]:
        """``{option name: value}`` of the rulings ``ruling_ids`` (those of one system's checks)."""
        return {IDS[r]: getattr(self, IDS[r]) for r in ruling_ids}

    @classmethod
    def from_dict(cls, d: Mapping | None) -> "Rulings":
        """Missing names take the default: a description written before the rulings were recorded
        was made under the defaults (the options were not applied then)."""
        if d is None:
            return cls()
        if not isinstance(d, Mapping):
            raise RulesError("rulings", "a mapping of ruling names to true or false")
        names = {f.name for f in fields(cls)}
        for key in d:
            if key not in names:
                raise RulesError(f"rulings.{key}", f"unknown ruling; one of {', '.join(sorted(names))}")
        return cls(**dict(d))


DEFAULT = Rulings()


def in_force(ruling_ids, recorded: Mapping | None) -> dict[str, bool]:
    """The rulings ``ruling_ids`` (a system's) a logged roll was made under, from its description's
    ``rulings`` (None: written before the rulings were recorded, so the defaults, as nothing else
    was applied)."""
    return Rulings.from_dict(recorded or {}).subset(ruling_ids)


OFF = Word(" off", " désactivée")  # a ruling (« la règle ») the campaign's house rule replaced


def summary(ruling_ids, recorded: Mapping | None, lang: str = "en") -> str:
    """``R-3, R-4 off, R-5`` (``R-4 désactivée``): each ruling of the system, "off" where the
    campaign's house rule applied."""
    values = in_force(ruling_ids, recorded)
    return ", ".join(r + ("" if values[IDS[r]] else OFF.text(lang)) for r in ruling_ids)


@dataclass(frozen=True)
class RulingExample:
    """A ruling as the house-rules dialog shows it (``GameSystem.ruling_examples``): its title, what
    RULES.md decides, what the house rule does instead, and one worked example — its text with
    ``{ruling}`` and ``{house}`` for the two figures, what it measures (a tier, or "complication"),
    and ``figure(ruling_on)``: the engine's exact figure under each choice (never written by hand)."""

    title: Word
    ruling: Word
    house: Word
    example: Word
    measures: str
    figure: Callable[[bool], Fraction]
