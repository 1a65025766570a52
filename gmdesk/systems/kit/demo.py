"""A system's demo campaign as plain data (``GameSystem.demo``); ``gmdesk.campaign.demo`` turns it
into a campaign (ids, the fight's initiative, a page of rolls really rolled with the engine).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple

from gmdesk.engine.words import Word

from .refs import CheckRef


class Member(NamedTuple):
    """A character of the demo: a player character (``kind`` "pc") or a monster ("npc")."""

    name: str
    kind: str
    sheet: Any
    max_hp: int
    notes: str = ""


class Fighting(NamedTuple):
    """A condition on a combatant of the demo's fight."""

    key: str
    value: int | None = None
    rounds: int | None = None
    ticks: str = "end"


class Prepared(NamedTuple):
    """A prepared check of a demo scene: its name in both languages, the roll, its DC (or
    threshold), whether it is secret."""

    fr: str
    en: str
    ref: CheckRef
    target: int
    secret: bool = False


@dataclass(frozen=True)
class Party:
    """``pcs`` and ``npcs``; ``scenes`` as (French name, English name, [Prepared]); ``fight`` as
    (character name, HP lost, [Fighting]) in initiative order: three combatants or more, the demo's
    fight being at the third one's turn of round 2."""

    pcs: list[Member]
    npcs: list[Member]
    scenes: list[tuple[str, str, list[Prepared]]]
    fight: list[tuple[str, int, list[Fighting]]]


@dataclass(frozen=True)
class Demo:
    """- ``name``: the demo campaign's name; ``seed``: its rolls' seed (the same demo every time);
    - ``party()``: a fresh ``Party`` (new sheets every call: the campaign edits them);
    - ``attack(character)``: the attack a combatant of the fight makes (default: its first
      weapon, else a melee attack);
    - ``english``: the party's names, notes and the texts in its sheets (items, Edges…) as an
      English GM reads them, French → English (the party is written in French, as the seeds play);
      ``party_in(lang)`` is the party in the GM's language."""

    name: Word
    seed: int
    party: Callable[[], Party]
    attack: Callable[[Any], CheckRef] | None = None
    english: Mapping[str, str] = field(default_factory=dict)

    def party_in(self, lang: str) -> Party:
        """A fresh party with its names, notes and sheet texts in ``lang`` ("fr": as written)."""
        party = self.party()
        if lang == "fr" or not self.english:
            return party
        words = self.english

        def say(text: str) -> str:
            return words.get(text, text)

        def member(m: Member) -> Member:
            sheet = type(m.sheet).from_dict(_said(m.sheet.to_dict(), say), "sheet")
            return m._replace(name=say(m.name), notes=say(m.notes), sheet=sheet)

        return Party([member(m) for m in party.pcs], [member(m) for m in party.npcs], party.scenes,
                     [(say(name), lost, conditions) for name, lost, conditions in party.fight])

    def attack_of(self, character) -> CheckRef:
        if self.attack is not None:
            return self.attack(character)
        attacks = getattr(character.sheet, "attacks", None)
        if attacks:
            return CheckRef("weapon", attacks[0].name)
        return CheckRef("attack", "melee")


def _said(value: Any, say: Callable[[str], str]) -> Any:
    """Every text in a sheet's dict (an item's name, an Edge's…) as ``say`` says it; keys stay, but for
    a key that names something itself (pf2's ``lore:Magie ancienne``) and is in the English words."""
    if isinstance(value, str):
        return say(value)
    if isinstance(value, dict):
        return {say(k): _said(v, say) for k, v in value.items()}
    if isinstance(value, list):
        return [_said(v, say) for v in value]
    return value
