"""Issue 24: a French GM meets no English in the window's refusals — a file File › Import… cannot read
(bad JSON, too big, not a sheets file, another system's, no stat block in it), a Bestiary pack's bad
file, a creature the dock cannot add — said in the same words
as ``gmdesk import --lang fr``."""

from __future__ import annotations

import json
import random
import re

import pytest

from gmdesk.cli.words import error_line
from gmdesk.store.errors import InvalidInput
from gmdesk.store.import_files import read_import
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.dialogs.import_dialog import ImportDialog
from gmdesk.ui.i18n import Translations

# Words a French refusal never holds (the importers' and the packs' English).
ENGLISH = ("not", "file", "files", "the", "is", "a", "an", "of", "or", "must", "got", "no", "found", "larger",
           "than", "text", "this", "campaign", "holds", "characters", "sheets", "nested", "cannot", "read",
           "such", "folder", "creature", "named", "bestiary", "expecting", "line", "column", "skipped")


def english_words(text: str) -> list[str]:
    text = re.sub(r"\S+\.(json|txt|gmdesk)\b|/\S+", " ", text)  # file names are the GM's
    return sorted({w for w in ENGLISH if re.search(rf"(?<![\w’'-]){w}(?![\w’'-])", text, re.IGNORECASE)})


@pytest.fixture
def french():
    translations = Translations()
    assert translations.install("fr")
    yield
    translations.install("en")


@pytest.fixture
def store(tmp_path):
    s = create_campaign(tmp_path / "party.gmdesk", "pf2", "", True, "en")
    yield s
    s.close()


def bad_files(folder):
    files = {"cut.json": "{ not json", "other.json": json.dumps({"a": 1}), "deep.json": "[" * 200 + "]" * 200,
             "goblin.txt": "Goblin\n", "big.txt": "x" * (3 << 20)}
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "binary.txt").write_bytes(b"\xff\xfe\x00")
    (folder / "dnd.json").write_text(json.dumps({"format": "gmdesk-characters", "version": 1, "system": "dnd5e",
                                                 "characters": []}), encoding="utf-8")
    return [folder / name for name in (*files, "binary.txt", "dnd.json")]


def test_files_the_import_cannot_read_are_named_in_french(qtbot, tmp_path, french):
    paths = bad_files(tmp_path)
    dialog = ImportDialog("pf2", [], files=paths)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.errors_label.text().count("\n") == len(paths) - 1, timeout=10000)
    lines = dialog.errors_label.text().splitlines()
    for path, line in zip(paths, lines):
        assert line.startswith(f"{path.name}\u202f: "), line
        assert english_words(line) == [], line
        try:
            read_import(path, "pf2", where=path.name)
        except InvalidInput as exc:  # the command line's words, the same
            assert error_line(str(exc), "fr", "import").endswith(line), (line, error_line(str(exc), "fr", "import"))
    assert "(ligne 1, colonne 3)" in lines[0]


def test_a_pasted_text_with_no_stat_block_is_refused_in_french(qtbot, french):
    dialog = ImportDialog("pf2", [])
    qtbot.addWidget(dialog)
    dialog.paste.setPlainText("The moon is a wheel of cheese.")
    dialog.read_paste()
    qtbot.waitUntil(lambda: bool(dialog.errors_label.text()), timeout=5000)
    assert english_words(dialog.errors_label.text()) == [], dialog.errors_label.text()
    assert "aucun bloc de stats" in dialog.errors_label.text()


def test_the_bestiary_dock_says_a_bad_pack_file_and_a_refused_add_in_french(qtbot, tmp_path, french):
    from gmdesk.ui.bus import CampaignBus
    from gmdesk.ui.panels.bestiary.panel import BestiaryPanel
    from gmdesk.ui.undo import CampaignHistory

    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "broken.json").write_text("{ not json", encoding="utf-8")
    (pack / "list.json").write_text(json.dumps({"type": "npc", "system": {"attributes": []}, "name": "X",
                                                "items": {}}), encoding="utf-8")
    with create_campaign(tmp_path / "srd.gmdesk", "dnd5e", "", True, "en") as store:
        panel = BestiaryPanel(CampaignBus(), undo_stack=CampaignHistory(), rng=random.Random(1))
        qtbot.addWidget(panel)
        panel.set_campaign(store)
        panel.show()
        qtbot.waitUntil(lambda: panel.index is not None)
        panel.add_pack(pack)
        qtbot.waitUntil(lambda: panel.loader is not None and panel.loader.isFinished() and bool(panel.problems),
                        timeout=5000)
        shown = panel.status.toolTip()
        assert "broken.json" in shown and english_words(shown) == [], shown
        qtbot.keyClicks(panel.search_edit, "goblin")
        panel.store = _Refusing(store)  # the campaign refuses the add, as a damaged one does
        assert panel.add_selected() == []
        panel.store = store
        field, _, rule = panel.status.text().partition("\u202f: ")
        assert field == "characters" and english_words(rule) == [], panel.status.text()  # the field as named
        panel.remove_pack(pack.resolve(), store.path)
        panel.set_campaign(None)


class _Refusing:
    """A campaign whose characters cannot be added: the store's InvalidInput, in English."""

    def __init__(self, store):
        self._store = store

    def __getattr__(self, name):
        return getattr(self._store, name)

    @property
    def characters(self):
        raise InvalidInput("characters", "must be a list, got text")


@pytest.mark.parametrize("argv", [["nothing.txt"], ["chekc"], ["foo-wal"], ["--lang", "en", "--version"],
                                  ["--screenshot", "a.png", "--player-screenshot", "a.png"], ["--screenshot", "{c}"]])
def test_the_windows_command_line_refuses_in_french(argv, capsys, store):
    """``gmdesk --lang fr …``: what the window's command line refuses, in French, one line, exit 2."""
    from gmdesk.cli import COMMANDS
    from gmdesk.ui.app import main

    argv = [str(store.path) if a == "{c}" else a for a in argv]
    assert main(["--lang", "fr", *argv], COMMANDS) == 2
    err = capsys.readouterr().err
    assert err.startswith("gmdesk\u202f: ") and err.count("\n") == 1, err
    assert english_words(err.replace("`gmdesk new`", "")) == [], err
    assert main([*argv, "--lang=en"], COMMANDS) == 2  # in English, as it was
    assert capsys.readouterr().err.startswith("gmdesk: ")


def test_a_command_line_option_is_not_named_in_the_window(french):
    """The bestiary's "--add: no creature named …" is the command line's: the window says the why."""
    from gmdesk.engine.core import RulesError
    from gmdesk.ui.write_refusals import refusal_text

    said = refusal_text(RulesError("--add", "no creature named 'Zed' in the pf2 bestiary"))
    assert said == "aucune créature nommée 'Zed' dans le bestiaire pf2"
    assert refusal_text(RulesError("hp", "must be a number, got text")) == "hp\u202f: doit être un nombre, reçu du texte"
