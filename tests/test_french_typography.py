"""French as French is printed (issue 24, item 4): a narrow no-break space (U+202F) before : ; ! ?
and inside « », the typographic apostrophe — in the window's catalogue, every Word(en, fr), the recap's
and the command line's French and the demos. ``tools/french_typography.py`` fixes what this finds."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gmdesk import systems
from gmdesk.engine.words import Word, french_typography, french_typography_faults

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import french_typography as tool  # noqa: E402


@pytest.mark.parametrize("text, printed", [
    ("Réussites : 3", "Réussites\u202f: 3"),
    ("Score: 3", "Score\u202f: 3"),
    ("Quoi ?", "Quoi\u202f?"),
    ("a ; b !", "a\u202f; b\u202f!"),
    ("« Épée »", "«\u202fÉpée\u202f»"),
    ("«Épée»", "«\u202fÉpée\u202f»"),
    ("l'arme d'Ezren", "l’arme d’Ezren"),
    ("d20:4 à 19:30", "d20:4 à 19:30"),  # a colon inside a word stays
    ("<a href='x'>lien</a>", "<a href='x'>lien</a>"),  # markup's quotes stay
    ("{name} : {n}", "{name}\u202f: {n}"),
])
def test_the_helper(text, printed):
    assert french_typography(text) == printed
    assert french_typography(printed) == printed  # idempotent: re-run after every merge
    assert french_typography_faults(printed) == [] and (text == printed or french_typography_faults(text))


def test_every_catalogue_word_and_demo_is_set_right():
    """The tsv files' French, every literal Word's French, the FRENCH dicts and the demos."""
    assert tool.faults() == [], "\n".join(tool.faults()) + "\nrun: python tools/french_typography.py"


def test_the_compiled_catalogue_too():
    faults = []
    for message in ET.parse(ROOT / "gmdesk/resources/i18n/gmdesk_fr.ts").getroot().iter("message"):
        translated = message.findtext("translation") or ""
        faults += french_typography_faults(translated)
    assert faults == [], "\n".join(faults[:20]) + "\nrun: python -m gmdesk.ui.i18n"


def _words(value, depth: int = 0):
    if isinstance(value, Word):
        yield value
    elif depth < 3 and isinstance(value, dict):
        for v in value.values():
            yield from _words(v, depth + 1)
    elif depth < 3 and isinstance(value, (tuple, list, frozenset, set)) and not isinstance(value, str):
        for v in value:
            yield from _words(v, depth + 1)
    elif depth < 3 and hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        for name in value.__dataclass_fields__:
            yield from _words(getattr(value, name, None), depth + 1)


def test_every_word_the_systems_hold_at_run_time():
    """Words built from data (a table's French names) that no literal shows."""
    faults = []
    for system_id in systems.ids():
        package = importlib.import_module(systems.get(system_id).__module__.rsplit(".", 1)[0])
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for value in vars(module).values():
                faults += [f"{module.__name__}: {f}" for w in _words(value) for f in french_typography_faults(w.fr)]
    assert faults == [], "\n".join(sorted(set(faults))[:30])
