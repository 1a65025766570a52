"""One language at a time, in the system's words (issue 12, items 7 and 8): each system's words come
from its ``words.py`` and the sheet, the party list, the check panel, the log and the prep panel say
the same ones; switching language live says everything again at once."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from conftest import campaign_file
from gmdesk import systems
from gmdesk.systems.kit.form import Field, ListSection
from gmdesk.ui.engine_words import EngineWords
from gmdesk.ui.panels.log.model import RollLogModel
from gmdesk.ui.panels.party.model import PartyModel

ENGLISH_TIERS = {"critical failure", "failure", "success", "critical success", "miss", "hit", "critical hit"}
FRENCH_TIERS = {"échec critique", "échec", "réussite", "réussite critique", "raté", "touché", "coup critique"}


def attribute_labels(lang: str) -> list[str]:
    form = systems.get("anarchy").form(lang)
    section = next(s for s in form.sections if not isinstance(s, ListSection) and s.title.en == "Attributes")
    return [f.label.text(lang) if hasattr(f.label, "text") else f.label[lang == "fr"] for f in section.fields
            if isinstance(f, Field)]


def test_anarchy_attributes_are_one_word_per_language_everywhere(make_window, tmp_path, qtbot):
    """The English sheet and party list said FOR and VOL while the breakdown said WIL."""
    assert attribute_labels("en") == ["STR", "AGI", "WIL", "LOG", "CHA"]
    assert attribute_labels("fr") == ["FOR", "AGI", "VOL", "LOG", "CHA"]
    for lang, labels in (("en", attribute_labels("en")), ("fr", attribute_labels("fr"))):
        # The breakdown's abbreviation of each attribute is the sheet's label (the builder writes "VOL").
        words = EngineWords("anarchy", lang=lang)
        assert [words.source(code) for code in ("FOR", "AGI", "VOL", "LOG", "CHA")] == labels
    window = make_window(campaign_file(tmp_path, "anarchy"), lang="en")
    party = window.panels["party"].model
    stats = [party.index(r, PartyModel.STATS).data() for r in range(party.rowCount())]
    assert stats and all("STR " in s and "WIL " in s and "FOR" not in s and "VOL" not in s for s in stats)
    sheet_labels = {w.text().replace("&", "") for w in window.docks["sheet"].findChildren(QLabel)}
    assert {"STR", "WIL"} <= sheet_labels and not {"FOR", "VOL"} & sheet_labels
    window.language_actions["fr"].trigger()
    stats = [party.index(r, PartyModel.STATS).data() for r in range(party.rowCount())]
    assert all("FOR " in s and "VOL " in s and "STR" not in s for s in stats)
    window.docks["sheet"].raise_()  # a sheet behind its tab is written in the new language when brought forward

    def sheet_labels() -> set[str]:
        return {w.text().replace("&", "") for w in window.docks["sheet"].findChildren(QLabel)}
    qtbot.waitUntil(lambda: {"FOR", "VOL"} <= sheet_labels())
    assert not {"STR", "WIL"} & sheet_labels()


def target_header(window) -> str:
    return window.panels["log"].model.headerData(RollLogModel.TARGET, Qt.Orientation.Horizontal)


def test_the_log_and_the_solver_name_the_systems_number(make_window, tmp_path):
    """cof's log said "DD" in French (its number is the ND) and the anarchy solver "Calcul du DD"."""
    expected = {"cof": ("ND", "ND", "ND solver", "Calcul du ND"),
                "anarchy": ("Threshold", "Seuil", "Threshold solver", "Calcul du seuil"),
                "pf2": ("DC", "DD", "DC solver", "Calcul du DD")}
    for system, (en, fr, solver_en, solver_fr) in expected.items():
        (tmp_path / system).mkdir()
        window = make_window(campaign_file(tmp_path / system, system), lang="en")
        prep = window.panels["prep"]
        assert (target_header(window), prep.tabs.tabText(1)) == (en, solver_en), system
        window.language_actions["fr"].trigger()
        prep = window.panels["prep"]
        assert (target_header(window), prep.tabs.tabText(1)) == (fr, solver_fr), system
        window.language_actions["en"].trigger()
        window.close()


