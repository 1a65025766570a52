"""Issue 28 §1, §2: a character's round against a target (the threat table's own checks, the pf2 multiple
attack penalty), the exact rounds to drop in the threat table both ways, in words, and in
``gmdesk encounter --json``."""

from __future__ import annotations

import io
import itertools
import json
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from gmdesk import systems
from gmdesk.campaign.bestiary import new_npcs, shipped
from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.fight_odds import drops, round_against, why_none, words
from gmdesk.campaign.model import Character
from gmdesk.campaign.threat import best_attack, table
from gmdesk.cli import main
from gmdesk.engine.core import Modifier
from gmdesk.engine.damage import parse_damage, rounds_to_drop
from gmdesk.systems.kit.refs import CheckRef


def fighters(system_id: str):
    demo = demo_campaign(system_id, "en")
    pcs = [c for c in demo.characters if c.is_pc]
    npcs = [c for c in demo.characters if not c.is_pc]
    return pcs, npcs


def damage_brute(tiers: dict, effects: dict, text: str) -> dict[int, Fraction]:
    """The engine's tier odds × every face of the damage dice listed (doubled dice rolled twice)."""
    roll = parse_damage(text)
    out: Counter = Counter()
    for tier, p in tiers.items():
        effect = effects.get(tier, "none")
        dice = [t for part in roll.parts for t in part.expression.terms for _ in range(t.count)]
        dice = dice * (2 if effect == "double_dice" else 1)
        constant = sum(part.expression.constant for part in roll.parts)
        faces = list(itertools.product(*[range(1, t.sides + 1) for t in dice]))
        for f in faces:
            total = max(0, constant + sum(x * t.sign for x, t in zip(f, dice)))
            dealt = {"none": 0, "double": 2 * total, "half": total // 2}.get(effect, total)
            out[dealt] += p * Fraction(1, len(faces))
    return dict(sorted((k, v) for k, v in out.items() if v))


def test_a_use_is_the_threat_tables_check_and_the_dice_listed():
    pcs, npcs = fighters("dnd5e")
    aldric, goblin = pcs[0], next(n for n in npcs if n.sheet.attacks)
    got = round_against(aldric, goblin)
    (use,) = got.uses
    cell = best_attack(aldric, goblin, None)
    assert use.cell.odds == cell.odds and use.cell.modifier == cell.modifier and use.cell.dc == cell.dc
    rules = systems.get("dnd5e").damage
    assert use.damage.probabilities() == damage_brute(dict(cell.odds.tiers), dict(rules.attack),
                                                      aldric.sheet.attacks[0].damage)
    assert got.damage == use.damage and sum(got.damage.probabilities().values()) == 1


def test_the_best_attack_is_the_one_with_most_damage_expected_and_attacks_per_round_repeat_it():
    pcs, npcs = fighters("dnd5e")
    nym, goblin = next(c for c in pcs if len(c.sheet.attacks) == 2), npcs[0]
    one = round_against(nym, goblin)
    expected = {a.name: round_against(replace(nym, sheet=replace(nym.sheet, attacks=[a])), goblin).mean
                for a in nym.sheet.attacks}
    assert one.uses[0].label == max(expected, key=expected.get)
    nym.sheet.attacks_per_round = 2
    two = round_against(nym, goblin)
    assert [u.label for u in two.uses] == [one.uses[0].label] * 2
    assert two.mean == 2 * one.mean


def test_pf2_later_strikes_take_the_multiple_attack_penalty():
    pcs, npcs = fighters("pf2")
    brunhild, goblin = pcs[0], npcs[0]
    brunhild.sheet.attacks_per_round = 3
    got = round_against(brunhild, goblin)
    assert [u.penalty for u in got.uses] == [0, -5, -10]
    ref = CheckRef("weapon", brunhild.sheet.attacks[0].name)
    for use in got.uses:
        mods = (Modifier(use.penalty, "multiple attack penalty"),) if use.penalty else ()
        check = build_check(brunhild, ref, Situation(opponent=goblin, modifiers=mods, inspiration=False))
        assert use.cell.odds == check.odds()
    assert got.uses[0].cell.odds["success"] + got.uses[0].cell.odds["critical_success"] > \
        got.uses[2].cell.odds["success"] + got.uses[2].cell.odds["critical_success"]


def test_a_stat_block_makes_the_round_its_gm_set():
    srd = {c.name: c for c in shipped("dnd5e")}
    owlbear = replace(new_npcs(srd["Owlbear"], 1, random.Random(1))[0], id=50)
    pcs, _ = fighters("dnd5e")
    plain = round_against(owlbear, pcs[0])
    assert len(plain.uses) == 1
    for a in owlbear.sheet.attacks:
        a.per_round = 1  # the SRD's Multiattack: one with its beak, one with its claws
    routine = round_against(owlbear, pcs[0])
    assert sorted(u.label for u in routine.uses) == sorted(a.name for a in owlbear.sheet.attacks)
    assert routine.mean > plain.mean


def test_no_damage_model_or_no_dice_gives_no_round_and_says_why():
    pcs, npcs = fighters("cof")
    assert round_against(npcs[0], pcs[0]) is None and drops(npcs[0], pcs[0]) is None
    assert why_none(npcs[0], "fr") == systems.get("cof").no_damage.fr
    pcs, npcs = fighters("dnd5e")
    captain = next(n for n in npcs if not n.sheet.attacks)
    assert round_against(captain, pcs[0]) is None
    assert captain.name in why_none(captain, "en")


def test_drops_counts_down_the_hp_given_else_the_maximum():
    pcs, npcs = fighters("dnd5e")
    goblin, grom = npcs[0], pcs[3]
    damage = round_against(goblin, grom).damage
    assert drops(goblin, grom).within(10) == rounds_to_drop(damage, grom.max_hp).within(10)
    assert drops(goblin, grom, hp=5).within(3) == rounds_to_drop(damage, 5).within(3)
    assert drops(goblin, replace(grom, max_hp=0)) is None


def test_the_threat_table_holds_the_rounds_both_ways_and_four_goblins_are_one_chain():
    pcs, _ = fighters("dnd5e")
    srd = {c.name: c for c in shipped("dnd5e")}
    goblins = [replace(g, id=100 + i) for i, g in enumerate(new_npcs(srd["Goblin"], 4, random.Random(1)))]
    got = table(pcs, goblins, hp={pcs[0].id: 5})
    assert set(got.rounds) == {(g.id, p.id) for g in goblins for p in pcs} | {(p.id, g.id) for g in goblins for p in pcs}
    assert got.rounds[goblins[0].id, pcs[0].id] is got.rounds[goblins[3].id, pcs[0].id]
    assert got.rounds[goblins[0].id, pcs[0].id].hp == 5 and got.rounds[goblins[0].id, pcs[1].id].hp == pcs[1].max_hp
    damage = round_against(pcs[1], goblins[2]).damage
    assert got.rounds[pcs[1].id, goblins[2].id].within(2) == rounds_to_drop(damage, goblins[2].max_hp).within(2)


def test_words_in_both_languages():
    pcs, npcs = fighters("dnd5e")
    rounds = drops(npcs[0], pcs[0])
    en = words(rounds, "Grikkit", "Brunhild", 3, "en")
    fr = words(rounds, "Grikkit", "Brunhild", 3, "fr")
    assert en.startswith("Grikkit drops Brunhild in 3 rounds or fewer: ") and en.endswith("\u202f%")
    assert fr.startswith("Grikkit met Brunhild hors de combat en 3 rounds ou moins\u202f: ")
    assert "1 round:" in words(rounds, "A", "B", 1, "en")
    never = rounds_to_drop(parse_damage("0").dist(), 5)
    assert "cannot" in words(never, "A", "B", 3, "en")


def test_encounter_json_gives_the_rounds_each_way(tmp_path):
    def run(*argv):
        out, err = io.StringIO(), io.StringIO()
        assert main([str(a) for a in argv], out, err) == 0, err.getvalue()
        return out.getvalue()

    path = tmp_path / "party.gmdesk"
    run("new", path, "--system", "dnd5e", "--demo", "--lang", "en")
    report = json.loads(run("encounter", path, "--add", "goblin", "--count", "2", "--seed", "3", "--json"))
    rows = {(r["attacker"], r["target"]): r for r in report["rounds"]}
    party = [p["name"] for p in report["party"]]
    # The goblins added are numbered after any the demo already has: read the first one's name.
    goblin = next(c["name"] for c in report["creatures"] if c["name"].startswith("Goblin"))
    assert {(goblin, p) for p in party} | {(p, goblin) for p in party} <= set(rows)
    row = rows["Aldric", goblin]
    assert len(row["within"]) == 10 and row["within"] == sorted(row["within"])
    assert abs(row["within"][-1] + row["beyond"] - 1) < 1e-12 and row["expected"] >= 1
    cof = tmp_path / "cof.gmdesk"
    run("new", cof, "--system", "cof", "--demo")
    report = json.loads(run("encounter", cof, "--json"))
    assert report["rounds"] == [] and report["rounds_reason"] == systems.get("cof").no_damage.en


def test_a_character_without_hp_is_named_in_the_reason():
    pcs, npcs = fighters("dnd5e")
    ghost = Character(77, "Ghost", "npc", "dnd5e", npcs[0].sheet, max_hp=0)
    from gmdesk.campaign.fight_odds import report

    (to_ghost,) = [r for r in report([pcs[0]], [ghost], {77: 0}) if r["target"] == "Ghost"]
    assert to_ghost["within"] is None and "Ghost" in to_ghost["reason"]
