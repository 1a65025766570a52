"""Issue 12, item 5: on a 1366×768 laptop and on a 1920×1080 screen scaled 150 % (1280×720 for the
window), for every system, both languages and both layouts (Table, Prep), with every dock and every
tab raised in turn: the window fits the screen's available area, nothing a GM reads is cut (no
visible button, check box or unwrapped label narrower than its size hint, no header section narrower
than its title, no cell cut without its whole text in a tooltip), and the check panel keeps its
width after a roll. Item 8: on the laptop, each window then switched live from the Language menu
(English → French, French → English) fits the same way, after its roll, and the check panel keeps its
width: what a start in one language measured is measured again in the other.

Qt fixes the screen and the scale factor when the application starts: each screen is measured in a
fresh process (``window_fit.py``), both at once (they share nothing)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

SCREENS = {
    # name: (the screen's size, Qt's scale factor) — what the window gets is the size / the factor.
    "1366x768": ((1366, 768), "1"),
    "1920x1080@150%": ((1920, 1080), "1.5"),
}
LIVE = {"1366x768"}  # the screens where each window then switches language live (item 8): the smallest


def _start(tmp_path: Path, name: str, size: tuple[int, int], scale: str, script: str = "window_fit.py",
           args: list[str] | None = None) -> tuple[subprocess.Popen, Path]:
    """``script`` (a measuring script beside this file) on a screen of its own, in a fresh process
    with an empty home; ``args`` after its output file (window_fit.py: every system, both
    languages, and ``--live`` on the smallest screen)."""
    folder = tmp_path / f"{name}-{script}-{'-'.join(args or [])}".replace("@", "-").replace("%", "").replace(",", "-")
    for sub in ("home", "config", "data", "cache", "runtime"):
        (folder / sub).mkdir(parents=True, mode=0o700)
    screen = folder / "screen.json"
    screen.write_text(json.dumps({"screens": [{"name": name, "x": 0, "y": 0, "width": size[0], "height": size[1],
                                               "logicalDpi": 96, "dpr": 1}]}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("QT_")}
    env.update(QT_QPA_PLATFORM=f"offscreen:configfile={screen}", QT_SCALE_FACTOR=scale,
               HOME=str(folder / "home"), XDG_CONFIG_HOME=str(folder / "config"), XDG_DATA_HOME=str(folder / "data"),
               XDG_CACHE_HOME=str(folder / "cache"), XDG_RUNTIME_DIR=str(folder / "runtime"),
               LANGUAGE="en", LC_ALL="C.UTF-8",
               PYTHONPATH=str(REPO) + os.pathsep + env.get("PYTHONPATH", ""))
    out = folder / "findings.json"
    if args is None:
        args = ["--live"] if name in LIVE else []
    process = subprocess.Popen([sys.executable, str(HERE / script), str(out), *args], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, out


@pytest.mark.skipif(os.environ.get("GMDESK_SKIP_SUBPROCESS") == "1", reason="no subprocess in this run")
def test_every_system_and_language_fits_a_laptop_screen_and_the_check_panel_keeps_its_width(tmp_path):
    started = {name: _start(tmp_path, name, size, scale) for name, (size, scale) in SCREENS.items()}
    assert_none_found(started)


def assert_none_found(started: dict[str, tuple[subprocess.Popen, Path]]) -> None:
    """Wait for each measuring process; fail on a crash, on a complaint of Qt or Python, or with
    everything they found."""
    findings: list[str] = []
    for name, (process, out) in started.items():
        try:
            _, err = process.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
        noise = [line for line in err.splitlines() if line.strip() and "propagateSizeHints" not in line]
        assert process.returncode == 0, f"{name}: " + "\n".join(noise[-30:])
        assert not noise, f"{name}: Qt or Python complained:\n" + "\n".join(noise[-30:])
        findings += json.loads(out.read_text(encoding="utf-8"))
    assert not findings, f"{len(findings)} findings:\n" + "\n".join(findings)
