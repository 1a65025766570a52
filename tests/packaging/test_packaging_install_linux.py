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


def path_without(tmp_path: Path, *missing: str) -> str:
    """A PATH with every program of this one but ``missing``: a machine without that package."""
    folder = tmp_path / ("bin-without-" + "-".join(missing))
    folder.mkdir()
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if not directory or not Path(directory).is_dir():
            continue
        for program in Path(directory).iterdir():
            link = folder / program.name
            if program.name not in missing and not link.exists() and os.access(program, os.X_OK):
                link.symlink_to(program)
    return str(folder)


def gio_default_application(gio: str, installed: Path) -> str:
    env = {**os.environ, "XDG_DATA_HOME": str(installed / "share"), "XDG_DATA_DIRS": "/usr/share",
           "LC_ALL": "C.UTF-8", "LANGUAGE": "en"}
    default = run(gio, "mime", MIME_TYPE, env=env)
    return default.stdout + default.stderr


@pytest.mark.requires_tool("gio", "update-mime-database")
@pytest.mark.parametrize("desktop_file_utils", ["installed", "missing"])
def test_a_double_clicked_campaign_opens_in_gmdesk(desktop_file_utils, tmp_path):
    """GLib (what GNOME's file manager asks) sees a campaign as our type, with gmdesk as its default
    application; without the installation the same file is just an SQLite database. Without
    desktop-file-utils, install-linux.sh writes gmdesk's line into mimeinfo.cache itself."""
    gio = require("gio")
    env = {}
    if desktop_file_utils == "installed":
        require("update-desktop-database")
    else:
        env["PATH"] = path_without(tmp_path, "update-desktop-database")
    installed = tmp_path / "prefix"
    install(make_bundle(tmp_path / "dist"), installed, **env)
    campaign = tmp_path / "Fort-Rivage.gmdesk"
    assert cli(["new", str(campaign), "--system", "pf2"]) == 0

    def content_type(data_home: Path) -> str:
        env = {**os.environ, "XDG_DATA_HOME": str(data_home), "XDG_DATA_DIRS": "/usr/local/share:/usr/share"}
        out = run(gio, "info", "-a", "standard::content-type", campaign, env=env)
        assert out.returncode == 0, out.stderr
        return out.stdout.rsplit("standard::content-type:", 1)[1].strip()

    assert content_type(installed / "share") == MIME_TYPE
    assert content_type(tmp_path / "bare") != MIME_TYPE  # the control: nothing installed
    first_line = gio_default_application(gio, installed).splitlines()[0]
    assert first_line.startswith("Default application") and first_line.endswith(f": {APP_ID}.desktop"), first_line


@pytest.mark.requires_tool("gio", "update-mime-database")
def test_without_desktop_file_utils_other_applications_keep_their_file_types(tmp_path):
    """The mimeinfo.cache install-linux.sh completes keeps every line it had (another application for
    our type stays registered beside gmdesk), and installing twice adds gmdesk once."""
    gio = require("gio")
    installed = tmp_path / "prefix"
    cache = installed / "share" / "applications" / "mimeinfo.cache"
    cache.parent.mkdir(parents=True)
    cache.write_text(f"[MIME Cache]\ntext/plain=org.example.Editor.desktop;\n{MIME_TYPE}=org.example.Db.desktop;\n")
    env = {"PATH": path_without(tmp_path, "update-desktop-database")}
    install(make_bundle(tmp_path / "dist"), installed, **env)
    install(make_bundle(tmp_path / "dist2"), installed, **env)
    assert cache.read_text().splitlines() == [
        "[MIME Cache]", "text/plain=org.example.Editor.desktop;",
        f"{MIME_TYPE}=org.example.Db.desktop;{APP_ID}.desktop;"]
    (cache.parent / "org.example.Db.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Db\nExec=true %f\nMimeType={MIME_TYPE};\n".format(MIME_TYPE=MIME_TYPE))
    registered = gio_default_application(gio, installed)
    assert f"\t{APP_ID}.desktop" in registered and "\torg.example.Db.desktop" in registered, registered


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
