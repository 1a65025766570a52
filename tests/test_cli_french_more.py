"""The rest of the command line's French (issue 24 §3): the engine's notes, the store's refusals, ``--help``
and French thousands, each in the GM's language with ``--lang fr`` (or a French terminal)."""

from __future__ import annotations

import io
import json

import pytest

from gmdesk.cli import main
from gmdesk.cli.checks import build_cli_check


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.mark.parametrize("argv", [
    ("pf2", "--mod", "5", "--dc", "20", "--fortune", "--misfortune"),
    ("pf2", "--mod", "5", "--dc", "20", "--cannot-succeed"),
    ("pf2", "--mod", "25", "--dc", "20", "--cannot-succeed"),
    ("pf2", "--mod", "0", "--dc", "45", "--cannot-succeed"),
    ("pf2", "--flat", "--dc", "21"),
])
def test_the_engines_notes_in_the_gms_language(argv):
    """``gmdesk odds`` printed the engine's notes in English under French headings."""

    from gmdesk.cli import build_parser

    check = build_cli_check(build_parser().parse_args(["odds", *argv]))
    (note,) = check.notes()
    rc, french, _ = run("odds", *argv, "--lang", "fr")
    assert rc == 0 and f"remarque\u202f: {note.fr}\n" in french and note.en not in french
    rc, english, _ = run("odds", *argv)
    assert rc == 0 and f"note: {note.en}\n" in english
    assert check.explain() == (note.en,)  # the engine's English, as before
    rc, json_fr, _ = run("odds", *argv, "--json", "--lang", "fr")
    assert json_fr == run("odds", *argv, "--json")[1]  # --json keeps English
    assert json.loads(json_fr)["notes"] == [note.en]
