"""A refused sheet value, said to the GM: "CHA must be between 1 and 30", not
"sheet.abilities.cha: must be at most 30, got 99".

The domain states its rules for every front end (the CLI, the import, the form) in plain English
with the offending value; the form knows more — the field's name as the GM reads it, the range the
rules allow for it now, the GM's language — so it says the rule again in those words. A rule this
table does not know keeps its own text after the field's name: still readable, never an identifier.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.ui import i18n

CONTEXT = "SheetForm"

# (rule pattern, message): the message's {label} is the field's name; other {names} are the pattern's groups.
RULES = (
    (r"ranks come in halves", QT_TRANSLATE_NOOP("SheetForm", "{label}: ranks come in halves (0, 0.5, 1, 1.5…)")),
    (r"at most (?P<top>[\d.]+) ranks for a class skill at level (?P<level>\d+)",
     QT_TRANSLATE_NOOP("SheetForm", "{label}: at most {top} ranks for a class skill at level {level}")),
    (r"at most (?P<top>[\d.]+) ranks for a cross-class skill at level (?P<level>\d+)",
     QT_TRANSLATE_NOOP("SheetForm", "{label}: at most {top} ranks for a cross-class skill at level {level}")),
    (r"a character needs a name", QT_TRANSLATE_NOOP("SheetForm", "A character needs a name")),
    (r"a (skill|path) needs a name", QT_TRANSLATE_NOOP("SheetForm", "{label}: give it a name")),
    (r"a bonus or penalty cannot be 0", QT_TRANSLATE_NOOP("SheetForm", "{label}: a bonus or a penalty cannot be 0")),
    (r"an untyped entry can only be a penalty",
     QT_TRANSLATE_NOOP("SheetForm", "{label}: an untyped entry can only be a penalty (below 0)")),
    (r"a \w+ (bonus|penalty) must be negative", QT_TRANSLATE_NOOP("SheetForm", "{label} must be below 0 for this type")),
    (r"a \w+ (bonus|penalty) must be (?P<lo>[+-]?\d+)\.\.(?P<hi>[+-]?\d+)",
     QT_TRANSLATE_NOOP("SheetForm", "{label} must be between {lo} and {hi} for this type")),
    (r"is listed twice", QT_TRANSLATE_NOOP("SheetForm", "{label}: already on the sheet")),
    (r"say where the modifier comes from", QT_TRANSLATE_NOOP("SheetForm", "{label}: say where it comes from")),
    (r"needs proficiency in it first", QT_TRANSLATE_NOOP("SheetForm", "{label}: expertise needs proficiency first")),
    (r"must be a whole number", QT_TRANSLATE_NOOP("SheetForm", "{label} must be a whole number")),
)
RANGE = re.compile(r"must be at (least|most) (?P<n>[+-]?[\d.]+)")
BETWEEN = QT_TRANSLATE_NOOP("SheetForm", "{label} must be between {lo} and {hi}")
AT_LEAST = QT_TRANSLATE_NOOP("SheetForm", "{label} must be at least {lo}")
AT_MOST = QT_TRANSLATE_NOOP("SheetForm", "{label} must be at most {hi}")
OTHER = QT_TRANSLATE_NOOP("SheetForm", "{label}: {rule}")


def number(value: float) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if i18n.current_language() == "fr" else text


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def field_message(label: str, rule: str, lo: float | None = None, hi: float | None = None) -> str:
    """``rule`` (the domain's words) said for the field ``label``, whose allowed range is lo … hi."""
    label = label.rstrip(":").strip() or "?"
    for pattern, message in RULES:
        found = re.search(pattern, rule)
        if found:
            groups = {k: (number(float(v)) if k == "top" else v) for k, v in found.groupdict().items()}
            return tr(message).format(label=label, **groups)
    found = RANGE.search(rule)
    if found:
        n = float(found.group("n"))
        lo = lo if lo is not None else (n if found.group(1) == "least" else None)
        hi = hi if hi is not None else (n if found.group(1) == "most" else None)
        if lo is not None and hi is not None:
            return tr(BETWEEN).format(label=label, lo=number(lo), hi=number(hi))
        if lo is not None:
            return tr(AT_LEAST).format(label=label, lo=number(lo))
        return tr(AT_MOST).format(label=label, hi=number(hi))
    plain = re.sub(r",? got .*$", "", rule).strip()  # the value is on screen already
    return tr(OTHER).format(label=label, rule=plain)
