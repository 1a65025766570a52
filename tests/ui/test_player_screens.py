"""Issue 16: the player window on a second screen — the one the GM picks, full screen with F11 — and
back on the main screen, windowed, when its screen is unplugged.

Qt's offscreen platform takes its screens from a file when it starts, so this runs in a fresh
process with two screens: a laptop (the GM's) and a TV beside it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gmdesk.ui.campaign_files import create_campaign

SCREENS = {"screens": [
    {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "dpr": 1},
    {"name": "tv", "x": 1366, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "dpr": 1},
]}

SCRIPT = r"""
import json, sys
from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from gmdesk.ui.app import build_window, configure_application

app = QApplication([sys.argv[0]])
configure_application(app)
out = {"screens": [s.name() for s in QGuiApplication.screens()]}


def screen_named(name):  # asked afresh each time: PySide may drop a wrapper a closed window held
    return next(s for s in QGuiApplication.screens() if s.name() == name)


def settle():
    for _ in range(5):
        app.processEvents()

def where(w):
    g = w.geometry()
    return {"screen": w.screen().name(), "full": w.isFullScreen(), "visible": w.isVisible(),
            "inside": [s.name() for s in QGuiApplication.screens() if s.geometry().contains(g)],
            "geometry": [g.x(), g.y(), g.width(), g.height()]}

window = build_window(sys.argv[1], "en")
window.setGeometry(QRect(40, 40, 1200, 700))
window.show()
settle()
screen = window.player
player = screen.open()
settle()
out["opened"] = where(player)
screen.full_screen_action.trigger()  # F11
settle()
out["full"] = where(player)
screen.choose_screen("laptop")  # View > Player window > Screen > laptop
settle()
out["picked"] = where(player)
screen.choose_screen("tv")
settle()
player.close()
settle()
player = screen.open()  # reopened: where it was, as it was
settle()
out["reopened"] = where(player)
app.screenRemoved.emit(screen_named("tv"))  # the TV is unplugged
settle()
out["unplugged"] = where(player)
out["full_screen_ticked"] = screen.full_screen_action.isChecked()
window.close()
settle()
out["closed_with_the_gm"] = screen.window is None
print(json.dumps(out))
"""


def test_the_gm_picks_the_screen_and_an_unplugged_screen_sends_it_back(tmp_path):
    campaign = tmp_path / "demo.gmdesk"
    create_campaign(campaign, "pf2", "", True, "en").close()
    (tmp_path / "screens.json").write_text(json.dumps(SCREENS))
    env = dict(os.environ)
    env.update(QT_QPA_PLATFORM=f"offscreen:configfile={tmp_path / 'screens.json'}", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"), LANGUAGE="en")
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(campaign)], env=env, capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["screens"] == ["laptop", "tv"]
    # By default, on the screen that is not the GM's; a large window there until F11.
    assert out["opened"]["screen"] == "tv" and out["opened"]["inside"] == ["tv"] and not out["opened"]["full"]
    assert out["full"] == {"screen": "tv", "full": True, "visible": True, "inside": ["tv"],
                           "geometry": [1366, 0, 1920, 1080]}
    assert out["picked"]["screen"] == "laptop" and out["picked"]["full"] and out["picked"]["geometry"] == [0, 0, 1366, 768]
    assert out["reopened"]["screen"] == "tv" and out["reopened"]["full"]
    # Unplugged: back on the GM's screen, windowed (full screen there would cover the GM's window).
    assert out["unplugged"]["screen"] == "laptop" and out["unplugged"]["inside"] == ["laptop"]
    assert out["unplugged"]["visible"] and not out["unplugged"]["full"] and not out["full_screen_ticked"]
    assert out["closed_with_the_gm"]


def test_player_screenshot_through_the_command_line(tmp_path):
    """``gmdesk --player-screenshot FILE CAMPAIGN`` as typed: no display, the players' view as a PNG, the
    GM's settings left alone."""
    from PySide6.QtGui import QImage

    campaign = tmp_path / "demo.gmdesk"
    create_campaign(campaign, "pf2", "", True, "en").close()
    png, window_png = tmp_path / "shots" / "players.png", tmp_path / "window.png"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "cfg"), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "gmdesk", "--player-screenshot", str(png), str(campaign), "--lang", "fr",
                           "--screenshot", str(window_png)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1280, 720)
    assert QImage(str(window_png)).width() >= 1280  # both at once
    dark = sum(1 for x in range(0, 1280, 16) for y in range(0, 720, 16) if image.pixelColor(x, y).lightness() < 40)
    assert dark > 0.6 * (1280 // 16) * (720 // 16)  # the dark theme
    assert len({image.pixel(x, y) for x in range(0, 1280, 5) for y in range(0, 720, 5)}) > 20  # text drawn
    settings = list((tmp_path / "cfg").rglob("*.conf"))
    assert all("player/" not in p.read_text() and "campaign/last" not in p.read_text() for p in settings)

    bad = subprocess.run([sys.executable, "-m", "gmdesk", "--player-screenshot"], env=env, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "--player-screenshot" in bad.stderr
