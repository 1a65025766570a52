"""The prep panel's texts: every one extracted by pyside6-lupdate in the "PrepPanel" context, and
every one with a French translation (gmdesk/resources/i18n/fr_prep.tsv) keeping its placeholders."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from system_tools import require_tool

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(ROOT.glob("gmdesk/ui/panels/prep/*.py"))  # the panel, its models, its export dialog
# fr_prep.tsv, and the texts added by the language and editing work of issue 12 (kept apart so branches merge)
TSVS = [ROOT / "gmdesk/resources/i18n/fr_prep.tsv", ROOT / "gmdesk/resources/i18n/fr_language.tsv",
        ROOT / "gmdesk/resources/i18n/fr_editing.tsv", ROOT / "gmdesk/resources/i18n/fr_exports.tsv"]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, list[str]]:
    lupdate = require_tool("pyside6-lupdate")
    ts = tmp_path_factory.mktemp("i18n") / "prep.ts"
    subprocess.run([str(lupdate), *map(str, SOURCES), "-ts", str(ts)], check=True, capture_output=True, timeout=120)
    out: dict[str, list[str]] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        out[context.findtext("name") or ""] = [m.findtext("source") for m in context.iter("message")]
    return out


def french() -> dict[str, str]:
    pairs = [line.split("\t") for tsv in TSVS for line in tsv.read_text(encoding="utf-8").splitlines() if line]
    assert all(len(p) == 2 for p in pairs)
    return dict(pairs)


def test_every_text_is_in_the_prep_context(extracted):
    assert set(extracted) == {"PrepPanel"}  # no text lost in an unnamed context
    assert len(extracted["PrepPanel"]) > 100


def test_every_text_has_its_french(extracted):
    fr = french()
    assert sorted(set(extracted["PrepPanel"]) - set(fr)) == []
    for en, text in fr.items():
        assert text.strip(), en
        assert sorted(re.findall(r"\{\w+\}", en)) == sorted(re.findall(r"\{\w+\}", text)), en
        assert text.count("&") <= 1 and (("&" in en) == ("&" in text)), en
