"""The command line (../shared/docs/CLI.md is the contract): ``odds``, ``roll`` and the campaign commands.

``odds`` and ``roll`` must answer fast and must not import Qt: only the engine is imported here; the
campaign commands import the store lazily.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Callable, Sequence

from gmdesk import __version__
from gmdesk import systems
from gmdesk.engine.core import RulesError
from gmdesk.cli_checks import all_options, build_cli_check, explain, odds_json
from gmdesk.systems.kit.cli import FLAG, INTS, TEXTS

COMMANDS = ("odds", "roll", "new", "export", "check", "sheets")


class UsageError(Exception):
    """Bad command-line input: exit 2 with one line on stderr."""


MAX_COUNT = 1_000_000  # `roll --count`: beyond this a script wants a simulator, not a dice roller
ROLL_BATCH = 10_000  # rolls made, logged (one transaction) and printed at a time: memory stays flat


def integer(text: str) -> int:
    """An integer in ASCII digits: ``int()`` also takes ``٣`` or ``１``, which no one types on purpose."""
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    return int(text)


class _StoreOnce(argparse._StoreAction):
    """``--mod 3 --mod 5`` is refused instead of silently keeping 5."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[override]
        given = namespace.__dict__.setdefault("_given_once", set())
        if option_string is not None and self.dest in given:
            raise argparse.ArgumentError(self, "given more than once")
        given.add(self.dest)
        setattr(namespace, self.dest, values)


class _Parser(argparse.ArgumentParser):
    """No unique-prefix abbreviations (``--coun`` is unknown, not ``--count``), no repeated value."""

    def __init__(self, *args, **kwargs):
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)

    # argparse prints the whole usage then exits; the contract is one line naming the argument.
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        parsed, rest = super().parse_known_args(args, namespace)
        parsed.__dict__.pop("_given_once", None)
        return parsed, rest


def _add_check_options(p: argparse.ArgumentParser) -> None:
    """Every system's options (``GameSystem.cli``): those several systems share first, then each
    system's own under its name. Each is None unless given, so a system can refuse another's."""
    p.add_argument("system", help=", ".join(systems.ids()[:-1]) + " or " + systems.ids()[-1])
    uses: dict[str, list[str]] = {}
    for system in systems.all_systems():
        for option in system.cli.options:
            uses.setdefault(option.name, []).append(system.id)
    options = all_options()
    shared = p.add_argument_group("options of several systems")
    groups = {system.id: p.add_argument_group(system.id) for system in systems.all_systems()}
    for name, option in options.items():
        group = shared if len(uses[name]) > 1 else groups[uses[name][0]]
        kwargs: dict = {"help": option.help}
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gmdesk", description="gmdesk: the game master's dashboard. Without a command, "
                     "opens the window (gmdesk [CAMPAIGN.gmdesk] [--lang fr|en] [--screenshot FILE.png]).")
    parser.add_argument("--version", action="version", version=f"gmdesk {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    odds = sub.add_parser("odds", help="exact odds of one check")
    _add_check_options(odds)
    roll = sub.add_parser("roll", help="roll a check with a seeded generator")
    _add_check_options(roll)
    roll.add_argument("--seed", type=integer, help="same seed, same rolls")
    roll.add_argument("--count", type=integer, default=1, help=f"how many rolls, 1 to {MAX_COUNT:,} (default 1)")
    roll.add_argument("--log", metavar="CAMPAIGN", help="append every roll to this campaign's roll log")
    roll.add_argument("--actor", default="", help="who rolled (with --log)")
    roll.add_argument("--label", default="", help="what was rolled (with --log)")
    roll.add_argument("--secret", action="store_true", help="a secret roll (with --log)")
    try:
        from gmdesk import cli_campaign
    except ImportError:  # the campaign layer is optional for the engine commands
        cli_campaign = None
    if cli_campaign is not None:
        cli_campaign.add_commands(sub)
    return parser


def _bar(p: float, width: int = 30) -> str:
    return "█" * round(p * width)


def cmd_odds(args: argparse.Namespace, out) -> int:
    check = build_cli_check(args)
    odds = check.odds()
    if args.json:
        print(json.dumps(odds_json(odds, explain(check))), file=out)
        return 0
    print(f"{args.system}: {getattr(check, 'label', '') or 'check'}", file=out)
    for tier, p in odds.tiers.items():
        print(f"  {tier:<17} {float(p) * 100:6.2f} %  {_bar(float(p))}", file=out)
    if "complication" in odds.extra:
        print(f"  {'complication':<17} {float(odds.extra['complication']) * 100:6.2f} %", file=out)
    if "expected_complications" in odds.extra:
        print(f"  {'complications':<17} {float(odds.extra['expected_complications']):6.3f} on average", file=out)
    for note in explain(check):
        print(f"  note: {note}", file=out)
    return 0


def cmd_roll(args: argparse.Namespace, out) -> int:
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"argument --count: must be from 1 to {MAX_COUNT:,}, got {args.count}")
    check = build_cli_check(args)
    rng = random.Random(args.seed)
    logger = None
    if args.log:
        from gmdesk.cli_campaign import RollLogger
        logger = RollLogger(args.log, args.system, check, actor=args.actor, label=args.label, secret=args.secret)
    try:
        left = args.count
        while left:
            results = [check.roll(rng) for _ in range(min(left, ROLL_BATCH))]
            left -= len(results)
            if logger is not None:
                logger.log(results)  # committed before these rolls are reported
            lines = [json.dumps(r.to_dict()) if args.json else _roll_line(r) for r in results]
            out.write("\n".join(lines) + "\n")
    finally:
        if logger is not None:
            logger.close()
    return 0


