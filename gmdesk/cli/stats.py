"""``gmdesk stats`` and ``gmdesk export --format recap``: the roll log against its exact odds (issue 17).

No Qt, and nothing heavy imported before a handler runs: building the parser stays as light as the
engine's commands. Bad input (an unknown actor or session, a bad date or level) exits 2 with one line
on stderr; nothing is written to the campaign, except the upgrade of a file made by an older gmdesk
(with its backup), as every campaign command does.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import TextIO

from .args import file_path
from .guard import _guarded
from .progress import TerminalProgress
from .words import counted, language_of, tier_word, words

DEFAULT_LEVEL = Fraction(1, 100)


def level_percent(text: str) -> Fraction:
    """``--level 1`` (percent) → 1/100; from 0 to 100 exclusive, in ASCII digits."""
    body = text.strip()
    if not body or not body.isascii() or not body.replace(".", "", 1).isdigit():
        raise argparse.ArgumentTypeError(f"not a percentage: {text!r}")
    value = Fraction(body) / 100
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be more than 0 and less than 100, got {text}")
    return value


def add_command(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "stats", help="the roll log against its exact odds",
        description="What happened against what the odds said: per character, kind of check and session, "
                    "the expected and observed number of each outcome, and the exact probability of a "
                    "deviation at least that large (flagged past the level, Holm-corrected).")
    p.add_argument("campaign", metavar="CAMPAIGN.gmdesk", type=file_path)
    p.add_argument("--actor", metavar="NAME", help="only this character's rolls")
    p.add_argument("--session", metavar="S", help="only this session's rolls")
    p.add_argument("--since", metavar="DATE", help="rolls from this UTC date or time on (2026-11-30)")
    p.add_argument("--level", metavar="PERCENT", type=level_percent, default=DEFAULT_LEVEL,
                   help="flag a deviation less likely than this, Holm-corrected (default 1)")
    p.add_argument("--details", action="store_true",
                   help="after the findings in plain words, the numbers behind them: p-values, Holm, χ², bands")
    p.add_argument("--lang", choices=("fr", "en"), help="the language of the findings (default: the terminal's)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=cmd_stats)


def add_recap_options(p: argparse.ArgumentParser) -> None:
    """``gmdesk export``'s options for the recap."""
    p.add_argument("--lang", choices=("fr", "en"),
                   help="the language of a csv, md, html or recap export (default: the system's)")
    p.add_argument("--level", metavar="PERCENT", type=level_percent,  # None unless given: recap only
                   help="recap: flag a deviation less likely than this, Holm-corrected (default 1)")
    p.add_argument("--player-safe", action="store_true",
                   help="recap: for the players — no secret roll, no combatant hidden from them, no DC")


def known_names(flt, reader) -> None:
    """InvalidInput naming ``--actor`` or ``--session`` when no roll of ``reader`` (the log, or its
    facts) bears that name: a filter that matches nothing is a typo, not an empty report."""
    from gmdesk.campaign.names import plain_name
    from gmdesk.store import InvalidInput

    for option, value, names in (("--actor", flt.actor, reader.actors), ("--session", flt.session, reader.sessions)):
        if value is None:
            continue
        known = names()
        if value not in known and plain_name(value).strip() not in known:
            listed = ", ".join(known[-8:]) if known else "none yet"
            raise InvalidInput(option, f"no roll in the log by that name: {value!r} (known: {listed})")


def cmd_stats(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:

    out = out or sys.stdout

    def run() -> int:
        from gmdesk.analytics.report import analyse
        from gmdesk.analytics.tally import StatsFilter
        from gmdesk.store import CampaignStore, InvalidInput, LogFilter

        if args.since is not None:
            try:
                LogFilter(since=args.since)
            except InvalidInput as exc:
                raise InvalidInput("--since", exc.rule) from None
        flt = StatsFilter(actor=args.actor, session=args.session, since=args.since)
        # On a terminal, how far the reading of a big log got (issue 25); nothing when stderr is piped.
        progress = TerminalProgress("stats", err or sys.stderr, lang=lang)
        try:
            with CampaignStore.open(args.campaign) as store:
                known_names(flt, store.log.facts)
                report = analyse(store, flt, args.level, progress)
                info = store.info
        finally:
            progress.close()
        if args.json:
            print(json.dumps({"campaign": info.name, "system": info.system, **report.to_json()}, ensure_ascii=False),
                  file=out)
        else:
            out.write(text_report(info.name, report, lang, args.details, info.system))
        return 0

    lang = getattr(args, "lang", None) or language_of(())
    return _guarded("stats", run, err, lang)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith('s') else 's'}"


def _pct(level: Fraction) -> str:
    return f"{float(level * 100):g} %"


def text_report(name: str, report, lang: str = "en", details: bool = False, system: str = "") -> str:
    """The report as a terminal reads it: the findings in plain words, then (``details``) the numbers
    behind them, one block per group, the dice and the calibration."""
    from gmdesk.analytics import plain
    from gmdesk.analytics.words import words

    tr = words(lang)
    kind_label = plain.kind_namer(system, lang)
    lines = [tr("{campaign}: {session}", campaign=name, session=plain.overview(report, lang))]
    lines += [plain.dice_sentence(d, lang) for d in report.dice]
    if report.whole.rolls:
        lines.append(plain.verdict(report, lang))
        tested = plain.tested_groups(report)
        if report.whole.flagged:
            lines.append("  " + plain.group_sentence(report.whole, tr("All rolls"), tested, lang))
        for family, heading in (("actor", tr("Characters")), ("kind", tr("Kinds of check")),
                                ("session", tr("Sessions"))):
            found = [g for g in report.family(family) if g.rolls and not g.same_as_all]
            if found:
                lines.append(heading)
                lines += ["  " + plain.group_sentence(g, plain.group_name(g, kind_label, lang), tested, lang)
                          for g in found]
    lines += plain.left_out(report, lang, kind_label)
    if details:
        lines += ["", tr("Details")] + _details(name, report, lang)
    return "\n".join(lines) + "\n"


