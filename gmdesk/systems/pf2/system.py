"""Pathfinder 2, playtest rules: its ``GameSystem``, everything generic code may ask of it (the registry loads this module)."""

from __future__ import annotations

from gmdesk.systems.base import GameSystem
from gmdesk.systems.kit.checks import CheckRules
from gmdesk.systems.kit.prep import Prep
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.rerolls import engine_reroll_odds

from . import build, difficulty, form, importers, paste, statblock, words
from .cli import CLI
from .conditions import CATALOGUE
from .damage import DAMAGE
from .demo import DEMO
from .fight import FIGHT
from .house import OPTIONS as HOUSE_OPTIONS, RULING_EXAMPLES
from .options import OPTIONS
from .rules import RULINGS, check_from_dict
from .sheet import Pf2Sheet

SYSTEM = GameSystem(
    id="pf2",
    name=words.NAME,
    description=words.DESCRIPTION,
    sheet=Pf2Sheet,
    checks=CheckRules(build.options, build.scopes, build.build, build.defense),
    target=words.TARGET,
    check_from_dict=check_from_dict,
    rulings=RULINGS,
    conditions=CATALOGUE,
    fight=FIGHT,
    demo=DEMO,
    cli=CLI,
    words=words.WORDS,
    form=form.form,
    key_numbers=form.key_numbers,
    options=OPTIONS,
    reroll_odds=engine_reroll_odds,  # a fortune reroll: one fresh d20, judged by the engine
    prep=Prep(CheckRef("perception"), limit_goals=True),
    house_options=HOUSE_OPTIONS,
    ruling_examples=RULING_EXAMPLES,
    stat_block=statblock.Pf2StatBlock,
    stat_block_form=statblock.form,
    freeze=statblock.freeze,
    paste=paste.paste,
    paste_marks=paste.marks,
    rules_in_forms=True,
    importers=importers.IMPORTERS,
    difficulty=difficulty.difficulty,
    damage=DAMAGE,
)
