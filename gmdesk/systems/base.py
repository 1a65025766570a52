"""``GameSystem``: everything generic code may ask a game system, as one frozen object per system.

Each system's folder builds its ``SYSTEM = GameSystem(...)`` in ``gmdesk/systems/<id>/system.py``
and the registry (``gmdesk.systems``) lists them. The campaign, the store, the window and the
command line call these entry points and never test a system's id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from gmdesk.engine.core import RollResult, RulesError
from gmdesk.engine.words import Word

from .kit.checks import CheckRules
from .kit.cli import Cli
from .kit.conditions import Condition
from .kit.damage import DamageRules
from .kit.demo import Demo
from .kit.fight import FightRules
from .kit.form import SheetSpec
from .kit.house import HouseOption
from .kit.options import CheckOptions
from .kit.prep import Prep
from .kit.refs import CheckRef, flat_id
from .kit.rulings import RulingExample
from .kit.statblock import MARK, Frozen, StatBlock
from .kit.statblock_form import key_numbers as stat_block_numbers
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
      cannot be known; the roll-log analytics judge a reroll by these (``kit.rerolls``);
    - ``stat_block``: its stat-block class (``kit.statblock``: numbers entered as a bestiary prints
      them), ``stat_block_form(lang)`` its form, ``freeze(character, house_rules)`` what a built
      character's block takes beyond its rolls (``kit.statblock.Frozen``);
    - ``importers``: the files it reads (``kit.importing.FileImporter``: Pathbuilder, Foundry…);
      ``paste(text)``: its stat blocks read from pasted text (``kit.importing.Parsed``);
      ``paste_marks(text)``: whether a text prints what only its blocks print (another system's paste is refused);
    - ``check_id(ref)``: a roll's id for scripts (default ``kit.refs.flat_id``);
    - ``bestiary()``: the creatures gmdesk ships for it (``kit.bestiary.Creature``), read the first time
      they are asked for; ``credits``: the attribution their licence asks for (About box, docs);
    - ``creature_xp(block)``: what one of its stat blocks is worth on its own (None: the block says
      nothing of it, or XP depend on the party);
    - ``difficulty(party_levels, blocks)``: its encounter budget for a party against creatures
      (``kit.bestiary.Difficulty``); none: its rules give no budget, and generic code says so;
    - ``damage``: what its outcomes do to damage and a character's round (``kit.damage.DamageRules``);
      none: its rules give no damage model, ``no_damage`` says why in both languages.
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
    stat_block: type | None = None
    stat_block_form: Callable[[str], SheetSpec] | None = None
    freeze: Callable[[Any, Any], Frozen] | None = None
    importers: tuple = ()
    paste: Callable[[str], list] | None = None
    paste_marks: Callable[[str], bool] | None = None  # True when a text prints what only its blocks print
    check_id: Callable[[CheckRef], str] = flat_id
    # True when its form and key numbers depend on the campaign's house rules (pf2's proficiency
    # option): then ``form(lang, house_rules)`` and ``key_numbers(sheet, house_rules)``.
    rules_in_forms: bool = False
    bestiary: Callable[[], Sequence[Any]] | None = None
    credits: str = ""
    creature_xp: Callable[[Any], int | None] | None = None
    difficulty: Callable[[list[int], list], Any] | None = None
    damage: DamageRules | None = None
    no_damage: Word = Word("This system has no damage model in gmdesk.", "Ce système n’a pas de modèle de dégâts dans gmdesk.")

    def new_sheet(self):
        """A blank, valid sheet."""
        return self.sheet()

    def sheet_from_dict(self, d: object, field_name: str = "sheet"):
        """A built sheet, or a stat block (its dict says ``"stat_block": true``)."""
        if isinstance(d, dict) and MARK in d:
            if self.stat_block is None:
                raise RulesError(f"{field_name}.{MARK}", f"{self.id} has no stat blocks")
            return self.stat_block.from_dict(d, field_name)
        return self.sheet.from_dict(d, field_name)

    def owns(self, sheet: object) -> bool:
        """True for this system's sheets and stat blocks."""
        return isinstance(sheet, self.sheet) or (self.stat_block is not None and isinstance(sheet, self.stat_block))

    def form_of(self, sheet: object, lang: str = "en", house_rules: Any = None) -> SheetSpec:
        """The form that edits ``sheet``: the stat-block form for a stat block; its derived numbers
        under ``house_rules`` (the campaign's) when the system's depend on them."""
        if isinstance(sheet, StatBlock) and self.stat_block_form is not None:
            return self.stat_block_form(lang)
        if self.rules_in_forms and house_rules is not None:
            return self.form(lang, house_rules)
        return self.form(lang)

    @property
    def check_value(self) -> str:
        """What one of its rolls is worth, as scripts read it: ``"modifier"`` (d20 + it) or ``"dice"``."""
        return self.stat_block.SPEC.value if self.stat_block is not None else "modifier"

    def check_number(self, check: Any) -> int:
        """The modifier (or the pool, ``check_value``) of one of its engine checks."""
        if self.stat_block is not None:
            return self.stat_block.SPEC.number(check)
        return check.modifier

    def numbers_of(self, sheet: object, house_rules: Any = None) -> Word:
        """The numbers the party list shows for ``sheet`` (under the campaign's ``house_rules``)."""
        if isinstance(sheet, StatBlock):
            return stat_block_numbers(sheet)
        if self.rules_in_forms and house_rules is not None:
            return self.key_numbers(sheet, house_rules)
        return self.key_numbers(sheet)

    def condition(self, key: str) -> Condition:
        try:
            return self.conditions[key]
        except KeyError:
            raise RulesError("condition", f"no {self.id} condition {key!r}") from None
