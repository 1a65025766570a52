"""Running a fight: initiative and its tie rules per system, turns and rounds, delay and ready,
HP, conditions that tick and expire, adding and removing mid-round."""

import random

import pytest

from gmdesk import systems
from gmdesk.campaign import initiative as ini
from gmdesk.campaign.checks import Situation, build_check
from gmdesk.campaign.model import Combatant, ConditionState, Encounter
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.engine.core import RulesError


def fighter(cid, name, kind="npc", mod=0, hp=20, **kw):
    return Combatant(cid, name, kind=kind, init_modifier=mod, hp=hp, max_hp=hp, position=cid - 1, **kw)


def encounter(*combatants):
    return Encounter(1, "fight", combatants=list(combatants))


def names(enc):
    return [c.name for c in enc.queue()]


def kinds(events):
    return [e.kind for e in events]


def current(enc):
    return enc.current().name


def faces(seed, n):
    r = random.Random(seed)
    return [r.randint(1, 20) for _ in range(n)]


def distinct_seed(n, start=1, also=lambda f: True):
    """A seed whose first ``n`` d20 faces are all different (so ties come only from the modifiers)."""
    return next(s for s in range(start, 10_000) if len(set(faces(s, n))) == n and also(faces(s, n)))


def snapshot_round_trip(enc):
    """What the store keeps after every change must rebuild the same fight."""
    again = Encounter.from_dict(enc.to_dict())
    assert again.to_dict() == enc.to_dict()


# -- initiative and ties --------------------------------------------------------------------------

CONDITION = {"pf2": "sickened", "dnd5e": "poisoned", "dnd35": "shaken", "cof": "aveugle", "anarchy": "malus"}


@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35"])
def test_rolled_initiative_is_d20_plus_modifier_and_ties_follow_the_modifiers(system):
    seed = distinct_seed(4)
    f = faces(seed, 4)  # the faces the generator will give, in queue order
    top = f[0] + 7
    # B and C tie A's total with other modifiers (the faces differ, so the modifiers do too); D does not
    enc = encounter(fighter(1, "A", "pc", 7), fighter(2, "B", "npc", top - f[1]), fighter(3, "C", "npc", top - f[2]),
                    fighter(4, "D", "pc", top - 5 - f[3]))
    events = ini.roll_initiative(enc, system, random.Random(seed))
    assert kinds(events) == ["initiative"] * 4 + ["sorted"]
    assert [e.data["dice"] for e in events[:4]] == [(x,) for x in f]
    assert [enc.by_id(i).initiative for i in (1, 2, 3, 4)] == [top, top, top, top - 5]
    tied = enc.queue()[:3]
    mods = [c.init_modifier for c in tied]
    assert mods == sorted(mods, reverse=True) and names(enc)[-1] == "D"
    label = systems.get(system).fight.modifier_label
    assert [c.tiebreak for c in enc.queue()] == [f"{label} {mods[0]:+d} > {mods[1]:+d}",
                                                 f"{label} {mods[1]:+d} > {mods[2]:+d}",
                                                 f"{label} {mods[2]:+d} < {mods[1]:+d}", ""]


def test_pf2_and_dnd5e_equal_modifiers_keep_the_gms_order():
    enc = encounter(fighter(1, "A", mod=3), fighter(2, "B", mod=5), fighter(3, "C", mod=5), fighter(4, "D", mod=1))
    for c, init in zip(enc.queue(), (12, 15, 15, 15)):
        c.initiative = init
    ini.sort_queue(enc, "pf2", random.Random(0))
    assert names(enc) == ["B", "C", "D", "A"]
    assert [c.tiebreak for c in enc.queue()] == ["GM's choice", "Perception +5 > +1", "Perception +1 < +5", ""]
    ini.move_combatant(enc, 3, 0)  # the GM's choice: C before B
    ini.sort_queue(enc, "dnd5e", random.Random(0))
    assert names(enc) == ["C", "B", "D", "A"]
    assert enc.by_id(3).tiebreak == "GM's choice" and enc.by_id(2).tiebreak == "Dex +5 > +1"


