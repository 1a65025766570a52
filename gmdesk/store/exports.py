"""Exports of the roll log: CSV, JSON Lines, Markdown and a self-contained HTML page.

Secret rolls stay out unless the filter asks for them (``LogFilter(include_secret=True)``); the
default export filter leaves them out. Every text the GM or players typed (actor, label, session,
breakdown sources, notes) is escaped for its format: Markdown table cells cannot break the table or
inject HTML or make a link, the HTML page renders ``<script>`` as text, and a CSV cell that a
spreadsheet would run as a formula (``=HYPERLINK(…)``) starts with an apostrophe (``csv_field``).

CSV, Markdown and HTML read raw rows and turn the dice and breakdown JSON into text through a cache:
a campaign's rolls repeat the same few hundred breakdowns, so 100,000 rows export in well under a
second. JSON Lines writes whole entries.
"""

from __future__ import annotations

import html
import json
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, TextIO

from gmdesk.campaign.log import LogEntry
from gmdesk import systems
from gmdesk.systems.kit.rulings import summary as rulings_summary
from gmdesk.store.atomic import atomic_text
from gmdesk.store.errors import InvalidInput
from gmdesk.store.markdown_text import md_text
from gmdesk.store.rolllog import LogFilter, RollLog, rulings_json

FORMATS = ("csv", "json", "md", "html")
EXPORT_DEFAULT = LogFilter(include_secret=False)

CSV_COLUMNS = (
    "id", "time_utc", "session", "actor", "label", "system", "tier", "total", "hits", "dc",
    "complication", "dice", "breakdown", "secret", "reroll_of", "notes", "rulings",
)  # fmt: skip
# The raw row every text export works from, in this order.
_ROW_COLUMNS = ("id, time_utc, session, actor, label, system, tier, total, hits, dc, complication, "
                "dice_json, breakdown_json, secret, reroll_of, notes_json, rulings_json")
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dice_text(dice: list[dict]) -> str:
    """``d20:17 d20:4(dropped)``: every die in roll order, with the ones that did not count marked."""
    return " ".join(
        f"d{d.get('sides', '?')}:{d.get('face')}" + ("" if d.get("state", "kept") == "kept" else f"({d['state']})")
        for d in dice
    )


@lru_cache(maxsize=1 << 16)
def _dice_text(raw: str) -> str:
    return dice_text(json.loads(raw))


@lru_cache(maxsize=1 << 16)
def _breakdown_text(raw: str) -> str:
    # LogEntry owns the wording of a breakdown; only its ``breakdown`` matters here.
    return LogEntry(system="", tier="", time_utc="", breakdown=json.loads(raw)).breakdown_text()


@lru_cache(maxsize=1 << 12)
def _notes_text(raw: str) -> str:
    return "; ".join(json.loads(raw))


@lru_cache(maxsize=1 << 10)
def rulings_text(system: str, recorded: str | None) -> str:
    """``R-1`` / ``R-1 off``…: the rulings a roll was made under, from its description's ``rulings``
    as JSON text (the ``rulings_json`` column; '' or None: a roll logged before they were recorded,
    made under the defaults)."""
    try:
        found = systems.find(system)
        return rulings_summary(found.rulings if found is not None else (),
                               json.loads(recorded) if recorded else None)
    except (ValueError, TypeError):  # a description edited by hand: say nothing rather than guess
        return ""


def result_text(total: int | None, hits: int | None, complication: int | None) -> str:
    if hits is not None:
        text = f"{hits} hit" + ("" if hits == 1 else "s")
        if complication is not None:
            text += f", complication {complication}"
        return text
    return "" if total is None else str(total)


def _opt(value: object) -> str:
    return "" if value is None else str(value)


