"""The command line (docs/cli.md is the contract): ``odds``, ``roll`` and the campaign commands.

``main`` runs one command and turns every refusal into one line on stderr and exit 2. ``args`` holds
the argument rules every command shares, ``parser`` builds the parser from the game systems'
options, ``checks`` turns ``odds|roll SYSTEM …`` into the system's engine check, ``odds`` runs those
two, ``campaign`` the campaign commands. ``odds`` and ``roll`` must answer fast and must not import
Qt: only the engine and the systems are imported; the campaign commands import the store lazily.
"""

from __future__ import annotations

import sys
from typing import Callable, Sequence

from gmdesk import systems
from gmdesk.engine.core import RulesError

from .args import UsageError
from .odds import cmd_odds, cmd_roll
from .parser import COMMANDS, build_parser
from .progress import settled
from .words import error_line, language_of

__all__ = ["COMMANDS", "UsageError", "build_parser", "main"]

def main(argv: Sequence[str] | None = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    args = None
    lang = language_of(argv)  # before parsing: a refusal of the arguments is said in it too
    try:
        args = build_parser(lang).parse_args(argv)
        args.lang = getattr(args, "lang", None) or lang
        if getattr(args, "system", None) is not None and args.command in ("odds", "roll") \
                and args.system not in systems.ids():
            raise UsageError(f"argument system: unknown system {args.system!r} (choose from {', '.join(systems.ids())})")
        handlers: dict[str, Callable] = {"odds": cmd_odds, "roll": cmd_roll}
        if args.command in handlers:
            return settled(handlers[args.command](args, out, err))
        if args.command is not None:
            return settled(args.handler(args, out, err))
        build_parser(lang).print_help(out)
        return 0
    except UsageError as e:
        print(error_line(str(e), lang), file=err)
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
        print(error_line(f"{_option_name(e.field, getattr(args, 'system', None))}: {e.rule}", lang), file=err)
        return 2
    except Exception as e:  # noqa: BLE001 - only the store's known errors are turned into a message
        store_errors = _store_errors()
        if store_errors and isinstance(e, store_errors):
            print(error_line(" ".join(str(e).split()), lang), file=err)
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
    found = systems.cli(system) if system in systems.ids() else None
    spelt = {"rulings": "--house-rule", **(found.option_of_field if found else {})}
    return spelt.get(base, "--" + base.replace("_", "-"))
