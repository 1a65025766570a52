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
from gmdesk.rules.core import SYSTEMS, RulesError
from gmdesk.cli_checks import build_cli_check, explain, odds_json

COMMANDS = ("odds", "roll", "new", "export", "check", "sheets", "stats")


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
    p.add_argument("system", help="pf2, dnd5e, dnd35, cof or anarchy")
    g = p.add_argument_group("d20 systems")
    g.add_argument("--mod", type=integer, help="the check's total modifier")
    g.add_argument("--dc", type=integer, help="the DC (AC for attacks, ND for cof)")
    g.add_argument("--fortune", action="store_true", default=None, help="pf2: roll twice, keep the higher")
    g.add_argument("--misfortune", action="store_true", default=None, help="pf2: roll twice, keep the lower")
    g.add_argument("--reroll-failure", action="store_true", default=None,
                   help="pf2 fortune: reroll a failed check (the new result stands, R-1)")
    g.add_argument("--reroll-success", action="store_true", default=None,
                   help="pf2 misfortune: must reroll a successful check (the new result stands, R-1)")
    g.add_argument("--cannot-succeed", action="store_true", default=None, help="pf2: a natural 20 adds nothing")
    g.add_argument("--flat", action="store_true", default=None, help="pf2: a flat check (no modifier)")
    g.add_argument("--attack", action="store_true", default=None, help="dnd5e: an attack roll against AC")
    g.add_argument("--save", action="store_true", default=None, help="dnd5e: a saving throw")
    g.add_argument("--fail-voluntarily", action="store_true", default=None,
                   help="dnd5e: the creature chooses to fail the saving throw (with --save): no roll")
    g.add_argument("--advantage", action="store_true", default=None, help="dnd5e")
    g.add_argument("--disadvantage", action="store_true", default=None, help="dnd5e")
    g.add_argument("--inspiration", action="store_true", default=None, help="dnd5e: Heroic Inspiration spent on a failure")
    g.add_argument("--take10", action="store_true", default=None, help="dnd35: the d20 counts as 10")
    g.add_argument("--take20", action="store_true", default=None, help="dnd35: the d20 counts as 20")
    g.add_argument("--aid", type=integer, action="append", default=None, metavar="M",
                   help="dnd35: one per helper, M = that helper's modifier")
    a = p.add_argument_group("anarchy")
    a.add_argument("--pool", type=integer, help="dice in the pool (attribute + skill)")
    a.add_argument("--dice-mod", type=integer, help="net dice modifier, capped to ±5")
    a.add_argument("--threshold", type=integer, help="successes needed (default 1)")
    a.add_argument("--opposed-pool", type=integer, help="the opposing pool's dice")
    a.add_argument("--luck-before", action="store_true", default=None, help="Luck before the roll: hits on 4-6")
    a.add_argument("--luck-after", action="store_true", default=None, help="Luck after the roll: reroll the non-hits")
    a.add_argument("--reroll", type=integer, metavar="K", help="Edge/Trait rerolls of K dice (K ≤ 3)")
    a.add_argument("--helper", type=integer, action="append", default=None, metavar="N",
                   help="teamwork: one per helper, N = that helper's pool; their hits add dice")
    a.add_argument("--intervals", type=integer, metavar="N",
                   help="an extended test of N intervals, accumulating hits to --threshold")
    p.add_argument("--house-rule", action="append", default=None, metavar="R-N", dest="house_rule",
                   help="apply the house rule instead of ruling R-N (R-1 pf2; R-2 dnd5e; R-3, R-4, R-5 anarchy)")
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
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "system", None) is not None and args.command in ("odds", "roll") \
                and args.system not in SYSTEMS:
            raise UsageError(f"argument system: unknown system {args.system!r} (choose from {', '.join(SYSTEMS)})")
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
        print(f"gmdesk: error: {_option_name(e.field)}: {e.rule}", file=err)
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


# Engine field names whose CLI option is spelled differently.
_OPTION_OF_FIELD = {"modifiers": "--dice-mod", "opposing_pool": "--opposed-pool", "rerolls": "--reroll",
                    "aid": "--aid", "helpers": "--helper", "nd": "--dc", "rulings": "--house-rule"}


def _option_name(field: str) -> str:
    """Name the CLI option behind an engine field (``dc`` → ``--dc``, ``rerolls`` → ``--reroll``)."""
    base = field.split("[")[0].split(".")[0]
    if not base:
        return field
    return _OPTION_OF_FIELD.get(base, "--" + base.replace("_", "-"))
