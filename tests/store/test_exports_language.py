"""Exports speak the GM's language and the system's words, not identifiers (issue 12, item 9), on the
real path: ``gmdesk export`` run as a subprocess. JSON Lines keeps the machine identifiers."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from store_helpers import worker_env

TIER_IDS = ("critical_failure", "critical_success", "critical_hit")


def gmdesk(*argv: object, tz: str = "UTC") -> str:
    env = worker_env()
    env["TZ"] = tz
    p = subprocess.run([sys.executable, "-m", "gmdesk", *map(str, argv)], env=env, capture_output=True, text=True,
                       timeout=120)
    assert (p.returncode, p.stderr) == (0, ""), p.stderr
    return p.stdout


@pytest.fixture(scope="module")
def demos(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("demos")
    out = {}
    for system in ("cof", "dnd5e", "anarchy"):
        out[system] = folder / f"{system}.gmdesk"
        gmdesk("new", out[system], "--system", system, "--demo", "--lang", "en")
    return out


def table(markdown: str) -> list[list[str]]:
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    return [[c.strip() for c in row.strip("|").split(" | ")] for row in rows if not row.startswith("|---")]


def test_cof_markdown_in_french_says_nd_and_its_paths(demos):
    text = gmdesk("export", demos["cof"], "--format", "md", "--lang", "fr")
    head, *rows = table(text)
    assert head[:3] == ["\\#", "Heure", "Séance"] and "ND" in head and "DD" not in head and "DC" not in head
    assert "journal des jets" in text.splitlines()[0]
    outcomes = {row[head.index("Résultat")] for row in rows}
    assert outcomes and outcomes <= {"échec", "réussite", "échec critique", "réussite critique"}
    assert "Voie du traqueur" in text and "voie voie" not in text
    assert not any(tier in text for tier in TIER_IDS) and ".000Z" not in text
    english = gmdesk("export", demos["cof"], "--format", "md", "--lang", "en")
    assert "ND" in table(english)[0] and "path rank Voie du traqueur" in english


def test_csv_in_the_gms_words_and_local_time(demos):
    raw = gmdesk("export", demos["dnd5e"], "--format", "csv", "--lang", "en", tz="Asia/Tokyo")
    rows = list(csv.DictReader(io.StringIO(raw, newline="")))
    assert list(rows[0])[:7] == ["#", "Time", "Session", "Actor", "Check", "System", "Outcome"] and "DC" in rows[0]
    assert {r["Outcome"] for r in rows} <= {"failure", "success", "critical failure", "critical success", "miss",
                                            "hit", "critical hit"}
    assert {r["System"] for r in rows} == {"D&D 5e (2024)"}
    breakdowns = " ".join(r["Breakdown"] for r in rows)
    assert "WIS" in breakdowns and "ability wis" not in breakdowns and "ability str" not in breakdowns
    # The time is the GM's clock (Tokyo: UTC+9, no summer time), not ISO UTC with milliseconds.
    machine = [json.loads(line) for line in gmdesk("export", demos["dnd5e"], "--format", "json").splitlines()]
    for row, entry in zip(rows, machine):
        utc = datetime.fromisoformat(entry["time_utc"].replace("Z", "+00:00"))
        assert row["Time"] == (utc + timedelta(hours=9)).strftime("%Y-%m-%d %H:%M:%S")
    french = list(csv.DictReader(io.StringIO(gmdesk("export", demos["dnd5e"], "--format", "csv", "--lang", "fr"),
                                             newline="")))
    assert "DD" in french[0] and "Résultat" in french[0]
    assert {r["Résultat"] for r in french} <= {"échec", "réussite", "échec critique", "réussite critique",
                                               "raté", "touché", "coup critique"}
    assert "SAG" in " ".join(r["Détail"] for r in french)


def test_anarchy_csv_names_its_threshold_and_its_notes(demos):
    rows = list(csv.DictReader(io.StringIO(gmdesk("export", demos["anarchy"], "--format", "csv", "--lang", "fr"),
                                           newline="")))
    assert "Seuil" in rows[0] and "Réussites" in rows[0]
    notes = " ".join(r["Notes"] for r in rows)
    assert "réussites nettes" in notes and "net hits" not in notes
    english = list(csv.DictReader(io.StringIO(gmdesk("export", demos["anarchy"], "--format", "csv", "--lang", "en"),
                                              newline="")))
    assert "Threshold" in english[0] and "net hits" in " ".join(r["Notes"] for r in english)


def test_json_lines_keep_the_machine_identifiers(demos):
    lines = [json.loads(line) for line in gmdesk("export", demos["cof"], "--format", "json", "--lang", "fr")
             .splitlines()]
    assert lines and {e["tier"] for e in lines} <= {"failure", "success", "critical_failure", "critical_success"}
    assert all(e["time_utc"].endswith("Z") for e in lines) and all(e["system"] == "cof" for e in lines)


def test_without_lang_the_terminal_language_decides(demos):
    env = worker_env()
    env["LANGUAGE"] = "fr_FR"
    p = subprocess.run([sys.executable, "-m", "gmdesk", "export", str(demos["cof"]), "--format", "html"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and '<html lang="fr">' in p.stdout and "<th>ND</th>" in p.stdout
    assert "jets secrets laissés de côté" in p.stdout


def test_gmdesk_new_demo_in_the_gms_language(tmp_path):
    """``gmdesk new --demo`` builds the demo in ``--lang``, else in the terminal's language."""
    from gmdesk.store import CampaignStore

    def names(path: Path) -> set[str]:
        with CampaignStore.open(path) as store:
            return {c.name for c in store.characters.list()} | {c.notes for c in store.characters.list()}

    gmdesk("new", tmp_path / "en.gmdesk", "--system", "pf2", "--demo", "--lang", "en")
    assert {"Goblin", "Mother Odile", "Dwarf fighter"} <= names(tmp_path / "en.gmdesk")
    env = worker_env()
    env["LANGUAGE"] = "fr_FR"
    p = subprocess.run([sys.executable, "-m", "gmdesk", "new", str(tmp_path / "fr.gmdesk"), "--system", "pf2",
                        "--demo"], env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    french = names(tmp_path / "fr.gmdesk")
    assert {"Gobelin", "Mère Odile", "Guerrière naine"} <= french and "Goblin" not in french
    gmdesk("new", tmp_path / "en-terminal.gmdesk", "--system", "pf2", "--demo")  # LANGUAGE=en
    assert "Goblin" in names(tmp_path / "en-terminal.gmdesk")


def test_the_recap_names_the_systems_number_and_reads_the_gms_clock(demos):
    page = gmdesk("export", demos["cof"], "--format", "recap", "--lang", "fr", "--include-secret", tz="Asia/Tokyo")
    assert "<th>ND</th>" in page and "<th>DD</th>" not in page and "(UTC)" not in page and "<th>Heure</th>" in page
    machine = [json.loads(line) for line in gmdesk("export", demos["cof"], "--format", "json", "--include-secret")
               .splitlines()]
    last_session = machine[-1]["session"]
    first = next(e for e in machine if e["session"] == last_session)
    utc = datetime.fromisoformat(first["time_utc"].replace("Z", "+00:00"))
    assert (utc + timedelta(hours=9)).strftime("%Y-%m-%d %H:%M:%S") in page
