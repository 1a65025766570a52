"""Finding creatures as the GM types, and adding ×N to the fight (gmdesk.campaign.bestiary)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmdesk.campaign.bestiary import Index, creature_of, hit_points, join_fight, new_npcs, shipped
from gmdesk.campaign.model import Combatant, Encounter
from gmdesk.engine.core import RulesError
from gmdesk.engine.notation import parse
from gmdesk.systems.dnd5e.statblock import Dnd5eStatBlock
from gmdesk.systems.kit.bestiary import Creature


@pytest.fixture(scope="module")
def srd():
    return Index(shipped("dnd5e"))


def names(found):
    return [c.name for c in found]


def test_the_name_itself_comes_first_then_names_starting_so(srd):
    found = names(srd.search("goblin"))
    assert found[0] == "Goblin"
    assert "Hobgoblin" in found  # found inside a name, after
    assert found.index("Goblin") < found.index("Hobgoblin")
    assert names(srd.search("wolf"))[0] == "Wolf"


def test_every_word_must_match_in_any_order(srd):
    found = names(srd.search("dragon red"))
    assert found and all("Red" in n and "Dragon" in n for n in found)
    assert names(srd.search("red dragon")) == found


def test_accents_and_case_are_ignored():
    block = Dnd5eStatBlock(0, "1/4")
    index = Index([Creature("Élémentaire de feu", "dnd5e", block, type="élémentaire"),
                   Creature("Gobelin", "dnd5e", block)])
    assert names(index.search("ELEMENTAIRE")) == ["Élémentaire de feu"]
    assert names(index.search("élém feu")) == ["Élémentaire de feu"]
    assert names(index.search("GOBÉLIN")) == ["Gobelin"]


def test_type_size_and_challenge_match_after_the_name(srd):
    tiny_beasts = srd.search("tiny beast")
    assert tiny_beasts and all("tiny" in f"{c.size} {c.type}".lower() and "beast" in c.type for c in tiny_beasts)
    assert "Bat" in names(tiny_beasts)
    quarter = srd.search("cr 1/4")
    assert quarter and all(c.challenge == "1/4" for c in quarter)
    assert len(quarter) == sum(c.challenge == "1/4" for c in srd.creatures)
    # A number is a whole word: "1" is not "1/4" nor "10".
    assert all(c.challenge == "1" or "1" in c.name.split() for c in srd.search("cr 1"))


def test_the_range_filters_by_challenge(srd):
    found = srd.search("", lo=Fraction(1, 2), hi=2)
    assert found and all(Fraction(1, 2) <= c.rank <= 2 for c in found)
    assert len(found) == sum(Fraction(1, 2) <= c.rank <= 2 for c in srd.creatures)
    assert names(found) == sorted(names(found), key=str.casefold) or names(found) == sorted(names(found))


def test_typing_on_gives_the_same_answer_as_a_fresh_search(srd):
    for query in ("d", "dr", "dra", "dragon", "dragon b", "dragon bl", "dragon"):
        assert names(srd.search(query)) == names(Index(srd.creatures).search(query)), query


def test_limit_keeps_the_best(srd):
    assert names(srd.search("dragon", limit=3)) == names(srd.search("dragon"))[:3]


def test_add_four_goblins_numbered_with_average_or_rolled_hp(srd):
    goblin = creature_of("dnd5e", "goblin", srd.creatures)
    npcs = new_npcs(goblin, 4, random.Random(1), "average", taken=["Goblin 2"])
    assert [n.name for n in npcs] == ["Goblin 3", "Goblin 4", "Goblin 5", "Goblin 6"]
    assert all(n.max_hp == goblin.hp and n.kind == "npc" and n.is_stat_block for n in npcs)
    rolled = new_npcs(goblin, 50, random.Random(2), "rolled")
    dice = parse(goblin.hit_dice)
    assert all(dice.minimum <= n.max_hp <= dice.maximum for n in rolled)
    assert len({n.max_hp for n in rolled}) > 1
    assert [n.name for n in new_npcs(goblin, 1, random.Random(1))] == ["Goblin"]


@pytest.mark.parametrize("fighting, count, added", [
    (["Goblin 1", "Goblin 2"], 4, ["Goblin 3", "Goblin 4", "Goblin 5", "Goblin 6"]),
    (["Goblin"], 4, ["Goblin 2", "Goblin 3", "Goblin 4", "Goblin 5"]),  # the lone one stays, counted first
    (["Goblin"], 1, ["Goblin 2"]),
    (["Goblin 1", "Goblin 3"], 1, ["Goblin 4"]),  # after the highest: a gap is not filled
    (["Goblin", "Goblin 2", "Goblin Boss", "Goblin 2b", "Hobgoblin 7"], 2, ["Goblin 3", "Goblin 4"]),
    (["Goblin Boss 1"], 1, ["Goblin"]),
    (["Goblin 99999999"], 1, ["Goblin"]),  # not a number the numbering took
])
def test_added_goblins_go_on_numbering_those_already_there(srd, fighting, count, added):
    goblin = creature_of("dnd5e", "Goblin", srd.creatures)
    assert [n.name for n in new_npcs(goblin, count, random.Random(1), taken=fighting)] == added


def test_bad_counts_and_hp_modes_are_refused(srd):
    goblin = creature_of("dnd5e", "Goblin", srd.creatures)
    with pytest.raises(RulesError):
        new_npcs(goblin, 0, random.Random(1))
    with pytest.raises(RulesError):
        new_npcs(goblin, 101, random.Random(1))
    with pytest.raises(RulesError):
        hit_points(goblin, "max", random.Random(1))
    with pytest.raises(RulesError, match="no creature"):
        creature_of("dnd5e", "Tarrasque du lac", srd.creatures)


def test_joining_the_fight_rolls_initiative_and_keeps_whose_turn_it_is(srd):
    goblin = creature_of("dnd5e", "Goblin", srd.creatures)
    npcs = new_npcs(goblin, 3, random.Random(1))
    for i, n in enumerate(npcs):
        n.id = 10 + i
    enc = Encounter(None, "Fight", round=2, turn=1,
                    combatants=[Combatant(1, "Tobias", initiative=30, position=0, kind="pc"),
                                Combatant(2, "Mira", initiative=-5, position=1, kind="pc")])
    events = join_fight(enc, npcs, random.Random(3))
    assert enc.current().name == "Mira"
    joined = [c for c in enc.combatants if c.character_id in (10, 11, 12)]
    assert len(joined) == 3 and all(c.hp == c.max_hp == goblin.hp for c in joined)
    modifier = goblin.block.value("initiative")
    assert all(c.initiative is not None and 1 + modifier <= c.initiative <= 20 + modifier for c in joined)
    assert len({c.id for c in enc.combatants}) == 5
    assert {e.kind for e in events} == {"added", "initiative"}


def test_the_first_letter_gives_what_a_full_search_gives(srd):
    from gmdesk.systems.kit.bestiary import Creature

    many = Index(srd.creatures + [Creature(f"Ettin {n}", "dnd5e", Dnd5eStatBlock(n % 20, "")) for n in range(300)])
    for letter in ("e", "g", "z", "1"):
        fresh = Index(many.creatures)
        assert names(many.search(letter, limit=50)) == names(fresh.search(letter))[:50], letter


def test_names_starting_so_are_found_at_once_and_in_the_same_order_as_the_whole_search():
    """Thousands of names starting with what is typed (and "el" in every "level"): the first ones a
    list shows are found by bisection, exactly those the whole search puts first."""
    from gmdesk.systems.kit.bestiary import Creature

    syllables = ("el", "ak", "él", "gor", "mi")
    pack = [Creature(f"{syllables[i % 5]}{syllables[i // 5 % 5]} {('Warrior', 'Élémentaire')[i % 2]} {i}", "pf2",
                     {"level": i % 7 - 1}, 10) for i in range(3000)]
    pack += [Creature("El", "pf2", {"level": 9}, 10), Creature("El", "pf2", {"level": 2}, 10)]
    index = Index(list(shipped("dnd5e")) + pack)
    whole = Index(list(shipped("dnd5e")) + pack)
    for query in ("el", "éle", "El ", "gor", "ak", "mi", "elak w", "zz"):
        for lo, hi in ((None, None), (1, None), (None, 2), (2, 2)):
            for limit in (1, 50, 200):
                assert names(index.search(query, lo, hi, limit=limit)) == names(whole.search(query, lo, hi))[:limit], \
                    (query, lo, hi, limit)
    assert names(index.search("el", limit=2)) == ["El", "El"] and index.search("el", limit=1)[0].level == 2


def test_the_search_orders_as_its_kinds_of_match_say(srd):
    """Against a plain reading of ``_kinds``: every creature the words keep, by its first kind of
    match, then weakest first (the index's order); the fast paths (first letter, names starting so,
    typing on) give the same."""
    from gmdesk.campaign.bestiary import _entry, _kinds, _order
    from gmdesk.systems.kit.bestiary import Creature
    from gmdesk.systems.kit.statblock_text import fold

    syllables = ("el", "ak", "él", "wor", "mi")
    pack = [Creature(f"{syllables[i % 5]}{syllables[i // 5 % 5]} {('Warrior', 'Élémentaire, Red')[i % 2]} {i}",
                     "pf2", {"level": i % 7 - 1}, 10) for i in range(2000)]
    index = Index(list(shipped("dnd5e")) + pack)
    entries = sorted((_entry(c) for c in index.creatures), key=_order)

    def reference(query, lo, hi):
        q = " ".join(fold(query).split())
        tokens = q.split()
        kept = [e for e in entries if all(t in e.words for t in tokens) and (lo is None or e.rank >= lo)
                and (hi is None or e.rank <= hi)]
        kinds = _kinds(q, tokens)
        ranked = sorted(((next((k for k, kind in enumerate(kinds) if kind(e)), len(kinds)), i), e)
                        for i, e in enumerate(kept))
        return [e.creature.name for (k, _), e in ranked if k < len(kinds)]

    for typed in ("w", "wo", "worak", "worak warrior", "él", "éle", "élé", "el", "elmi, r", "dragon", "red", "cr 1/4",
                  "level 3", "zz"):
        for lo, hi in ((None, None), (1, None), (None, 2)):
            expected = reference(typed, lo, hi)
            for limit in (None, 1, 30, 200):
                got = names(index.search(typed, lo, hi, limit=limit))
                assert got == expected[:limit], (typed, lo, hi, limit)
