"""CSV cells a spreadsheet shows as they were written: never run as a formula, never turned into a
date or a number. Numbers are written as they are, never through here."""

from __future__ import annotations

import re
from functools import lru_cache

# A spreadsheet reads a cell that begins with one of these as a formula (=HYPERLINK(…), @SUM(A1),
# -1+1…) or strips them: OWASP's "CSV injection" advice is a leading apostrophe, which spreadsheets
# show as text and hide. CSV only: the other formats are not opened by spreadsheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_FIRST = frozenset(FORMULA_STARTS)


def csv_cell(text: str) -> str:
    """One CSV text field: a would-be formula gets a leading ``'``; then as RFC 4180 and
    ``csv.QUOTE_MINIMAL`` write it: quoted when it holds a comma, a quote or a line break, inner quotes
    doubled. Numbers are written as they are, never through here."""
    if text[:1] in _FORMULA_FIRST:
        text = "'" + text
    if '"' in text or "," in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


# The same through a cache, for the texts a log repeats (actors, checks, dice); a unique text (a time)
# goes through ``csv_cell``, or it would push the repeated ones out.
csv_field = lru_cache(maxsize=1 << 16)(csv_cell)


# Excel turns a cell it can read as a date, a time or a number into one, and what the GM typed is lost
# ("3/4" becomes 3 April, "007" 7, "1e5" 100000, "Mar 12" a date). The GM's own texts (session, actor,
# check) that read so get the apostrophe too; the time column is a time, and a spreadsheet may take it.
_MONTH = (r"(?:jan(?:uary|v|vier)?|feb(?:ruary)?|f[ée]vr?(?:ier)?|mar(?:ch|s)?|apr(?:il)?|avr(?:il)?|ma[yi]|"
          r"june?|juin|july?|juil(?:let)?|aug(?:ust)?|ao[uû]t|sept?(?:ember|embre)?|oct(?:ober|obre)?|"
          r"nov(?:ember|embre)?|d[ée]c(?:ember|embre)?)\.?")
_LOOKS_LIKE_DATA = re.compile(
    rf"\s*(?:\d+(?:[/.-]\d+){{1,2}}|\d+(?::\d+){{1,2}}(?:\s*[ap]m)?|0\d+|\d*\.?\d+e[+-]?\d+|\d{{16,}}"
    rf"|\d{{1,2}}[-/ ]{_MONTH}(?:[-/ ]\d{{2,4}})?|{_MONTH}[-/ ]\d{{1,4}}(?:[-/ ]\d{{2,4}})?)\s*",
    re.IGNORECASE)


@lru_cache(maxsize=1 << 16)
def csv_text(text: str) -> str:
    """A text the GM typed, as ``csv_field``, kept as typed where a spreadsheet would read it as a
    date or a number."""
    return csv_field("'" + text if _LOOKS_LIKE_DATA.fullmatch(text) else text)
