"""The Linux desktop files: valid for the freedesktop tools, and in agreement with the program they describe."""

from __future__ import annotations

import configparser
import fnmatch
import tomllib
import xml.etree.ElementTree as ET

from desktop_tools import APP_ID, DESKTOP, METAINFO, MIME_TYPE, MIME_XML, ROOT, require, run

import gmdesk
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive: Name[fr], TryExec
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_desktop_file_passes_desktop_file_validate():
    result = run(require("desktop-file-validate"), DESKTOP)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "error:" not in output and "warning:" not in output, output


def test_desktop_file_opens_campaigns_with_the_gmdesk_command():
    entry = desktop_entry()
    assert DESKTOP.stem == APP_ID  # reverse-DNS file name = the id AppStream and Wayland use
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "gmdesk %f"  # %f: one local file, what a double-click on a campaign passes
    assert entry["TryExec"] == "gmdesk"
    # The command is the console script pip installs and the program name the bundle has.
    assert "gmdesk" in pyproject()["project"]["scripts"]
    assert MIME_TYPE in entry["MimeType"].rstrip(";").split(";")
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    for key in ("GenericName", "Comment", "Keywords"):
        assert entry[f"{key}[fr]"] and entry[f"{key}[fr]"] != entry[key], key


def test_metainfo_passes_appstreamcli_validate():
    result = run(require("appstreamcli"), "validate", "--no-net", METAINFO)
    assert result.returncode == 0, result.stdout + result.stderr


def test_metainfo_describes_this_program():
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.find("launchable").get("type") == "desktop-id"
    assert root.findtext("provides/binary") == "gmdesk"
    assert root.findtext("provides/mediatype") == MIME_TYPE
    assert root.findtext("project_license") == pyproject()["project"]["license"]
    # The newest release listed is the version the program reports.
    releases = root.findall("releases/release")
    assert releases and releases[0].get("version") == gmdesk.__version__
    # One list item per system, and a French summary beside the English one.
    assert len(root.findall("description/ul/li")) == len(SYSTEMS)
    assert {s.get(XML_LANG) for s in root.findall("summary")} == {None, "fr"}


def test_mime_xml_registers_the_campaign_file_type():
    root = ET.parse(MIME_XML).getroot()  # well-formed, or this raises
    assert root.tag == f"{MIME_NS}mime-info"
    types = root.findall(f"{MIME_NS}mime-type")
    assert [t.get("type") for t in types] == [MIME_TYPE]
    mime = types[0]
    globs = [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")]
    assert globs == ["*.gmdesk"]
    from gmdesk.store.campaign_store import SUFFIX  # the suffix the store gives new campaigns
    assert fnmatch.fnmatch(f"my campaign{SUFFIX}", globs[0])
    comments = {c.get(XML_LANG): c.text for c in mime.findall(f"{MIME_NS}comment")}
    assert set(comments) == {None, "fr"} and all(comments.values())
    assert mime.find(f"{MIME_NS}icon").get("name") == APP_ID
    assert mime.find(f"{MIME_NS}sub-class-of").get("type") == "application/vnd.sqlite3"


def test_a_campaign_file_really_is_the_sqlite_the_mime_type_derives_from(tmp_path):
    from gmdesk.cli import main as cli

    path = tmp_path / "table.gmdesk"
    assert cli(["new", str(path), "--system", "cof"]) == 0
    assert path.read_bytes()[:16] == b"SQLite format 3\x00"
