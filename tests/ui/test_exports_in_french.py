"""Issue 24: a French demo campaign's exports — the roll log as CSV, Markdown and HTML, the recap, the
prep sheet — hold no English: headings, outcomes, breakdowns and the engine's notes (a DC's own
modifiers, dnd5e's Heroic Inspiration) in French; JSON Lines keeps its machine ids."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from gmdesk import systems
from gmdesk.cli import main
from gmdesk.ui.campaign_files import create_campaign
from test_refusals_in_french import french  # noqa: F401 - the window in French: the prep sheet speaks it

# English a French export never holds outside the GM's own data.
ENGLISH = ("the", "and", "with", "roll", "rolls", "check", "success", "failure", "critical", "session", "time",
           "character", "result", "notes", "rulings", "dice", "vs", "DC", "ability", "modifier", "item",
           "circumstance", "status", "rerolled", "stands", "Heroic", "no Dex", "bonus to AC", "trained",
           "untrained", "expected", "observed", "hits", "helper", "aid")


def english_in(text: str, own: str) -> list[str]:
    """``ENGLISH`` words of ``text`` (markup, styles and the campaign's own words left out)."""
    text = html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.DOTALL))
    return sorted({w for w in ENGLISH if re.search(rf"(?<![\w’'-]){w}(?![\w’'-])", text)
                   and not re.search(rf"(?<![\w’'-]){w}(?![\w’'-])", own)})


def run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out, err) == 0, err.getvalue()
    return out.getvalue()


@pytest.mark.parametrize("system", systems.ids())
def test_a_french_campaigns_exports_hold_no_english(system, tmp_path, qtbot, french):  # the sheet draws its matrix
    from gmdesk.ui.panels.prep.export import export_scene
    from gmdesk.ui.panels.prep.grid import PrepContext

    path = tmp_path / "demo.gmdesk"
    store = create_campaign(path, system, "", True, "fr")
    try:
        own = "\n".join([c.name for c in store.characters.list()] + [e.label for e in store.log.iter()]
                        + [store.info.name])
        ctx = PrepContext.from_store(store, "fr")
        sheets = [export_scene(ctx, scene, tmp_path / f"prep{i}.md", "md").read_text(encoding="utf-8")
                  for i, scene in enumerate(store.scenes.list())]
    finally:
        store.close()
    for fmt in ("csv", "md", "html", "recap"):
        said = run("export", str(path), "--format", fmt, "--include-secret", "--lang", "fr")
        assert english_in(said, own) == [], (fmt, english_in(said, own))
    for sheet in sheets:
        assert english_in(sheet, own) == [], english_in(sheet, own)
    jsonl = run("export", str(path), "--format", "json", "--include-secret", "--lang", "fr")
    assert jsonl == run("export", str(path), "--format", "json", "--include-secret", "--lang", "en")
    tiers = {json.loads(line)["tier"] for line in jsonl.splitlines()}
    assert tiers and all(re.fullmatch(r"[a-z_]+", t) for t in tiers), tiers  # machine ids, whatever the language
