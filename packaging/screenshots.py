"""Make the README's screenshots: the window in English and French, a fight in progress, DC prep, the
player window.

    .venv/bin/python packaging/screenshots.py [OUT_DIR]   (default: docs/screenshots)

Runs offscreen in throwaway settings and data folders, on the demo campaigns, exactly as
``gmdesk --screenshot`` renders the window.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_TMP = tempfile.mkdtemp(prefix="gmdesk-shots-")
os.environ.update(HOME=_TMP, XDG_DATA_HOME=f"{_TMP}/data", XDG_CONFIG_HOME=f"{_TMP}/config")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from gmdesk.ui.app import build_window, configure_application, save_player_screenshot, save_screenshot  # noqa: E402
from gmdesk.ui.campaign_files import create_campaign  # noqa: E402


def shoot(out: Path, lang: str, system: str, dock: str | None) -> None:
    path = Path(_TMP) / f"{system}-{lang}-{dock}.gmdesk"
    create_campaign(path, system, "", True, lang).close()
    window = build_window(str(path), lang, screenshot=True)
    if dock == "prep":  # the Prep layout (F6): the sheet, the prep matrix and the DC solver large
        from gmdesk.ui.window_layout import PREP

        window.show()
        QApplication.instance().processEvents()
        window.set_layout(PREP)
    elif dock in window.docks:
        window.docks[dock].raise_()
    if dock == "encounter":
        # Select a combatant with a condition: the check panel follows it, the condition in its breakdown.
        panel = window.panels["encounter"]
        bearer = next((c for c in panel.encounter.queue() if c.kind == "pc" and c.conditions), None)
        if bearer is not None:
            panel.select_id(bearer.id)
    if dock == "player":
        save_player_screenshot(window, out)  # as ``gmdesk --player-screenshot`` renders it
    else:
        save_screenshot(window, out)
    window.close()


def main() -> int:
    out_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out_dir.mkdir(parents=True, exist_ok=True)
    app = QApplication([])
    configure_application(app)
    shots = [("gmdesk-en.png", "en", "pf2", None), ("gmdesk-fr.png", "fr", "pf2", None),
             ("initiative-en.png", "en", "pf2", "encounter"), ("prep-fr.png", "fr", "pf2", "prep"),
             ("anarchy-fr.png", "fr", "anarchy", None), ("dnd5e-en.png", "en", "dnd5e", "encounter"),
             ("player-en.png", "en", "dnd5e", "player")]
    for name, lang, system, dock in shots:
        shoot(out_dir / name, lang, system, dock)
        print(out_dir / name)
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
