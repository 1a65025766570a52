"""Exports of the roll log: CSV, JSON Lines, Markdown and a self-contained HTML page.

Secret rolls stay out unless the filter asks for them (``LogFilter(include_secret=True)``); the
default export filter leaves them out. Every text the GM or players typed (actor, label, session,
breakdown sources, notes) is escaped for its format: Markdown table cells cannot break the table or
inject HTML or make a link, the HTML page renders ``<script>`` as text, and a CSV cell that a
spreadsheet would run as a formula (``=HYPERLINK(…)``) starts with an apostrophe (``csv_field``).

CSV, Markdown and HTML speak the GM's language (``lang``) and the system's words: column headings,
tiers ("critical success" / "réussite critique"), the target's name (DC, DD, ND, threshold…), the
breakdown's words (``gmdesk.campaign.breakdown_words``, as the window says them) and the local date
and time. JSON Lines keeps the machine identifiers: it is for programs.

Every format reads raw rows a batch at a time (memory stays flat whatever the log's size) and turns
the dice and breakdown JSON into text through a cache: a campaign's rolls repeat the same few hundred
breakdowns, so 100,000 rows export in well under a second (JSON Lines: ``jsonl_export``).
``export_log(…, progress=…)`` reports after each batch and stops when told (``gmdesk.store.progress``).

A CSV file starts with the UTF-8 byte order mark, so that Excel reads "Sélène" rather than
"SÃ©lÃ¨ne" (LibreOffice and Python's ``utf-8-sig`` read both); a stream (stdout) gets none, a
program reads it.
"""

from __future__ import annotations

import html
import json
from dataclasses import replace
import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, TextIO

from gmdesk.campaign.breakdown_words import BreakdownWords
from gmdesk.campaign.log import LogEntry
from gmdesk.engine.words import COMPLICATION, Word, tier_text
from gmdesk import systems
from gmdesk.systems.kit.rulings import summary as rulings_summary
from gmdesk.store import jsonl_export
from gmdesk.store.atomic import atomic_text
from gmdesk.store.csv_cells import FORMULA_STARTS, csv_cell, csv_field, csv_text  # noqa: F401  (re-exported)
from gmdesk.store.errors import InvalidInput
from gmdesk.store.markdown_text import md_text
from gmdesk.store.progress import Progress, reporting
from gmdesk.store.rolllog import LogFilter, RollLog, rulings_json

FORMATS = ("csv", "json", "md", "html")
EXPORT_DEFAULT = LogFilter(include_secret=False, include_undone=False)

# The CSV's columns in the GM's language; ``None`` stands for the target's name (the system's own:
# DC, DD, ND, Threshold, Seuil).
CSV_COLUMNS = (
    Word.same("#"), Word("Time", "Heure"), Word("Session", "Séance"), Word("Actor", "Personnage"),
    Word("Check", "Test"), Word("System", "Système"), Word("Outcome", "Résultat"), Word("Total", "Total"),
    Word("Hits", "Réussites"), None, Word("Complication", "Complication"), Word("Dice", "Dés"),
    Word("Breakdown", "Détail"), Word("Secret", "Secret"), Word("Reroll of", "Relance de"),
    Word("Notes", "Notes"), Word("Rulings", "Arbitrages"),
)
YES = Word("yes", "oui")
GENERIC_TARGET = Word("DC", "DD")  # a log of no known system
# The raw row every text export works from, in this order.
_ROW_COLUMNS = ("id, time_utc, session, actor, label, system, tier, total, hits, dc, complication, "
                "dice_json, breakdown_json, secret, reroll_of, notes_json, rulings_json")
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


# A die that did not count, as the export marks it (``d6:1(relancé)``); an unknown state as it is.
DIE_STATES = {"dropped": Word("dropped", "écarté"), "rerolled": Word("rerolled", "relancé"),
              "opponent": Word("opponent", "adversaire")}


def dice_text(dice: list[dict], lang: str = "en") -> str:
    """``d20:17 d20:4(dropped)``: every die in roll order, with the ones that did not count marked."""
    def state(s: str) -> str:
        return DIE_STATES[s].text(lang) if s in DIE_STATES else s

    return " ".join(
        f"d{d.get('sides', '?')}:{d.get('face')}" + ("" if d.get("state", "kept") == "kept" else f"({state(d['state'])})")
        for d in dice
    )


@lru_cache(maxsize=1 << 16)
def _dice_text(raw: str, lang: str = "en") -> str:
    return dice_text(json.loads(raw), lang)


@lru_cache(maxsize=64)
def _words(system: str, lang: str) -> BreakdownWords:
    return BreakdownWords(system, lang=lang)


@lru_cache(maxsize=1 << 16)
def _breakdown_text(raw: str, system: str = "", lang: str = "en") -> str:
    """A logged breakdown in the GM's words: "+2 WIS", "+1 caractéristique SAG", "Voie du traqueur"."""
    return _words(system, lang).logged_text(json.loads(raw))


