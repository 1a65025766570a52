"""French and English: the catalogue is complete and compiled, --lang and the Language menu switch live."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET

from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTranslator
from PySide6.QtWidgets import QGroupBox, QLabel
from system_tools import require_tool

from gmdesk import systems
from gmdesk.ui import i18n
from gmdesk.ui.panels.party.model import PartyModel

TS = i18n.I18N_DIR / "gmdesk_fr.ts"


def messages(ts_path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(ts_path).getroot()
    return {(c.findtext("name") or "", m.findtext("source")): m
            for c in root.iter("context") for m in c.iter("message")}


def test_the_compiled_catalogue_loads_and_speaks_french():
    translator = QTranslator()
    assert translator.load(str(i18n.catalogue("fr")))
    assert translator.translate("MainWindow", "&File") == "&Fichier"
    assert translator.translate("CheckResults", "Not rolled yet") == "Pas encore lancé"
    assert translator.translate("CheckPanel", "&Roll") == "&Lancer"
    # A system's own words are its data, in both languages (they no longer need the catalogue).
    assert systems.get("pf2").target.word.text("fr") == "DD"


def test_every_system_word_has_its_french():
    """``make i18n`` stops on a system word without French; none has today."""
    assert len(i18n.system_words()) > 400
    assert i18n.untranslated_system_words() == []


def test_every_string_has_a_french_translation():
    for (context, source), message in messages(TS).items():
        translation = message.find("translation")
        assert context, f"{source!r} has no context: lupdate could not see its QCoreApplication.translate call"
        assert translation.get("type") not in ("unfinished", "obsolete", "vanished"), (context, source)
        if message.get("numerus") == "yes":
            assert all(f.text for f in translation.iter("numerusform")), (context, source)
        else:
            assert translation.text, (context, source)


def test_the_catalogue_is_up_to_date_with_the_sources(tmp_path):
    """Every string in gmdesk/ui is in the .ts (so translated), and the .qm is the .ts compiled."""
    fresh = tmp_path / "fresh.ts"
    shutil.copy(TS, fresh)
    sources = [str(p) for p in i18n.ui_sources()]
    subprocess.run([require_tool("pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none",
                    "-target-language", "fr", "-ts", str(fresh)], check=True, capture_output=True)
    missing = set(messages(fresh)) - set(messages(TS))
    assert not missing, f"new strings not in the catalogue (run `make i18n`): {sorted(missing)[:10]}"
    compiled = tmp_path / "fresh.qm"
    subprocess.run([require_tool("pyside6-lrelease"), str(TS), "-qm", str(compiled)], check=True, capture_output=True)
    assert compiled.read_bytes() == i18n.catalogue("fr").read_bytes(), "the .qm is stale: run `make i18n`"


def test_system_language_and_the_order_of_choices():
    assert i18n.system_language(QLocale("fr_CA")) == "fr"
    assert i18n.system_language(QLocale("de_DE")) == "en"
    assert i18n.resolve_language("en", "fr", QLocale("fr_FR")) == "en"  # --lang wins
    assert i18n.resolve_language(None, "fr", QLocale("en_US")) == "fr"  # then the menu's choice
    assert i18n.resolve_language(None, "", QLocale("fr_BE")) == "fr"  # then the system


def visible_texts(window) -> set[str]:
    return {w.text() for w in window.findChildren(QLabel) if w.isVisible()} | {
        b.title() for b in window.findChildren(QGroupBox) if b.isVisible()}


def test_lang_fr_opens_the_window_in_french(make_window, demo_file):
    window = make_window(demo_file, lang="fr")
    assert window.file_menu.title() == "&Fichier"
    assert window.docks["party"].windowTitle() == "Groupe"
    assert window.docks["sheet"].windowTitle().startswith("Fiche — ")
    assert window.panels["party"].model.headerData(PartyModel.NAME, Qt.Orientation.Horizontal) == "Nom"
    texts = visible_texts(window)
    assert {"Niveau et caractéristiques", "Personnage"} <= texts
    assert window.panels["check"].roll_action.text() == "&Lancer"


def test_the_language_menu_switches_everything_live_and_is_remembered(make_window, demo_file, qtbot):
    window = make_window(demo_file, lang=None)
    assert window.translations.language == "en"
    party = window.panels["party"]
    selected = party.selected_id()
    assert window.file_menu.title() == "&File" and "Level and abilities" in visible_texts(window)
    window.language_actions["fr"].trigger()
    assert window.language_actions["fr"].isChecked() and not window.language_actions["en"].isChecked()
    assert window.file_menu.title() == "&Fichier" and window.edit_menu.title() == "É&dition"
    assert window.docks["log"].windowTitle() == "Journal des jets"
    assert party.model.headerData(PartyModel.KIND, Qt.Orientation.Horizontal) == "Type"
    assert party.model.index(0, PartyModel.KIND).data() in ("PJ", "PNJ")
    assert "Level and abilities" not in visible_texts(window)  # nothing of the old language stays behind
    window.docks["sheet"].raise_()  # the sheet behind the Initiative tab is written when brought to the front
    qtbot.waitUntil(lambda: "Niveau et caractéristiques" in visible_texts(window))
    assert "Level and abilities" not in visible_texts(window)
    assert window.panels["check"].roll_action.text() == "&Lancer"
    assert window.panels["party"].selected_id() == selected  # the GM's place is kept
    assert window.panels["sheet"].character_id == selected
    # The Roll menu still holds the check panel's (possibly rebuilt) action.
    assert window.panels["check"].roll_action in window.roll_menu.actions()
    assert window.settings.language() == "fr"
    window.language_actions["en"].trigger()
    assert window.file_menu.title() == "&File" and "Level and abilities" in visible_texts(window)
    window.language_actions["fr"].trigger()
    window.close()
    again = make_window(demo_file, lang=None)  # no --lang: the menu's choice is remembered
    assert again.translations.language == "fr" and again.file_menu.title() == "&Fichier"
    QCoreApplication.instance()._gmdesk_translations.install("en")


def test_tsv_files_fill_only_untranslated_entries(tmp_path):
    ts = tmp_path / "x.ts"
    ts.write_text("""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context><name>EncounterPanel</name>