def test_dnd35_rerolls_between_the_tied_until_the_tie_breaks():
    # three combatants with the same total and modifier; the rerolls come from the same generator
    for seed in range(40):
        enc = encounter(fighter(1, "A", mod=4), fighter(2, "B", mod=4), fighter(3, "C", mod=4), fighter(4, "D", mod=0))
        for c in enc.queue():
            c.initiative = 14
        enc.by_id(4).initiative = 9
        events = ini.sort_queue(enc, "dnd35", random.Random(seed))
        rerolls = events[-1].data["rerolls"]
        replica = random.Random(seed)
        first = {cid: replica.randint(1, 20) for cid in (1, 2, 3)}
        assert {cid: r[0] for cid, r in rerolls.items()} == first
        order = [c.id for c in enc.queue()][:3]
        assert [rerolls[i] for i in order] == sorted((rerolls[i] for i in order), reverse=True)
        a, b = enc.queue()[0], enc.queue()[1]
        k = next(i for i, (x, y) in enumerate(zip(rerolls[a.id], rerolls[b.id])) if x != y)
        assert a.tiebreak == f"reroll {rerolls[a.id][k]} > {rerolls[b.id][k]}"
        assert names(enc)[-1] == "D" and enc.by_id(4).tiebreak == ""
        if any(len(r) > 1 for r in rerolls.values()):
            break
    else:
        pytest.fail("no seed gave a second reroll")
    # seeded: the same generator gives the same order
    again = encounter(fighter(1, "A", mod=4), fighter(2, "B", mod=4), fighter(3, "C", mod=4), fighter(4, "D", mod=0))
    for c in again.queue():
        c.initiative = 14 if c.id != 4 else 9
    ini.sort_queue(again, "dnd35", random.Random(seed))
    assert names(again) == names(enc)


def test_cof_takes_the_init_score_and_pcs_win_ties():
    enc = encounter(fighter(1, "Orc", "npc", 14), fighter(2, "Elfe", "pc", 14), fighter(3, "Loup", "npc", 17),
                    fighter(4, "Nain", "pc", 9))
    rng = random.Random(5)
    state = rng.getstate()
    events = ini.roll_initiative(enc, "cof", rng)
    assert rng.getstate() == state  # no die rolled
    assert [e.data["initiative"] for e in events if e.kind == "initiative"] == [14, 14, 17, 9]
    assert names(enc) == ["Loup", "Elfe", "Orc", "Nain"]
    assert enc.by_id(2).tiebreak == "PC before NPC" and enc.by_id(1).tiebreak == "NPC after PC"


def test_anarchy_has_no_roll_and_the_gm_orders_by_hand():
    enc = encounter(fighter(1, "Decker", "pc"), fighter(2, "Ganger", "npc"), fighter(3, "Sam", "pc"))
    assert ini.roll_initiative(enc, "anarchy", random.Random(1)) == []
    assert ini.sort_queue(enc, "anarchy", random.Random(1)) == []
    ini.move_combatant(enc, 3, 0)
    assert names(enc) == ["Sam", "Decker", "Ganger"]
    assert [c.position for c in enc.queue()] == [0, 1, 2]


def test_house_rule_tie_options():
    def setup():
        enc = encounter(fighter(1, "Npc+5", "npc", 5), fighter(2, "Pc+2", "pc", 2), fighter(3, "Npc+2", "npc", 2))
        for c in enc.queue():
            c.initiative = 10
        return enc

    enc = setup()
    ini.sort_queue(enc, "pf2", random.Random(0), "pcs_first")
    assert names(enc) == ["Pc+2", "Npc+5", "Npc+2"]
    enc = setup()
    ini.sort_queue(enc, "dnd5e", random.Random(0), "modifier_then_pcs")
    assert names(enc) == ["Npc+5", "Pc+2", "Npc+2"]
    assert enc.by_id(2).tiebreak == "PC before NPC"
    enc = setup()
    ini.sort_queue(enc, "pf2", random.Random(0), "manual")
    assert names(enc) == ["Npc+5", "Pc+2", "Npc+2"]
    with pytest.raises(RulesError, match="tie_rule"):
        ini.sort_queue(enc, "pf2", random.Random(0), "coin")


def test_roll_for_npcs_only_or_one_combatant_and_unrolled_go_last():
    enc = encounter(fighter(1, "Pc", "pc", 3), fighter(2, "Orc", "npc", 1), fighter(3, "Wolf", "npc", 2))
    ini.roll_initiative(enc, "dnd5e", random.Random(2), "npcs")
    assert enc.by_id(1).initiative is None and names(enc)[-1] == "Pc"
    f = faces(9, 1)[0]
    ini.roll_initiative(enc, "dnd5e", random.Random(9), 1)
    assert enc.by_id(1).initiative == f + 3
    with pytest.raises(RulesError, match="who"):
        ini.roll_initiative(enc, "dnd5e", random.Random(9), "pcs")