@lru_cache(maxsize=4096)
def _utc_offset(hour: str) -> timedelta:
    """The local clock's offset from UTC at that UTC hour ("2026-11-02T10"): one lookup per hour."""
    moment = datetime.fromisoformat(hour + ":00:00").replace(tzinfo=timezone.utc)
    return moment.astimezone().utcoffset() or timedelta(0)


def local_time(time_utc: str) -> str:
    """A logged UTC time ("2026-11-02T10:00:00.000Z") as the GM's clock read it: "2026-11-02 11:00:00"
    in Paris in winter. A time that does not parse is shown as it is."""
    try:
        offset = _utc_offset(time_utc[:13])
        if not offset:  # the GM's clock is UTC: the text as it is, without parsing it
            datetime.fromisoformat(time_utc[:19])  # (still refusing what is no time)
            return f"{time_utc[:10]} {time_utc[11:19]}"
        return (datetime.fromisoformat(time_utc[:19]) + offset).isoformat(" ")
    except ValueError:
        return time_utc


@lru_cache(maxsize=64)
def target_name(system: str, lang: str = "en") -> str:
    """The name of the number a roll aims at, capitalised for a heading: DC, DD, ND, Threshold, Seuil."""
    found = systems.find(system)
    word = found.target.word if found is not None else GENERIC_TARGET
    text = word.text(lang)
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=64)
def system_name(system: str, lang: str = "en") -> str:
    found = systems.find(system)
    return found.name.text(lang) if found is not None else system


def tier_cell(tier: str, complication: int | None, lang: str = "en") -> str:
    """"critical success", "réussite + complication 1"."""
    text = tier_text(tier, lang)
    return text if complication is None else f"{text} + {COMPLICATION.text(lang)} {complication}"


@lru_cache(maxsize=1 << 12)
def _notes_text(raw: str, system: str = "", lang: str = "en") -> str:
    """The engine's notes on a roll in the GM's language ("réussites nettes +1")."""
    words = _words(system, lang)
    return "; ".join(words.note(n) for n in json.loads(raw))


@lru_cache(maxsize=1 << 10)
def rulings_text(system: str, recorded: str | None, lang: str = "en") -> str:
    """``R-1`` / ``R-1 off``…: the rulings a roll was made under, from its description's ``rulings``
    as JSON text (the ``rulings_json`` column; '' or None: a roll logged before they were recorded,
    made under the defaults)."""
    try:
        found = systems.find(system)
        return rulings_summary(found.rulings if found is not None else (),
                               json.loads(recorded) if recorded else None, lang)
    except (ValueError, TypeError):  # a description edited by hand: say nothing rather than guess
        return ""


def result_text(total: int | None, hits: int | None, complication: int | None, lang: str = "en") -> str:
    if hits is not None:
        if lang == "fr":  # French counts 0 and 1 as singular
            text = f"{hits} réussite" + ("" if hits in (0, 1) else "s")
        else:
            text = f"{hits} hit" + ("" if hits == 1 else "s")
        if complication is not None:
            text += f", {COMPLICATION.text(lang)} {complication}"
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


@lru_cache(maxsize=1 << 16)
def _breakdown_field(raw: str, system: str = "", lang: str = "en") -> str:
    return csv_field(_breakdown_text(raw, system, lang))


@lru_cache(maxsize=1 << 12)
def _notes_field(raw: str, system: str = "", lang: str = "en") -> str:
    return csv_field(_notes_text(raw, system, lang))


def csv_header(system: str = "", lang: str = "en") -> list[str]:
    """The CSV's column headings in ``lang``, the target's in the system's words."""
    return [target_name(system, lang) if c is None else c.text(lang) for c in CSV_COLUMNS]


def _csv_batches(batches: Iterable[list[tuple]], stream: TextIO, lang: str = "en", system: str = "",
                 bom: bool = False) -> int:
    # The csv module walks every character in Python-visible C calls: five times slower here than
    # building each line, with the repeated texts (actors, sessions, breakdowns) quoted once.
    q, typed, dice, breakdown, notes, when = csv_field, csv_text, _dice_text, _breakdown_field, _notes_field, local_time
    cell = csv_cell  # the time: unique to each roll, kept out of the cache
    yes = YES.text(lang)
    if bom:
        stream.write("\ufeff")
    stream.write(",".join(csv_field(h) for h in csv_header(system, lang)) + "\r\n")
    n = 0
    for rows in batches:
        stream.write("".join([
            f"{r[0]},{cell(when(r[1]))},{typed(r[2])},{typed(r[3])},{typed(r[4])},{q(system_name(r[5], lang))},"
            f"{q(tier_text(r[6], lang))},"
            f"{'' if r[7] is None else r[7]},{'' if r[8] is None else r[8]},{'' if r[9] is None else r[9]},"
            f"{'' if r[10] is None else r[10]},{q(dice(r[11], lang))},{breakdown(r[12], r[5], lang)},{yes if r[13] else ''},"
            f"{'' if r[14] is None else r[14]},{notes(r[15], r[5], lang)},{q(rulings_text(r[5], r[16], lang))}\r\n"
            for r in rows
        ]))
        n += len(rows)
    return n


