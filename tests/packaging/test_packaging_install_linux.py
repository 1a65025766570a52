"""install-linux.sh on a stand-in bundle: the files land where the desktop looks, and a double-click on a
``.gmdesk`` file resolves to gmdesk (checked with the freedesktop tools themselves, not by reading files)."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from desktop_tools import APP_ID, MIME_TYPE, PACKAGING, ROOT, require, run

from gmdesk.cli import main as cli

FAKE_PROGRAM = '#!/bin/sh\necho "stand-in gmdesk $*"\n'


def make_bundle(folder: Path) -> Path:
    """What build.py leaves in dist/gmdesk/, with a shell script in place of the frozen program."""
    bundle = folder / "gmdesk"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copytree(ROOT / "gmdesk" / "resources", bundle / "_internal" / "gmdesk" / "resources")
    program = bundle / "gmdesk"
    program.write_text(FAKE_PROGRAM)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    shutil.copy2(PACKAGING / "install-linux.sh", bundle / "install-linux.sh")
    return bundle


def install(bundle: Path, prefix: Path, **env: str):
    result = run("sh", bundle / "install-linux.sh", prefix, env={**os.environ, **env})
    assert result.returncode == 0, result.stdout + result.stderr
    return result


@pytest.fixture
def installed(tmp_path):
    bundle = make_bundle(tmp_path / "dist")
    prefix = tmp_path / "prefix"
    install(bundle, prefix)
    return prefix


def test_installs_program_menu_entry_metainfo_icons_and_file_type(installed):
    share = installed / "share"
    assert (installed / "lib" / "gmdesk" / "_internal" / "gmdesk" / "resources" / "i18n" / "gmdesk_fr.qm").is_file()
    assert run(installed / "bin" / "gmdesk", "--version").stdout == "stand-in gmdesk --version\n"
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (share / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    pngs = sorted(p.parent.parent.name for p in (share / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.png"))
    assert {"16x16", "32x32", "48x48", "128x128", "256x256", "512x512"} <= set(pngs)
    entry = (share / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    # The menu entry runs the installed program by its full path, whatever the desktop's PATH is.
    assert f"Exec={installed}/bin/gmdesk %f\n" in entry
    assert f"TryExec={installed}/bin/gmdesk\n" in entry


def test_installed_desktop_file_still_validates(installed):
    result = run(require("desktop-file-validate"), installed / "share" / "applications" / f"{APP_ID}.desktop")
    assert result.returncode == 0 and "error:" not in result.stdout, result.stdout + result.stderr


def test_the_mime_database_maps_gmdesk_files_to_the_campaign_type(installed):
    require("update-mime-database")  # install-linux.sh ran it when present
    globs = (installed / "share" / "mime" / "globs2").read_text().splitlines()
    assert any(line.split(":", 1)[1] == f"{MIME_TYPE}:*.gmdesk" for line in globs if ":" in line)
    assert (installed / "share" / "mime" / "application" / "x-gmdesk-campaign.xml").is_file()


def test_a_double_clicked_campaign_opens_in_gmdesk(installed, tmp_path):
    """GLib (what GNOME's file manager asks) sees a campaign as our type, with gmdesk as its default
    application; without the installation the same file is just an SQLite database."""
    gio = require("gio")
    require("update-mime-database")
    campaign = tmp_path / "Fort-Rivage.gmdesk"
    assert cli(["new", str(campaign), "--system", "pf2"]) == 0

    def content_type(data_home: Path) -> str:
        env = {**os.environ, "XDG_DATA_HOME": str(data_home), "XDG_DATA_DIRS": "/usr/local/share:/usr/share"}
        out = run(gio, "info", "-a", "standard::content-type", campaign, env=env)
        assert out.returncode == 0, out.stderr
        return out.stdout.rsplit("standard::content-type:", 1)[1].strip()

    assert content_type(installed / "share") == MIME_TYPE
    assert content_type(tmp_path / "bare") != MIME_TYPE  # the control: nothing installed
    env = {**os.environ, "XDG_DATA_HOME": str(installed / "share"), "XDG_DATA_DIRS": "/usr/share",
           "LC_ALL": "C.UTF-8", "LANGUAGE": "en"}
    default = run(gio, "mime", MIME_TYPE, env=env)
    first_line = default.stdout.splitlines()[0] if default.stdout else ""
    assert first_line.startswith("Default application") and first_line.endswith(f": {APP_ID}.desktop"), \
        default.stdout + default.stderr


def test_installing_again_replaces_the_previous_installation(installed, tmp_path):
    bundle = make_bundle(tmp_path / "dist2")
    (bundle / "gmdesk").write_text('#!/bin/sh\necho "newer gmdesk"\n')
    install(bundle, installed)
    assert run(installed / "bin" / "gmdesk").stdout == "newer gmdesk\n"


def test_refuses_to_run_outside_a_bundle(tmp_path):
    shutil.copy2(PACKAGING / "install-linux.sh", tmp_path / "install-linux.sh")
    result = run("sh", tmp_path / "install-linux.sh", tmp_path / "prefix")
    assert result.returncode == 2
    assert "bundle folder" in result.stderr
    assert not (tmp_path / "prefix" / "bin").exists()