def rows_of(entries: Iterable[LogEntry]) -> Iterator[tuple]:
    """Entries in memory (a selection in the UI) as the raw rows the text exports take."""
    for e in entries:
        yield (e.id, e.time_utc, e.session, e.actor, e.label, e.system, e.tier, e.total, e.hits, e.dc,
               e.complication, _dumps(e.dice), _dumps(e.breakdown), int(e.secret), e.reroll_of,
               _dumps(list(e.notes)), rulings_json(e.check))


# A spreadsheet reads a cell that begins with one of these as a formula (=HYPERLINK(…), @SUM(A1),
# -1+1…) or strips them: OWASP's "CSV injection" advice is a leading apostrophe, which spreadsheets
# show as text and hide. CSV only: the other formats are not opened by spreadsheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_FIRST = frozenset(FORMULA_STARTS)


@lru_cache(maxsize=1 << 16)
def csv_field(text: str) -> str:
    """One CSV text field: a would-be formula gets a leading ``'``; then as RFC 4180 and
    ``csv.QUOTE_MINIMAL`` write it: quoted when it holds a comma, a quote or a line break, inner quotes
    doubled. Numbers are written as they are, never through here."""
    if text[:1] in _FORMULA_FIRST:
        text = "'" + text
    if '"' in text or "," in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


@lru_cache(maxsize=1 << 16)
def _breakdown_field(raw: str) -> str:
    return csv_field(_breakdown_text(raw))


@lru_cache(maxsize=1 << 12)
def _notes_field(raw: str) -> str:
    return csv_field(_notes_text(raw))


def _csv_batches(batches: Iterable[list[tuple]], stream: TextIO) -> int:
    # The csv module walks every character in Python-visible C calls: five times slower here than
    # building each line, with the repeated texts (actors, sessions, breakdowns) quoted once.
    q, dice, breakdown, notes = csv_field, _dice_text, _breakdown_field, _notes_field
    stream.write(",".join(CSV_COLUMNS) + "\r\n")
    n = 0
    for rows in batches:
        stream.write("".join([
            f"{r[0]},{q(r[1])},{q(r[2])},{q(r[3])},{q(r[4])},{q(r[5])},{q(r[6])},"
            f"{'' if r[7] is None else r[7]},{'' if r[8] is None else r[8]},{'' if r[9] is None else r[9]},"
            f"{'' if r[10] is None else r[10]},{q(dice(r[11]))},{breakdown(r[12])},{'true' if r[13] else 'false'},"
            f"{'' if r[14] is None else r[14]},{notes(r[15])},{q(rulings_text(r[5], r[16]))}\r\n"
            for r in rows
        ]))
        n += len(rows)
    return n


def write_csv(entries: Iterable[LogEntry], stream: TextIO) -> int:
    """UTF-8 CSV (the caller opens ``stream`` with ``newline=""``), a header, one row per roll."""
    return _csv_batches([list(rows_of(entries))], stream)


def write_jsonl(entries: Iterable[LogEntry], stream: TextIO) -> int:
    """One JSON object per line with everything the entry holds (``LogEntry.to_dict()``)."""
    n = 0
    for e in entries:
        stream.write(json.dumps(e.to_dict(), ensure_ascii=False, separators=(",", ":")))
        stream.write("\n")
        n += 1
    return n


def md_cell(text: object) -> str:
    """A Markdown table cell showing ``text`` literally: no pipes breaking the row, no markup, no link."""
    return md_text(text)


_HEADINGS = ("#", "Time (UTC)", "Session", "Actor", "Label", "System", "Tier", "Result", "DC", "Dice", "Breakdown", "Notes",
             "Rulings")


def _cells(row: tuple) -> tuple[str, ...]:
    (rid, time_utc, session, actor, label, system, tier, total, hits, dc, complication, dice, breakdown, secret,
     reroll_of, notes, check) = row
    label = label + (" (secret)" if secret else "") + (f" (reroll of #{reroll_of})" if reroll_of else "")
    return (str(rid), time_utc, session, actor, label, system, tier, result_text(total, hits, complication),
            _opt(dc), _dice_text(dice), _breakdown_text(breakdown), _notes_text(notes), rulings_text(system, check))