def write_csv(entries: Iterable[LogEntry], stream: TextIO, lang: str = "en", system: str = "") -> int:
    """UTF-8 CSV (the caller opens ``stream`` with ``newline=""``), a header, one row per roll."""
    return _csv_batches([list(rows_of(entries))], stream, lang, system)


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
    return _md_cell(str(text))


_md_cell = lru_cache(maxsize=1 << 16)(md_text)  # a log's cells repeat (actors, checks, breakdowns)
_plain_time = re.compile(r"[\d :.-]*").fullmatch  # "2026-11-30 21:05:12": nothing Markdown reads


# The Markdown and HTML tables' columns; ``None``: the target's name in the system's words.
_HEADINGS = (Word.same("#"), Word("Time", "Heure"), Word("Session", "Séance"), Word("Actor", "Personnage"),
             Word("Check", "Test"), Word("System", "Système"), Word("Outcome", "Résultat"),
             Word("Result", "Total"), None, Word("Dice", "Dés"), Word("Breakdown", "Détail"),
             Word("Notes", "Notes"), Word("Rulings", "Arbitrages"))
SECRET = Word(" (secret)", " (secret)")
REROLL_OF = Word(" (reroll of #{n})", " (relance du n° {n})")
NO_ROLLS = Word("No rolls.", "Aucun jet.")


def headings(system: str = "", lang: str = "en") -> list[str]:
    return [target_name(system, lang) if h is None else h.text(lang) for h in _HEADINGS]


def _cells(row: tuple, lang: str = "en") -> tuple[str, ...]:
    (rid, time_utc, session, actor, label, system, tier, total, hits, dc, complication, dice, breakdown, secret,
     reroll_of, notes, check) = row
    label = (label + (SECRET.text(lang) if secret else "")
             + (REROLL_OF.format(lang, n=reroll_of) if reroll_of else ""))
    return (str(rid), local_time(time_utc), session, actor, label, system_name(system, lang),
            tier_cell(tier, complication if hits is not None else None, lang),
            result_text(total, hits, None, lang), _opt(dc), _dice_text(dice, lang),
            _breakdown_text(breakdown, system, lang), _notes_text(notes, system, lang), rulings_text(system, check, lang))


def _markdown_rows(rows: Iterable[tuple], stream: TextIO, title: str, lang: str = "en", system: str = "") -> int:
    heads = headings(system, lang)
    stream.write(f"# {md_cell(title)}\n\n")
    stream.write("| " + " | ".join(md_cell(h) for h in heads) + " |\n")
    stream.write("|" + "---|" * len(heads) + "\n")
    n = 0
    m = _md_cell  # not for the roll's number and time: unique, they would push the repeated cells out of the cache
    for row in rows:
        c = _cells(row, lang)
        stream.write(f"| {c[0]} | {c[1] if _plain_time(c[1]) else md_text(c[1])} | {m(c[2])} | {m(c[3])} | {m(c[4])} | {m(c[5])} | {m(c[6])} | "
                     f"{m(c[7])} | {m(c[8])} | {m(c[9])} | {m(c[10])} | {m(c[11])} | {m(c[12])} |\n")
        n += 1
    if n == 0:
        stream.write(f"\n_{NO_ROLLS.text(lang)}_\n")
    return n


