"""The session recap: one self-contained HTML page per session (``gmdesk export --format recap``, the
Analytics panel's "Export recap…").

In the GM's language (``words``), plain words first (``plain``): three sentences on what happened
(the rolls, the successes against the odds, the luckiest and the unluckiest moment with their odds),
then who was lucky or unlucky and whether that is just chance, the charts as images (SVG inside the
page: no file beside it, no script, no link), the session's fights round by round and its log
(``recap_log``), and last the appendix of the numbers behind the words (p-values, Holm, χ², bands).

Secret rolls are left out unless asked for: a recap is often shared with the players, and then a
secret roll is neither listed nor counted. A **player-safe** recap also leaves out, as the player
window does, the combatants hidden from the players (their rolls, and every roll naming them) and
the DCs (the log's DC column, and the appendix's expected success rates that would give them away).
"""

from __future__ import annotations

import tempfile
from datetime import datetime
from fractions import Fraction
from html import escape
from io import StringIO
from pathlib import Path
from typing import TextIO

from gmdesk.analytics import plain, svg
from gmdesk.analytics.recap_appendix import appendix
from gmdesk.analytics.recap_log import LOG_FOOT, fights_heading, log_head
from gmdesk.analytics.recap_pass import read_session
from gmdesk.analytics.report import DEFAULT_LEVEL, Report, Streak, build, session_length
from gmdesk.analytics.tally import StatsFilter, Tally
from gmdesk.analytics.words import number, percent, words
from gmdesk.campaign.player_view import hidden_names
from gmdesk.store.atomic import atomic_text, os_error
from gmdesk.store.errors import InvalidInput
from gmdesk.store.exports import local_time, target_name
from gmdesk.store.progress import Progress

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
ul.round { margin-top: 0.2em; } p.lead { font-size: 1.1em; }
.appendix { color: #444; font-size: 0.95em; }
"""


def sessions(store) -> list[str]:
    """The campaign's sessions, in the order they began."""
    return store.log.facts.sessions()


def write_recap(store, session: str | None, out: str | Path | TextIO, *, lang: str = "en",
                include_secret: bool = False, level: Fraction = DEFAULT_LEVEL, player_safe: bool = False,
                progress: Progress | None = None) -> str:
    """Write the recap of ``session`` (None: the latest) to ``out`` (a path, written atomically, or a
    stream); returns the session's name. ``InvalidInput`` names an unknown session, or secret rolls
    asked for in a player-safe recap. ``progress(done, total)`` hears of the rolls read; False stops
    the work (``Cancelled``), and a path is then left as it was."""
    if player_safe and include_secret:
        raise InvalidInput("--include-secret", "a player-safe recap never shows secret rolls")
    known = sessions(store)
    if session is None:
        if not known:
            raise InvalidInput("--session", "the log has no roll yet: no session to recap")
        session = known[-1]
    elif session not in known:
        listed = ", ".join(known[-8:]) or "none"
        raise InvalidInput("--session", f"no session named {session!r} in the log (latest: {listed})")
    options = dict(lang=lang, include_secret=include_secret, level=level, player_safe=player_safe, progress=progress)
    if isinstance(out, (str, Path)):
        with atomic_text(out) as stream:  # the spills beside it: the same disk, removed whatever happens
            write_page(store, session, stream, spill_in=Path(out).parent, **options)
    else:
        try:
            write_page(store, session, out, **options)
        except BrokenPipeError:
            raise
        except OSError as exc:  # the temporary files' folder (a stream has none of its own)
            raise os_error(exc, Path(tempfile.gettempdir()), "write") from None
    return session


def recap_html(store, session: str, **options) -> str:
    """The recap page as one text (a small session's: the tests read it whole)."""
    page = StringIO()
    write_page(store, session, page, **options)
    return page.getvalue()


def write_page(store, session: str, out: TextIO, *, lang: str = "en", include_secret: bool = False,
               level: Fraction = DEFAULT_LEVEL, player_safe: bool = False, progress: Progress | None = None,
               spill_in: Path | None = None) -> None:
    """The page, written to ``out`` as it is made. The fights and the log are written to temporary
    files (in ``spill_in``) during the one pass over the session's rolls, then copied after the top,
    which needs the whole pass: so a session of any size takes little memory."""
    tr = words(lang)
    facts = store.log.facts
    hidden = _hidden(store) if player_safe else frozenset()
    include_secret = include_secret and not player_safe
    flt = StatsFilter(session=session, include_secret=include_secret, leave_out=hidden)
    report = build(Tally.load(facts, flt), level)
    with _spill(spill_in) as fights_out, _spill(spill_in) as log_out:
        seen = read_session(facts, session, include_secret=include_secret, hidden=hidden, tr=tr, lang=lang,
                            target=None if player_safe else target_name(store.info.system, lang),
                            fights_out=fights_out, log_out=log_out, progress=progress)
        title = tr("{campaign}: {session}", campaign=store.info.name, session=session)
        out.write(f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
                  f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
                  f"<h1>{escape(title)}</h1>\n")
        if seen.shown:
            out.write(f'<p class="lead">{escape(" ".join(_opening(report, seen, tr, lang)))}</p>\n')
        out.write("".join(_meta(seen, tr, include_secret, player_safe)))
        if not seen.shown:
            out.write(f"<p>{escape(tr('No roll in this session.'))}</p>\n</body>\n</html>\n")
            return
        kind_label = plain.kind_namer(store.info.system, lang)
        out.write("".join(_luck(report, kind_label, tr, lang) + _charts(report, seen.streaks, tr, lang)))
        out.write(fights_heading(seen.any_fight, tr))
        _copy(fights_out, out)
        out.write(log_head(tr, None if player_safe else target_name(store.info.system, lang)))
        _copy(log_out, out)
        out.write(LOG_FOOT)
    out.write("".join(appendix(report, kind_label, tr, lang, rates=not player_safe)))
    out.write("</body>\n</html>\n")


def _spill(folder: Path | None):
    """A temporary file no one else sees, removed when closed (or when gmdesk is killed)."""
    return tempfile.TemporaryFile("w+", encoding="utf-8", newline="", dir=folder)


def _copy(spill: TextIO, out: TextIO) -> None:
    spill.seek(0)
    while chunk := spill.read(1 << 16):
        out.write(chunk)


def _meta(seen, tr, include_secret: bool, player_safe: bool) -> list[str]:
    parts = [f"<p class=\"meta\">{escape(tr('Session recap'))}. "]
    if seen.shown:
        # The GM's clock, as the log and the exports show it.
        first, last = local_time(seen.first)[:16], local_time(seen.last)[:16]
        span = (tr("1 roll at {first}", first=first) if seen.shown == 1
                else tr("{n} rolls from {first} to {last}", n=seen.shown, first=first, last=last))
        parts.append(escape(span) + ". ")
    if player_safe:
        parts.append(escape(tr("Player-safe: no secret roll, no hidden combatant, no DC.")) + " ")
    else:
        parts.append(escape(tr("Secret rolls included.") if include_secret else tr("Secret rolls left out.")) + " ")
    parts.append(escape(tr("Made on {date} by gmdesk.", date=datetime.now().astimezone().strftime("%Y-%m-%d %H:%M"))))
    parts.append("</p>\n")
    return parts


def _img(svg_text: str, alt: str) -> str:
    return f'<img alt="{escape(alt)}" src="{svg.data_uri(svg_text)}">\n'


def _hidden(store) -> frozenset[str]:
    """The names the player window keeps from the players: its hidden combatants'."""
    return hidden_names(store.encounter.get(), {c.id: c.name for c in store.characters.list()})


def _opening(report: Report, seen, tr, lang: str) -> list[str]:
    """Three sentences: the rolls and successes against the odds, the luckiest and the unluckiest roll."""
    out = [plain.overview(report, lang)]
    for found, text in ((seen.lucky, "Luckiest moment: {actor} made “{check}” with a {chance} chance of success."),
                        (seen.unlucky, "Unluckiest moment: {actor} failed “{check}” despite a {chance} chance of success.")):
        if found is not None:
            chance, row = found
            out.append(tr(text, actor=row[2], check=row[3], chance=_chance(chance, lang)))
    return out


def _chance(p, lang: str) -> str:
    return percent(float(p), lang, 0 if 0.01 <= p <= 0.99 else 1)


def _luck(report: Report, kind_label, tr, lang: str) -> list[str]:
    out = [f"<h2>{escape(tr('Luck at the table'))}</h2>\n<p>{escape(plain.verdict(report, lang))}</p>\n"]
    tested = plain.tested_groups(report)
    if report.flagged:
        out.append("<ul>\n" + "".join(_finding(g, plain.group_name(g, kind_label, lang), tested, lang)
                                       for g in report.flagged) + "</ul>\n")
    for family, heading in (("actor", tr("Characters")), ("kind", tr("Kinds of check"))):
        found = [g for g in report.family(family) if g.rolls]
        if found:
            out.append(f"<h3>{escape(heading)}</h3>\n<ul>\n"
                       + "".join(_finding(g, plain.group_name(g, kind_label, lang), tested, lang) for g in found)
                       + "</ul>\n")
    for line in plain.left_out(report, lang, kind_label):
        out.append(f"<p class=\"meta\">{escape(line)}</p>\n")
    return out


def _finding(g, name: str, tested: int, lang: str) -> str:
    cls = f' class="{g.direction}"' if g.flagged else ""
    return f"<li{cls}>{escape(plain.group_sentence(g, name, tested, lang))}</li>\n"


def _charts(report: Report, found: list[Streak], tr, lang: str) -> list[str]:
    out = []
    actors = [g for g in report.family("actor") if g.rolls] or ([report.whole] if report.whole.rolls else [])
    if actors:
        rows = [(g.name or tr("All rolls"), float(g.expected_successes), g.successes, g.flagged) for g in actors]
        title = tr("Successes: expected and observed")
        out.append(f"<h3>{escape(title)}</h3>\n")
        out.append(_img(svg.successes_chart(rows, title, tr("expected"), tr("observed"), lambda v: number(v, lang, 1),
                                            tr("above the odds"), tr("below the odds")), title))
        lines = [(s.actor, s.steps(session_length(found))) for s in found]
        title = tr("Streaks: successes above or below the odds, roll after roll")
        out.append(f"<h3>{escape(title)}</h3>\n")
        out.append(_img(svg.streak_chart(lines, title, tr("roll of the session"), tr("successes − expected"),
                                         lambda v: number(v, lang, 1)), title))
    else:
        out.append(f"<p class=\"meta\">{escape(tr('(no chart: no roll with known odds)'))}</p>\n")
    if report.dice:
        out.append(f"<h2>{escape(tr('Were the dice fair?'))}</h2>\n")
    for d in report.dice:
        title = tr("d{sides}: each face against the range of a fair die", sides=d.sides)
        out.append(f"<h3>{escape(title)}</h3>\n<p>{escape(plain.dice_sentence(d, lang))}</p>\n")
        legend = (tr("a fair die's range"), tr("inside it"), tr("outside it"))
        out.append(_img(svg.dice_chart(d.counts, d.band, float(d.expected), title, tr("face"), tr("count"), legend),
                        title))
    if report.calibration:
        title = tr("Calibration: when gmdesk said so many %, did so many succeed?")
        bins = [(float(b.predicted), b.observed, b.band[0], b.band[1], b.rolls) for b in report.calibration]
        out.append(f"<h2>{escape(title)}</h2>\n")
        out.append(_img(svg.calibration_chart(bins, title, tr("predicted chance of success"), tr("observed rate"),
                                              lambda v: percent(v, lang)), title))
    return out