def outcomes(window) -> list[str]:
    model = window.panels["log"].model
    return [model.index(r, RollLogModel.TIER).data() for r in range(min(model.rowCount(), 20))]


def test_switching_language_says_the_log_and_the_last_roll_again(make_window, tmp_path):
    """The log's outcome column, "Not rolled yet" and the engine's notes stayed English in French."""
    window = make_window(campaign_file(tmp_path, "anarchy"), lang="en")
    check = window.panels["check"]
    assert check.result_view.tier_label.text() == "Not rolled yet"
    window.language_actions["fr"].trigger()
    check = window.panels["check"]
    assert check.result_view.tier_label.text() == "Pas encore lancé"
    window.language_actions["en"].trigger()
    check = window.panels["check"]
    assert all(o.split(" + ")[0] in ENGLISH_TIERS for o in outcomes(window))
    check.rng = random.Random(3)
    rolled = check.roll()
    assert rolled is not None
    english_notes = check.result_view.dice_label.text()
    assert "net hits" in english_notes  # an anarchy test against a threshold says its net hits
    window.language_actions["fr"].trigger()
    check = window.panels["check"]
    assert all(o.split(" + ")[0] in FRENCH_TIERS for o in outcomes(window)), outcomes(window)
    assert check.result_view.tier_label.text() in FRENCH_TIERS
    assert "réussites nettes" in check.result_view.dice_label.text()
    assert "net hits" not in check.result_view.dice_label.text()


def test_engine_notes_and_french_elision():
    from gmdesk.engine.words import fill

    words = EngineWords("anarchy", lang="fr")
    assert words.note("minor complication (degree 0)") == "complication mineure (degré 0)"
    assert words.note("interval 2: complication of degree 1 on the leader's roll") == \
        "intervalle 2\u202f: complication de degré 1 sur le jet du meneur"
    assert EngineWords("anarchy", lang="en").note("net hits +1") == "net hits +1"
    assert words.note("a note nobody wrote a rule for") == "a note nobody wrote a rule for"
    assert fill("Round %1 · tour de %2", 2, "Aldric") == "Round 2 · tour d’Aldric"
    assert fill("Round %1 · tour de %2", 2, "Élise") == "Round 2 · tour d’Élise"
    assert fill("Round %1 · tour de %2", 2, "Brunhild") == "Round 2 · tour de Brunhild"
    assert fill("Au tour de %1", "Ezren") == "Au tour d’Ezren"
    luck = systems.get("anarchy").options.resources["luck"]
    assert luck.spend_label.format("fr", name="Ezren") == "Dépenser la Chance d’Ezren"


def test_the_encounter_says_tour_d_before_a_vowel(make_window, tmp_path):
    """dnd5e's demo fight is at Aldric's turn: "tour d’Aldric", not "tour de Aldric"."""
    window = make_window(campaign_file(tmp_path, "dnd5e"), lang="fr")
    assert window.panels["encounter"].round_label.text() == "Round 2 · tour d’Aldric"
    window.language_actions["en"].trigger()
    assert window.panels["encounter"].round_label.text() == "Round 2 · Aldric's turn"


