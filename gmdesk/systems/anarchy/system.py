"""Shadowrun Anarchy: its ``GameSystem``, everything generic code may ask of it (the registry loads this module)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.base import GameSystem
from gmdesk.systems.kit.checks import CheckRules

from . import build, form, paste, statblock, words
from .cli import CLI
from .conditions import CATALOGUE
from .demo import DEMO
from .fight import FIGHT
from .house import OPTIONS as HOUSE_OPTIONS, RULING_EXAMPLES
from .options import OPTIONS, luck_reroll_odds
from .prep import PREP
from .rules import RULINGS, check_from_dict
from .sheet import AnarchySheet

SYSTEM = GameSystem(
    id="anarchy",
    name=words.NAME,
    description=words.DESCRIPTION,
    sheet=AnarchySheet,
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
    reroll_odds=luck_reroll_odds,  # Luck after the roll: the misses rerolled, the hits kept
    prep=PREP,
    house_options=HOUSE_OPTIONS,
    ruling_examples=RULING_EXAMPLES,
    stat_block=statblock.AnarchyStatBlock,
    stat_block_form=statblock.form,
    freeze=statblock.freeze,
    paste=paste.paste,
    paste_marks=paste.marks,
    no_damage=Word(
        "The Shadowrun Anarchy rules gmdesk follows give dice pools and tests, no damage model: no damage odds are shown.",
        "Les règles de Shadowrun Anarchy que suit gmdesk donnent les réserves de dés et les tests, pas de modèle de dégâts\u202f: aucune chance de dégâts n’est affichée."),
)
