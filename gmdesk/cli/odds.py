"""``gmdesk odds`` and ``gmdesk roll``: one check's exact odds, or seeded rolls (logged with
``--log``). They import the engine and the systems only: no Qt, and the store only for ``--log``."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random

from .args import UsageError, given_with
from .checks import build_cli_check, explain, odds_json
from .parser import MAX_COUNT

ROLL_BATCH = 10_000  # rolls made, logged (one transaction) and printed at a time: memory stays flat


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
    given_with(args, "--log", "--actor", "--label", "--secret")  # they say who and what of a logged roll
    check = build_cli_check(args)
    if args.secret:
        check = secret_check(check)
    if args.label:
        from gmdesk.campaign.names import plain_name  # the logged check holds the label as the log entry does

        check = labelled(check, plain_name(args.label).strip())
    rng = random.Random(args.seed)
    logger = None
    if args.log is not None:
        from .campaign import RollLogger
        logger = RollLogger(args.log, args.system, check, actor=args.actor or "", label=args.label or "",
                            secret=bool(args.secret), count=args.count)
    try:
        left = args.count
        while left:
            results = [check.roll(rng) for _ in range(min(left, ROLL_BATCH))]
            left -= len(results)
            if logger is not None:
                results = logger.log(results)  # committed before they are reported; fewer on a full disk
            lines = [json.dumps(r.to_dict()) if args.json else _roll_line(r) for r in results]
            if lines:
                out.write("\n".join(lines) + "\n")
            if logger is not None:
                logger.stop_if_full()  # after printing what was logged
    finally:
        if logger is not None:
            logger.close()
    return 0


def _with(check, name: str, value):
    """``check`` with its field ``name`` set, where the check has one; unchanged otherwise."""
    if dataclasses.is_dataclass(check) and any(f.name == name for f in dataclasses.fields(check)):
        return dataclasses.replace(check, **{name: value})
    return check


def secret_check(check):
    """The check rolled in secret, where the check itself knows it (pf2, dnd5e and cof keep it:
    the log's ``check.secret`` then says what the entry says)."""
    return _with(check, "secret", True)


def labelled(check, label: str):
    """The check named by ``--label``: a bare ``--mod`` names no skill, so the label is what was
    rolled, the kind the analytics group it by (``--label Stealth``: the Stealth group)."""
    return _with(check, "label", label) if not getattr(check, "label", "") else check


def _roll_line(r) -> str:
    dice = " ".join(f"({d.face})" if d.state != "kept" else str(d.face) for d in r.dice) or "no roll"
    if r.hits is not None:
        comp = "" if r.complication is None else f", complication {r.complication}"
        if len(r.complications) > 1:
            comp = f", {len(r.complications)} complications (degrees {', '.join(map(str, r.complications))})"
        return f"{r.tier}: {r.hits} hits vs {r.dc} [dice {dice}]{comp}"
    parts = r.breakdown.text()
    return f"{r.tier}: total {r.total} vs {r.dc} [d20 {dice}{', ' + parts if parts else ''}]"