@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35", "cof"])
def test_initiative_from_the_sheets_with_conditions(system, demo):
    d = demo(system)
    enc = d.encounter
    chars = {c.id: c for c in d.characters}
    for c in enc.combatants:
        c.init_modifier, c.kind = 0, "npc"
    checks = ini.sheet_initiative(enc, system, chars)
    for c in enc.combatants:
        ch = chars[c.character_id]
        assert c.kind == ch.kind
        if system == "cof":
            assert c.init_modifier == ch.sheet.init + sum(
                m.value for m in ini_cof_mods(ch, c.conditions))
        else:
            built = build_check(ch, CheckRef("initiative"), Situation(dc=10), c.conditions)
            assert c.init_modifier == built.modifier == checks[c.id].modifier
    rng, replica = random.Random(4), random.Random(4)
    events = ini.roll_initiative(enc, system, rng, checks=checks)
    for e in (e for e in events if e.kind == "initiative"):
        if system != "cof":
            assert e.data["initiative"] == checks[e.combatant_id].roll(replica).total
            assert "roll" in e.data


def ini_cof_mods(ch, conditions):
    from gmdesk.systems.cof.build import init_score
    return init_score(ch, conditions)[1]


# -- a three-round fight per system ---------------------------------------------------------------

@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35", "cof", "anarchy"])
def test_three_round_fight(system):
    seed = distinct_seed(4, 100, lambda f: f[2] > f[0])  # so the Cultist's modifier is below Ayla's
    enc = encounter(fighter(1, "Ayla", "pc", 6, hp=30), fighter(2, "Brute", "npc", 2, hp=25),
                    fighter(3, "Cultist", "npc", 4, hp=12), fighter(4, "Dorn", "pc", 1, hp=40))
    f = faces(seed, 4)
    # Cultist ties Ayla: same total, a lower modifier (cof: same Init score; Ayla is a PC)
    enc.by_id(3).init_modifier = 6 if system == "cof" else f[0] + 6 - f[2]
    ini.roll_initiative(enc, system, random.Random(seed))
    if system == "anarchy":
        for cid, place in ((1, 0), (3, 1), (2, 2), (4, 3)):
            ini.move_combatant(enc, cid, place)
    elif system != "cof":
        assert enc.by_id(1).initiative == f[0] + 6 == enc.by_id(3).initiative
    q = enc.queue()
    ayla, cultist = q.index(enc.by_id(1)), q.index(enc.by_id(3))
    assert cultist == ayla + 1  # the tie goes to Ayla
    if system == "cof":
        assert enc.by_id(1).tiebreak == "PC before NPC"
    elif system != "anarchy":
        assert enc.by_id(1).tiebreak == f"{systems.get(system).fight.modifier_label} +6 > {enc.by_id(3).init_modifier:+d}"
    o = names(enc)
    ini.start_fight(enc, system)
    assert (enc.round, current(enc)) == (1, o[0])
    snapshot_round_trip(enc)

    # round 1, first turn: a condition on the third in the queue for 2 rounds, ticking at the end of its turn
    third = enc.queue()[2]
    key = CONDITION[system]
    ini.add_condition(enc, third.id, key, 1, rounds=2)
    turns, expired = [], []

    def note(events):
        expired.extend((enc.round, e.data["key"]) for e in events if e.kind == "condition_expired")

    while enc.round < 4:
        turns.append((enc.round, current(enc)))
        if (enc.round, current(enc)) == (1, o[3]):  # HP changes in the last turn of round 1
            ini.apply_hp(enc, system, _id(enc, "Cultist"), "t5")
            ini.apply_hp(enc, system, _id(enc, "Cultist"), "-8")
            assert (enc.by_id(3).temp_hp, enc.by_id(3).hp) == (0, 12 - 3)
            ini.apply_hp(enc, system, _id(enc, "Dorn"), "-15")
            ini.apply_hp(enc, system, _id(enc, "Dorn"), "+100")
            assert enc.by_id(4).hp == 40
            assert enc.by_id(third.id).condition(key).rounds_left == 1  # ticked once, still on
        if (enc.round, current(enc)) == (2, o[1]):  # the second delays, and comes back after the third
            note(ini.delay(enc, system, _id(enc, o[1])))
            turns.append((enc.round, current(enc)))
            assert expired == []
            events = ini.return_from_delay(enc, system, _id(enc, o[1]))
            note(events)
            assert kinds(events)[-2:] == ["returned", "turn"]
            assert expired == [(2, key)]  # the end of the third's turn in round 2
            turns.append((enc.round, current(enc)))
        note(ini.next_turn(enc, system))
        snapshot_round_trip(enc)
    assert turns == [(1, o[0]), (1, o[1]), (1, o[2]), (1, o[3]),
                     (2, o[0]), (2, o[1]), (2, o[2]), (2, o[1]), (2, o[3]),
                     (3, o[0]), (3, o[2]), (3, o[1]), (3, o[3])]
    assert expired == [(2, key)] and enc.by_id(third.id).condition(key) is None
    assert names(enc) == [o[0], o[2], o[1], o[3]] and (enc.round, current(enc)) == (4, o[0])