def _roll_line(r) -> str:
    dice = " ".join(f"({d.face})" if d.state != "kept" else str(d.face) for d in r.dice) or "no roll"
    if r.hits is not None:
        comp = "" if r.complication is None else f", complication {r.complication}"
        if len(r.complications) > 1:
            comp = f", {len(r.complications)} complications (degrees {', '.join(map(str, r.complications))})"
        return f"{r.tier}: {r.hits} hits vs {r.dc} [dice {dice}]{comp}"
    parts = r.breakdown.text()
    return f"{r.tier}: total {r.total} vs {r.dc} [d20 {dice}{', ' + parts if parts else ''}]"


def main(argv: Sequence[str] | None = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    args = None
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "system", None) is not None and args.command in ("odds", "roll") \
                and systems.find(args.system) is None:
            raise UsageError(f"argument system: unknown system {args.system!r} (choose from {', '.join(systems.ids())})")
        handlers: dict[str, Callable] = {"odds": cmd_odds, "roll": cmd_roll}
        if args.command in handlers:
            return handlers[args.command](args, out)
        if args.command is not None:
            return args.handler(args, out, err)
        build_parser().print_help(out)
        return 0
    except UsageError as e:
        print(f"gmdesk: error: {e}", file=err)
        return 2
    except BrokenPipeError:
        # `gmdesk roll … --count 100000 | head`: the reader had enough. Whatever is still buffered
        # goes nowhere, rather than into a second BrokenPipeError at exit.
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0
    except RulesError as e:
        print(f"gmdesk: error: {_option_name(e.field, getattr(args, 'system', None))}: {e.rule}", file=err)
        return 2
    except Exception as e:  # noqa: BLE001 - only the store's known errors are turned into a message
        store_errors = _store_errors()
        if store_errors and isinstance(e, store_errors):
            print(f"gmdesk: error: {' '.join(str(e).split())}", file=err)
            return 2
        raise


def _store_errors() -> tuple[type, ...]:
    """The store's known-error classes, if the store was loaded (odds/roll never load it)."""
    store = sys.modules.get("gmdesk.store.errors")
    if store is None:
        return ()
    return tuple(getattr(store, name) for name in ("StoreError", "CampaignFileError") if hasattr(store, name))


def _option_name(field: str, system: str | None = None) -> str:
    """Name the CLI option behind an engine field (``dc`` → ``--dc``, anarchy's ``rerolls`` →
    ``--reroll``: ``Cli.option_of_field``; the rulings are always ``--house-rule``)."""
    base = field.split("[")[0].split(".")[0]
    if not base:
        return field
    found = systems.find(system)
    spelt = {"rulings": "--house-rule", **(found.cli.option_of_field if found else {})}
    return spelt.get(base, "--" + base.replace("_", "-"))
