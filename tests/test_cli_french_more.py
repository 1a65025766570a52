"""The rest of the command line's French (issue 24 §3): the engine's notes, the store's refusals, ``--help``
and French thousands, each in the GM's language with ``--lang fr`` (or a French terminal)."""

from __future__ import annotations

import io
import json
import re

import pytest

from test_cli_french import english_terminal, run  # noqa: F401  (autouse: an English terminal)

from gmdesk.cli.checks import build_cli_check


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


def test_french_thousands_in_every_count_the_command_line_says():
    """"30,000 jets" read "30 000 jets" nowhere: Ctrl+C's line, a refusal, the progress line."""
    from gmdesk.cli.progress import TerminalProgress
    from gmdesk.cli.words import count, error_line

    assert count(30_000, "fr") == "30\u202f000" and count(30_000, "en") == "30,000"
    kept = error_line("interrupted: 30,000 of 1,000,000 rolls logged in t.gmdesk and kept", "fr", "roll")
    assert "30\u202f000 jets sur 1\u202f000\u202f000 notés" in kept and "," not in kept
    rc, _, err = run("roll", "pf2", "--mod", "1", "--dc", "10", "--count", "0", "--lang", "fr")
    assert rc == 2 and "de 1 à 1\u202f000\u202f000, reçu 0" in err
    line = TerminalProgress("export", io.StringIO(), lang="fr").line(120_000, 1_000_000, 2.0)
    assert line == "export\u202f: 120\u202f000 sur 1\u202f000\u202f000 jets (12\u202f%), 60\u202f000 jets/s, encore 15 s"
    assert TerminalProgress("export", io.StringIO()).line(120_000, 1_000_000, 2.0) == \
        "export: 120,000 of 1,000,000 rolls (12 %), 60,000 rolls/s, 15 s left"


@pytest.mark.parametrize("english, french", [
    ("cannot log the rolls: the disk is full (c.gmdesk): 3,000 of 5,000 rolls were logged",
     "impossible de noter les jets\u202f: le disque est plein (c.gmdesk)\u202f: 3\u202f000 jets sur 5\u202f000 ont été notés"),
    ("cannot import the characters: the campaign is read-only (the file or its folder cannot be written) (c.gmdesk)",
     "impossible d’importer les personnages\u202f: la campagne est en lecture seule (le fichier ou son dossier ne "
     "peut pas être écrit) (c.gmdesk)"),
    ("c.gmdesk: the campaign file is damaged (bad page size)",
     "c.gmdesk\u202f: le fichier de campagne est endommagé (taille de page invalide)"),
    ("c.gmdesk: made by a newer gmdesk (format 9; this one reads up to 6)",
     "c.gmdesk\u202f: créé par un gmdesk plus récent (format 9\u202f; celui-ci lit jusqu’au format 6)"),
    ("c.gmdesk: the file is empty, not a gmdesk campaign",
     "c.gmdesk\u202f: le fichier est vide, ce n’est pas une campagne gmdesk"),
    ("c.gmdesk: a campaign of the game system 'gurps', which this gmdesk does not know (it knows pf2, cof)",
     "c.gmdesk\u202f: une campagne du système de jeu 'gurps', que ce gmdesk ne connaît pas (il connaît pf2, cof)"),
    ("cannot write out.html: the disk is full", "impossible d’écrire out.html\u202f: le disque est plein"),
    ("an SQLite error no one foresaw", "an SQLite error no one foresaw"),  # no pattern: left as it is
])
def test_the_stores_refusals_in_french(english, french):
    from gmdesk.store.refusal_words import in_language

    assert in_language(english, "fr") == french
    assert in_language(english, "en") == english


def test_a_store_refusal_of_a_command_in_french(tmp_path):
    """`gmdesk check`/`stats` on a file that is no campaign: the store's reason in French, one line."""
    empty = tmp_path / "e.gmdesk"
    empty.write_bytes(b"")
    for argv in (("check", str(empty)), ("stats", str(empty)), ("sheets", "export", str(empty))):
        rc, out, err = run(*argv, "--lang", "fr")
        assert rc == 2 and not out and err.count("\n") == 1, err
        assert err.endswith(f"{empty}\u202f: le fichier est vide, ce n’est pas une campagne gmdesk\n"), err


# English words no French --help may hold (command names, option names, metavars and choices aside).
ENGLISH_HELP = ("the", "of", "and", "with", "show", "this", "help", "message", "exit", "usage", "positional",
                "rolls", "campaign", "character", "characters", "file", "default", "language", "only", "from",
                "each", "every", "what", "who", "write", "read", "seed", "dice", "output", "several", "systems",
                "or", "to", "an", "in", "one", "twice", "keep", "higher", "lower", "against", "rule", "pool",
                "hits", "helper", "modifier", "fight", "party", "creatures", "level")


def french_help_english_words(text: str) -> list[str]:
    from gmdesk.cli import COMMANDS

    text = re.sub(r"--?[\w-]+|\{[^}]*\}|\b[A-Z][A-Z0-9_]*(\.gmdesk|\.json|\.png)?\b", " ", text)
    text = re.sub(rf"\b({'|'.join(COMMANDS)}|gmdesk|pf2|dnd5e|dnd35|cof|anarchy|recap|JSON|VTT)\b", " ", text)
    return sorted({w for w in ENGLISH_HELP if re.search(rf"(?<![\w’-]){w}(?![\w’-])", text)})


def gmdesk_help(*argv: str, env: dict | None = None) -> str:
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": repo + os.pathsep + os.environ.get("PYTHONPATH", ""), **(env or {})}
    done = subprocess.run([sys.executable, "-m", "gmdesk", *argv], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return done.stdout


def test_help_in_french_holds_no_english_word():
    """``gmdesk --lang fr --help`` and every command's: argparse's words and every help text in French."""
    from gmdesk.cli import COMMANDS, build_parser

    said = [gmdesk_help("--lang", "fr", "--help")]
    for command in COMMANDS:
        out = io.StringIO()
        parser = build_parser("fr")
        sub = parser._subparsers._group_actions[0].choices[command]
        sub.print_help(out)
        said.append(out.getvalue())
    for text in said:
        assert text.startswith("utilisation\u202f: gmdesk") and "options\u202f:" in text, text[:200]
        assert not french_help_english_words(text), (french_help_english_words(text), text)
    english = gmdesk_help("--help")
    assert english.startswith("usage: gmdesk") and "show this help message and exit" in english


def test_help_follows_a_french_terminal():
    said = gmdesk_help("stats", "--help", env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
                                               "LANG": "fr_FR.UTF-8"})
    assert said.startswith("utilisation\u202f: gmdesk stats") and "afficher cette aide et quitter" in said
    assert not french_help_english_words(said), said


def test_the_new_french_is_set_with_french_typography():
    from gmdesk.cli import help_words
    from gmdesk.store import refusal_words

    french = ([f for _, f in refusal_words.PATTERNS] + list(refusal_words._DOING.values())
              + list(refusal_words._WHY.values()) + list(help_words.FRENCH.values()) + [f for _, f in help_words.PATTERNS])
    for text in french:
        assert not re.search(r" [:;!?]", text) and "'" not in text, text
