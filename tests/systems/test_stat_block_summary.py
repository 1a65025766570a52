"""A stat block's sheet says its printed numbers as the bestiary's card does: "XP 5,900" in English,
"PX 5 900" in French (a narrow no-break space), no longer "XP 5900"."""

from __future__ import annotations

from gmdesk import systems
from gmdesk.campaign.bestiary import shipped
from gmdesk.engine.words import Word


def test_a_stat_blocks_summary_writes_thousands_in_each_language():
    creature = next(c for c in shipped("dnd5e") if (c.xp or 0) >= 1000)
    block = creature.block_class.from_dict(creature.stat_block)
    summary = dict((label.en, value) for label, value in systems.get("dnd5e").stat_block_form("en").summary(block))
    xp = summary["XP"]
    assert isinstance(xp, Word)
    assert xp.en == f"{creature.xp:,}" and "," in xp.en
    assert xp.fr == f"{creature.xp:,}".replace(",", "\u202f")