def _id(enc, name):
    return next(c.id for c in enc.combatants if c.name == name)


# -- turns, rounds, delay, ready ------------------------------------------------------------------

def four():
    enc = encounter(*(fighter(i, n) for i, n in enumerate("ABCD", 1)))
    ini.start_fight(enc, "dnd5e")
    return enc


def test_next_and_previous_turn_and_the_round_counter():
    enc = four()
    assert ini.previous_turn(enc) == [] and (enc.round, current(enc)) == (1, "A")
    for expected in "BCDA":
        ini.next_turn(enc, "dnd5e")
        assert current(enc) == expected
    assert enc.round == 2
    events = ini.previous_turn(enc)
    assert kinds(events) == ["round", "turn"] and (enc.round, current(enc)) == (1, "D")


def test_dead_are_passed_over_downed_on_request_and_time_passes_over_them():
    enc = four()
    ini.set_state(enc, 2, "downed")
    ini.set_state(enc, 3, "dead")
    ini.add_condition(enc, 2, "poisoned", rounds=1)  # ticks at the end of B's own turn
    ini.next_turn(enc, "dnd5e")
    assert current(enc) == "B"  # downed still comes up by default
    events = ini.next_turn(enc, "dnd5e")
    assert current(enc) == "D" and kinds(events).count("skipped") == 1  # C is dead
    assert "condition_expired" in kinds(events)  # B's turn ended normally
    ini.add_condition(enc, 2, "poisoned", rounds=1)
    events = ini.next_turn(enc, "dnd5e", skip_downed=True)
    assert current(enc) == "A" and kinds(events).count("skipped") == 0
    events = ini.next_turn(enc, "dnd5e", skip_downed=True)
    assert current(enc) == "D" and kinds(events).count("skipped") == 2
    assert "condition_expired" in kinds(events)  # B's slot passed: its turn's end still counts


def test_nobody_can_act():
    enc = encounter(fighter(1, "A"), fighter(2, "B"))
    ini.set_state(enc, 1, "dead")
    ini.set_state(enc, 2, "dead")
    with pytest.raises(RulesError, match="turn"):
        ini.start_fight(enc, "pf2")
    with pytest.raises(RulesError, match="turn"):
        ini.next_turn(enc, "pf2")


def test_delay_lapses_when_its_slot_comes_round_again():
    enc = four()
    ini.next_turn(enc, "pf2")
    ini.add_condition(enc, 2, "frightened", 2)  # no duration: drops by 1 at the end of B's turns (pf2)
    with pytest.raises(RulesError, match="delay"):
        ini.delay(enc, "pf2", 3)
    before = enc.to_dict()
    with pytest.raises(RulesError, match="delay"):
        ini.return_from_delay(enc, "pf2", 3)
    assert enc.to_dict() == before
    ini.delay(enc, "pf2", 2)
    assert enc.by_id(2).delayed and current(enc) == "C"
    assert enc.by_id(2).condition("frightened").value == 2  # its turn is postponed, not over
    ini.next_turn(enc, "pf2")  # D
    ini.next_turn(enc, "pf2")  # A, round 2
    events = ini.next_turn(enc, "pf2")  # back at B's slot: the delay lapses, the lost turn ends first
    assert kinds(events) == ["delay_lapsed", "condition_reduced", "turn"]
    assert current(enc) == "B" and not enc.by_id(2).delayed and enc.round == 2
    assert enc.by_id(2).condition("frightened").value == 1
    events = ini.next_turn(enc, "pf2")  # and its own turn's end
    assert kinds(events)[0] == "condition_expired" and enc.by_id(2).condition("frightened") is None


