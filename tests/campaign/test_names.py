"""Issue 22 §7: one rule for a name however it gets in (``gmdesk.campaign.names``): a character's, a
scene's, a prepared check's, a fight's and a combatant's, the campaign's, a logged roll's actor, label,
session and fight — typed in the window, given to ``gmdesk roll --log`` or ``gmdesk sheets import``,
imported. Control characters and bidi overrides never reach an export nor the recap's SVG charts."""

from __future__ import annotations

import base64
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo, Character, Combatant, Encounter, PreparedCheck, Scene
from gmdesk.campaign.names import file_name, plain_name
from gmdesk.engine.core import RulesError
from gmdesk.systems.kit.refs import CheckRef

REPO = Path(__file__).resolve().parents[2]
HOSTILE = "Gob\x07lin\x1b[31m\u202e\u200b Chief\udcff\ufffe"
PLAIN = "Gob lin [31m Chief"


def pf2_sheet():
    from gmdesk.campaign.demo import demo_campaign

    return next(c for c in demo_campaign("pf2", "en").characters if c.kind == "pc").sheet


def test_the_rule():
    assert plain_name(HOSTILE) == PLAIN
    assert plain_name("Grom ") == "Grom "  # the sheet's field saves as the GM types "Grom the Bold"
    assert plain_name("a\tb\nc\u2028d") == "a b c d"
    for kept in ("<b>Evil</b>", "=SUM(A1)", "Attaque\u202f!", "👩\u200d🚀", "می\u200cخواهم", "Zoë  "[:-1]):
        assert plain_name(kept) == kept
    assert file_name("name", "  Bad\x00Name  ") == "Bad Name"
    with pytest.raises(RulesError, match="a name of 134 characters; at most 100"):
        file_name("name", "N" * 134)  # refused, never cut to 100


def test_every_kind_of_name_follows_it():
    check = PreparedCheck(None, HOSTILE, CheckRef("perception"), 15)
    assert check.name == PLAIN
    assert Scene(None, HOSTILE, 0, [check]).name == PLAIN
    assert CampaignInfo(HOSTILE, "pf2").name == PLAIN
    assert Combatant(None, HOSTILE).name == PLAIN
    assert Encounter(None, HOSTILE).name == PLAIN
    hero = Character(None, HOSTILE, "pc", "pf2", pf2_sheet())
    assert hero.name == PLAIN
    # The window edits a character as a dict (the sheet's name field) and in place, then validates.
    assert Character.from_dict({**hero.to_dict(), "name": "Bell\x07e"}).name == "Bell e"
    assert replace(hero, name="\u202eevil").name == "evil"
    hero.name = "Tab\there"
    hero.validate()
    assert hero.name == "Tab here"
    with pytest.raises(RulesError, match="a character needs a name"):
        Character(None, "\x07\u202e", "pc", "pf2", pf2_sheet())
    entry = LogEntry(system="pf2", tier="success", actor=f" {HOSTILE} ", label="Per\x1bception", session="S\x002",
                     fight="Am\u202ebush")
    assert (entry.actor, entry.label, entry.session, entry.fight) == (PLAIN, "Per ception", "S 2", "Ambush")
    assert LogEntry.from_dict({**entry.to_dict(), "actor": "X\x07"}).actor == "X"


def cli(*argv: object) -> str:
    """A command run in this process (quick); its output."""
    from gmdesk.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main([str(a) for a in argv], out, err) == 0, err.getvalue()
    return out.getvalue()


def test_roll_log_and_sheets_import_names_reach_no_export_raw(tmp_path):
    campaign = tmp_path / "c.gmdesk"
    cli("new", campaign, "--system", "pf2", "--demo")
    actor = HOSTILE.replace("\udcff", "").encode("utf-8")

    def roll(who: bytes):
        return subprocess.run([sys.executable, "-m", "gmdesk", "roll", "pf2", "--mod", "4", "--dc", "15", "--count",
                               "3", "--log", str(campaign), "--actor", who, "--label", "Stealth\x07\u202e"],
                              env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, timeout=120)

    # Bytes that are not UTF-8 (a terminal's wrong encoding) are refused whole, not half-written.
    before = campaign.read_bytes()
    refused = roll(actor + b"\xff")
    assert refused.returncode == 2 and b"--actor" in refused.stderr and campaign.read_bytes() == before
    done = roll(actor)
    assert done.returncode == 0, done.stderr
    doc = json.loads(cli("sheets", "export", campaign))
    doc["characters"] = [{**doc["characters"][0], "name": "Mal\x07\u202eory"}]
    sheets = tmp_path / "party.json"
    sheets.write_text(json.dumps(doc), encoding="utf-8")
    cli("sheets", "import", campaign, sheets)
    assert "Mal ory" in [c["name"] for c in json.loads(cli("sheets", "export", campaign))["characters"]]
    assert cli("checks", campaign, "--actor", " mal\x07\u202eory ")  # found as it was given to sheets import
    for fmt in ("csv", "json", "md", "html"):
        text = cli("export", campaign, "--format", fmt).replace("\\u0007", "\x07").replace("\\u202e", "\u202e")
        assert "\x07" not in text and "\u202e" not in text and "\x1b" not in text and "\udcff" not in text, fmt
    assert f",{PLAIN},Stealth," in cli("export", campaign, "--format", "csv")
    charts = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', cli("export", campaign, "--format", "recap"))
    assert charts
    for chart in charts:
        ET.fromstring(base64.b64decode(chart))  # "PCDATA invalid Char value 7" before the rule


def test_the_recap_of_an_older_log_holding_a_control_character_still_draws():
    from gmdesk.analytics.svg import successes_chart

    svg = successes_chart([("Old\x07 name", 1.5, 2, False)], "Who\x1b succeeded", "expected", "observed", str)
    ET.fromstring(svg)


def test_stats_and_export_find_a_name_given_as_it_was_typed(tmp_path):
    """``--actor`` of ``stats`` and ``export`` names the rolls as they were logged: a name with a
    control character in it is held to the same rule as it was when the roll was logged."""
    campaign = tmp_path / "c.gmdesk"
    cli("new", campaign, "--system", "pf2")
    cli("roll", "pf2", "--mod", "4", "--dc", "15", "--count", "3", "--log", campaign, "--actor", "Gob\x07lin")
    rows = cli("export", campaign, "--format", "csv", "--actor", "Gob\x07lin").strip().splitlines()
    assert len(rows) == 1 + 3 and all(",Gob lin," in row for row in rows[1:])
    assert json.loads(cli("stats", campaign, "--actor", "Gob\x07lin", "--json"))["groups"]
