"""User text inside a Markdown page (roll log exports, prep sheets): shown as typed, never read as
markup. CommonMark and the GitHub dialect find markup in punctuation (emphasis, code, links, images,
HTML tags, entities, strikethrough, table pipes) and links in bare text (``https://…``, ``www.…``,
``name@host``): each is escaped here, so what the GM typed is what the page shows.

Only where Markdown would read markup: a time stays "19:36:57" and a system "Pathfinder 2
(playtest)", since a colon makes a link only in ``://`` and parentheses only after a ``]`` (always
escaped); an underscore inside a word ("snake_case") never makes emphasis. A backslash escapes only
punctuation, so one before a letter is left as it is.
"""

from __future__ import annotations

import re

# Always: code spans, emphasis by *, links and images ([ ]), strikethrough (~), table cells (|).
# Underscore: unless between two letters or digits (CommonMark's intraword rule). Backslash: before
# punctuation or at the end (where the next text may be punctuation). "://" ends a scheme GitHub
# links bare; "name@" starts an address it links. "#" ends a heading when it closes the text.
_SPECIAL = re.compile(
    r"[`*\[\]|~]"
    r"|(?<![^\W_])_|_(?![^\W_])"
    r"|\\(?=[!-/:-@\[-`{-~]|$)"
    r"|:(?=//)"
    r"|(?<=[\w.+-])@"
    r"|^#|#$"
)
_WWW = re.compile(r"(?i)(?<![^\W_])(www)\.")  # GitHub links "www.example.org" even without a scheme
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _escape(match: re.Match) -> str:
    return "\\" + match.group(0)


def md_text(text: object) -> str:
    """``text`` safe in a Markdown table cell, heading or paragraph: one line, no markup, no link."""
    flat = " ".join(str(text).split())  # a line break would end the table row
    return _WWW.sub(r"\1\\.", _SPECIAL.sub(_escape, flat)).translate(_ENTITIES)
