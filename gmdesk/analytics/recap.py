"""The session recap: one self-contained HTML page per session (``gmdesk export --format recap``, the
Analytics panel's "Export recap…").

In the GM's language (``words``): who ran hot or cold beyond chance, each character's and each kind
of check's successes against the odds, the charts as images (SVG inside the page: no file beside
it, no script, no link), the session's fights round by round (the rolls made from the initiative
queue), and the session's log. Secret rolls are left out unless asked for: a recap is often shared
with the players, and then a secret roll is neither listed nor counted.
"""

from __future__ import annotations

import json
from datetime import datetime
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import TextIO

from gmdesk.analytics import svg
from gmdesk.analytics.report import DEFAULT_LEVEL, Report, build, session_length, streaks
from gmdesk.analytics.tally import StatsFilter, Tally
from gmdesk.analytics.words import number, p_text, percent, tier_word, words
from gmdesk.store.atomic import atomic_text
from gmdesk.store.errors import InvalidInput
from gmdesk.store.exports import dice_text, local_time, target_name

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 60em; color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.6em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.secret { background: #fff4e0; } tr.flag td { background: #fbe3e0; }
.meta { color: #666; } .hot { color: #b03a2e; font-weight: bold; } .cold { color: #2f5d8c; font-weight: bold; }
img { max-width: 100%; height: auto; display: block; margin: 0.6em 0; }
ul.round { margin-top: 0.2em; }
"""


def sessions(store) -> list[str]:
    """The campaign's sessions, in the order they began."""
    return store.log.facts.sessions()


def write_recap(store, session: str | None, out: str | Path | TextIO, *, lang: str = "en",
                include_secret: bool = False, level: Fraction = DEFAULT_LEVEL) -> str:
    """Write the recap of ``session`` (None: the latest) to ``out`` (a path, written atomically, or a
    stream); returns the session's name. ``InvalidInput`` names an unknown session."""
    known = sessions(store)
    if session is None:
        if not known:
            raise InvalidInput("--session", "the log has no roll yet: no session to recap")
        session = known[-1]
    elif session not in known:
        listed = ", ".join(known[-8:]) or "none"
        raise InvalidInput("--session", f"no session named {session!r} in the log (latest: {listed})")
    page = recap_html(store, session, lang=lang, include_secret=include_secret, level=level)
    if isinstance(out, (str, Path)):
        with atomic_text(out) as stream:
            stream.write(page)
    else:
        out.write(page)
    return session


def recap_html(store, session: str, *, lang: str = "en", include_secret: bool = False,
               level: Fraction = DEFAULT_LEVEL) -> str:
    tr = words(lang)
    facts = store.log.facts
    report = build(Tally.load(facts, StatsFilter(session=session, include_secret=include_secret)), level)
    rolls = facts.session_log(session, include_secret)
    title = tr("{campaign}: {session}", campaign=store.info.name, session=session)
    parts = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
             f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n",
             f"<h1>{escape(title)}</h1>\n<p class=\"meta\">{escape(tr('Session recap'))}. "]
    if rolls:
        # The GM's clock, as the log and the exports show it.
        first, last = local_time(rolls[0][1])[:16], local_time(rolls[-1][1])[:16]
        span = (tr("1 roll at {first}", first=first) if len(rolls) == 1
                else tr("{n} rolls from {first} to {last}", n=len(rolls), first=first, last=last))
        parts.append(escape(span) + ". ")
    parts.append(escape(tr("Secret rolls included.") if include_secret else tr("Secret rolls left out.")) + " ")
    parts.append(escape(tr("Made on {date} by gmdesk.", date=datetime.now().astimezone().strftime("%Y-%m-%d %H:%M"))))
    parts.append("</p>\n")
    if not rolls:
        parts.append(f"<p>{escape(tr('No roll in this session.'))}</p>\n</body>\n</html>\n")
        return "".join(parts)
    parts += _luck(report, tr, lang)
    parts += _charts(report, facts, session, include_secret, tr, lang)
    parts += _fights(rolls, tr, lang)
    parts += _log(rolls, tr, lang, target_name(store.info.system, lang))
    parts.append("</body>\n</html>\n")
    return "".join(parts)


def _img(svg_text: str, alt: str) -> str:
    return f'<img alt="{escape(alt)}" src="{svg.data_uri(svg_text)}">\n'


def _luck(report: Report, tr, lang: str) -> list[str]:
    out = [f"<h2>{escape(tr('Luck at the table'))}</h2>\n"]
    tested = report.tests
    level = percent(float(report.level), lang, 1 if report.level * 100 % 1 else 0)
    flagged = report.flagged
    if not flagged:
        text = tr("Nobody's dice ran hot or cold beyond chance (level {level}, Holm over {m} groups).",
                  level=level, m=tested)
        out.append(f"<p>{escape(text)}</p>\n")
    else:
        out.append(f"<p>{escape(tr('Beyond chance (level {level}, Holm over {m} groups):', level=level, m=tested))}</p>\n<ul>\n")
        for g in flagged:
            name = g.name or tr("All rolls")
            text = ("{name} ran hot: {observed} successes where {expected} were expected (p = {p})."
                    if g.direction == "hot" else
                    "{name} ran cold: {observed} successes where {expected} were expected (p = {p}).")
            out.append(f'<li class="{g.direction}">' + escape(tr(text, name=name, observed=g.successes,
                                                                  expected=number(float(g.expected_successes), lang),
                                                                  p=p_text(g.p_value, lang))) + "</li>\n")
        out.append("</ul>\n")
    if report.whole.without_odds:
        out.append(f"<p class=\"meta\">{escape(tr('{n} rolls with unknown odds are left out of the figures.', n=report.whole.without_odds))}</p>\n")
    out += _table(report.family("actor"), tr("Character"), tr, lang, rates=False)
    out.append(f"<h2>{escape(tr('How hard the checks were'))}</h2>\n")
    out += _table(report.family("kind"), tr("Kind of check"), tr, lang, rates=True)
    return out


def _table(groups, first: str, tr, lang: str, rates: bool) -> list[str]:
    if rates:
        heads = (first, tr("Rolls"), tr("Expected success rate"), tr("Observed success rate"), tr("p-value"), tr("Flag"))
    else:
        heads = (first, tr("Rolls"), tr("Expected successes"), tr("Successes"), tr("p-value"), tr("Flag"))
    out = ["<table>\n<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr></thead>\n<tbody>\n"]
    for g in groups:
        if not g.rolls:
            continue
        if rates:
            cells = (percent(float(g.expected_successes) / g.rolls, lang), percent(g.successes / g.rolls, lang))
        else:
            cells = (number(float(g.expected_successes), lang), str(g.successes))
        flag = tr(g.direction) if g.flagged else ""
        row = ' class="flag"' if g.flagged else ""
        out.append(f"<tr{row}><td>{escape(g.name)}</td><td class=\"num\">{g.rolls}</td>"
                   + "".join(f'<td class="num">{escape(c)}</td>' for c in cells)
                   + f'<td class="num">{escape(p_text(g.p_value, lang))}</td><td>{escape(flag)}</td></tr>\n')
    out.append("</tbody>\n</table>\n")
    return out


def _charts(report: Report, facts, session: str, include_secret: bool, tr, lang: str) -> list[str]:
    out = []
    actors = [g for g in report.family("actor") if g.rolls] or ([report.whole] if report.whole.rolls else [])
    if actors:
        rows = [(g.name or tr("All rolls"), float(g.expected_successes), g.successes, g.flagged) for g in actors]
        title = tr("Successes: expected and observed")
        out.append(_img(svg.successes_chart(rows, title, tr("expected"), tr("observed"), lambda v: number(v, lang, 1)),
                        title))
        found = streaks(facts, session, include_secret=include_secret)
        lines = [(s.actor, s.steps(session_length(found))) for s in found]
        title = tr("Streaks: successes above or below the odds, roll after roll")
        out.append(_img(svg.streak_chart(lines, title, tr("roll of the session"), tr("successes − expected"),
                                         lambda v: number(v, lang, 1)), title))
    else:
        out.append(f"<p class=\"meta\">{escape(tr('(no chart: no roll with known odds)'))}</p>\n")
    for d in report.dice:
        title = tr("Dice: each face against its band")
        out.append(f"<h2>{escape(title)}</h2>\n<p>")
        out.append(escape(tr("d{sides}: {n} thrown, each face expected {expected} times; the band holds a fair die's "
                             "counts at the level.", sides=d.sides, n=d.thrown,
                             expected=number(float(d.expected), lang, 1))) + " ")
        if d.p_value is None:
            out.append(escape(tr("Too few dice for the χ² test (5 per face needed).")))
        else:
            out.append(escape(tr("χ² = {chi2} with {df} degrees of freedom, p = {p}.", chi2=number(d.chi2, lang),
                                 df=d.df, p=p_text(d.p_value, lang))))
        out.append("</p>\n")
        out.append(_img(svg.dice_chart(d.counts, d.band, float(d.expected), f"d{d.sides}", tr("face"), tr("count")),
                        f"d{d.sides}"))
    if report.calibration:
        title = tr("Calibration: when gmdesk said so many %, did so many succeed?")
        bins = [(float(b.predicted), b.observed, b.band[0], b.band[1], b.rolls) for b in report.calibration]
        out.append(f"<h2>{escape(title)}</h2>\n")
        out.append(_img(svg.calibration_chart(bins, title, tr("predicted chance of success"), tr("observed rate"),
                                              lambda v: percent(v, lang)), title))
    return out


def _outcome(row: tuple, lang: str) -> str:
    _, _, _, _, tier, total, hits, dc, complication, *_ = row
    return tier_word(tier, lang)


def _result(row: tuple, tr) -> str:
    total, hits, complication = row[5], row[6], row[8]
    if hits is not None:
        text = f"{hits} ✓"
        if complication is not None:
            text += f", ⚠ {complication}"
        return text
    return "" if total is None else str(total)


def _dice(raw: str) -> str:
    try:
        return dice_text(json.loads(raw))
    except (ValueError, TypeError, KeyError, AttributeError):
        return ""


def _fights(rolls: list[tuple], tr, lang: str) -> list[str]:
    """A fight: the rolls of one fight name, in order, its rounds never going back; rolls made outside
    the fight meanwhile are in the log, not here."""
    fights: list[tuple[str, list[tuple]]] = []
    for row in rolls:
        fight, rnd = row[12], row[13]
        if not fight:
            continue
        if not fights or fights[-1][0] != fight or (rnd or 0) < (fights[-1][1][-1][13] or 0):
            fights.append((fight, []))
        fights[-1][1].append(row)
    out = [f"<h2>{escape(tr('Fights'))}</h2>\n"]
    if not fights:
        out.append(f"<p class=\"meta\">{escape(tr('No fight was logged in this session.'))}</p>\n")
        return out
    for name, rows in fights:
        out.append(f"<h3>{escape(name)}</h3>\n")
        rounds: list[tuple[int | None, list[tuple]]] = []
        for row in rows:
            if not rounds or rounds[-1][0] != row[13]:
                rounds.append((row[13], []))
            rounds[-1][1].append(row)
        for number_, members in rounds:
            if number_ is not None:
                out.append(f"<h4>{escape(tr('Round {n}', n=number_))}</h4>\n")
            out.append('<ul class="round">\n')
            for row in members:
                result = _result(row, tr)
                out.append(f"<li>{escape(row[2])}: {escape(row[3])} — {escape(_outcome(row, lang))}"
                           + (f" ({escape(result)})" if result else "") + "</li>\n")
            out.append("</ul>\n")
    return out


def _log(rolls: list[tuple], tr, lang: str, target: str) -> list[str]:
    """The session's rolls; ``target``: the system's name of the number rolled against (DC, ND, Seuil…)."""
    heads = ("#", tr("Time"), tr("Actor"), tr("Check"), tr("Dice"), tr("Result"), target, tr("Outcome"))
    out = [f"<h2>{escape(tr('The log'))}</h2>\n<table>\n<thead><tr>"
           + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr></thead>\n<tbody>\n"]
    for row in rolls:
        rid, time_utc, actor, label = row[0], row[1], row[2], row[3]
        secret, reroll_of = row[10], row[11]
        notes = []
        if secret:
            notes.append(tr("secret"))
        if reroll_of:
            notes.append(tr("reroll of #{id}", id=reroll_of))
        check = label + (f" ({', '.join(notes)})" if notes else "")
        cls = ' class="secret"' if secret else ""
        cells = (local_time(time_utc), actor, check, _dice(row[9]), _result(row, tr),
                 "" if row[7] is None else str(row[7]), _outcome(row, lang))
        out.append(f"<tr{cls}><td class=\"num\">{rid}</td>" + "".join(f"<td>{escape(c)}</td>" for c in cells)
                   + "</tr>\n")
    out.append("</tbody>\n</table>\n")
    return out
