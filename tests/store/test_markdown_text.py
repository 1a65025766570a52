"""Markdown escapes only where Markdown reads markup (issue 25, item 3): times, parentheses and words
with an underscore stay as typed, and any text still renders as itself, one text node."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.store.markdown_text import md_text

markdown_it = pytest.importorskip("markdown_it")
MD = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])


@pytest.mark.parametrize("text", ["19:36:57", "2026-11-30 19:36:57", "Pathfinder 2 (playtest)", "R-1, R-2 off",
                                  "snake_case", "d20:17(dropped) d20:4", "+4 ability WIS", "Round #3", "a\\b",
                                  "C'est l’heure ! 50 %", "@Bob"])
def test_plain_text_is_written_as_typed(text: str) -> None:
    assert md_text(text) == text


def rendered(text: str) -> str:
    tokens = MD.parseInline(md_text(text))[0].children
    assert [t.type for t in tokens] in ([], ["text"]), (text, md_text(text), tokens)
    return tokens[0].content if tokens else ""


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab _*`[]()!<>&;#|~\\:/@.w1", max_size=24))
def test_any_text_renders_as_itself(text: str) -> None:
    flat = " ".join(text.split())
    assert rendered(text) == flat
    table = MD.render(f"| a | b |\n|---|---|\n| {md_text(text)} | x |\n")
    assert table.count("<td>") == 2