<message><source>Next turn</source><translation type="unfinished"></translation></message>
<message><source>Delay</source><translation>Retarder</translation></message>
</context>
</TS>
""", encoding="utf-8")
    tsv = tmp_path / "fr_encounter.tsv"
    tsv.write_text("Next turn\tTour suivant\nDelay\tAttendre\n", encoding="utf-8")
    assert i18n.merge_tsv(ts, [tsv]) == 1
    got = {k[1]: m.find("translation") for k, m in messages(ts).items()}
    assert got["Next turn"].text == "Tour suivant" and got["Next turn"].get("type") is None
    assert got["Delay"].text == "Retarder"  # a translation already made is kept


def _file_dialog_texts(qtbot, language: str) -> dict[tuple[str, str, str], str]:
    """What Qt's own file dialog shows (the one Qt draws where the desktop offers none, as on many
    Linux laptops) with the window in ``language``: its labels, buttons and tooltips, by widget."""
    from PySide6.QtWidgets import QAbstractButton, QFileDialog

    translations = i18n.Translations()
    translations.install(language)
    try:
        dialog = QFileDialog(None, "gmdesk", "", "gmdesk (*.gmdesk)")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        qtbot.addWidget(dialog)
        out = {}
        for widget in dialog.findChildren(QLabel) + dialog.findChildren(QAbstractButton):
            for what in ("text", "toolTip"):
                text = getattr(widget, what)()
                if text:
                    out[(type(widget).__name__, widget.objectName(), what)] = text
        return out
    finally:
        translations.install("en")


def test_qts_own_file_dialog_speaks_french_whole(qtbot, tmp_path):
    """Qt's French catalogue lacks two of its file dialog's labels ("&Look in:", "Files of &type:":
    it has them without their shortcut) and the kind of a folder in its list (asked under Qt 6's
    class, kept under Qt 5's); gmdesk's holds them. Every label, button and tooltip of the dialog
    reads otherwise in French than in English, and a folder is a "Dossier"."""
    from PySide6.QtCore import QFileInfo
    from PySide6.QtWidgets import QFileIconProvider

    english, french = _file_dialog_texts(qtbot, "en"), _file_dialog_texts(qtbot, "fr")
    assert english.keys() == french.keys() and len(english) >= 10
    assert french[("QLabel", "lookInLabel", "text")] == "&Voir dans\u202f:"
    assert french[("QLabel", "fileTypeLabel", "text")] == "Fichiers de &type\u202f:"
    assert [(key, text) for key, text in french.items() if text == english[key]] == []
    translations = i18n.Translations()
    try:
        kinds = {}
        for language in ("en", "fr"):
            translations.install(language)
            kinds[language] = (QFileIconProvider().type(QFileInfo(str(tmp_path))), i18n.qt_gaps())
        assert kinds["en"][0] == "Folder" and kinds["fr"][0] == "Dossier"
        assert [(en, fr) for en, fr in zip(*(kinds[lang][1] for lang in ("en", "fr"))) if en == fr] == []
    finally:
        translations.install("en")
