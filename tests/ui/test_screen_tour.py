"""Issue 24, items 1 and 6: a tour of every screen a GM can reach (``tour.py``: every dock, tab and
sub-tab of both layouts, every dialog, the player window, the roll log grown, an opponent picked),
on a 1366×768 laptop and on a 1920×1080 screen at 150 % (1280×720 for the window): nothing cut, no
tab bar needing scroll arrows, no action behind a toolbar's », no chart text past its chart's edge
nor tick names over each other, the house rules dialog under 600 px, the grown log showing 8 rows,
no option moved by a "Not possible" message, no two widgets a layout places side by side drawn over
each other. Then the same tour in a pseudo-language generated from the
catalogue and the systems' words: any visible text that is not in it, nor the GM's own data, is
text a French GM would read in English.

By default a sample runs, the same on every run so that a red CI reproduces: every system once, in
one language per screen (the other language at the other screen), and the pseudo-language over two
systems; ``GMDESK_EXHAUSTIVE=1`` tours the five systems everywhere (minutes)."""

from __future__ import annotations

import os

import pytest

from gmdesk import systems
from test_window_fits import SCREENS, _start, assert_none_found
from pseudo_language import pseudo, untranslated

SUBPROCESS = pytest.mark.skipif(os.environ.get("GMDESK_SKIP_SUBPROCESS") == "1", reason="no subprocess in this run")


def test_the_pseudo_language_keeps_placeholders_and_markup():
    assert pseudo("Roll %1 against %n {name}") == "⟦Ŕöll %1 àgàîñšt %n {name}⟧".replace("Ŕ", "R")
    assert pseudo("<b>Round</b> &nbsp;") .startswith("⟦<b>")
    assert pseudo("   ") == "   "  # nothing to translate: left as it is


def test_text_outside_the_pseudo_language_reads_as_untranslated():
    gm = {"brunhild", "gobelin"}
    assert untranslated(pseudo("Roll") + " Brunhild", gm) == ""  # the GM's names are the GM's
    assert untranslated(pseudo(f"%1 rolls") .replace("%1", pseudo("Strength")), gm) == ""  # nested
    assert untranslated(f"{pseudo('Round')} 2 · Gobelin, d20: 15", gm) == ""  # numbers, dice, names
    assert untranslated(f"{pseudo('Round')} 2 · turn of Brunhild", gm) == "turn of"
    assert untranslated("⟦Ŕöû…", gm) == ""  # elided: the rest is in its tooltip, measured elsewhere
    assert untranslated("<b>Échec</b>&nbsp;critique", gm) == "Échec critique"


SAMPLE = (("pf2,cof,anarchy", "fr"), ("dnd5e,dnd35", "en"))  # (systems, language) per screen
PSEUDO_SAMPLE = "anarchy,dnd35"


@SUBPROCESS
def test_a_sample_of_screens_fits_the_laptop_and_speaks_one_language(tmp_path):
    started = {}
    for (name, (size, scale)), (ids, lang) in zip(SCREENS.items(), SAMPLE):
        started[f"{name} {ids} {lang}"] = _start(tmp_path, name, size, scale, "tour.py", [ids, lang])
    name, (size, scale) = next(iter(SCREENS.items()))
    started[f"{name} {PSEUDO_SAMPLE} pseudo"] = _start(tmp_path, name, size, scale, "tour.py",
                                                       [PSEUDO_SAMPLE, "fr", "--pseudo"])
    assert_none_found(started)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("GMDESK_EXHAUSTIVE"), reason="every system everywhere: GMDESK_EXHAUSTIVE=1")
@SUBPROCESS
def test_every_screen_of_every_system_fits_the_laptop_and_speaks_one_language(tmp_path):
    every = ",".join(systems.ids())
    started = {f"{name}": _start(tmp_path, name, size, scale, "tour.py", [every, "en,fr"])
               for name, (size, scale) in SCREENS.items()}
    name, (size, scale) = next(iter(SCREENS.items()))
    started[f"{name} pseudo"] = _start(tmp_path, name, size, scale, "tour.py", [every, "fr", "--pseudo"])
    assert_none_found(started)
