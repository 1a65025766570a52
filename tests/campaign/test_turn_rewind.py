"""Previous turn rewinds for real (issue 12, item 13): what the turn's end changed — a condition
counted down or expired, a readied action lapsed — comes back with the marker; what the GM changed
since stays; with no record of that turn's end (an older file, a new fight) only the marker moves,
and the event says so. The marks travel with the encounter (saved, undone, reopened)."""

from __future__ import annotations

from gmdesk.campaign import initiative as ini
from gmdesk.campaign.model import Combatant, ConditionState, Encounter


def fight() -> Encounter:
    enc = Encounter(1, "fight", combatants=[Combatant(i, n, position=i - 1, hp=10, max_hp=10)
                                            for i, n in enumerate("ABC", 1)])
    ini.start_fight(enc, "pf2")
    return enc


def conditions(enc, cid):
    return [(c.key, c.value, c.rounds_left) for c in enc.by_id(cid).conditions]


def test_the_turns_end_comes_back_with_the_marker():
    enc = fight()
    ini.add_condition(enc, 1, "frightened", 2)  # drops by one at the end of A's turn
    ini.add_condition(enc, 2, "flat_footed", rounds=1, anchor_id=1)  # ends with A's turn
    ini.add_condition(enc, 3, "sickened", 1, rounds=3, anchor_id=1)  # counts down on A's turn
    enc.by_id(2).readied = True  # lapses when B's turn starts
    before = {cid: conditions(enc, cid) for cid in (1, 2, 3)}
    ini.next_turn(enc, "pf2")
    assert enc.current().name == "B" and conditions(enc, 1) == [("frightened", 1, None)]
    after = {cid: conditions(enc, cid) for cid in (1, 2, 3)}
    assert all(after[cid] != before[cid] for cid in (1, 2, 3))  # A's end touched each of them
    assert not enc.by_id(2).readied
    events = ini.previous_turn(enc)
    assert enc.current().name == "A" and (enc.round, enc.turn) == (1, 0)
    assert {cid: conditions(enc, cid) for cid in (1, 2, 3)} == before
    assert enc.by_id(2).readied  # B's readied action did not lapse after all
    assert events[-1].kind == "turn" and events[-1].data["rewound"] is True
    assert {e.combatant_id for e in events if e.kind == "condition_restored"} == {1, 2, 3}


def test_rewinds_across_rounds_one_turn_at_a_time_and_survives_the_file():
    enc = fight()
    ini.add_condition(enc, 3, "frightened", 3)
    for _ in range(3):
        ini.next_turn(enc, "pf2")  # A → B → C → A (round 2): C's end took frightened 3 → 2
    assert enc.round == 2 and conditions(enc, 3) == [("frightened", 2, None)]
    enc = Encounter.from_dict(enc.to_dict())  # saved and read again: the marks come along
    ini.previous_turn(enc)
    assert (enc.round, enc.current().name) == (1, "C") and conditions(enc, 3) == [("frightened", 3, None)]
    ini.previous_turn(enc)
    ini.previous_turn(enc)
    assert (enc.round, enc.current().name) == (1, "A") and not enc.rewind
    assert ini.previous_turn(enc) == []  # the fight's first turn has nothing before it


def test_what_the_gm_changed_since_stays():
    enc = fight()
    ini.add_condition(enc, 1, "frightened", 2)
    ini.add_condition(enc, 1, "clumsy", 1, rounds=1, anchor_id=1)
    clumsy = conditions(enc, 1)[1]
    ini.next_turn(enc, "pf2")  # frightened 2 → 1, clumsy counts down
    assert conditions(enc, 1)[0] == ("frightened", 1, None) and conditions(enc, 1)[1:] != [clumsy]
    ini.add_condition(enc, 1, "frightened", 4)  # the GM scares A again during B's turn
    ini.add_condition(enc, 2, "prone")
    ini.previous_turn(enc)
    assert conditions(enc, 1) == [("frightened", 4, None), clumsy]  # the GM's 4 stays; clumsy as it was
    assert conditions(enc, 2) == [("prone", None, None)]


def test_without_a_record_only_the_marker_moves_and_says_so():
    enc = fight()
    ini.add_condition(enc, 1, "frightened", 2)
    ini.next_turn(enc, "pf2")
    d = enc.to_dict()
    del d["rewind"]  # a file written before gmdesk kept them
    enc = Encounter.from_dict(d)
    events = ini.previous_turn(enc)
    assert enc.current().name == "A" and conditions(enc, 1) == [("frightened", 1, None)]
    assert events[-1].data["rewound"] is False


def test_a_fight_without_a_turn_passed_reads_as_before():
    enc = fight()
    assert "rewind" not in enc.to_dict()
    ini.next_turn(enc, "pf2")
    assert len(enc.to_dict()["rewind"]) == 1
    ini.start_fight(enc, "pf2")  # a new fight: nothing before its first turn
    assert "rewind" not in enc.to_dict()


def test_a_mark_keeps_only_what_the_turns_end_touched():
    """The fight is saved and read whole at every change: a mark names the combatants whose
    conditions or flags the turn's end changed, not the whole table, and still takes them back."""
    enc = Encounter(1, "fight", combatants=[Combatant(i, f"C{i}", position=i - 1, hp=10, max_hp=10)
                                            for i in range(1, 9)])
    ini.start_fight(enc, "pf2")
    ini.add_condition(enc, 1, "frightened", 2)  # A's end: 2 → 1
    ini.add_condition(enc, 5, "stunned", 1)  # someone else's, left alone by A's end
    ini.next_turn(enc, "pf2")
    mark = enc.rewind[-1]
    assert set(mark["before"]) == set(mark["after"]) == {"1"}
    ini.previous_turn(enc)
    assert conditions(enc, 1) == [("frightened", 2, None)] and conditions(enc, 5) == [("stunned", 1, None)]
    for _ in range(60):  # a long fight: its saved text stays about the size of its table
        ini.next_turn(enc, "pf2")
    import json
    assert len(json.dumps(enc.to_dict()["rewind"])) < 60 * 200
