"""gmdesk's data folder (no Qt): where it is on each platform, and the one-time move of gmdesk 0.1's
``<data>/gmdesk/gmdesk`` up one level, a campaign always together with its sidecar files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmdesk import data_folder as df
from gmdesk.data_folder import LEFT_OVER, STAGING, data_folder, move_old_folder


@pytest.mark.parametrize("env,platform,expected", [
    ({"HOME": "/home/gm"}, "linux", "/home/gm/.local/share/gmdesk"),
    ({"HOME": "/home/gm", "XDG_DATA_HOME": "/data/gm"}, "linux", "/data/gm/gmdesk"),
    ({"HOME": "/home/gm", "XDG_DATA_HOME": "relative/share"}, "linux", "/home/gm/.local/share/gmdesk"),
    ({"HOME": "/home/gm", "XDG_DATA_HOME": ""}, "freebsd14", "/home/gm/.local/share/gmdesk"),
    ({"HOME": "/Users/gm"}, "darwin", "/Users/gm/Library/Application Support/gmdesk"),
    ({"HOME": "C:/Users/gm", "APPDATA": "C:/Users/gm/AppData/Roaming"}, "win32", "C:/Users/gm/AppData/Roaming/gmdesk"),
])
def test_the_data_folder_is_gmdesk_in_the_platforms_place_for_user_data(env, platform, expected):
    assert data_folder(env, platform) == Path(expected)


def old_folder_of_gmdesk_0_1(folder: Path, files: dict[str, bytes]) -> Path:
    old = folder / "gmdesk"
    old.mkdir(parents=True)
    for name, data in files.items():
        (old / name).write_bytes(data)
    return old


def test_the_old_folder_moves_up_once_and_paths_follow(tmp_path):
    folder = tmp_path / "gmdesk"
    files = {"demo-pf2.gmdesk": b"pf2", "demo-pf2.gmdesk-wal": b"wal", "table.gmdesk": b"cof", "notes.txt": b"n"}
    old = old_folder_of_gmdesk_0_1(folder, files)
    move = move_old_folder(folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == files
    assert not old.exists() and not (folder / STAGING).exists() and move.left_in is None
    assert move.new_path(old / "table.gmdesk") == folder / "table.gmdesk"
    assert move.new_path(tmp_path / "elsewhere.gmdesk") is None
    # Nothing left to move: a second call changes nothing.
    again = move_old_folder(folder)
    assert again.moved == {} and {p.name for p in folder.iterdir()} == set(files)


def test_nothing_to_move_for_a_new_user(tmp_path):
    folder = tmp_path / "gmdesk"
    move = move_old_folder(folder)
    assert move.moved == {} and move.left_in is None and not folder.exists()


def test_a_taken_name_keeps_the_whole_campaign_with_its_wal_in_a_left_over_folder(tmp_path):
    folder = tmp_path / "gmdesk"
    folder.mkdir()
    (folder / "demo-pf2.gmdesk").write_bytes(b"the new demo")
    old = old_folder_of_gmdesk_0_1(folder, {"demo-pf2.gmdesk": b"old demo", "demo-pf2.gmdesk-wal": b"old wal",
                                            "table.gmdesk": b"cof"})
    move = move_old_folder(folder)
    assert (folder / "demo-pf2.gmdesk").read_bytes() == b"the new demo"
    assert not (folder / "demo-pf2.gmdesk-wal").exists()  # never another file's WAL beside it
    assert move.left_in == folder / LEFT_OVER
    assert {p.name: p.read_bytes() for p in move.left_in.iterdir()} == {
        "demo-pf2.gmdesk": b"old demo", "demo-pf2.gmdesk-wal": b"old wal"}
    assert (folder / "table.gmdesk").read_bytes() == b"cof"
    assert move.new_path(old / "demo-pf2.gmdesk") == move.left_in / "demo-pf2.gmdesk"
    assert move.new_path(old / "table.gmdesk") == folder / "table.gmdesk"


def test_an_interrupted_move_is_finished_by_the_next_start(tmp_path):
    """gmdesk stopped after renaming the old folder and moving one campaign: the next start moves the
    rest, and a path the settings still name in the old folder is found where it went."""
    folder = tmp_path / "gmdesk"
    old = old_folder_of_gmdesk_0_1(folder, {"a.gmdesk": b"a", "b.gmdesk": b"b"})
    os.rename(old, folder / STAGING)
    os.rename(folder / STAGING / "a.gmdesk", folder / "a.gmdesk")
    move = move_old_folder(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["a.gmdesk", "b.gmdesk"]
    assert move.new_path(old / "a.gmdesk") == folder / "a.gmdesk"
    assert move.new_path(old / "b.gmdesk") == folder / "b.gmdesk"


def test_a_failed_rename_puts_the_campaigns_sidecars_back(tmp_path, monkeypatch):
    folder = tmp_path / "gmdesk"
    old_folder_of_gmdesk_0_1(folder, {"c.gmdesk": b"db", "c.gmdesk-wal": b"wal"})
    real_rename = os.rename

    def rename(src, dst):
        if Path(src).name == "c.gmdesk" and Path(dst).parent == folder:
            raise OSError(5, "Input/output error")
        real_rename(src, dst)

    monkeypatch.setattr(df.os, "rename", rename)
    move = move_old_folder(folder)
    assert not (folder / "c.gmdesk-wal").exists() and not (folder / "c.gmdesk").exists()
    assert {p.name for p in move.left_in.iterdir()} == {"c.gmdesk", "c.gmdesk-wal"}
