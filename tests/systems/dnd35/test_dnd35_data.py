"""dnd35 data: skills, synergy table, DC ladder and opposed presets, consistent with the seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmdesk.systems.dnd35.data import (ABILITIES, ABILITY_FR, DC_LADDER, OPPOSED_PRESETS, OTHER_CHECKS,
                                     SKILLS, SYNERGIES, dc_step, synergies_for)

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "002_230dd967ce539af7.txt"  # beside the repository


def seed_table(header: str) -> list[list[str]]:
    """The rows of the seed's table whose header line starts with ``header``."""
    lines = SEED.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if "|" not in line:
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


needs_seed = pytest.mark.skipif(not SEED.exists(), reason="seed texts not beside this checkout")


@needs_seed
def test_synergy_table_is_the_seeds_row_for_row():
    rows = seed_table("Un degré de maîtrise de 5")
    assert [[s.seed_source, s.seed_target, s.book] for s in SYNERGIES] == rows


@needs_seed
def test_dc_ladder_and_opposed_presets_are_the_seeds():
    assert [[f"{s.fr} ({s.dc})", s.example] for s in DC_LADDER] == seed_table("Difficulté (DD)")
    expected = []
    for p in OPPOSED_PRESETS.values():
        a = SKILLS[p.actor]
        b = SKILLS[p.opponent] if p.opponent else None
        expected.append([p.task_fr, f"{a.fr} ({ABILITY_FR[a.ability]})",
                         f"{b.fr} ({ABILITY_FR[b.ability]})" if b else "Spécial1"])
    assert expected == seed_table("Tâche |")


def test_synergy_rows_point_at_known_checks_and_split_their_condition_exactly():
    families = {s.family for s in SKILLS.values() if s.family}
    assert len(SYNERGIES) == 37
    assert len({s.id for s in SYNERGIES}) == 37
    for syn in SYNERGIES:
        assert syn.source in SKILLS
        assert syn.target in SKILLS or syn.target in families or syn.target in OTHER_CHECKS
        if syn.target in SKILLS:
            name = SKILLS[syn.target].fr
            # the seed's cell is the skill's name, then the restriction if there is one
            assert syn.seed_target == (f"{name} {syn.condition}" if syn.condition else name), syn
    situational = [s.id for s in SYNERGIES if s.situational]
    assert "bluff>disguise" in situational and "bluff>diplomacy" not in situational
    assert len(situational) == 19


def test_synergies_for_a_check_include_family_rows():
    assert {s.source for s in synergies_for("survival")} == {
        "knowledge_dungeoneering", "knowledge_planes", "knowledge_geography", "knowledge_nature", "search"}
    assert {s.source for s in synergies_for("diplomacy")} == {"bluff", "knowledge_nobility", "sense_motive"}
    assert "truespeak" in {s.source for s in synergies_for("knowledge_local")}
    assert [s.source for s in synergies_for("craft:forge")] == []
    assert [s.source for s in synergies_for("bardic_knowledge")] == ["knowledge_history"]


def test_skill_header_flags():
    assert all(s.ability in ABILITIES for s in SKILLS.values() if s.id != "speak_language")
    assert SKILLS["speak_language"].ability is None
    assert SKILLS["swim"].armor_check == 2  # Natation: the penalty applies twice
    assert {k for k, s in SKILLS.items() if s.armor_check == 1} == {
        "tumble", "move_silently", "hide", "balance", "sleight_of_hand", "climb", "escape_artist", "jump"}
    trained = {k for k, s in SKILLS.items() if s.trained_only}
    assert {"open_lock", "tumble", "disable_device", "decipher_script", "handle_animal", "profession",
            "sleight_of_hand", "spellcraft", "use_magic_device", "knowledge_arcana"} <= trained
    assert not {"climb", "hide", "spot", "bluff", "craft", "perform"} & trained
    assert len({s.fr for s in SKILLS.values()}) == len(SKILLS)


def test_every_french_name_of_the_seed_tables_is_a_skill():
    names = {s.fr for s in SKILLS.values()}
    assert {syn.seed_source for syn in SYNERGIES} - names == {"Connaissances psionique"}  # sic
    for step in DC_LADDER:
        assert step.example.endswith(f"({SKILLS[step.skill].fr})")


def test_dc_ladder_steps():
    assert [s.dc for s in DC_LADDER] == [0, 5, 10, 15, 20, 25, 30, 40]
    assert [s.en for s in DC_LADDER] == ["very easy", "easy", "average", "tough", "challenging",
                                         "formidable", "heroic", "nearly impossible"]
    assert dc_step(17).en == "tough" and dc_step(40).en == "nearly impossible"
    assert dc_step(39).en == "heroic" and dc_step(-1) is None


def test_opposed_presets():
    assert len(OPPOSED_PRESETS) == 8
    assert OPPOSED_PRESETS["con"].opponent == "sense_motive"
    assert OPPOSED_PRESETS["hide"].opponent == "spot"
    assert OPPOSED_PRESETS["bully"].opponent is None
    assert all(p.actor in SKILLS and (p.opponent is None or p.opponent in SKILLS)
               for p in OPPOSED_PRESETS.values())
