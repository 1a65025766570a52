"""``gmdesk odds|roll pf2 …``: the options a Pathfinder 2 check takes on the command line."""

from __future__ import annotations

from gmdesk.engine.core import Modifier
from gmdesk.engine.words import Word
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import DC, FLAG, HOUSE_RULE, MOD, Cli, CliOption, OptionError

OPTIONS = (
    MOD, DC,
    CliOption("fortune", FLAG, Word("roll twice, keep the higher", "lancer deux fois, garder le meilleur")),
    CliOption("misfortune", FLAG, Word("roll twice, keep the lower", "lancer deux fois, garder le moins bon")),
    CliOption("reroll_failure", FLAG, Word("fortune: reroll a failed check (the new result stands, R-1)",
                                           "fortune\u202f: relancer un test raté (le nouveau résultat compte, R-1)")),
    CliOption("reroll_success", FLAG, Word("misfortune: must reroll a successful check (the new result stands, R-1)",
                                           "infortune\u202f: un test réussi doit être relancé (le nouveau résultat "
                                            "compte, R-1)")),
    CliOption("cannot_succeed", FLAG, Word("a natural 20 adds nothing", "un 20 naturel n’apporte rien")),
    CliOption("flat", FLAG, Word("a flat check (no modifier)", "un test nu (sans modificateur)")),
    HOUSE_RULE,
)


def build(args):
    from . import rules as pf2  # the rules of the system asked for only

    cli.exclusive(args, "fortune", "reroll_failure")  # one fortune effect per roll
    cli.exclusive(args, "misfortune", "reroll_success")  # one misfortune effect per roll
    effects = dict(fortune=args.fortune, misfortune=args.misfortune, reroll_failure=args.reroll_failure,
                   reroll_success=args.reroll_success, rulings=cli.rulings(args, pf2.RULINGS))
    if args.flat:
        if args.mod not in (None, 0):
            raise OptionError("mod", "a flat check takes no modifier (0 or absent)")
        cli.exclusive(args, "flat", "cannot_succeed")  # no natural-20 rule on a flat check
        cli.require(args, "dc")
        return pf2.FlatCheck((args.dc,), **effects)
    cli.require(args, "mod", "dc")
    return pf2.Pf2Check(args.dc, (Modifier(args.mod, "modifier", "ability"),),
                        cannot_succeed=args.cannot_succeed, **effects)


CLI = Cli(OPTIONS, build)
