"""What a French GM still found in English (issue 24, item 2): the solver's answers, cof's ND in the
undo name, dnd35's refusals, About's labels and the export's default file names."""

from __future__ import annotations

import pytest

from gmdesk import systems
from gmdesk.campaign.model import PreparedCheck
from gmdesk.engine.core import RulesError
from gmdesk.ui.i18n import Translations


@pytest.fixture
def french(qapp):
    translations = Translations()
    assert translations.install("fr")
    yield translations
    translations.install("en")


def test_the_solver_answers_in_the_window_language_before_a_campaign_is_open(qtbot, french):
    from gmdesk.ui.panels.prep.dc_solver import PrepDcSolver

    solver = PrepDcSolver()
    qtbot.addWidget(solver)
    for system in ("anarchy", "cof", "pf2"):
        solver.set_system(system)
        names = [solver.mode_combo.itemText(i) for i in range(solver.mode_combo.count())]
        assert names == [m.name.fr for m in systems.get(system).prep.modes]
    assert [solver.mode_combo.itemText(0)] == ["un DD"]  # pf2's
    solver.set_system("cof")
    assert solver.mode_combo.itemText(0) == "un ND"  # cof says ND, never DD


def test_a_cof_undo_name_says_nd(french):
    from gmdesk.ui.panels.check.setup import target_word
    from gmdesk.ui.panels.prep.edits import step_text

    from gmdesk.systems.kit.refs import CheckRef

    old = PreparedCheck(None, "Crocheter", CheckRef("ability", "dex"), dc=12)
    text = step_text(old, old, ("dc",), target_word("cof", None))
    assert text.startswith("Changer le ND de") and "DD" not in text
    assert step_text(old, old, ("dc",), target_word("pf2", None)).startswith("Changer le DD de")


def test_dnd35_refusals_have_their_french():
    from gmdesk.systems.dnd35 import checks as dnd35

    with pytest.raises(RulesError) as refused:
        dnd35.SkillCheck(dc=10, skill="spot", ranks=1, take=10, threatened=True)
    english, french_text = refused.value.rule, refused.value.said("fr")
    assert english != french_text and "cannot" not in french_text and "impossible" in french_text
    with pytest.raises(RulesError) as refused:
        dnd35.SkillCheck(dc=10, skill="open_lock", ranks=0)
    assert "rank" not in refused.value.said("fr") and "degré" in refused.value.said("fr")


def test_about_labels_in_french():
    from gmdesk.about import report

    lines = report("6.x", "fr").splitlines()
    assert lines[-2].startswith("Plateforme\u202f: ") and lines[-1].startswith("Dossier des données\u202f: ")
    assert report("6.x").splitlines()[-1].startswith("Data folder: ")  # --version stays English


def test_chart_axes_use_the_window_language_decimal_comma(qapp, french):
    from gmdesk.ui.charts.analytics_charts import NumberAxis
    from gmdesk.ui.charts.base import PercentAxis

    assert NumberAxis("left").tickStrings([0.5, -0.5], 1, 0.5) == ["0,5", "-0,5"]
    assert PercentAxis("left").tickStrings([0.025], 1, 0.005) == ["2,5\u202f%"]


def test_the_statistics_level_reads_with_a_comma(qtbot, french):
    from gmdesk.ui.bus import CampaignBus
    from gmdesk.ui.panels.analytics.panel import AnalyticsPanel

    panel = AnalyticsPanel(CampaignBus())
    qtbot.addWidget(panel)
    panel.retranslate()
    assert panel.level_spin.text().startswith("1,0") and panel.level_spin.text().endswith("\u202f%")


def test_the_default_export_file_name_in_french(qtbot, french, tmp_path, isolated_dirs):
    from gmdesk.campaign.model import CampaignInfo
    from gmdesk.store import CampaignStore
    from gmdesk.ui.panels.log.export_dialog import ExportDialog

    with CampaignStore.create(tmp_path / "fort.gmdesk", CampaignInfo("Fort", "pf2")) as store:
        dialog = ExportDialog(store)
        qtbot.addWidget(dialog)
        assert dialog._default_path().name.startswith("fort-journal.")  # not "fort-log.csv"
