"""Turn ``gmdesk odds|roll SYSTEM [options]`` into an engine check, refusing what does not belong.

Each system accepts only its own options (``GameSystem.cli``, CLI.md's table); anything else is
refused with a message naming the option, rather than silently ignored.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from gmdesk import systems
from gmdesk.engine.core import Odds
from gmdesk.systems.kit.cli import CliOption, OptionError, check_bounds

__all__ = ["OptionError", "all_options", "build_cli_check", "explain", "odds_json"]


def all_options() -> dict[str, CliOption]:
    """Every system's options by name, in ``--help`` order (a shared option once)."""
    out: dict[str, CliOption] = {}
    for system_id in systems.ids():
        for option in systems.cli(system_id).options:
            out.setdefault(option.name, option)
    return out


def build_cli_check(args: argparse.Namespace):
    """The parser leaves every check option at None unless it is given, so an option the system
    does not take is refused even when its value is the default (``--reroll 0`` for pf2). A number
    beyond its option's bounds is refused before the system sees it (``kit.cli.check_bounds``)."""
    cli = systems.cli(args.system)
    accepted = {o.name: o for o in cli.options}
    for name, option in all_options().items():
        if getattr(args, name, None) is None:
            setattr(args, name, option.default)
        elif name not in accepted:
            raise OptionError(name, f"not an option of {args.system}")
        else:
            check_bounds(accepted[name], getattr(args, name))
    return cli.build(args)


def explain(check, lang: str = "en") -> tuple[str, ...]:
    """What the odds assume beyond the breakdown, in ``lang``: ``check.notes()`` (``Word``s) where the
    engine has them, else ``check.explain()`` (English) where it has that. ``--json`` keeps English."""
    if hasattr(check, "notes"):
        return tuple(note.text(lang) for note in check.notes())
    return tuple(check.explain()) if hasattr(check, "explain") else ()


def odds_json(odds: Odds, notes: tuple[str, ...] = ()) -> dict:
    """CLI.md's JSON: every tier id → probability, plus a pool's complication and hits; ``notes``
    when the engine explains something (cannot succeed, fortune and misfortune cancelling…)."""
    out: dict = {"system": odds.system, "tiers": {t: float(p) for t, p in odds.tiers.items()}}
    if notes:
        out["notes"] = list(notes)
    for key, value in odds.extra.items():
        if isinstance(value, Fraction):
            out[key] = float(value)
        elif isinstance(value, (list, tuple)):
            out[key] = [float(v) for v in value]
        elif isinstance(value, dict):
            out[key] = {str(k): float(v) for k, v in value.items()}
    return out
