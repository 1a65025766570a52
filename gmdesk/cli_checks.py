"""Turn ``gmdesk odds|roll SYSTEM [options]`` into an engine check, refusing what does not belong.

Each system accepts only its own options (CLI.md's table); anything else is refused with a message
naming the option, rather than silently ignored.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from gmdesk.engine.core import Modifier, Odds, RulesError
from gmdesk import systems
from gmdesk.systems.kit.rulings import IDS, Rulings

# Options each system accepts, beyond the always-allowed ones (--json, --seed, --count, --log…).
_OPTIONS = {
    "pf2": {"mod", "dc", "fortune", "misfortune", "reroll_failure", "reroll_success", "cannot_succeed", "flat",
            "house_rule"},
    "dnd5e": {"mod", "dc", "attack", "save", "advantage", "disadvantage", "inspiration", "fail_voluntarily",
              "house_rule"},
    "dnd35": {"mod", "dc", "take10", "take20", "aid"},
    "cof": {"mod", "dc"},
    "anarchy": {"pool", "dice_mod", "threshold", "opposed_pool", "luck_before", "luck_after", "reroll", "helper",
                "intervals", "house_rule"},
}
_DEFAULTS = {"mod": None, "dc": None, "fortune": False, "misfortune": False, "reroll_failure": False,
             "reroll_success": False, "cannot_succeed": False, "flat": False, "attack": False, "save": False,
             "advantage": False, "disadvantage": False, "inspiration": False, "fail_voluntarily": False,
             "take10": False, "take20": False, "aid": [], "pool": None, "dice_mod": 0, "threshold": None,
             "opposed_pool": None, "luck_before": False, "luck_after": False, "reroll": 0, "helper": [],
             "intervals": None, "house_rule": []}


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


def _rulings(args: argparse.Namespace) -> Rulings:
    """``--house-rule R-N``: the campaign option of ruling R-N turned off, for this system's rulings."""
    off = {}
    allowed = systems.get(args.system).rulings
    for ruling in args.house_rule:
        if ruling not in allowed:
            which = f"one of {', '.join(allowed)}" if allowed else "none"
            raise OptionError("house_rule", f"{ruling!r} is not a ruling of {args.system} ({which})")
        off[IDS[ruling]] = False
    return Rulings(**off)


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
    from gmdesk.systems.pf2 import rules as pf2
    _exclusive(args, "fortune", "reroll_failure")  # one fortune effect per roll
    _exclusive(args, "misfortune", "reroll_success")  # one misfortune effect per roll
    effects = dict(fortune=args.fortune, misfortune=args.misfortune, reroll_failure=args.reroll_failure,
                   reroll_success=args.reroll_success, rulings=_rulings(args))
    if args.flat:
        if args.mod not in (None, 0):
            raise OptionError("mod", "a flat check takes no modifier (0 or absent)")
        _exclusive(args, "flat", "cannot_succeed")  # no natural-20 rule on a flat check
        _require(args, "dc")
        return pf2.FlatCheck((args.dc,), **effects)
    _require(args, "mod", "dc")
    return pf2.Pf2Check(args.dc, (Modifier(args.mod, "modifier", "ability"),),
                        cannot_succeed=args.cannot_succeed, **effects)


def _dnd5e(args):
    from gmdesk.systems.dnd5e import rules as dnd5e
    _require(args, "mod", "dc")
    _exclusive(args, "attack", "save")
    if args.fail_voluntarily and not args.save:
        raise OptionError("fail_voluntarily", "only a saving throw can be failed voluntarily: add --save")
    rulings = _rulings(args)
    # R-2 off: the odds leave Heroic Inspiration out (the player rerolls by hand).
    inspiration = args.inspiration and rulings.inspiration_in_odds
    kind = "attack" if args.attack else "save" if args.save else "check"
    return dnd5e.Dnd5eTest(args.dc, (Modifier(args.mod, "modifier"),), kind, advantage=args.advantage,
                           disadvantage=args.disadvantage, inspiration=inspiration,
                           fail_voluntarily=args.fail_voluntarily, rulings=rulings)


def _dnd35(args):
    from gmdesk.systems.dnd35 import rules as dnd35
    _require(args, "mod", "dc")
    _exclusive(args, "take10", "take20")
    return dnd35.cli_check(args.mod, args.dc, take10=args.take10, take20=args.take20, aid=tuple(args.aid))


def _cof(args):
    from gmdesk.systems.cof import rules as cof
    _require(args, "mod", "dc")
    return cof.CofTest(args.dc, (Modifier(args.mod, "score", "base"),))


def _anarchy(args):
    from gmdesk.systems.anarchy.rules import AnarchyTest
    _require(args, "pool")
    if args.threshold is not None and args.opposed_pool is not None:
        raise OptionError("threshold", "not allowed with --opposed-pool")
    _exclusive(args, "intervals", "opposed_pool")
    if args.intervals is not None and args.threshold is None:
        raise OptionError("intervals", "an extended test needs --threshold, the hits to accumulate")
    opposed = args.opposed_pool is not None
    return AnarchyTest(pool=args.pool, modifiers=(Modifier(args.dice_mod, "--dice-mod"),) if args.dice_mod else (),
                       threshold=None if opposed else (1 if args.threshold is None else args.threshold),
                       opposing_pool=args.opposed_pool, luck_before=args.luck_before,
                       luck_after=args.luck_after, rerolls=args.reroll, helpers=tuple(args.helper),
                       intervals=args.intervals, rulings=_rulings(args))


_BUILDERS = {"pf2": _pf2, "dnd5e": _dnd5e, "dnd35": _dnd35, "cof": _cof, "anarchy": _anarchy}


def explain(check) -> tuple[str, ...]:
    """What the odds assume beyond the breakdown (``check.explain()`` where the engine has it)."""
    return tuple(check.explain()) if hasattr(check, "explain") else ()


def odds_json(odds: Odds, notes: tuple[str, ...] = ()) -> dict:
    """CLI.md's JSON: every tier id → probability, plus anarchy's complication and hits; ``notes``
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
