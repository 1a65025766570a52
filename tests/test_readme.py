"""Every ``gmdesk …`` line of README.md's code blocks works as written: run in order, by the installed
``gmdesk`` program, in an empty folder, as a new user (a HOME of its own, no display), each exits 0.

A line that would open the window (no command, no ``--screenshot``, ``--version`` or ``--help``) is run
with ``--screenshot FILE.png`` added: the same start-up, campaign and language, then a PNG instead of
waiting for the GM to close the window.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from gmdesk.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
GMDESK = Path(sys.executable).with_name("gmdesk")  # the console script pip installed
NOT_A_WINDOW = {"--screenshot", "--player-screenshot", "--version", "--help", "-h"}


def readme_commands(text: str) -> list[list[str]]:
    """The ``gmdesk`` lines of the fenced code blocks, split as the shell would (comments dropped)."""
    commands = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.M | re.S):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] == "gmdesk":
                commands.append(words)
    return commands


def opens_the_window(words: list[str]) -> bool:
    args = words[1:]
    return not (args and args[0] in COMMANDS) and not NOT_A_WINDOW & set(args)


def test_the_readme_commands_are_found():
    commands = readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(commands) >= 10
    assert ["gmdesk", "odds", "pf2", "--mod", "7", "--dc", "20", "--json"] in commands
    assert opens_the_window(["gmdesk"]) and opens_the_window(["gmdesk", "table.gmdesk", "--lang", "fr"])
    assert not opens_the_window(["gmdesk", "new", "x.gmdesk"])
    assert not opens_the_window(["gmdesk", "--screenshot", "w.png"])


def test_every_gmdesk_line_of_the_readme_works_in_an_empty_folder(tmp_path):
    folder, home = tmp_path / "work", tmp_path / "home"
    folder.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "QT_"))}
    env |= {"HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
    for n, words in enumerate(readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))):
        args = words[1:]
        if opens_the_window(words):
            args += ["--screenshot", str(tmp_path / f"window-{n}.png")]
        result = subprocess.run([str(GMDESK), *args], cwd=folder, env=env, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, f"{shlex.join(words)}\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
    assert (folder / "window.png").stat().st_size > 10_000  # the screenshot line drew the window
    assert (folder / "players.png").stat().st_size > 10_000  # and the player window's
    assert (folder / "log.html").is_file() and (folder / "other.gmdesk").is_file()
