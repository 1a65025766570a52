"""A sixth game system, written in one folder and registered, goes through the same code paths as the
five: a campaign file of it, a sheet, a check with its exact odds, a logged roll, the command line,
the check panel and the sheet form in the window — without a line of the generic code changed.

The system ("toy": d6 + score ≥ target, two tiers) is ``toy_package.FILES``, written as a package
into a temporary folder, as ``docs/adding-a-system.md`` says.
"""

from __future__ import annotations

import importlib
import io
import json
import random
import sqlite3
import sys
from dataclasses import replace
from fractions import Fraction

import pytest

from gmdesk import systems
from gmdesk.campaign.checks import CheckRef, Situation, available_checks, build_check
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo, Character
from gmdesk.engine.outcomes import Replay, enumerate_outcomes
from gmdesk.store import CampaignStore
from gmdesk.store.exports import export_log
from toy_package import write

SCORE = CheckRef("ability", "score")


@pytest.fixture
def toy(tmp_path):
    """The toy system's package, imported from a temporary folder and registered; taken out after."""
    write(tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        package = importlib.import_module("toyd6")
        systems.register(package.SYSTEM)
        yield package.SYSTEM
    finally:
        systems.unregister("toy")
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "toyd6" or m.startswith("toyd6.")]:
            del sys.modules[name]


def brute(score: int, target: int) -> Fraction:
    return Fraction(sum(1 for face in range(1, 7) if face + score >= target), 6)


def test_a_registered_system_is_listed_and_refuses_a_second_registration(toy):
    assert systems.ids()[-1] == "toy" and systems.get("toy") is toy
    with pytest.raises(ValueError, match="already registered"):
        systems.register(toy)


def test_campaign_sheet_check_odds_and_a_logged_roll(toy, tmp_path):
    path = tmp_path / "toy.gmdesk"
    store = CampaignStore.create(path, CampaignInfo("Toy table", "toy"))
    try:
        hero = store.characters.add(Character(None, "Pip", "pc", "toy", toy.new_sheet()))
        hero.sheet.score = 3
        store.characters.update(hero)
        hero = store.characters.get(hero.id)
        assert hero.sheet.score == 3 and [o.ref for o in available_checks(hero)] == [SCORE]
        check = build_check(hero, SCORE, Situation(dc=6))
        odds = check.odds()
        assert odds.tiers == {"failure": 1 - brute(3, 6), "success": brute(3, 6)}  # 4/6: faces 3..6
        assert sum(odds.tiers.values()) == 1
        result = check.roll(random.Random(4))
        entry_id = store.log.append(LogEntry.from_roll(result, check.describe(), actor="Pip", label="Score"))
        logged = store.log.get(entry_id)
        assert (logged.system, logged.tier, logged.total) == ("toy", result.tier, result.total)
        assert toy.check_from_dict(logged.check) == check  # the log rebuilds the check
        out = io.StringIO()
        export_log(store.log, "csv", out)
        assert "Pip" in out.getvalue() and result.tier.replace("_", " ") in out.getvalue()
    finally:
        store.close()
    reopened = CampaignStore.open(path)  # the file keeps the system's id; the registry reads it back
    try:
        assert reopened.info.system == "toy" and reopened.characters.list()[0].sheet.score == 3
    finally:
        reopened.close()


def test_its_own_toggle_and_its_demo(toy):
    demo = demo_campaign("toy", "en")
    assert demo.info.name == "Toy table" and [c.name for c in demo.characters] == ["Pip", "Tam", "Rat"]
    assert demo.scenes[0].checks[0].dc == 5  # a DC system: the prepared check keeps a DC
    assert demo.encounter.combatants[0].initiative is None  # ordered by hand
    pip = demo.characters[0]
    lucky = build_check(pip, SCORE, Situation.of(dc=5, lucky=True))  # a toggle the kit does not know
    assert lucky.odds()["success"] == brute(2 + 1, 5)


def test_the_command_line(toy, capsys):
    from gmdesk.cli import main

    assert main(["odds", "toy", "--mod", "2", "--dc", "5", "--json"]) == 0
    assert '"success": 0.6666666666666666' in capsys.readouterr().out
    assert main(["odds", "toy", "--mod", "2", "--dc", "5", "--advantage"]) == 2
    assert "--advantage: not an option of toy" in capsys.readouterr().err


