"""``gmdesk odds|roll anarchy …``: the options a Shadowrun Anarchy test takes on the command line."""

from __future__ import annotations

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import (DICE_MOD_RANGE, DICE_RANGE, FLAG, HOUSE_RULE, INT, INTS, MAX_HELPERS, Cli, CliOption,
                                   OptionError)

OPTIONS = (
    CliOption("pool", INT, Word("dice in the pool (attribute + skill)",
                                "dés de la réserve (attribut + compétence)"), bounds=DICE_RANGE),
    CliOption("dice_mod", INT, Word("net dice modifier, capped to ±5",
                                    "modificateur net de dés, plafonné à ±5"), value=0, bounds=DICE_MOD_RANGE),
    CliOption("threshold", INT, Word("successes needed (default 1)", "succès requis (1 par défaut)")),
    CliOption("opposed_pool", INT, Word("the opposing pool's dice", "dés de la réserve adverse"), bounds=DICE_RANGE),
    CliOption("luck_before", FLAG, Word("Luck before the roll: hits on 4-6",
                                        "Chance avant le jet\u202f: succès sur 4-6")),
    CliOption("luck_after", FLAG, Word("Luck after the roll: reroll the non-hits",
                                       "Chance après le jet\u202f: relancer les dés sans succès")),
    CliOption("reroll", INT, Word("Edge/Trait rerolls of K dice (K ≤ 3)",
                                  "relances d’Atout ou de Trait de K dés (K ≤ 3)"), "K", value=0),
    CliOption("helper", INTS, Word("teamwork: one per helper, N = that helper's pool; their hits add dice",
                                   "travail d’équipe\u202f: une par assistant, N = sa réserve\u202f; "
                                   "ses succès ajoutent des dés"), "N", bounds=DICE_RANGE, most=MAX_HELPERS),
    CliOption("intervals", INT, Word("an extended test of N intervals, accumulating hits to --threshold",
                                     "un test étendu de N intervalles, cumulant les succès jusqu’à "
                                     "--threshold"), "N"),
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
