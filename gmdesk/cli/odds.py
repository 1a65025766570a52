"""``gmdesk odds`` and ``gmdesk roll``: one check's exact odds, or seeded rolls (logged with
``--log``). They import the engine and the systems only: no Qt, and the store only for ``--log``."""

from __future__ import annotations

import argparse
import json
import random
import sys

from .args import UsageError
from .checks import build_cli_check, explain, odds_json
from .parser import MAX_COUNT
from .progress import INTERRUPTED, TerminalProgress

ROLL_BATCH = 10_000  # rolls made, logged (one transaction) and printed at a time: memory stays flat


def _bar(p: float, width: int = 30) -> str:
    return "█" * round(p * width)


def cmd_odds(args: argparse.Namespace, out, err=None) -> int:
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


def cmd_roll(args: argparse.Namespace, out, err=None) -> int:
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"argument --count: must be from 1 to {MAX_COUNT:,}, got {args.count}")
    check = build_cli_check(args)
    rng = random.Random(args.seed)
    err = err or sys.stderr
    logger = None
    if args.log:
        from .campaign import RollLogger
        logger = RollLogger(args.log, args.system, check, actor=args.actor, label=args.label, secret=args.secret)
    progress = TerminalProgress("roll", err, beside=out) if args.count > ROLL_BATCH else None
    done = 0
    try:
        while done < args.count:
            results = [check.roll(rng) for _ in range(min(args.count - done, ROLL_BATCH))]
            if logger is not None:
                logger.log(results)  # committed before these rolls are reported
            done += len(results)  # (counted as soon as they are kept: Ctrl+C may come next)
            lines = [json.dumps(r.to_dict()) if args.json else _roll_line(r) for r in results]
            out.write("\n".join(lines) + "\n")
            if progress is not None:
                progress(done, args.count)
    except KeyboardInterrupt:
        # Each batch was one transaction: those committed stay, the one cut short left nothing.
        kept = (f"{done:,} of {args.count:,} rolls logged in {args.log} and kept" if logger is not None
                else f"{done:,} of {args.count:,} rolls made")
        if progress is not None:
            progress.close()
        print(f"gmdesk roll: interrupted: {kept}", file=err)
        return INTERRUPTED
    finally:
        if progress is not None:
            progress.close()
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
