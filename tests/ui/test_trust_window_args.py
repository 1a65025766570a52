"""Issue 22, the window's side: a mistyped command makes no campaign, the window's options are
refused when given twice or beside ``--version``, the screenshot itself goes through the write guard,
and the window refuses a side file's name in the GM's language."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from gmdesk.__main__ import main
from gmdesk.store import StoreError


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text, *a, **k: shown.append(
        (title, text)) or QMessageBox.StandardButton.Ok))
    return shown


def refused(capsys, code: int, *words: str) -> str:
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (code, err)
    for word in words:
        assert word in err, (word, err)
    return err


# -- item 3: a mistyped command is not a new campaign ---------------------------------------------

@pytest.mark.parametrize("argv, hint", [
    (["stat", "{c}"], "did you mean `stats`?"),
    (["exprot", "{c}", "--format", "csv"], "did you mean `export`?"),
    (["--lang", "en", "stat"], "did you mean `stats`?"),  # in French: test_refusals_in_french.py
    (["zzzz"], "ends in .gmdesk"),
    (["Ma campagne"], "ends in .gmdesk"),
])
def test_a_mistyped_command_is_named_and_makes_no_file(demo_file, tmp_path, monkeypatch, capsys, argv, hint):
    monkeypatch.chdir(tmp_path)
    before, siblings = sha256(demo_file), sorted(os.listdir(tmp_path))
    refused(capsys, main([a.replace("{c}", str(demo_file)) for a in argv]), "no such command or campaign", hint)
    assert sorted(os.listdir(tmp_path)) == siblings and sha256(demo_file) == before


@pytest.mark.skipif(os.environ.get("GMDESK_SKIP_SUBPROCESS") == "1", reason="no subprocess in this run")
def test_a_mistyped_command_as_the_gm_types_it(tmp_path):
    here = tmp_path / "here"
    here.mkdir()
    done = subprocess.run([sys.executable, "-m", "gmdesk", "stat"], cwd=here, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "did you mean `stats`?" in done.stderr and os.listdir(here) == []


def test_an_existing_file_and_a_new_gmdesk_name_still_open(make_window, demo_file, tmp_path):
    from gmdesk.ui.command_line import campaign_problem

    assert campaign_problem(str(demo_file)) is None
    assert campaign_problem(str(tmp_path / "new.gmdesk")) is None  # created when the window opens it


# -- item 5: the window's options are refused when given twice or beside --version ----------------

@pytest.mark.parametrize("argv, named", [
    (["--version", "extra"], "--version"),
    (["--version", "--lang", "fr"], "--version"),
    (["{c}", "--screenshot", "{d}/a.png", "--screenshot", "{d}/b.png"], "--screenshot"),
    (["{c}", "--player-screenshot", "{d}/a.png", "--player-screenshot={d}/b.png"], "--player-screenshot"),
    (["--lang", "fr", "--lang", "en", "{c}"], "--lang"),
    (["{c}", "--screenshot", "{d}/a.png", "--player-screenshot", "{d}/a.png"], "--player-screenshot"),
])
def test_window_options_twice_or_beside_version_are_refused(demo_file, tmp_path, capsys, argv, named):
    siblings = sorted(os.listdir(tmp_path))
    refused(capsys, main([a.replace("{c}", str(demo_file)).replace("{d}", str(tmp_path)) for a in argv]), named)
    assert sorted(os.listdir(tmp_path)) == siblings


# -- item 1: the screenshot's own write goes through the guard -------------------------------------

def test_the_screenshot_itself_never_replaces_a_campaign(make_window, demo_file, tmp_path, monkeypatch):
    from gmdesk.ui import app

    monkeypatch.setattr(app, "SCREENSHOT_SETTLE_MS", 10)
    window = make_window(demo_file)
    before = sha256(demo_file)
    for save in (app.save_screenshot, app.save_player_screenshot):
        with pytest.raises(StoreError) as refusal:
            save(window, demo_file)
        assert refusal.value.kind == "protected"
    assert sha256(demo_file) == before and window.store.log.count() > 0
    shot = app.save_screenshot(window, tmp_path / "shot.png")
    assert shot.stat().st_size > 0 and (shot.stat().st_mode & 0o777) != 0o600  # a file like any other


# -- item 2, in the window: a side file's name, said in the GM's language --------------------------

@pytest.mark.parametrize("lang, words", [("en", "cannot be a campaign's name"), ("fr", "ne peut pas être le nom")])
def test_the_window_will_not_make_or_open_a_campaign_under_a_side_file_name(make_window, demo_file, tmp_path,
                                                                           warnings, lang, words):
    window = make_window(demo_file, lang=lang)
    later = tmp_path / "later.gmdesk-wal"
    assert window.open_campaign(later, create_if_missing=True) is False  # as `gmdesk later.gmdesk-wal` would
    assert not later.exists() and window.store.path == demo_file
    assert len(warnings) == 1 and words in warnings[0][1] and later.name in warnings[0][1]
    # The open campaign's own write-ahead log, picked in File › Open: refused by its name alone.
    wal = Path(f"{demo_file}-wal")
    assert wal.exists() and window.open_campaign(wal) is False
    assert len(warnings) == 2 and words in warnings[1][1]
    assert window.store.path == demo_file and window.store.log.count() > 0


def test_the_export_dialog_names_a_side_file_it_will_not_write_in_french(make_window, demo_file, tmp_path, qtbot):
    from PySide6.QtCore import Qt

    window = make_window(demo_file, lang="fr")
    target = tmp_path / "later.gmdesk-journal"  # a campaign made later would take it for its journal
    dialog = window.panels["log"].open_export_dialog()
    qtbot.addWidget(dialog)
    dialog.path_edit.setText(str(target))
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    text = dialog.error_label.text()
    assert dialog.isVisible() and "«\u202flater.gmdesk-journal\u202f» est une campagne" in text, text
    assert not target.exists()
    dialog.reject()
