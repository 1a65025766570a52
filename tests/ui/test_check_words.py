"""The breakdown speaks the GM's language: the engine's kinds, ability abbreviations, ranks and fixed
phrases are mapped; names the GM typed stay as they are. And the DC sweep's marker label is readable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from gmdesk.engine.core import Breakdown, BreakdownLine, Modifier
from gmdesk.ui.charts.sweep_chart import Y_TOP
from gmdesk.ui.engine_words import EngineWords, check_names
from gmdesk.ui.i18n import Translations


@pytest.fixture
def french(gm_app):
    translations = Translations(gm_app)
    assert translations.install("fr")
    yield
    translations.install("en")


def words(system, lang):
    return EngineWords(system, check_names(system, lang), lang=lang)


def test_english_names_the_engine_keys_and_keeps_free_text(gm_app):
    pf2 = words("pf2", "en")
    assert [pf2.source(s) for s in ("wis", "acrobatics (trained)", "fortitude (expert)", "perception (master)")] == [
        "WIS", "Acrobatics (trained)", "Fortitude (expert)", "Perception (master)"]
    assert pf2.source("Hache de guerre (expert)") == "Hache de guerre (expert)"  # a weapon's own name
    assert pf2.source("raised shield") == "raised shield"  # typed by the GM
    assert pf2.kind("untyped") == "" and pf2.kind("proficiency") == "proficiency"
    assert words("dnd35", "en").source("Acrobaties (untrained)") == "Tumble (used untrained)"
    assert words("dnd35", "en").source("For 16") == "STR 16"
    assert words("anarchy", "en").source("VOL") == "WIL"
    assert words("cof", "en").source("SAG") == "SAG"  # a French game keeps its abbreviations
    assert words("cof", "en").source("voie voie du combat") == "Voie du combat"
    assert words("unknown", "en").kind("made-up") == "made-up"


def test_french_uses_the_seeds_words(french):
    pf2 = words("pf2", "fr")
    assert [pf2.source(s) for s in ("str", "wis", "cha")] == ["FOR", "SAG", "CHA"]
    assert pf2.source("acrobatics (trained)") == "Acrobaties (entraîné)"
    assert pf2.source("fortitude (untrained)") == "Vigueur (non entraîné)"
    assert [pf2.kind(k) for k in ("ability", "proficiency", "item", "circumstance", "status")] == [
        "caractéristique", "maîtrise", "objet", "circonstance", "condition"]
    assert pf2.reason("a circumstance bonus does not stack: cover +2 counts") == \
        "bonus du même type (circonstance) non cumulable\u202f: seul cover +2 compte"
    d5 = words("dnd5e", "fr")
    assert (d5.source("wis"), d5.source("proficiency"), d5.kind("ability")) == ("SAG", "maîtrise", "caractéristique")
    d35 = words("dnd35", "fr")
    assert d35.source("Sag 14") == "SAG 14" and d35.source("base attack bonus") == "bonus de base à l’attaque"
    assert d35.source("Bluff (untrained)") == "Bluff (sans formation)"
    assert d35.source("Acrobaties 5+ ranks") == "Acrobaties à 5 degrés ou plus"
    anarchy = words("anarchy", "fr")
    assert anarchy.source("attribute-only test: Catch an object") == "test d’attributs seuls\u202f: Attraper un objet au vol"
    assert anarchy.kind("edge") == "atout" and anarchy.source("VOL") == "VOL"
    text = pf2.breakdown_text(Breakdown((BreakdownLine(Modifier(1, "wis", "ability")),
                                         BreakdownLine(Modifier(1, "shield", "circumstance"), True, ""))))
    assert text == "+1 caractéristique SAG, [+1 circonstance bouclier\u202f: non cumulé]"


def test_the_french_window_shows_no_raw_engine_words(make_window, demo_file):
    window = make_window(demo_file, lang="fr")
    checks = window.panels["check"]
    shown = [(item.text(1), item.text(2)) for item in checks.breakdown.lines()]
    assert ("SAG", "caractéristique") in shown
    assert any(kind == "maîtrise" and source.startswith("Perception (") for source, kind in shown)
    assert not {"wis", "ability", "proficiency"} & {word for pair in shown for word in pair}
    # The raw words stay at hand: the tooltip says what the engine (and the roll log) wrote.
    sag = next(item for item in checks.breakdown.lines() if item.text(1) == "SAG")
    assert sag.toolTip(1) == "wis"


def test_the_dc_marker_label_sits_above_the_bars_inside_the_chart(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    chart = window.panels["check"].sweep_chart
    qtbot.waitUntil(lambda: chart.marker.label.isVisible())
    qtbot.wait(50)  # the label places itself on the next view-range update
    vb = chart.getPlotItem().vb
    label = chart.marker.label
    box = label.mapRectToScene(label.boundingRect())
    top_of_bars = vb.mapViewToScene(QPointF(chart.marker.value(), 1.0)).y()
    view = vb.sceneBoundingRect()
    assert label.toPlainText() == "DC 15"
    assert box.bottom() <= top_of_bars + 1  # not over the 100 % stack
    assert box.top() >= view.top() - 1 and view.left() <= box.left() and box.right() <= view.right()
    assert chart.getPlotItem().vb.viewRange()[1][1] == pytest.approx(Y_TOP)
