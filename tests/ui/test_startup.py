"""Starting gmdesk: the window is on screen before the charts' library (pyqtgraph, about half a second
to import) is loaded, the check panel's charts arrive drawn with the check shown, and only the
campaign's own game system is loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, sys, time
sys.path.insert(0, {root!r})
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from gmdesk.ui.app import build_window, configure_application
app = QApplication([sys.argv[0]])
configure_application(app)
window = build_window({campaign!r}, "en")
seen = {{}}
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "painted" not in seen:
            seen["painted"] = True
            seen["charts_library_at_paint"] = "pyqtgraph" in sys.modules
        return False
spy = FirstPaint()
window.installEventFilter(spy)
window.show()
panel = window.panels["check"]
deadline = time.perf_counter() + 60
while not (seen and panel._sweep.is_built()) and time.perf_counter() < deadline:
    app.processEvents()
for _ in range(10):
    app.processEvents()
view = panel.view
seen["built"] = panel._sweep.is_built() and panel._tier.is_built()
seen["bars_drawn"] = panel.tier_chart.heights() == list(view.bars.heights)
seen["sweep_drawn"] = all(tuple(panel.sweep_chart.band(t).opts["height"]) == view.sweep.heights[t]
                          for t in view.sweep.heights)
seen["sweep_title"] = panel.sweep_chart.title
from gmdesk import systems
seen["systems_loaded"] = [s.id for s in systems.loaded()]
print(json.dumps(seen), flush=True)
import os
os._exit(0)
"""


def test_the_window_is_painted_before_the_charts_library_loads_and_the_charts_arrive_drawn(tmp_path):
    from gmdesk.campaign.demo import demo_campaign
    from gmdesk.cli.campaign import seed
    from gmdesk.store.campaign_store import CampaignStore

    demo = demo_campaign("pf2", "en")
    campaign = tmp_path / "demo.gmdesk"
    CampaignStore.create(campaign, demo.info, lambda store: seed(store, demo)).close()
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), campaign=str(campaign))],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["painted"] and not seen["charts_library_at_paint"], "the window waited for pyqtgraph"
    assert seen["built"] and seen["bars_drawn"] and seen["sweep_drawn"]
    assert seen["sweep_title"] == "Outcomes by DC"
    # A pf2 campaign loads pf2 alone: the other systems' house options come from their light modules.
    assert seen["systems_loaded"] == ["pf2"]