def test_the_prep_sheet_names_the_systems_number_and_its_paths(make_window, tmp_path):
    """The prep sheet's target column said "DD" for cof in French; its path checks "voie du traqueur"."""
    from gmdesk.ui.panels.prep.export import export_scene
    from gmdesk.ui.panels.prep.grid import PrepContext

    expected = {("cof", "fr"): "ND", ("cof", "en"): "ND", ("anarchy", "fr"): "Seuil",
                ("anarchy", "en"): "Threshold", ("dnd5e", "fr"): "DD", ("dnd5e", "en"): "DC"}
    pages = {}
    for system in ("cof", "anarchy", "dnd5e"):
        (tmp_path / system).mkdir()
        window = make_window(campaign_file(tmp_path / system, system), lang="en")
        for lang in ("en", "fr"):
            window.language_actions[lang].trigger()
            ctx = PrepContext.from_store(window.store, lang)
            scene = window.store.scenes.list()[0]
            text = export_scene(ctx, scene, tmp_path / system / f"{lang}.md", "md").read_text(encoding="utf-8")
            head = next(line for line in text.splitlines() if line.startswith("| "))
            cells = [c.strip() for c in head.strip("|").split("|")]
            assert cells[2] == expected[system, lang], (system, lang, head)
            pages[system, lang] = text
        window.language_actions["en"].trigger()
        window.close()
    assert "SAG + Voie du traqueur" in pages["cof", "en"] and "voie du traqueur" not in pages["cof", "fr"]


def party_texts(store) -> str:
    """Everything the GM reads of the demo's party: names, notes, sheets' texts, the fight, the log."""
    import json

    out = []
    for c in store.characters.list():
        out += [c.name, c.notes, json.dumps(c.sheet.to_dict(), ensure_ascii=False)]
    out += [c.name for c in store.encounter.get().combatants]
    out += [e.label for e in store.log.iter()]
    out += [s.name for s in store.scenes.list()] + [p.name for s in store.scenes.list() for p in s.checks]
    return "\n".join(out)


def test_the_first_run_demo_speaks_the_gms_language(make_window, welcome_answer):
    """The English window showed "Guerrière naine", "Masse → Gobelin" beside "Find a ford"."""
    window = make_window(lang="en")
    texts = party_texts(window.store)
    for english in ("Dwarf fighter", "→ Goblin", "Find a ford", "Battle axe", "Mother Odile"):
        assert english in texts, english
    for french in ("Guerrière naine", "Gobelin", "Masse", "Trouver un gué", "Hache de guerre", "Mère Odile"):
        assert french not in texts, french
    party = window.panels["party"].model
    assert "Goblin" in {party.index(r, PartyModel.NAME).data() for r in range(party.rowCount())}
    window.close()


def test_the_french_demo_is_all_french(make_window, tmp_path):
    from gmdesk.ui.campaign_files import create_campaign

    for system, english, french in (("dnd5e", ("Fire Bolt", "Goblin", "Elf wizard"), ("Trait de feu", "Gobelin")),
                                    ("anarchy", ("Raven", "Wired reflexes"), ("Corbeau", "Réflexes câblés")),
                                    ("dnd35", ("Orc", "Dwarven waraxe"), ("Orque", "Hache de guerre naine"))):
        for lang, present, absent in (("en", english, french), ("fr", french, english)):
            store = create_campaign(tmp_path / f"{system}-{lang}.gmdesk", system, "", True, lang)
            try:
                texts = party_texts(store)
            finally:
                store.close()
            assert all(t in texts for t in present), (system, lang)
            assert not any(t in texts for t in absent), (system, lang)


def test_the_windows_export_speaks_the_windows_language(make_window, tmp_path, qtbot):
    """The log's Export in a French cof window writes French headings, outcomes and the ND."""
    import csv

    from gmdesk.ui.panels.log.export_dialog import ExportDialog

    window = make_window(campaign_file(tmp_path, "cof"), lang="fr")
    panel = window.panels["log"]
    panel.export_action.trigger()
    dialog = panel.findChildren(ExportDialog)[-1]
    out = tmp_path / "journal.csv"
    dialog.path_edit.selectAll()
    qtbot.keyClicks(dialog.path_edit, str(out))
    with qtbot.waitSignal(dialog.exported):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    rows = list(csv.DictReader(out.open(encoding="utf-8-sig", newline="")))  # the BOM Excel wants
    assert rows and list(rows[0])[:3] == ["#", "Heure", "Séance"] and "ND" in rows[0] and "DD" not in rows[0]
    assert {r["Résultat"] for r in rows} <= FRENCH_TIERS
    assert {r["Système"] for r in rows} == {"Chroniques Oubliées Fantasy"}
