"""``gmdesk odds|roll dnd35 --mod N --dc N [--take10 | --take20] [--aid M]...``: a D&D 3.5 skill
check on the command line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmdesk.engine.core import Modifier, RulesError, check_int
from gmdesk.engine.words import Word
from gmdesk.systems.kit import cli
from gmdesk.systems.kit.cli import DC, FLAG, INTS, MAX_HELPERS, MOD, MODIFIER_RANGE, Cli, CliOption

if TYPE_CHECKING:
    from .checks import SkillCheck

OPTIONS = (
    MOD, DC,
    CliOption("take10", FLAG, Word("the d20 counts as 10", "le d20 compte pour 10")),
    CliOption("take20", FLAG, Word("the d20 counts as 20", "le d20 compte pour 20")),
    CliOption("aid", INTS, Word("one per helper, M = that helper's modifier",
                                "une par assistant, M = son modificateur"), "M",
              bounds=MODIFIER_RANGE, most=MAX_HELPERS),
)


def cli_check(mod: int, dc: int, *, take10: bool = False, take20: bool = False,
              aid: tuple[int, ...] = ()) -> SkillCheck:
    """``gmdesk odds|roll dnd35 --mod N --dc N [--take10 | --take20] [--aid M]...``.

    Errors name the CLI option: ``mod``, ``dc``, ``take10``/``take20``, ``aid``.
    """
    from .base import MOD_LIMIT  # the rules of the system asked for only
    from .checks import SkillCheck

    check_int("mod", mod, -MOD_LIMIT, MOD_LIMIT)
    if take10 and take20:
        raise RulesError("take10", "take 10 and take 20 exclude each other")
    try:
        return SkillCheck(dc=dc, modifiers=(Modifier(mod, "modifier"),),
                          take=10 if take10 else 20 if take20 else None, helpers=tuple(aid))
    except RulesError as err:
        if err.field.startswith("helpers"):
            raise RulesError("aid", err.rule) from None
        if err.field == "take":
            raise RulesError("take10" if take10 else "take20", err.rule) from None
        raise


def build(args):
    cli.require(args, "mod", "dc")
    cli.exclusive(args, "take10", "take20")
    return cli_check(args.mod, args.dc, take10=args.take10, take20=args.take20, aid=tuple(args.aid))


CLI = Cli(OPTIONS, build)
