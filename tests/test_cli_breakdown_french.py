"""Issue 24: ``gmdesk roll … --lang fr`` prints a roll's breakdown in French — the modifier the GM gave
(--mod: "modificateur de caractéristique", cof's "score de base"), dnd3.5's helpers — in the same
words as the window and the exports (``BreakdownWords``); --json is the same in every language."""

from __future__ import annotations

import io
import re

import pytest

from gmdesk.campaign.breakdown_words import BreakdownWords
from gmdesk.cli import main
from gmdesk.engine.core import Breakdown, Modifier

# English a French breakdown never holds.
ENGLISH = ("ability", "modifier", "base score", "proficiency", "circumstance", "aid", "another", "helper",
           "vs", "DC", "failed", "suppressed")

ROLLS = (("pf2", "--mod", "5", "--dc", "15"), ("pf2", "--mod", "5", "--dc", "15", "--fortune"),
         ("dnd5e", "--mod", "3", "--dc", "15", "--advantage"), ("dnd35", "--mod", "3", "--dc", "15", "--aid", "2",
                                                                "--aid", "15"),
         ("dnd35", "--mod", "3", "--dc", "15", "--take10"), ("cof", "--mod", "5", "--dc", "15"))


def run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out, err) == 0, err.getvalue()
    return out.getvalue()


def english_in(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){w}(?![\w-])", text, re.IGNORECASE)]


@pytest.mark.parametrize("argv", ROLLS, ids=lambda a: " ".join(a))
def test_a_rolls_breakdown_in_french(argv):
    said = run("roll", *argv, "--seed", "3", "--count", "4", "--lang", "fr")
    breakdowns = re.findall(r"\[d.*\]", said)
    assert len(breakdowns) == 4, said
    assert english_in(said) == [], said
    assert run("roll", *argv, "--seed", "3", "--count", "4", "--json", "--lang", "fr") == \
        run("roll", *argv, "--seed", "3", "--count", "4", "--json", "--lang", "en")


@pytest.mark.parametrize("system, modifier", [("pf2", Modifier(5, "modifier", "ability")),
                                              ("cof", Modifier(5, "score", "base"))])
def test_the_mod_reads_as_one_phrase_in_each_language(system, modifier):
    """``--mod``'s kind and source are one phrase, in French in its own order; English as before, and
    a logged roll's breakdown (the exports') the same."""
    breakdown = Breakdown.of([modifier])
    english = BreakdownWords(system, lang="en").breakdown_text(breakdown)
    french = BreakdownWords(system, lang="fr").breakdown_text(breakdown)
    assert english == breakdown.text()
    assert english_in(french) == [] and french.startswith("+5 ") and french != english
    assert BreakdownWords(system, lang="fr").logged_text(breakdown.to_dict()) == french
