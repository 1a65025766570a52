"""``gmdesk``'s parser: ``odds`` and ``roll`` with every game system's options (``GameSystem.cli``),
and the campaign commands (``campaign``).

Building it must stay as light as the engine (every ``gmdesk odds`` builds it): the store is never
imported here.
"""

from __future__ import annotations

import argparse

from gmdesk import __version__, systems
from gmdesk.engine.words import text
from gmdesk.systems.kit.cli import FLAG, INTS, TEXTS

from .args import _Parser, add_lang, file_path, integer
from .checks import all_options
from .help_words import in_language

COMMANDS = ("odds", "roll", "new", "export", "check", "sheets", "stats", "import", "checks", "bestiary", "encounter")
MAX_COUNT = 1_000_000  # `roll --count`: beyond this a script wants a simulator, not a dice roller


def _add_check_options(p: argparse.ArgumentParser, lang: str = "en") -> None:
    """Every system's options (``GameSystem.cli``): those several systems share first, then each
    system's own under its name, each saying its help in ``lang``. Each is None unless given, so a
    system can refuse another's."""
    p.add_argument("system", help=", ".join(systems.ids()[:-1]) + (" ou " if lang == "fr" else " or ")
                   + systems.ids()[-1])
    uses: dict[str, list[str]] = {}
    for system_id in systems.ids():
        for option in systems.cli(system_id).options:
            uses.setdefault(option.name, []).append(system_id)
    options = all_options()
    shared = p.add_argument_group("options of several systems")
    groups = {system_id: p.add_argument_group(system_id) for system_id in systems.ids()}
    for name, option in options.items():
        group = shared if len(uses[name]) > 1 else groups[uses[name][0]]
        kwargs: dict = {"help": text(option.help, lang)}
        if option.kind == FLAG:
            kwargs.update(action="store_true", default=None)
        elif option.kind in (INTS, TEXTS):
            kwargs.update(action="append", default=None, dest=name)
            if option.kind == INTS:
                kwargs["type"] = integer
        else:
            kwargs["type"] = integer
        if option.metavar:
            kwargs["metavar"] = option.metavar
        group.add_argument(option.flag, **kwargs)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    add_lang(p)


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """gmdesk's parser, its ``--help`` in ``lang`` (``help_words``)."""
    parser = _Parser(prog="gmdesk", description="gmdesk: the game master's dashboard. Without a command, "
                     "opens the window (gmdesk [CAMPAIGN.gmdesk] [--lang fr|en] [--screenshot FILE.png]).")
    parser.add_argument("--version", action="version", version=f"gmdesk {__version__}")
    add_lang(parser)  # `gmdesk --lang fr --help`: gmdesk's help in French
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    odds = sub.add_parser("odds", help="exact odds of one check")
    _add_check_options(odds, lang)
    roll = sub.add_parser("roll", help="roll a check with a seeded generator")
    _add_check_options(roll, lang)
    roll.add_argument("--seed", type=integer, help="same seed, same rolls")
    roll.add_argument("--count", type=integer, default=1, help=f"how many rolls, 1 to {MAX_COUNT:,} (default 1)")
    roll.add_argument("--log", metavar="CAMPAIGN", type=file_path, help="append every roll to this campaign's roll log")
    # None unless given: each says who and what of a logged roll, and is refused without --log.
    roll.add_argument("--actor", help="who rolled (with --log)")
    roll.add_argument("--label", help="what was rolled (with --log)")
    roll.add_argument("--secret", action="store_true", default=None, help="a secret roll (with --log)")
    from . import bestiary, campaign, characters

    campaign.add_commands(sub)
    characters.add_commands(sub)
    bestiary.add_commands(sub)
    return in_language(parser, lang)
