"""``GameSystem``: everything generic code may ask a game system, as one frozen object per system.

Each system's folder builds its ``SYSTEM = GameSystem(...)`` in ``gmdesk/systems/<id>/system.py``
and the registry (``gmdesk.systems``) lists them. The campaign, the store, the window and the
command line call these entry points and never test a system's id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping

from gmdesk.engine.core import RollResult, RulesError
from gmdesk.engine.words import Word

from .kit.checks import CheckRules
from .kit.cli import Cli
from .kit.conditions import Condition
from .kit.demo import Demo
from .kit.fight import FightRules
from .kit.form import SheetSpec
from .kit.house import HouseOption
from .kit.options import CheckOptions
from .kit.prep import Prep
from .kit.rulings import RulingExample
from .kit.target import Target
from .kit.words import SystemWords


@dataclass(frozen=True)
class GameSystem:
    """One game system, as generic code sees it (``docs/adding-a-system.md`` walks through one).

    What every system gives:

    - ``id``: the stable id stored in campaign files and typed on the command line (``pf2``);
    - ``name``, ``description``: how the window names it, what the welcome dialog says of it;
    - ``sheet``: its sheet class — ``sheet()`` is a blank valid sheet, ``sheet.from_dict(d, field)``
      reads one back (``RulesError`` naming the field), ``validate(field)``, ``to_dict()``;
    - ``checks``: from a sheet to its engine checks (``kit.checks.CheckRules``);
    - ``target``: what its checks aim at — a DC or a threshold of hits — and its names
      (``kit.target.Target``);
    - ``check_from_dict``: rebuilds one of its engine checks from the description a roll logged;
    - ``fight``: initiative, ties, hit points (``kit.fight.FightRules``);
    - ``demo``: its demo campaign (``kit.demo.Demo``);
    - ``cli``: its ``gmdesk odds|roll`` options (``kit.cli.Cli``);
    - ``form(lang)``: its sheet form as data (``kit.form.SheetSpec``); ``key_numbers(sheet)``: the
      numbers the party list shows (a ``Word``);
    - ``prep``: what its DC solver answers, where a new prepared check starts (``kit.prep.Prep``).

    What a system may give (the defaults: none):

    - ``rulings``: RULES.md's rulings (R-1…) that concern its checks, recorded on every logged roll;
      ``ruling_examples``: how the house-rules dialog shows them (``kit.rulings.RulingExample``);
    - ``conditions``: its conditions by key (``kit.conditions.Condition``), in the order a GM picks;
    - ``words``: its own words in a check's breakdown (``kit.words.SystemWords``);
    - ``options``: its check options as data, its rerolls and what its dice do in words
      (``kit.options.CheckOptions``);
    - ``house_options``: its own house-rule options (``kit.house.HouseOption``), beyond the rulings;
    - ``reroll_odds(check, previous)``: the exact odds of a reroll its rules offer (``options.reroll``)
      given the roll it replaced — ``check`` the reroll's check as logged, ``previous`` that roll
      (its dice with their states, tier, total, DC) — as {tier: probability}, or None when they
      cannot be known; the roll-log analytics judge a reroll by these (``kit.rerolls``).
    """

    id: str
    name: Word
    description: Word
    sheet: type
    checks: CheckRules
    target: Target
    check_from_dict: Callable[[dict], Any]
    fight: FightRules
    demo: Demo
    cli: Cli
    form: Callable[[str], SheetSpec]
    key_numbers: Callable[[Any], Word]
    prep: Prep
    rulings: tuple[str, ...] = ()
    ruling_examples: Mapping[str, RulingExample] = field(default_factory=dict)
    conditions: Mapping[str, Condition] = field(default_factory=dict)
    words: SystemWords = field(default_factory=SystemWords)
    options: CheckOptions = field(default_factory=CheckOptions)
    house_options: tuple[HouseOption, ...] = ()
    reroll_odds: Callable[[Any, RollResult], Mapping[str, Fraction] | None] | None = None

    def new_sheet(self):
        """A blank, valid sheet."""
        return self.sheet()

    def sheet_from_dict(self, d: object, field_name: str = "sheet"):
        return self.sheet.from_dict(d, field_name)

    def condition(self, key: str) -> Condition:
        try:
            return self.conditions[key]
        except KeyError:
            raise RulesError("condition", f"no {self.id} condition {key!r}") from None
