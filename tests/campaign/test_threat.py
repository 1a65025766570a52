"""The threat table's cells are the engine's own odds (gmdesk.campaign.threat), pf2's four degrees
included: each equals what `gmdesk odds` gives for that modifier against that AC or DC."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.importing import character, read_json
from gmdesk.campaign.threat import table
from gmdesk.cli import main
from gmdesk.systems.kit.bestiary import CreatureAction

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def odds(*argv) -> dict:
    out, err = io.StringIO(), io.StringIO()
    assert main(["odds", *map(str, argv), "--json"], out, err) == 0, err.getvalue()
    return json.loads(out.getvalue())["tiers"]


@pytest.fixture(scope="module")
def pf2_fight():
    demo = demo_campaign("pf2", "en")
    party = [c for c in demo.characters if c.is_pc]
    doc = json.loads((FIXTURES / "foundry_pf2e_npc.json").read_text(encoding="utf-8"))
    poacher = character(read_json(doc, "pf2")[0], "pf2")
    poacher.id = 99
    return party, poacher


def plain(cell) -> bool:
    """A check with no fortune, misfortune or other option: `gmdesk odds` with --mod and --dc alone."""
    return getattr(cell.check, "fortune", False) is False and getattr(cell.check, "misfortune", False) is False


def test_every_pf2_cell_is_the_engines_four_degrees(pf2_fight):
    party, poacher = pf2_fight
    threat = table(party, [poacher], save_dcs={99: [CreatureAction("Poison", save="fortitude", dc=19)]})
    checked = 0
    for pc in party:
        for cell in (threat.on_party[99, pc.id], threat.on_creatures[pc.id, 99], threat.spotting[pc.id, 99],
                     threat.spotted[99, pc.id], *threat.saves[99, pc.id]):
            assert cell is not None
            if plain(cell):
                assert set(cell.odds.tiers) == {"critical_failure", "failure", "success", "critical_success"}
                assert cell.odds.floats() == pytest.approx(odds("pf2", "--mod", cell.modifier, "--dc", cell.dc), abs=0)
                checked += 1
        assert threat.saves[99, pc.id][0].dc == 19
    assert checked >= 3 * len(party)


def test_the_best_attack_is_the_likeliest_to_hit(pf2_fight):
    party, poacher = pf2_fight
    threat = table(party, [poacher])
    for pc in party:
        best = threat.on_creatures[pc.id, 99]
        assert best.odds.success == max(c.odds.success for c in _all_attacks(pc, poacher))


def _all_attacks(actor, target):
    from gmdesk.campaign.checks import Situation, available_checks, build_check
    from gmdesk.engine.core import RulesError

    out = []
    for option in available_checks(actor):
        if option.ref.kind in ("weapon", "attack"):
            try:
                out.append(build_check(actor, option.ref, Situation(opponent=target, inspiration=False)))
            except RulesError:
                pass

    class _C:
        def __init__(self, check):
            self.odds = check.odds()

    return [_C(c) for c in out]


def test_a_bestiary_card_says_its_key_odds_against_each_character_in_the_gms_language():
    from fractions import Fraction

    from gmdesk.campaign.bestiary import creature_of, shipped
    from gmdesk.campaign.bestiary_card import card, percent

    demo = demo_campaign("dnd5e", "fr")
    party = [c for c in demo.characters if c.is_pc]
    goblin = creature_of("dnd5e", "Goblin", shipped("dnd5e"))
    fr, en = card(goblin, party, lang="fr"), card(goblin, party, lang="en")
    assert ("CA", "15") in fr.lines and ("AC", "15") in en.lines
    assert ("Scimitar", "+4, 1d6+2 slashing") in en.lines
    assert any(line.startswith("Perception -1\u202f: repère ") for line in fr.odds)
    assert any(line.startswith("Scimitar +4: hits ") for line in en.odds)
    assert len([line for line in en.odds if "spots" in line]) == len(party)
    assert (percent(Fraction(7, 20)), percent(Fraction(7, 20), "fr"), percent(Fraction(1, 400), "fr")) == \
        ("35\u202f%", "35\u202f%", "0,2\u202f%")
