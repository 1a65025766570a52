"""``gmdesk odds`` and ``gmdesk roll``: one check's exact odds, or seeded rolls (logged with
``--log``). They import the engine and the systems only: no Qt, and the store only for ``--log``."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys

from .args import UsageError, given_with
from .checks import build_cli_check, explain, odds_json
from .parser import MAX_COUNT
from .words import NNBSP, number, tier_word, words
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
    lang = getattr(args, "lang", None) or "en"
    tr = words(lang)
    percent = "\u202f%" if lang == "fr" else " %"
    print(f"{args.system}{NNBSP if lang == 'fr' else ''}: {getattr(check, 'label', '') or tr('check')}", file=out)
    for tier, p in odds.tiers.items():
        print(f"  {_tier(tier, lang):<17} {number(float(p) * 100, lang):>6}{percent}  {_bar(float(p))}", file=out)
    if "complication" in odds.extra:
        print(f"  {tr('complication'):<17} {number(float(odds.extra['complication']) * 100, lang):>6}{percent}", file=out)
    if "expected_complications" in odds.extra:
        average = tr("{n} on average", n=number(float(odds.extra["expected_complications"]), lang, 3))
        print(f"  {tr('complications'):<17} {average}", file=out)
    for note in explain(check, lang):
        print("  " + tr("note: {note}", note=note), file=out)
    return 0


def cmd_roll(args: argparse.Namespace, out, err=None) -> int:
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
    lang = getattr(args, "lang", None) or "en"
    err = err or sys.stderr
    logger = None
    if args.log is not None:
        from .campaign import RollLogger
        logger = RollLogger(args.log, args.system, check, actor=args.actor or "", label=args.label or "",
                            secret=bool(args.secret), count=args.count)
    progress = TerminalProgress("roll", err, beside=out, lang=lang) if args.count > ROLL_BATCH else None
    done = 0
    try:
        while done < args.count:
            results = [check.roll(rng) for _ in range(min(args.count - done, ROLL_BATCH))]
            if logger is not None:
                results = logger.log(results)  # committed before they are reported; fewer on a full disk
            done += len(results)  # (counted as soon as they are kept: Ctrl+C may come next)
            lines = [json.dumps(r.to_dict()) if args.json else _roll_line(r, lang) for r in results]
            if lines:
                out.write("\n".join(lines) + "\n")
            if progress is not None:
                progress(done, args.count)
            if logger is not None:
                logger.stop_if_full()  # after printing what was logged
    except KeyboardInterrupt:
        # Each batch was one transaction: those committed stay, the one cut short left nothing.
        kept = (f"{done:,} of {args.count:,} rolls logged in {args.log} and kept" if logger is not None
                else f"{done:,} of {args.count:,} rolls made")
        if progress is not None:
            progress.close()
        from .words import error_line

        print(error_line(f"interrupted: {kept}", lang, "roll"), file=err)
        return INTERRUPTED
    finally:
        if progress is not None:
            progress.close()
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


def _breakdown_words(system: str, lang: str):
    """The breakdown as the window and the exports say it (``campaign.breakdown_words``; Qt-free)."""
    from gmdesk.campaign.breakdown_words import BreakdownWords

    return BreakdownWords(system, lang=lang)


def _tier(tier: str, lang: str) -> str:
    """English keeps the tier ids scripts already read (``critical_failure``); French names them."""
    return tier if lang == "en" else tier_word(tier, lang)


def _roll_line(r, lang: str = "en") -> str:
    tr = words(lang)
    dice = " ".join(f"({d.face})" if d.state != "kept" else str(d.face) for d in r.dice) or tr("no roll")
    tier = _tier(r.tier, lang)
    if r.hits is not None:
        comp = "" if r.complication is None else tr(", complication {n}", n=r.complication)
        if len(r.complications) > 1:
            comp = tr(", {n} complications (degrees {degrees})", n=len(r.complications),
                      degrees=", ".join(map(str, r.complications)))
        return tr("{tier}: {hits} hits vs {dc} [dice {dice}]{comp}", tier=tier, hits=r.hits, dc=r.dc, dice=dice,
                  comp=comp)
    parts = r.breakdown.text() if lang == "en" else _breakdown_words(r.system, lang).breakdown_text(r.breakdown)
    return tr("{tier}: total {total} vs {dc} [d20 {dice}{parts}]", tier=tier, total=r.total, dc=r.dc, dice=dice,
              parts=", " + parts if parts else "")
