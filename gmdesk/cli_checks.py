"""Turn ``gmdesk odds|roll SYSTEM [options]`` into an engine check, refusing what does not belong.

Each system accepts only its own options (CLI.md's table); anything else is refused with a message
naming the option, rather than silently ignored.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from gmdesk.rules.core import Modifier, Odds, RulesError

# Options each system accepts, beyond the always-allowed ones (--json, --seed, --count, --log…).
_OPTIONS = {
    "pf2": {"mod", "dc", "fortune", "misfortune", "cannot_succeed", "flat"},
    "dnd5e": {"mod", "dc", "attack", "advantage", "disadvantage", "inspiration"},
    "dnd35": {"mod", "dc", "take10", "take20", "aid"},
    "cof": {"mod", "dc"},
    "anarchy": {"pool", "dice_mod", "threshold", "opposed_pool", "luck_before", "luck_after", "reroll"},
}
_DEFAULTS = {"mod": None, "dc": None, "fortune": False, "misfortune": False, "cannot_succeed": False,
             "flat": False, "attack": False, "advantage": False, "disadvantage": False, "inspiration": False,
             "take10": False, "take20": False, "aid": [], "pool": None, "dice_mod": 0, "threshold": None,
             "opposed_pool": None, "luck_before": False, "luck_after": False, "reroll": 0}


class OptionError(RulesError):
    """An option the system does not take, or options that exclude each other."""


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _require(args: argparse.Namespace, *names: str) -> None:
    for name in names:
        if getattr(args, name) is None:
            raise OptionError(name, f"required for {args.system}")


def _exclusive(args: argparse.Namespace, a: str, b: str) -> None:
    if getattr(args, a) and getattr(args, b):
        raise OptionError(a, f"not allowed with {_flag(b)}")


def build_cli_check(args: argparse.Namespace):
    """The parser leaves every check option at None unless it is given, so an option the system
    does not take is refused even when its value is the default (``--reroll 0`` for pf2)."""
    system = args.system
    for name, default in _DEFAULTS.items():
        if getattr(args, name, None) is None:
            setattr(args, name, default)
        elif name not in _OPTIONS[system]:
            raise OptionError(name, f"not an option of {system}")
    return _BUILDERS[system](args)


def _pf2(args):
    from gmdesk.rules import pf2
    if args.flat:
        if args.mod not in (None, 0):
            raise OptionError("mod", "a flat check takes no modifier (0 or absent)")
        _exclusive(args, "flat", "cannot_succeed")  # no natural-20 rule on a flat check
        _require(args, "dc")
        return pf2.FlatCheck((args.dc,), fortune=args.fortune, misfortune=args.misfortune)
    _require(args, "mod", "dc")
    return pf2.Pf2Check(args.dc, (Modifier(args.mod, "modifier", "ability"),), fortune=args.fortune,
                        misfortune=args.misfortune, cannot_succeed=args.cannot_succeed)


def _dnd5e(args):
    from gmdesk.rules import dnd5e
    _require(args, "mod", "dc")
    return dnd5e.Dnd5eTest(args.dc, (Modifier(args.mod, "modifier"),), "attack" if args.attack else "check",
                           advantage=args.advantage, disadvantage=args.disadvantage, inspiration=args.inspiration)


def _dnd35(args):
    from gmdesk.rules import dnd35
    _require(args, "mod", "dc")
    _exclusive(args, "take10", "take20")
    return dnd35.cli_check(args.mod, args.dc, take10=args.take10, take20=args.take20, aid=tuple(args.aid))


def _cof(args):
    from gmdesk.rules import cof
    _require(args, "mod", "dc")
    return cof.CofTest(args.dc, (Modifier(args.mod, "score", "base"),))


def _anarchy(args):
    from gmdesk.rules.anarchy import AnarchyTest
    _require(args, "pool")
    if args.threshold is not None and args.opposed_pool is not None:
        raise OptionError("threshold", "not allowed with --opposed-pool")
    opposed = args.opposed_pool is not None
    return AnarchyTest(pool=args.pool, modifiers=(Modifier(args.dice_mod, "--dice-mod"),) if args.dice_mod else (),
                       threshold=None if opposed else (1 if args.threshold is None else args.threshold),
                       opposing_pool=args.opposed_pool, luck_before=args.luck_before,
                       luck_after=args.luck_after, rerolls=args.reroll)


_BUILDERS = {"pf2": _pf2, "dnd5e": _dnd5e, "dnd35": _dnd35, "cof": _cof, "anarchy": _anarchy}


def odds_json(odds: Odds) -> dict:
    """CLI.md's JSON: every tier id → probability, plus anarchy's complication and hits."""
    out: dict = {"system": odds.system, "tiers": {t: float(p) for t, p in odds.tiers.items()}}
    for key, value in odds.extra.items():
        if isinstance(value, Fraction):
            out[key] = float(value)
        elif isinstance(value, (list, tuple)):
            out[key] = [float(v) for v in value]
        elif isinstance(value, dict):
            out[key] = {str(k): float(v) for k, v in value.items()}
    return out
