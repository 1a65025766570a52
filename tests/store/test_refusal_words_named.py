"""Issue 24: a refusal naming a file by a relative name, or the import formats by theirs, is French
whole with --lang fr (the command line names the file, then says the why)."""

from __future__ import annotations

import io
import json

from gmdesk.cli import main
from gmdesk.store.refusal_words import said

ENGLISH = ("no such", "campaign file", "not a", "actor", "NPC", "holds", "this campaign", "made by", "newer")


def refused(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out, err) == 2
    assert err.getvalue().count("\n") == 1
    return err.getvalue()


def test_a_campaign_named_by_a_relative_name_is_refused_in_french(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "text.gmdesk").write_text("not a campaign\n", encoding="utf-8")
    for argv in (("export", "nothere.gmdesk", "--format", "csv"), ("check", "text.gmdesk")):
        line = refused(*argv, "--lang", "fr")
        assert not [w for w in ENGLISH if w in line], line
        assert argv[1] in line
        assert "\u202f: " in line


def test_the_import_formats_are_named_in_french(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new", "c.gmdesk", "--system", "pf2"], io.StringIO(), io.StringIO()) == 0
    (tmp_path / "other.json").write_text(json.dumps({"a": 1}), encoding="utf-8")
    line = refused("import", "c.gmdesk", "other.json", "--lang", "fr")
    assert "acteur Foundry VTT dnd5e" in line and "PNJ Foundry VTT pf2e" in line, line
    assert not [w for w in ENGLISH if w in line], line
    english = refused("import", "c.gmdesk", "other.json", "--lang", "en")
    assert "Foundry VTT dnd5e actor" in english


def test_a_reason_no_pattern_knows_stays_as_it_is():
    assert said("x.json: the moon is cheese", "fr") == "x.json\u202f: the moon is cheese"
    assert said("x.json: the moon is cheese", "en") == "x.json: the moon is cheese"