def test_the_window_shows_its_check_and_its_sheet(toy, tmp_path, qtbot):
    from gmdesk.ui.bus import CampaignBus
    from gmdesk.ui.i18n import Translations
    from gmdesk.ui.panels.check.panel import CheckPanel
    from gmdesk.ui.sheets.panel import SheetPanel

    path = tmp_path / "toy.gmdesk"
    store = CampaignStore.create(path, CampaignInfo("Toy table", "toy"))
    hero = store.characters.add(Character(None, "Pip", "pc", "toy", toy.sheet(score=2)))
    try:
        bus, shown = CampaignBus(), []
        bus.checkShown.connect(shown.append)  # what the player window is told of the check shown
        panel = CheckPanel(bus, rng=random.Random(1))
        qtbot.addWidget(panel)
        panel.set_campaign(store)
        panel.target.dc_spin.setValue(5)
        assert panel.view is not None and panel.view.odds["success"] == brute(2, 5)
        # its target's name in both languages, for players who may read the other one
        assert (shown[-1].target_names, shown[-1].target) == ((("en", "target"), ("fr", "cible")), 5)
        assert panel.tier_table.texts() == {"failure": "33.3 %", "success": "66.7 %"}
        assert panel.target.dc_label.text() == "target:"
        assert panel.options.toggles["lucky"].isVisibleTo(panel)  # its own option, in its words
        panel.options.toggles["lucky"].setChecked(True)
        assert panel.view.odds["success"] == brute(3, 5)
        rolled = panel.roll()
        assert store.log.get(rolled.entry_id).actor == "Pip"
        sheets = SheetPanel(CampaignBus())
        qtbot.addWidget(sheets)
        sheets.set_campaign(store)
        sheets.show_character(hero.id)
        assert any(row.path == ("sheet", "score") for row in sheets.form.rows())
        translations = Translations()
        translations.install("fr")
        try:
            panel.retranslate()
            assert panel.options.toggles["lucky"].text() == "Chanceux"
            assert panel.target.dc_label.text() == "cible:"
        finally:
            translations.install("en")
    finally:
        panel.set_campaign(None)
        store.close()


def test_the_architecture_check_knows_its_id_too(toy):
    """The check that no generic module branches on a system's id takes the ids from the registry."""
    from test_architecture import system_id_uses

    assert system_id_uses('if system == "toy":\n    pass\n', set(systems.ids())) == [(1, "the literal 'toy'")]


def _stored_odds(path, roll_id: int) -> dict[str, Fraction] | None:
    """The exact odds the roll facts keep for a roll (None: unknown), straight from the file."""
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (tiers,) = c.execute("SELECT d.tiers FROM roll_facts f LEFT JOIN roll_odds d ON d.id = f.odds_id "
                             "WHERE f.id = ?", (roll_id,)).fetchone()
    finally:
        c.close()
    return None if tiers is None else {t: Fraction(p) for t, p in json.loads(tiers).items()}


def _better_of_two(check, previous):
    """A reroll that keeps the better of the first die and a fresh one, as a system would say."""
    return enumerate_outcomes(
        lambda rng: "success" if max(previous.natural, rng.randint(1, 6)) + check.modifier >= check.dc else "failure")


def test_the_roll_facts_ask_it_for_a_rolls_odds_and_a_rerolls(toy, tmp_path):
    """The analytics keep every logged roll's exact odds: the system rebuilds its check
    (``check_from_dict``) and says what a reroll's odds are (``reroll_odds``) — unknown while it
    gives none, its own answer once it does."""
    path = tmp_path / "toy.gmdesk"
    with CampaignStore.create(path, CampaignInfo("Toy table", "toy")) as store:
        hero = store.characters.add(Character(None, "Pip", "pc", "toy", toy.sheet(score=3)))

        def roll_and_reroll(dc: int, first_face: int) -> tuple[int, int]:
            check = build_check(hero, SCORE, Situation(dc=dc))
            first = store.log.append(LogEntry.from_roll(check.roll(Replay([first_face])), check.describe(), actor="Pip"))
            again = store.log.append(LogEntry.from_roll(check.roll(Replay([6])), check.describe(), actor="Pip",
                                                        reroll_of=first))
            return first, again

        first, again = roll_and_reroll(6, 1)
        systems.unregister("toy")
        systems.register(replace(toy, reroll_odds=_better_of_two))
        first_2, again_2 = roll_and_reroll(7, 2)
    assert _stored_odds(path, first) == {"failure": 1 - brute(3, 6), "success": brute(3, 6)}
    assert _stored_odds(path, again) is None  # no reroll_odds: a reroll's odds are not the check's
    assert _stored_odds(path, first_2) == {"failure": 1 - brute(3, 7), "success": brute(3, 7)}
    # max(2, fresh) + 3 ≥ 7: the fresh die shows 4, 5 or 6
    assert _stored_odds(path, again_2) == {"failure": Fraction(1, 2), "success": Fraction(1, 2)}