def write_markdown(entries: Iterable[LogEntry], stream: TextIO, title: str = "Roll log", lang: str = "en",
                   system: str = "") -> int:
    """A Markdown heading and one table, every cell escaped."""
    return _markdown_rows(rows_of(entries), stream, title, lang, system)


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; position: sticky; top: 0; }
tr.secret { background: #fff4e0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.meta { color: #666; }
"""


_html_text = lru_cache(maxsize=1 << 16)(html.escape)  # a log's cells repeat: each escaped once
_SECRET_ROW = ' class="secret"'


def _html_rows(rows: Iterable[tuple], stream: TextIO, title: str, subtitle: str, lang: str = "en",
               system: str = "") -> int:
    esc = html.escape
    stream.write(
        f'<!DOCTYPE html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{esc(title)}</h1>\n"
    )
    if subtitle:
        stream.write(f'<p class="meta">{esc(subtitle)}</p>\n')
    stream.write("<table>\n<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in headings(system, lang)) + "</tr></thead>\n<tbody>\n")
    n, e = 0, _html_text  # as in Markdown, the unique number and time are escaped without the cache
    for row in rows:
        c = _cells(row, lang)  # the first (the roll's number), the eighth and ninth are numbers
        stream.write(
            f'<tr{_SECRET_ROW if row[13] else ""}><td class="num">{c[0]}</td><td>{esc(c[1])}</td>'
            f"<td>{e(c[2])}</td><td>{e(c[3])}</td><td>{e(c[4])}</td><td>{e(c[5])}</td><td>{e(c[6])}</td>"
            f'<td class="num">{e(c[7])}</td><td class="num">{e(c[8])}</td><td>{e(c[9])}</td><td>{e(c[10])}</td>'
            f"<td>{e(c[11])}</td><td>{e(c[12])}</td></tr>\n")
        n += 1
    stream.write("</tbody>\n</table>\n")
    count = (Word("{n} roll.", "{n} jet.") if n == 1 or (n == 0 and lang == "fr")
             else Word("{n} rolls.", "{n} jets.")).format(lang, n=n)
    stream.write(f'<p class="meta">{count}</p>\n</body>\n</html>\n')
    return n


def write_html(entries: Iterable[LogEntry], stream: TextIO, title: str = "Roll log", subtitle: str = "",
               lang: str = "en", system: str = "") -> int:
    """One self-contained page (inline style, no script, no link), every text escaped."""
    return _html_rows(rows_of(entries), stream, title, subtitle, lang, system)


def describe_filter(flt: LogFilter, lang: str = "en") -> str:
    parts = []
    if flt.session is not None:
        parts.append(Word("session {v}", "séance {v}").format(lang, v=flt.session))
    if flt.actor is not None:
        parts.append(Word("actor {v}", "personnage {v}").format(lang, v=flt.actor))
    if flt.since is not None:
        parts.append(Word("since {v} (UTC)", "depuis le {v} (UTC)").format(lang, v=flt.since))
    if flt.until is not None:
        parts.append(Word("until {v} (UTC)", "jusqu’au {v} (UTC)").format(lang, v=flt.until))
    parts.append((Word("secret rolls included", "jets secrets compris") if flt.include_secret
                  else Word("secret rolls left out", "jets secrets laissés de côté")).text(lang))
    return ", ".join(parts)


def export_log(
    log: RollLog,
    fmt: str,
    out: str | Path | TextIO,
    flt: LogFilter = EXPORT_DEFAULT,
    *,
    title: str = "Roll log",
    lang: str = "en",
    system: str = "",
    progress: Progress | None = None,
) -> int:
    """Write the filtered log to ``out`` (a path, written atomically, or an open text stream), in
    ``lang`` and the words of ``system`` (the campaign's: the target's name in the headings).

    ``progress(done, total)`` is told after every batch of rolls; when it returns False the export
    stops with ``Cancelled`` and a path is left as it was (no temporary file stays).
    Returns the number of rolls written.
    """
    if fmt not in FORMATS:
        raise InvalidInput("format", f"unknown export format {fmt!r} (one of {', '.join(FORMATS)})")
    flt = replace(flt, include_undone=False)  # a roll an undo took back is not part of the session
    stamp = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M")
    exported = Word("Exported {stamp}; {filter}.", "Exporté le {stamp}\u202f; {filter}.")

    total = log.count(flt) if progress is not None else 0
    to_file = isinstance(out, (str, Path))

    def batches(columns: str = _ROW_COLUMNS) -> Iterator[list[tuple]]:
        return reporting(log.batches(flt, columns), total, progress)

    def rows() -> Iterator[tuple]:
        return (row for batch in batches() for row in batch)

    writers: dict[str, Callable[[TextIO], int]] = {
        "csv": lambda s: _csv_batches(batches(), s, lang, system, bom=to_file),
        "json": lambda s: jsonl_export.write_batches(batches(jsonl_export.COLUMNS), s),
        "md": lambda s: _markdown_rows(rows(), s, title, lang, system),
        "html": lambda s: _html_rows(rows(), s, title,
                                     exported.format(lang, stamp=stamp, filter=describe_filter(flt, lang)),
                                     lang, system),
    }
    # Counted through the indexes and by a scan of the table before anything is written, and the
    # rolls written counted again after: a damaged index is refused, not exported as a shorter log.
    expected = log.verified_count(flt)

    def write(stream: TextIO) -> int:
        try:
            written = writers[fmt](stream)
        except json.JSONDecodeError:  # a roll's JSON the open did not read (an old page of a long log)
            log.damage_met("a logged roll holds unreadable data")
        log.confirm(written, expected)  # a file written to stays as it was
        return written

    if to_file:
        # csv wants newline="" so that its own \r\n line ends are written as they are.
        with atomic_text(out, newline="" if fmt == "csv" else None) as stream:
            return write(stream)
    return write(out)
