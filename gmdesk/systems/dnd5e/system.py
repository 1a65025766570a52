"""D&D 5e, 2024 rules: its ``GameSystem``, everything generic code may ask of it (the registry loads this module)."""

from __future__ import annotations

from gmdesk.systems.base import GameSystem
from gmdesk.systems.kit.checks import CheckRules
from gmdesk.systems.kit.prep import Prep
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.systems.kit.rerolls import engine_reroll_odds

from . import bestiary, build, difficulty, foundry_npc, form, paste, statblock, words
from .cli import CLI
from .conditions import CATALOGUE
from .damage import DAMAGE
from .demo import DEMO
from .fight import FIGHT
from .house import OPTIONS as HOUSE_OPTIONS, RULING_EXAMPLES
from .options import OPTIONS
from .rules import RULINGS, check_from_dict
from .sheet import Dnd5eSheet

SYSTEM = GameSystem(
    id="dnd5e",
    name=words.NAME,
    description=words.DESCRIPTION,
    sheet=Dnd5eSheet,
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
    reroll_odds=engine_reroll_odds,  # Heroic Inspiration: one d20 rerolled, the other of a pair kept
    prep=Prep(CheckRef("skill", "perception")),
    house_options=HOUSE_OPTIONS,
    ruling_examples=RULING_EXAMPLES,
    stat_block=statblock.Dnd5eStatBlock,
    stat_block_form=statblock.form,
    freeze=statblock.freeze,
    paste=paste.paste,
    paste_marks=paste.marks,
    importers=foundry_npc.IMPORTERS,
    check_id=statblock.check_id,
    bestiary=bestiary.creatures,
    credits=bestiary.ATTRIBUTION,
    creature_xp=bestiary.creature_xp,
    difficulty=difficulty.difficulty,
    damage=DAMAGE,
)
