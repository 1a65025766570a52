"""``gmdesk odds|roll anarchy …``: the options a Shadowrun Anarchy test takes on the command line."""

from __future__ import annotations

from gmdesk.engine.core import Modifier
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import (DICE_MOD_RANGE, DICE_RANGE, FLAG, HOUSE_RULE, INT, INTS, MAX_HELPERS, Cli, CliOption,
                                   OptionError)

OPTIONS = (
    CliOption("pool", INT, "dice in the pool (attribute + skill)", bounds=DICE_RANGE),
    CliOption("dice_mod", INT, "net dice modifier, capped to ±5", value=0, bounds=DICE_MOD_RANGE),
    CliOption("threshold", INT, "successes needed (default 1)"),
    CliOption("opposed_pool", INT, "the opposing pool's dice", bounds=DICE_RANGE),
    CliOption("luck_before", FLAG, "Luck before the roll: hits on 4-6"),
    CliOption("luck_after", FLAG, "Luck after the roll: reroll the non-hits"),
    CliOption("reroll", INT, "Edge/Trait rerolls of K dice (K ≤ 3)", "K", value=0),
    CliOption("helper", INTS, "teamwork: one per helper, N = that helper's pool; their hits add dice", "N",
              bounds=DICE_RANGE, most=MAX_HELPERS),
    CliOption("intervals", INT, "an extended test of N intervals, accumulating hits to --threshold", "N"),
    HOUSE_RULE,
)
# Engine field names whose option is spelt differently.
OPTION_OF_FIELD = {"modifiers": "--dice-mod", "opposing_pool": "--opposed-pool", "rerolls": "--reroll",
                   "helpers": "--helper"}


def build(args):
    from .rules import RULINGS, AnarchyTest  # the rules of the system asked for only

    cli.require(args, "pool")
    if args.threshold is not None and args.opposed_pool is not None:
        raise OptionError("threshold", "not allowed with --opposed-pool")
    cli.exclusive(args, "intervals", "opposed_pool")
    if args.intervals is not None and args.threshold is None:
        raise OptionError("intervals", "an extended test needs --threshold, the hits to accumulate")
    opposed = args.opposed_pool is not None
    return AnarchyTest(pool=args.pool, modifiers=(Modifier(args.dice_mod, "--dice-mod"),) if args.dice_mod else (),
                       threshold=None if opposed else (1 if args.threshold is None else args.threshold),
                       opposing_pool=args.opposed_pool, luck_before=args.luck_before,
                       luck_after=args.luck_after, rerolls=args.reroll, helpers=tuple(args.helper),
                       intervals=args.intervals, rulings=cli.rulings(args, RULINGS))


CLI = Cli(OPTIONS, build, OPTION_OF_FIELD)
