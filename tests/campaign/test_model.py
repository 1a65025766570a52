"""Every sheet kind and every model object survives to_dict → JSON → from_dict; bad input names its field."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.model import (CampaignInfo, Character, CheckRef, Combatant, ConditionState, Encounter,
                                   HouseRules, PreparedCheck, Scene)
from gmdesk.campaign.sheets import new_sheet, sheet_from_dict
from gmdesk.systems.dnd35.sheet import ClassLevels, Dnd35Sheet
from gmdesk.engine.core import RulesError
from gmdesk.systems import ids as system_ids

SYSTEMS = system_ids()


def via_json(obj):
    return json.loads(json.dumps(obj.to_dict(), ensure_ascii=False))


@pytest.mark.parametrize("system", SYSTEMS)
def test_blank_sheet_round_trips(system):
    sheet = new_sheet(system)
    assert sheet_from_dict(system, via_json(sheet)) == sheet


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_demo_character_round_trips(system):
    for c in demo_campaign(system).characters:
        back = Character.from_dict(via_json(c))
        assert back == c and back.to_dict() == c.to_dict()


@pytest.mark.parametrize("system", SYSTEMS)
def test_scenes_encounter_campaign_round_trip(system):
    demo = demo_campaign(system)
    assert CampaignInfo.from_dict(via_json(demo.info)) == demo.info
    for scene in demo.scenes:
        assert Scene.from_dict(via_json(scene)) == scene
        for check in scene.checks:
            assert PreparedCheck.from_dict(via_json(check)) == check
    enc = demo.encounter
    assert Encounter.from_dict(via_json(enc)) == enc
    for c in enc.combatants:
        assert Combatant.from_dict(via_json(c)) == c
        for cond in c.conditions:
            assert ConditionState.from_dict(via_json(cond)) == cond


def test_house_rules_defaults_are_the_rulings_and_round_trip():
    rules = HouseRules()
    assert rules.reroll_keeps_new and rules.inspiration_in_odds and rules.one_reroll_per_test
    assert rules.complication_needs_a_one and rules.complication_after_luck
    assert rules.dnd5e_finesse == "best" and not rules.anarchy_ones_tiebreak and rules.dnd35_max_helpers is None
    assert [s.nd for s in rules.cof_nd_ladder] == [5, 10, 15, 20, 25]
    assert rules.tie_rule("cof") == "modifier_then_pcs" and rules.tie_rule("anarchy") == "manual"
    changed = HouseRules(dnd5e_finesse="str", dnd35_max_helpers=2, anarchy_ones_tiebreak=True,
                         initiative_ties={"pf2": "pcs_first"})
    assert HouseRules.from_dict(via_json(changed)) == HouseRules.from_dict(changed.to_dict())
    assert HouseRules.from_dict({}) == HouseRules()  # an old file without options gets the rulings


def _character(system):
    return demo_campaign(system).characters[0]


BAD = [
    ("pf2", lambda d: d["sheet"]["abilities"].__setitem__("str", 0), "sheet.abilities.str"),
    ("pf2", lambda d: d["sheet"]["abilities"].pop("dex"), "sheet.abilities.dex"),
    ("pf2", lambda d: d["sheet"]["skills"].__setitem__("athletics", "grandmaster"), "sheet.skills.athletics"),
    ("pf2", lambda d: d["sheet"]["modifiers"].append({"value": 6, "source": "ring", "kind": "item"}),
     "sheet.modifiers[0].value"),
    ("pf2", lambda d: d["sheet"]["modifiers"].append({"value": -5, "source": "curse", "kind": "status"}),
     "sheet.modifiers[0].value"),
    ("pf2", lambda d: d["sheet"]["modifiers"].append({"value": 1, "source": "x", "kind": "untyped"}),
     "sheet.modifiers[0].value"),
    ("pf2", lambda d: d["sheet"]["attacks"][0].__setitem__("item_bonus", 7), "sheet.attacks[0].item_bonus"),
    ("dnd5e", lambda d: d["sheet"]["abilities"].__setitem__("wis", 31), "sheet.abilities.wis"),
    ("dnd5e", lambda d: d["sheet"]["expertise"].append("arcana"), "sheet.expertise[0]"),
    ("dnd5e", lambda d: d["sheet"].__setitem__("heroic_inspiration", 2), "sheet.heroic_inspiration"),
    ("dnd5e", lambda d: d["sheet"]["skill_proficiencies"].append("athletics"), "sheet.skill_proficiencies[3]"),
    ("dnd35", lambda d: d["sheet"]["ranks"].__setitem__("climb", 7), "sheet.ranks.climb"),
    ("dnd35", lambda d: d["sheet"]["ranks"].__setitem__("hide", 3.5), "sheet.ranks.hide"),
    ("dnd35", lambda d: d["sheet"]["ranks"].__setitem__("jump", 2.25), "sheet.ranks.jump"),
    ("dnd35", lambda d: d["sheet"]["ranks"].__setitem__("flying", 1), "sheet.ranks.flying"),
    ("dnd35", lambda d: d["sheet"]["classes"][0].__setitem__("level", 0), "sheet.classes[0].level"),
    ("cof", lambda d: d["sheet"]["paths"][0].__setitem__("rank", 6), "sheet.paths[0].rank"),
    ("cof", lambda d: d["sheet"]["characteristics"].__setitem__("str", 1), "sheet.characteristics.str"),
    ("anarchy", lambda d: d["sheet"]["edges"][0].__setitem__("dice", 6), "sheet.edges[0].dice"),
    ("anarchy", lambda d: d["sheet"]["edges"][0].__setitem__("rerolls", 4), "sheet.edges[0].rerolls"),
    ("anarchy", lambda d: d["sheet"]["attributes"].__setitem__("agi", "six"), "sheet.attributes.agi"),
    ("pf2", lambda d: d.__setitem__("kind", "monster"), "kind"),
    ("pf2", lambda d: d.__setitem__("system", "gurps"), "system"),
    ("pf2", lambda d: d.__setitem__("max_hp", -1), "max_hp"),
]


@pytest.mark.parametrize("system, mutate, field", BAD, ids=[f"{b[0]}:{b[2]}" for b in BAD])
def test_bad_character_names_the_field(system, mutate, field):
    d = copy.deepcopy(via_json(_character(system)))
    mutate(d)
    with pytest.raises(RulesError) as err:
        Character.from_dict(d)
    assert err.value.field == field


def test_bad_model_objects_name_the_field():
    good = demo_campaign("pf2")
    enc = via_json(good.encounter)
    enc["combatants"][1]["state"] = "sleeping"
    with pytest.raises(RulesError) as err:
        Encounter.from_dict(enc)
    assert err.value.field == "combatants[1].state"
    enc = via_json(good.encounter)
    enc["combatants"][0]["conditions"] = [{"key": "sickened", "value": 1, "ticks": "noon"}]
    with pytest.raises(RulesError) as err:
        Encounter.from_dict(enc)
    assert err.value.field == "combatants[0].conditions[0].ticks"
    scene = via_json(good.scenes[0])
    scene["checks"][2]["check"] = {"kind": "dance", "key": ""}
    with pytest.raises(RulesError) as err:
        Scene.from_dict(scene)
    assert err.value.field == "checks[2].check.kind"
    with pytest.raises(RulesError) as err:
        CampaignInfo.from_dict({"name": "x", "system": "pf2", "house_rules": {"dnd5e_finesse": "wis"}})
    assert err.value.field == "house_rules.dnd5e_finesse"
    ladder = [{"nd": 10, "label_fr": "a", "label_en": "a"}, {"nd": 5, "label_fr": "b", "label_en": "b"}]
    with pytest.raises(RulesError) as err:
        HouseRules.from_dict({"cof_nd_ladder": ladder})
    assert err.value.field == "house_rules.cof_nd_ladder[1].nd"


def test_a_sheet_of_another_system_is_refused():
    with pytest.raises(RulesError) as err:
        Character(None, "X", "pc", "dnd5e", new_sheet("pf2"))
    assert err.value.field == "sheet"


def test_check_ref_validation():
    assert CheckRef.from_dict({"kind": "perception"}) == CheckRef("perception")
    with pytest.raises(RulesError):
        CheckRef("skill")
    with pytest.raises(RulesError):
        CheckRef("flat", "x")


@settings(max_examples=60, deadline=None)
@given(level=st.integers(1, 20), class_skill=st.booleans(), halves=st.integers(0, 50))
def test_dnd35_max_ranks_hold_exactly(level, class_skill, halves):
    """Ranks up to level + 3 (class) or half that, unrounded (cross-class), never more."""
    skills = ["hide"] if class_skill else []
    ranks = halves / 2
    cap = (level + 3) if class_skill else (level + 3) / 2
    make = lambda: Dnd35Sheet([ClassLevels("Roublard", level, skills)], ranks={"hide": ranks})  # noqa: E731
    if ranks <= cap:
        sheet = make()
        assert Dnd35Sheet.from_dict(json.loads(json.dumps(sheet.to_dict()))) == sheet
    else:
        with pytest.raises(RulesError) as err:
            make()
        assert err.value.field == "sheet.ranks.hide"


def test_dnd35_warns_about_unspent_points():
    mirna = next(c for c in demo_campaign("dnd35").characters if c.name == "Mirna")
    assert mirna.sheet.points_spent() == 59  # 56 in class skills + 1.5 cross-class ranks at 2 points each
    assert mirna.sheet.warnings() == ["1 skill point(s) unspent: points cannot be saved"]
    assert Dnd35Sheet([ClassLevels("Guerrier", 1, ["climb"])], ranks={"climb": 4}, skill_points=4).warnings() == []


def test_heroic_inspiration_is_at_most_one_and_passes_on(demo, named):
    from gmdesk.systems.dnd5e.sheet import gain_heroic_inspiration, spend_heroic_inspiration

    d = demo("dnd5e")
    aldric, nym, goblin = named(d, "Aldric"), named(d, "Nym"), named(d, "Gobelin")
    assert aldric.sheet.heroic_inspiration and not nym.sheet.heroic_inspiration
    with pytest.raises(RulesError):
        gain_heroic_inspiration(aldric)
    with pytest.raises(RulesError) as err:
        gain_heroic_inspiration(aldric, give_to=goblin)
    assert err.value.field == "give_to"
    assert gain_heroic_inspiration(aldric, give_to=nym) == "Nym" and nym.sheet.heroic_inspiration
    spend_heroic_inspiration(aldric)
    assert gain_heroic_inspiration(aldric) == "Aldric"
    with pytest.raises(RulesError):
        spend_heroic_inspiration(goblin)


@settings(max_examples=200, deadline=None)
@given(value=st.integers(-8, 8), kind=st.sampled_from(["item", "circumstance", "status", "untyped"]))
def test_pf2_sheet_entries_accepted_exactly_when_the_engine_accepts_them(value, kind):
    from gmdesk.systems.kit.sheet import SheetModifier
    from gmdesk.systems.pf2.sheet import Pf2Sheet
    from gmdesk.systems.pf2 import rules as pf2
    from gmdesk.engine.core import Modifier

    try:
        pf2.validate_modifier(Modifier(value, "x", kind), "m")
        engine_ok = True
    except RulesError:
        engine_ok = False
    try:
        Pf2Sheet(modifiers=[SheetModifier(value, "x", kind)])
        sheet_ok = True
    except RulesError as err:
        assert err.field.startswith("sheet.modifiers[0]")
        sheet_ok = False
    assert sheet_ok == engine_ok
