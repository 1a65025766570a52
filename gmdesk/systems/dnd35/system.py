"""D&D 3.5: its ``GameSystem``, everything generic code may ask of it (the registry loads this module)."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.base import GameSystem
from gmdesk.systems.kit.checks import CheckRules
from gmdesk.systems.kit.prep import Prep
from gmdesk.systems.kit.refs import CheckRef

from . import build, form, paste, statblock, words
from .cli import CLI
from .conditions import CATALOGUE
from .demo import DEMO
from .fight import FIGHT
from .house import OPTIONS as HOUSE_OPTIONS
from .options import OPTIONS
from .rules import RULINGS, check_from_dict
from .sheet import Dnd35Sheet

SYSTEM = GameSystem(
    id="dnd35",
    name=words.NAME,
    description=words.DESCRIPTION,
    sheet=Dnd35Sheet,
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
    prep=Prep(CheckRef("skill", "spot")),
    house_options=HOUSE_OPTIONS,
    stat_block=statblock.Dnd35StatBlock,
    stat_block_form=statblock.form,
    freeze=statblock.freeze,
    paste=paste.paste,
    paste_marks=paste.marks,
    no_damage=Word(
        "The D&D 3.5 rules gmdesk follows cover skills only: they give no damage rules, so no damage odds are shown.",
        "Les règles de D&D 3.5 que suit gmdesk ne couvrent que les compétences\u202f: elles ne donnent pas de règles de dégâts, aucune chance de dégâts n’est donc affichée."),
)
