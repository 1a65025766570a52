"""User text inside a Markdown page (roll log exports, prep sheets): shown as typed, never read as
markup. CommonMark and the GitHub dialect find markup in punctuation (emphasis, code, links, images,
HTML tags, entities, strikethrough, table pipes) and links in bare text (``https://…``, ``www.…``,
``name@host``): each is escaped here, so what the GM typed is what the page shows."""

from __future__ import annotations

import re

# Backslash escapes work on any ASCII punctuation (CommonMark 2.4); <, > and & become entities so that
# no renderer, however lax, sees a tag or decodes an entity the GM typed.
_SPECIAL = re.compile(r"([\\`*_{}\[\]()#!|~@:])")
_WWW = re.compile(r"(?i)(www)\.")  # GitHub links "www.example.org" even without a scheme
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def md_text(text: object) -> str:
    """``text`` safe in a Markdown table cell, heading or paragraph: one line, no markup, no link."""
    flat = " ".join(str(text).split())  # a line break would end the table row
    return _WWW.sub(r"\1\\.", _SPECIAL.sub(r"\\\1", flat)).translate(_ENTITIES)