def test_frightened_drops_only_in_pf2():
    enc = four()
    ini.add_condition(enc, 1, "frightened", 1)
    events = ini.next_turn(enc, "dnd5e")
    assert enc.by_id(1).condition("frightened").value == 1 and "condition_expired" not in kinds(events)
    enc = four()
    ini.add_condition(enc, 1, "frightened", 1)
    events = ini.next_turn(enc, "pf2")
    assert enc.by_id(1).condition("frightened") is None and "condition_expired" in kinds(events)


def test_ready_lapses_at_the_next_turn_or_is_used():
    enc = four()
    ini.ready(enc, 1)
    ini.next_turn(enc, "dnd35")
    ini.next_turn(enc, "dnd35")  # C's turn: A's readied action goes off, A now acts before C
    events = ini.use_ready(enc, 1, move_before_current=True)
    assert kinds(events) == ["ready_used", "moved"] and names(enc) == ["B", "A", "C", "D"]
    assert current(enc) == "C"
    with pytest.raises(RulesError, match="readied"):
        ini.use_ready(enc, 1)
    ini.ready(enc, 3)
    ini.next_turn(enc, "dnd35")
    events = ini.next_turn(enc, "dnd35")
    while current(enc) != "C":
        events = ini.next_turn(enc, "dnd35")
    assert "ready_lapsed" in kinds(events) and not enc.by_id(3).readied


# -- conditions -----------------------------------------------------------------------------------

def test_a_condition_set_during_its_anchors_turn_lasts_whole_rounds():
    enc = four()  # A's turn
    ini.add_condition(enc, 3, "stunned", rounds=1, ticks="end", anchor_id=1)  # "until the end of A's next turn"
    assert enc.by_id(3).condition("stunned").rounds_left == 2
    ini.next_turn(enc, "dnd5e")  # end of A's turn, round 1: not yet
    assert enc.by_id(3).condition("stunned") is not None
    for _ in range(3):
        ini.next_turn(enc, "dnd5e")
    events = ini.next_turn(enc, "dnd5e")  # end of A's turn, round 2
    assert [e.data["key"] for e in events if e.kind == "condition_expired"] == ["stunned"]
    assert events[0].combatant_id == 3


def test_conditions_ticking_at_the_start_of_another_turn_and_replacing():
    enc = four()
    ini.add_condition(enc, 1, "blinded", rounds=2, ticks="start", anchor_id=3)
    ticks = []
    while enc.by_id(1).condition("blinded") is not None:
        events = ini.next_turn(enc, "dnd5e")
        ticks += [(enc.round, current(enc), e.kind) for e in events if e.kind.startswith("condition")]
    assert ticks == [(1, "C", "condition_ticked"), (2, "C", "condition_expired")]
    ini.add_condition(enc, 2, "poisoned", rounds=3)
    events = ini.add_condition(enc, 2, "poisoned", rounds=1)
    assert events[0].data["replaced"] and [c.rounds_left for c in enc.by_id(2).conditions] == [1]
    ini.remove_condition(enc, 2, "poisoned")
    with pytest.raises(RulesError, match="condition"):
        ini.remove_condition(enc, 2, "poisoned")


# -- add / remove mid-round -----------------------------------------------------------------------

def test_add_and_remove_mid_round_keep_the_current_turn():
    enc = four()
    ini.next_turn(enc, "pf2")
    ini.next_turn(enc, "pf2")  # C's turn
    ini.add_combatant(enc, Combatant(None, "E"), 0)
    assert current(enc) == "C" and names(enc) == ["E", "A", "B", "C", "D"] and enc.by_id(5).name == "E"
    ini.remove_combatant(enc, "pf2", 2)
    assert current(enc) == "C" and names(enc) == ["E", "A", "C", "D"]
    # added by initiative: after those with the same or more
    for c, init in zip(enc.queue(), (20, 18, 12, 5)):
        c.initiative = init
    ini.add_combatant(enc, Combatant(None, "F", initiative=12))
    assert names(enc) == ["E", "A", "C", "F", "D"] and current(enc) == "C"
    with pytest.raises(RulesError, match="id"):
        ini.add_combatant(enc, Combatant(1, "dup"))
    snapshot_round_trip(enc)


def test_removing_the_current_combatant_passes_the_turn_and_reanchors():
    enc = four()
    ini.add_condition(enc, 1, "blinded", rounds=2, anchor_id=4)
    for _ in range(3):
        ini.next_turn(enc, "pf2")
    assert current(enc) == "D"
    events = ini.remove_combatant(enc, "pf2", 4)
    assert "reanchored" in kinds(events) and enc.by_id(1).condition("blinded").anchor_id is None
    assert (enc.round, current(enc)) == (2, "A")
    assert "round" in kinds(events) and kinds(events)[-1] == "turn"


