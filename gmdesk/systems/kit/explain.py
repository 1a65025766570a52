"""What changes the dice of a check, in words the check panel lists under the breakdown: the
sources of an advantage (a condition, the Help action…) or of fortune, and when they cancel."""

from __future__ import annotations

from gmdesk.engine.words import Word

CANCEL = Word("They cancel: one d20", "Ils s’annulent\u202f: un seul d20")
TICKED = "✓"  # ticked in the panel, no source to name


def favour_lines(favour: list[str], disfavour: list[str], up: Word, down: Word, lang: str) -> list[tuple[str, str]]:
    """(what, why) lines: ``up`` with the sources in its favour, ``down`` with those against it,
    and a line saying they cancel when both are there."""
    named = lambda sources: ", ".join(s for s in sources if s != TICKED)  # noqa: E731
    lines = []
    if favour:
        lines.append((up.text(lang), named(favour)))
    if disfavour:
        lines.append((down.text(lang), named(disfavour)))
    if favour and disfavour:
        lines.append((CANCEL.text(lang), ""))
    return lines