def _markdown_rows(rows: Iterable[tuple], stream: TextIO, title: str) -> int:
    stream.write(f"# {md_cell(title)}\n\n")
    stream.write("| " + " | ".join(_HEADINGS) + " |\n")
    stream.write("|" + "---|" * len(_HEADINGS) + "\n")
    n = 0
    for row in rows:
        stream.write("| " + " | ".join(md_cell(c) for c in _cells(row)) + " |\n")
        n += 1
    if n == 0:
        stream.write("\n_No rolls._\n")
    return n


def write_markdown(entries: Iterable[LogEntry], stream: TextIO, title: str = "Roll log") -> int:
    """A Markdown heading and one table, every cell escaped."""
    return _markdown_rows(rows_of(entries), stream, title)


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; position: sticky; top: 0; }
tr.secret { background: #fff4e0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.meta { color: #666; }
"""


def _html_rows(rows: Iterable[tuple], stream: TextIO, title: str, subtitle: str) -> int:
    esc = html.escape
    stream.write(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{esc(title)}</h1>\n"
    )
    if subtitle:
        stream.write(f'<p class="meta">{esc(subtitle)}</p>\n')
    stream.write("<table>\n<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in _HEADINGS) + "</tr></thead>\n<tbody>\n")
    numeric = {0, 7, 8}
    n = 0
    for row in rows:
        cls = ' class="secret"' if row[13] else ""
        cells = "".join(
            f'<td class="num">{esc(c)}</td>' if i in numeric else f"<td>{esc(c)}</td>" for i, c in enumerate(_cells(row))
        )
        stream.write(f"<tr{cls}>{cells}</tr>\n")
        n += 1
    stream.write("</tbody>\n</table>\n")
    stream.write(f'<p class="meta">{n} roll{"" if n == 1 else "s"}.</p>\n</body>\n</html>\n')
    return n


def write_html(entries: Iterable[LogEntry], stream: TextIO, title: str = "Roll log", subtitle: str = "") -> int:
    """One self-contained page (inline style, no script, no link), every text escaped."""
    return _html_rows(rows_of(entries), stream, title, subtitle)


def describe_filter(flt: LogFilter) -> str:
    parts = []
    if flt.session is not None:
        parts.append(f"session {flt.session}")
    if flt.actor is not None:
        parts.append(f"actor {flt.actor}")
    if flt.since is not None:
        parts.append(f"since {flt.since}")
    if flt.until is not None:
        parts.append(f"until {flt.until}")
    parts.append("secret rolls included" if flt.include_secret else "secret rolls left out")
    return ", ".join(parts)


def export_log(
    log: RollLog,
    fmt: str,
    out: str | Path | TextIO,
    flt: LogFilter = EXPORT_DEFAULT,
    *,
    title: str = "Roll log",
) -> int:
    """Write the filtered log to ``out`` (a path, written atomically, or an open text stream).

    Returns the number of rolls written.
    """
    if fmt not in FORMATS:
        raise InvalidInput("format", f"unknown export format {fmt!r} (one of {', '.join(FORMATS)})")
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    def rows() -> Iterator[tuple]:
        return log.rows(flt, _ROW_COLUMNS)

    writers: dict[str, Callable[[TextIO], int]] = {
        "csv": lambda s: _csv_batches(log.batches(flt, _ROW_COLUMNS), s),
        "json": lambda s: write_jsonl(log.iter(flt), s),
        "md": lambda s: _markdown_rows(rows(), s, title),
        "html": lambda s: _html_rows(rows(), s, title, f"Exported {stamp}; {describe_filter(flt)}."),
    }
    if isinstance(out, (str, Path)):
        # csv wants newline="" so that its own \r\n line ends are written as they are.
        with atomic_text(out, newline="" if fmt == "csv" else None) as stream:
            return writers[fmt](stream)
    return writers[fmt](out)
