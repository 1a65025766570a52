"""A system's command-line options (``GameSystem.cli``) for ``gmdesk odds|roll SYSTEM …``.

A system declares the options it takes (``CliOption``s: the shared ones below and its own) and
``build(args)``, which turns the parsed arguments into one of its engine checks. The command line
(``gmdesk.cli``) adds every system's options to one parser and refuses, for each system, any
option it does not declare, naming the option.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word

from .rulings import IDS, Rulings

FLAG, INT, INTS, TEXTS = "flag", "int", "ints", "texts"  # a switch, a whole number, repeatable numbers / words


class OptionError(RulesError):
    """An option the system does not take, or options that exclude each other."""


@dataclass(frozen=True)
class CliOption:
    """``--name-with-dashes``: ``kind`` FLAG (a switch), INT, INTS (a repeatable number, e.g. one
    per helper) or TEXTS (a repeatable word). ``help`` is what ``--help`` says, in the GM's language
    (a ``Word``; plain text is said as it is)."""

    name: str
    kind: str
    help: Word | str
    metavar: str | None = None
    value: Any = None  # the value when the option is not given (None: the kind's own default)
    bounds: tuple[int, int] | None = None  # INT, INTS: the values a GM could mean (below)
    most: int | None = None  # INTS: how many times it may be given

    @property
    def flag(self) -> str:
        return flag(self.name)

    @property
    def default(self) -> Any:
        if self.value is not None:
            return self.value
        return {FLAG: False, INT: None, INTS: [], TEXTS: []}[self.kind]


# The numbers a check is made of, once for every command and every system: what the window's sheets
# and stat blocks take (kit.statblock.VALUE_RANGE, kept equal by a test; the engines' DCs too).
# Beyond them a number is a typo, and one too large for the roll log would fail half-way through.
MODIFIER_RANGE = (-50, 100)  # --mod, --dc, --aid (a helper's modifier)
DICE_RANGE = (0, 60)  # --pool, --opposed-pool, --helper (a helper's pool): the sheet's pools
DICE_MOD_RANGE = (-10, 10)  # --dice-mod: the rules cap the net to ±5, helpers' hits included; twice that
# Helpers of one check (dnd35 aid another, anarchy teamwork): the rules set no number ("the GM may
# cap the number of helpers"); a party and its allies stay under it, and the exact odds of ten
# helpers of 60 dice stay under a second.
MAX_HELPERS = 10

# Options several systems share: one definition, one help text.
MOD = CliOption("mod", INT, Word("the check's total modifier",
                                 "le modificateur total du test"), bounds=MODIFIER_RANGE)
DC = CliOption("dc", INT, Word("the DC (AC for attacks, ND for cof)",
                               "le DD (la CA pour une attaque, la ND pour cof)"), bounds=MODIFIER_RANGE)
HOUSE_RULE = CliOption("house_rule", TEXTS, Word(
    "apply the house rule instead of ruling R-N (R-1 pf2; R-2 dnd5e; R-3, R-4, R-5 anarchy)",
    "appliquer la règle maison au lieu de la règle R-N (R-1 pf2\u202f; R-2 dnd5e\u202f; R-3, R-4, R-5 "
    "anarchy)"), "R-N")


@dataclass(frozen=True)
class Cli:
    """``options``: what the system takes, in ``--help`` order; ``build(args)``: the engine check
    (``OptionError``/``RulesError`` naming the option when the combination is refused);
    ``option_of_field``: engine field names whose option is spelt differently (``rerolls`` →
    ``--reroll``), so that an engine error names the option the user typed."""

    options: tuple[CliOption, ...]
    build: Callable[[argparse.Namespace], Any]
    option_of_field: Mapping[str, str] = field(default_factory=dict)


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def require(args: argparse.Namespace, *names: str) -> None:
    for name in names:
        if getattr(args, name) is None:
            raise OptionError(name, f"required for {args.system}")


def exclusive(args: argparse.Namespace, a: str, b: str) -> None:
    if getattr(args, a) and getattr(args, b):
        raise OptionError(a, f"not allowed with {flag(b)}")


def rulings(args: argparse.Namespace, ruling_ids: tuple[str, ...]) -> Rulings:
    """``--house-rule R-N``: the campaign option of ruling R-N turned off, for this system's rulings."""
    off = {}
    for ruling in args.house_rule:
        if ruling not in ruling_ids:
            which = f"one of {', '.join(ruling_ids)}" if ruling_ids else "none"
            raise OptionError("house_rule", f"{ruling!r} is not a ruling of {args.system} ({which})")
        off[IDS[ruling]] = False
    return Rulings(**off)


def check_bounds(option: CliOption, value: Any) -> None:
    """OptionError naming the option when a value (or the number of them) is beyond its bounds."""
    values = value if option.kind == INTS else [value]
    if option.most is not None and len(values) > option.most:
        raise OptionError(option.name, f"given at most {option.most} times, got {len(values)}")
    if option.bounds is None:
        return
    lo, hi = option.bounds
    for v in values:
        if not lo <= v <= hi:
            shown = str(v) if len(str(v)) <= 12 else f"a number of {len(str(abs(v)))} digits"
            raise OptionError(option.name, f"must be from {lo} to {hi}, got {shown}")
