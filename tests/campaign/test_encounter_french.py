"""`gmdesk encounter --lang fr`'s rounds and simulation lines are French as the project prints it (issue 28
review): each line as ``french_typography`` would set it, decimal commas, thousands and the percent sign
after a narrow no-break space, never a plain space or a decimal point in a figure."""

from __future__ import annotations

import io
import re

from gmdesk.cli import main
from gmdesk.engine.words import french_typography


def run(*argv) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main([str(a) for a in argv], out, err) == 0, err.getvalue()
    return out.getvalue()


def test_the_rounds_and_the_simulation_in_french_are_set_as_french_is_printed(tmp_path):
    for system in ("dnd5e", "pf2"):
        path = tmp_path / f"{system}.gmdesk"
        run("new", path, "--system", system, "--demo", "--lang", "fr")
        text = run("encounter", path, "--lang", "fr", "--simulate", "1000", "--seed", "5")
        lines = text.splitlines()
        assert any("hors de combat en" in line for line in lines) and any("1\u202f000 combats" in line for line in lines)
        for line in lines:
            assert french_typography(line) == line, line
            assert not re.search(r"\d[ .]\d{3}\b|\d\.\d|\d %| :", line), line