def test_numbered_copies():
    goblin = Combatant(None, "Gobelin", hp=7, max_hp=7, conditions=[ConditionState("prone")])
    copies = ini.numbered_copies(goblin, 3, taken=["Gobelin 2"])
    assert [c.name for c in copies] == ["Gobelin 3", "Gobelin 4", "Gobelin 5"]  # the numbering goes on
    copies[0].conditions.clear()
    assert goblin.conditions and copies[1].conditions  # real copies, nothing shared
    enc = encounter()
    for c in copies:
        ini.add_combatant(enc, c)
    assert [c.id for c in enc.queue()] == [1, 2, 3]


# -- hit points -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text,kind,amount", [("-7", "damage", 7), ("+5", "heal", 5), ("t10", "temp", 10),
                                              (" - 7 ", "damage", 7), ("T3", "temp", 3), ("−4", "damage", 4)])
def test_hp_entry_parsing(text, kind, amount):
    assert ini.parse_hp_entry(text) == ini.HpEntry(kind, amount)


@pytest.mark.parametrize("text", ["7", "", "-", "x5", "+-3", "t", "--2", None])
def test_hp_entry_refused(text):
    with pytest.raises(RulesError, match="hp"):
        ini.parse_hp_entry(text)


def test_temporary_hp_absorb_first_and_do_not_add_up():
    enc = encounter(fighter(1, "A", "pc", hp=20))
    ini.apply_hp(enc, "dnd5e", 1, "t8")
    events = ini.apply_hp(enc, "dnd5e", 1, "t5")
    assert enc.by_id(1).temp_hp == 8 and "kept" in events[0].text
    ini.apply_hp(enc, "dnd5e", 1, "-10")
    assert (enc.by_id(1).temp_hp, enc.by_id(1).hp) == (0, 18)
    ini.apply_hp(enc, "dnd5e", 1, "+50")
    assert enc.by_id(1).hp == 20


@pytest.mark.parametrize("system,kind,damage,hp,state", [
    ("dnd5e", "pc", "-20", 0, "downed"),       # to 0: downed
    ("dnd5e", "pc", "-40", 0, "dead"),         # 20 left over after 0 ≥ max 20: massive damage
    ("dnd5e", "pc", "-39", 0, "downed"),
    ("dnd5e", "npc", "-20", 0, "dead"),
    ("pf2", "pc", "-39", 0, "downed"),
    ("pf2", "pc", "-40", 0, "dead"),           # twice the max in one hit
    ("pf2", "npc", "-25", 0, "dead"),
    ("dnd35", "pc", "-20", 0, "downed"),
    ("dnd35", "npc", "-29", -9, "downed"),
    ("dnd35", "pc", "-30", -10, "dead"),
    ("cof", "pc", "-25", 0, "downed"),
    ("cof", "npc", "-25", 0, "dead"),
    ("anarchy", "npc", "-99", 0, "downed"),
    ("anarchy", "pc", "-5", 15, "active"),
])
def test_downed_and_dead_per_system(system, kind, damage, hp, state):
    enc = encounter(fighter(1, "X", kind, hp=20))
    ini.apply_hp(enc, system, 1, damage)
    assert (enc.by_id(1).hp, enc.by_id(1).state) == (hp, state)


def test_healing_brings_the_downed_back_not_the_dead():
    enc = encounter(fighter(1, "X", "pc", hp=20), fighter(2, "Y", "npc", hp=20))
    ini.apply_hp(enc, "dnd35", 1, "-25")
    ini.apply_hp(enc, "dnd35", 1, "+3")
    assert (enc.by_id(1).hp, enc.by_id(1).state) == (-2, "downed")
    events = ini.apply_hp(enc, "dnd35", 1, "+4")
    assert (enc.by_id(1).hp, enc.by_id(1).state) == (2, "active") and kinds(events) == ["heal", "state"]
    ini.apply_hp(enc, "pf2", 2, "-20")
    with pytest.raises(RulesError, match="hp"):
        ini.apply_hp(enc, "pf2", 2, "+5")
    ini.apply_hp(enc, "pf2", 2, "-5")  # damage never revives
    assert enc.by_id(2).state == "dead"


def test_untracked_maximum_heals_without_cap():
    enc = encounter(Combatant(1, "Adhoc", hp=4))
    ini.apply_hp(enc, "dnd5e", 1, "+10")
    assert enc.by_id(1).hp == 14
