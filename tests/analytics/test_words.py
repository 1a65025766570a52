"""The recap speaks the GM's language: every English text the recap and its charts use has its French
(the recap is written without Qt, so its words are in ``gmdesk.analytics.words``, not the catalogue)."""

from __future__ import annotations

import ast
from pathlib import Path

from gmdesk.analytics import plain, recap, recap_appendix, recap_log, words

SOURCES = [Path(m.__file__) for m in (recap, recap_log, recap_appendix, plain)]


def recap_texts() -> set[str]:
    """Every literal passed to ``tr(…)`` in the recap's sources."""
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
    return found


def test_every_recap_text_has_its_french():
    texts = recap_texts()
    assert len(texts) > 30  # the scan found the recap's words
    missing = sorted(t for t in texts if t not in words.FRENCH)
    assert not missing, missing
    for tier in words.TIERS.values():
        assert tier in words.FRENCH


def test_placeholders_survive_translation():
    import re

    for english, french in words.FRENCH.items():
        assert set(re.findall(r"\{\w+\}", english)) == set(re.findall(r"\{\w+\}", french)), english


def test_numbers_in_each_language():
    assert words.number(1234.5, "en", 1) == "1,234.5"
    assert words.number(1234.5, "fr", 1) == "1\u202f234,5"
    assert words.percent(0.25, "fr") == "25\u202f%" and words.percent(0.25, "en") == "25 %"
    assert words.p_text(0.00001234, "fr") == "1,2e-05"
