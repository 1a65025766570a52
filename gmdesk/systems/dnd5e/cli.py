"""``gmdesk odds|roll dnd5e …``: the options a D&D 5e test takes on the command line."""

from __future__ import annotations

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import DC, FLAG, HOUSE_RULE, MOD, Cli, CliOption, OptionError

OPTIONS = (
    MOD, DC,
    CliOption("attack", FLAG, Word("an attack roll against AC", "un jet d’attaque contre la CA")),
    CliOption("save", FLAG, Word("a saving throw", "un jet de sauvegarde")),
    CliOption("advantage", FLAG, Word("roll two d20, keep the higher", "lancer deux d20, garder le plus haut")),
    CliOption("disadvantage", FLAG, Word("roll two d20, keep the lower", "lancer deux d20, garder le plus bas")),
    CliOption("inspiration", FLAG, Word("Heroic Inspiration spent on a failure",
                                        "Inspiration héroïque dépensée sur un échec")),
    CliOption("fail_voluntarily", FLAG, Word("the creature chooses to fail the saving throw (with --save): no roll",
                                             "la créature choisit d’échouer au jet de sauvegarde (avec --save)"
                                             "\u202f: pas de jet")),
    HOUSE_RULE,
)


def build(args):
    from . import rules as dnd5e  # the rules of the system asked for only

    cli.require(args, "mod", "dc")
    cli.exclusive(args, "attack", "save")
    if args.fail_voluntarily and not args.save:
        raise OptionError("fail_voluntarily", "only a saving throw can be failed voluntarily: add --save")
    rulings = cli.rulings(args, dnd5e.RULINGS)
    # R-2 off: the odds leave Heroic Inspiration out (the player rerolls by hand).
    inspiration = args.inspiration and rulings.inspiration_in_odds
    kind = "attack" if args.attack else "save" if args.save else "check"
    return dnd5e.Dnd5eTest(args.dc, (Modifier(args.mod, "modifier"),), kind, advantage=args.advantage,
                           disadvantage=args.disadvantage, inspiration=inspiration,
                           fail_voluntarily=args.fail_voluntarily, rulings=rulings)


CLI = Cli(OPTIONS, build)
