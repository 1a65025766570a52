"""Chroniques Oubliées Fantasy: its ``GameSystem``, everything generic code may ask of it (the registry loads this module)."""

from __future__ import annotations

from gmdesk.systems.base import GameSystem
from gmdesk.systems.kit.checks import CheckRules
from dataclasses import replace

from gmdesk.engine.words import Word
from gmdesk.systems.kit.prep import DC_MODE, Prep
from gmdesk.systems.kit.refs import CheckRef

from . import build, form, paste, statblock, words
from .cli import CLI
from .conditions import CATALOGUE
from .demo import DEMO
from .fight import FIGHT
from .house import OPTIONS as HOUSE_OPTIONS
from .options import OPTIONS
from .rules import RULINGS, check_from_dict
from .sheet import CofSheet

SYSTEM = GameSystem(
    id="cof",
    name=words.NAME,
    description=words.DESCRIPTION,
    sheet=CofSheet,
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
    prep=Prep(CheckRef("ability", "sag"), modes=(replace(DC_MODE, name=Word("a DC", "un ND")),)),  # cof says ND
    house_options=HOUSE_OPTIONS,
    stat_block=statblock.CofStatBlock,
    stat_block_form=statblock.form,
    freeze=statblock.freeze,
    check_id=statblock.check_id,
    paste=paste.paste,
    paste_marks=paste.marks,
    no_damage=Word(
        "The Chroniques Oubliées rules gmdesk follows give tests and attacks, no damage rules: no damage odds are shown.",
        "Les règles de Chroniques Oubliées que suit gmdesk donnent les tests et les attaques, pas les dégâts\u202f: aucune chance de dégâts n’est affichée."),
)
