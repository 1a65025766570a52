"""``gmdesk odds|roll dnd5e …``: the options a D&D 5e test takes on the command line."""

from __future__ import annotations

from gmdesk.engine.core import Modifier
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import DC, FLAG, HOUSE_RULE, MOD, Cli, CliOption, OptionError

OPTIONS = (
    MOD, DC,
    CliOption("attack", FLAG, "an attack roll against AC"),
    CliOption("save", FLAG, "a saving throw"),
    CliOption("advantage", FLAG, "roll two d20, keep the higher"),
    CliOption("disadvantage", FLAG, "roll two d20, keep the lower"),
    CliOption("inspiration", FLAG, "Heroic Inspiration spent on a failure"),
    CliOption("fail_voluntarily", FLAG, "the creature chooses to fail the saving throw (with --save): no roll"),
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
