"""The one rule for a name, wherever it comes from: a character's, a scene's, a prepared check's, a
fight's and a combatant's, the campaign's, and a logged roll's actor, label and session — typed in the
window, given on the command line, read from a sheets file or an import.

A name is shown everywhere (the window, the player window, every export, the recap's charts), so it
holds nothing that only some of them survive: no control characters (a terminal's escape sequences,
a bell that an SVG chart refuses outright), no invisible format characters (a right-to-left override
that reverses what follows), no lone surrogates (bytes that were not UTF-8 on a command line, which
nothing can write back), no noncharacters. Control characters and line breaks become a space, the
invisible ones go, and runs of spaces become one; the other spaces stay (the narrow no-break space of
French typography, "Attaque !"). Markup stays text (shown as typed, escaped where it must be).

The ends are not trimmed here: the sheet's name field saves at each keystroke, and "Grom " is how
"Grom the Bold" starts. Files and the command line trim theirs (``plain_name(…).strip()``).
"""

from __future__ import annotations

import unicodedata

from gmdesk.engine.core import RulesError
from gmdesk.systems.kit.fields import check_str

MAX_NAME = 100  # characters in a name read from a file (a sheets file, an import)
# Zero-width (non-)joiners are how Persian, the Indic scripts and emoji sequences are written: kept.
JOINERS = frozenset("\u200c\u200d")
DROPPED = frozenset(("Cf", "Cs", "Co", "Cn"))


def plain_name(text: str) -> str:
    """``text`` as a name holds it (see the module's rule); the same text when there is nothing to do."""
    if text.isprintable() and "  " not in text:
        return text  # nearly every name: no copy, no walk (a million logged rolls read back)
    kept = []
    for ch in text:
        kind = unicodedata.category(ch)
        if kind in ("Cc", "Zl", "Zp"):
            kept.append(" ")  # a tab, a line break: the name goes on, on one line
        elif kind not in DROPPED or ch in JOINERS or (kind == "Cn" and not _noncharacter(ch)):
            kept.append(ch)  # an unassigned character may be assigned by a newer Unicode: kept
    return _one_space("".join(kept))


def name_field(field: str, value: object) -> str:
    """A model's name field: text (RulesError naming ``field`` otherwise), as ``plain_name`` holds it."""
    return plain_name(check_str(field, value))


def file_name(field: str, value: str) -> str:
    """A name read from a file: the rule, trimmed, at most ``MAX_NAME`` characters (refused, never cut)."""
    name = plain_name(value).strip()
    if len(name) > MAX_NAME:
        raise RulesError(field, f"a name of {len(name):,} characters; at most {MAX_NAME}")
    return name


def _noncharacter(ch: str) -> bool:
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def _one_space(text: str) -> str:
    while "  " in text:
        text = text.replace("  ", " ")
    return text