def _details(name: str, report, lang: str = "en") -> list[str]:
    """The statistician's lines: p-values, Holm, χ², bands (English keeps the engine's tier ids)."""
    tr = words(lang)
    comma = (lambda text: text.replace(".", ",")) if lang == "fr" else (lambda text: text)  # noqa: E731
    pct = "\u202f%" if lang == "fr" else " %"
    sep = "\u202f;" if lang == "fr" else ","  # a band's two ends: "[0,1 ; 88,9]" where the comma is decimal
    colon = "\u202f: " if lang == "fr" else ": "

    def count(n: int, one: str, many: str) -> str:
        return counted(lang, n, one, many)

    whole = report.whole
    tested = report.tests
    lines = [tr("{name}: {rolls}, level {level} (Holm over {m} groups)", name=name,
                rolls=count(whole.rolls + whole.without_odds, "{n} roll", "{n} rolls"),
                level=comma(f"{float(report.level * 100):g}") + pct, m=tested)]
    if whole.without_odds:
        lines.append("  " + tr("{n} rolls with unknown odds are left out", n=whole.without_odds))
    if report.unfacted:
        lines.append("  " + tr("{n} rolls written by another program are not analysed", n=report.unfacted))
    for g in report.distinct:  # a group that is the whole (one actor picked) is said once, as all rolls
        if not g.rolls:
            continue
        title = tr("all rolls") if g.family == "campaign" else f"{tr(g.family)} {g.name!r}"
        flag = "  " + tr(f"FLAGGED: ran {g.direction}") if g.flagged else ""
        lines.append(tr("{title}: {rolls}, {successes} (expected {expected}), p = {p} (Holm {holm}){flag}",
                        title=title, rolls=count(g.rolls, "{n} roll", "{n} rolls"),
                        successes=count(g.successes, "{n} success", "{n} successes"),
                        expected=comma(f"{float(g.expected_successes):.2f}"), p=comma(f"{g.p_value:.3g}"),
                        holm=comma(f"{g.p_holm:.3g}"), flag=flag))
        lines.append("    " + ", ".join(f"{t if lang == 'en' else tier_word(t, lang)} {g.observed[t]} "
                                        f"({comma(f'{float(e):.2f}')})" for t, e in g.expected.items()))
    for d in report.dice:
        test = (tr("too few to test (5 per face needed)") if d.p_value is None
                else tr("chi2 {chi2} ({df} df), p = {p}", chi2=comma(f"{d.chi2:.2f}"), df=d.df, p=comma(f"{d.p_value:.3g}"))
                + ("  " + tr("FLAGGED") if d.flagged else ""))
        lines.append(tr("d{sides}: {n} thrown, band {low}-{high} per face, {test}", sides=d.sides, n=d.thrown,
                        low=d.band[0], high=d.band[1], test=test))
        lines.append("    " + " ".join(f"{face}:{count}" for face, count in enumerate(d.counts, 1)))
    if report.calibration:
        lines.append(tr("calibration (predicted → observed [band], rolls):"))
        for b in report.calibration:
            lines.append(comma(f"    {float(b.low) * 100:3.0f}-{float(b.high) * 100:3.0f}{pct}: "
                               f"{float(b.predicted) * 100:5.1f}{pct} → {b.observed * 100:5.1f}{pct} "
                               f"[{b.band[0] * 100:.1f}{sep} {b.band[1] * 100:.1f}], {b.rolls}").replace(": ", colon, 1))
    return lines


def cmd_recap(args: argparse.Namespace, out: TextIO, err: TextIO | None) -> int:
    """``gmdesk export --format recap``: the page of one session (``--session``, default the latest),
    how far it got on stderr when that is a terminal; Ctrl+C: exit 130, a file left as it was."""
    from .progress import TerminalProgress

    err = err or sys.stderr
    progress = TerminalProgress("recap", err, beside=None if args.out else out)

    def run() -> int:
        from gmdesk.analytics.recap import write_recap
        from gmdesk.store import CampaignStore, InvalidInput

        for option in ("actor", "since", "until"):
            if getattr(args, option, None) is not None:
                raise InvalidInput(f"--{option}", "a recap covers one whole session: choose it with --session")
        with CampaignStore.open(args.campaign) as store:
            try:
                session = write_recap(store, args.session, args.out if args.out else out,
                                      lang=lang, include_secret=args.include_secret,
                                      level=DEFAULT_LEVEL if args.level is None else args.level,
                                      player_safe=args.player_safe, progress=progress)
            finally:
                progress.close()
        if args.out:
            print(words(lang)("exported the recap of {session} to {path}", session=session, path=args.out), file=out)
        return 0

    def kept() -> str:
        if args.out:  # atomic_text removed its temporary file: the previous recap, if any, is whole
            return f"nothing written, {args.out} is as it was"
        return "the recap on stdout is incomplete"

    lang = getattr(args, "lang", None) or language_of(())
    return _guarded("export", run, err, lang, kept=kept)
