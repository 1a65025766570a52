"""What the players may see of the campaign: the player window's view of the fight, the rolls and the
check the GM shows (issue 16).

Everything the player window shows goes through here, so that what stays secret is decided in one
Qt-free place and tested on its own:

- a combatant the GM hid (``Combatant.hidden``, "hidden until revealed") is left out, and so is whose
  turn it is while it is its turn; the others keep their order;
- health: numbers for player characters; for the others, the campaign's choice
  (``CampaignInfo.npc_health``): a word (``HEALTH_WORDS``), the numbers, or nothing;
- rolls: a secret one never; a public one naming a hidden combatant (as its actor, or in its label:
  "Perception vs Goblin 3", "Intimidate vs goblin 3": letter case aside) waits until that
  combatant is revealed; only what the table may hear of
  it is kept (``PublicRoll``: who, what, the total or hits, the outcome) — never its DC, dice,
  breakdown or notes;
- the check the GM shows: its chance of success only while the GM shows the odds, never for a secret
  check nor for another actor than a player character (a monster's odds tell its numbers); its DC
  only when the GM reveals it.

Nothing here reads a sheet, a note or a prepared check.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Collection, Iterable, Mapping

from .fight_queue import Event
from .model import NPC_HEALTH, Combatant, Encounter

__all__ = ["NPC_HEALTH", "HEALTH_WORDS", "PublicCombatant", "PublicFight", "PublicRoll", "ShownCheck",
           "PublicOdds", "health_word", "public_fight", "hidden_names", "is_public", "public_roll",
           "latest_session", "recent_public_rolls", "public_odds", "set_hidden"]

HEALTH_WORDS = ("unhurt", "wounded", "badly_wounded", "down")


def health_word(c: Combatant) -> str | None:
    """"unhurt" (full HP), "wounded" (more than half), "badly_wounded" (half or less), "down" (0 HP
    or less, downed or dead); None when its HP are not tracked (``max_hp`` 0) and it is up."""
    if c.state in ("downed", "dead") or (c.max_hp > 0 and c.hp <= 0):
        return "down"
    if c.max_hp <= 0:
        return None
    if c.hp >= c.max_hp:
        return "unhurt"
    return "wounded" if 2 * c.hp > c.max_hp else "badly_wounded"


@dataclass(frozen=True)
class PublicCombatant:
    """One visible place of the queue as the players see it. ``hp``/``max_hp``/``temp_hp`` are set
    when the numbers are shown, ``health`` (a ``HEALTH_WORDS`` key) when a word is."""

    id: int
    name: str
    kind: str
    current: bool
    state: str
    hp: int | None
    max_hp: int | None
    temp_hp: int
    health: str | None
    conditions: tuple[tuple[str, int | None, int | None], ...]  # (key, value, rounds left)
    delayed: bool
    readied: bool


@dataclass(frozen=True)
class PublicFight:
    round: int
    current_id: int | None  # None: no fight, or a hidden combatant's turn
    combatants: tuple[PublicCombatant, ...]


def public_fight(encounter: Encounter | None, npc_health: str = "words") -> PublicFight | None:
    """The fight as the players may see it (None: no fight in progress)."""
    if encounter is None:
        return None
    if npc_health not in NPC_HEALTH:
        npc_health = "words"
    current = encounter.current()
    shown = []
    for c in encounter.queue():
        if c.hidden:
            continue
        how = "numbers" if c.kind == "pc" else npc_health
        numbers = how == "numbers" and not (c.max_hp == 0 and c.hp == 0)
        shown.append(PublicCombatant(
            id=c.id, name=c.name, kind=c.kind, current=current is not None and c is current, state=c.state,
            hp=c.hp if numbers else None, max_hp=c.max_hp if numbers else None,
            temp_hp=c.temp_hp if numbers else 0,
            health=health_word(c) if how == "words" else None,
            conditions=tuple((s.key, s.value, s.rounds_left) for s in c.conditions),
            delayed=c.delayed, readied=c.readied))
    current_id = current.id if current is not None and not current.hidden else None
    return PublicFight(encounter.round, current_id, tuple(shown))


def hidden_names(encounter: Encounter | None, character_names: Mapping[int, str] = {}) -> frozenset[str]:
    """The names that would give a hidden combatant away: its own, and its sheet's (a roll is logged
    under the sheet's name) unless a visible combatant shares that sheet."""
    if encounter is None:
        return frozenset()
    names: set[str] = set()
    visible_sheets = {c.character_id for c in encounter.combatants if not c.hidden}
    for c in encounter.combatants:
        if not c.hidden:
            continue
        names.add(c.name)
        if c.character_id is not None and c.character_id not in visible_sheets:
            names.add(character_names.get(c.character_id, ""))
    return frozenset(n for n in names if n.strip())


@dataclass(frozen=True)
class PublicRoll:
    """What the table may hear of a logged roll."""

    id: int
    session: str
    actor: str
    label: str
    total: int | None
    hits: int | None
    tier: str
    complication: int | None
    reroll: bool


def _folded(text: str) -> str:
    """``text`` as names are compared: letter case, and the ways Unicode may spell one letter
    ("é" as one character or as "e" + accent), aside."""
    return unicodedata.normalize("NFKC", text).casefold()


def names_hidden(text: str, hidden: Collection[str]) -> bool:
    """Whether ``text`` names a hidden combatant: "Intimidate vs zzyzx assassin" names "Zzyzx Assassin"."""
    folded = _folded(text)
    return any(_folded(name) in folded for name in hidden)


def is_public(entry, hidden: Collection[str] = ()) -> bool:
    """A roll the players may see: not secret, and naming no hidden combatant (as its actor or in its
    label, in any letter case)."""
    if entry.secret:
        return False
    return not (names_hidden(entry.actor, hidden) or names_hidden(entry.label, hidden))


def public_roll(entry) -> PublicRoll:
    return PublicRoll(entry.id, entry.session, entry.actor, entry.label, entry.total, entry.hits, entry.tier,
                      entry.complication, entry.reroll_of is not None)


def latest_session(newest_first: Iterable[PublicRoll], limit: int = 6) -> list[PublicRoll]:
    """The newest rolls of the latest session, at most ``limit``, newest first. A roll logged without
    a session (``gmdesk roll --log`` in a terminal) belongs to whichever session it falls in."""
    out: list[PublicRoll] = []
    session = ""
    for roll in newest_first:
        if roll.session and session and roll.session != session:
            break
        session = session or roll.session
        out.append(roll)
        if len(out) >= limit:
            break
    return out


def recent_public_rolls(newest_first: Iterable, hidden: Collection[str] = (), limit: int = 6) -> list[PublicRoll]:
    """The newest public rolls of the latest session among ``newest_first`` (log entries)."""
    return latest_session((public_roll(e) for e in newest_first if is_public(e, hidden)), limit)


@dataclass(frozen=True)
class ShownCheck:
    """The check the GM's check panel shows, as the check panel knows it. ``labels`` holds the
    check's name per language (("en", "Athletics"), ("fr", "Athlétisme")), ``target_names`` the
    name of what it aims at, as the campaign's system says it (("en", "DC"), ("fr", "DD")), and
    ``target`` its number."""

    actor_id: int | None
    actor_name: str
    actor_kind: str
    labels: tuple[tuple[str, str], ...]
    chance: Fraction
    target_names: tuple[tuple[str, str], ...]
    target: int | None
    secret: bool

    def label(self, lang: str) -> str:
        return _in(self.labels, lang)


@dataclass(frozen=True)
class PublicOdds:
    actor_name: str
    labels: tuple[tuple[str, str], ...]
    chance: Fraction
    target_names: tuple[tuple[str, str], ...]  # empty: the DC stays hidden
    target: int | None

    def label(self, lang: str) -> str:
        return _in(self.labels, lang)

    def target_name(self, lang: str) -> str:
        """What the check aims at ("DC", "seuil"…) in ``lang``; "" while the DC stays hidden."""
        return _in(self.target_names, lang)


def _in(named: tuple[tuple[str, str], ...], lang: str) -> str:
    """The text for ``lang`` of (language, text) pairs, else the first one."""
    texts = dict(named)
    return texts.get(lang) or next(iter(texts.values()), "")


def public_odds(shown: ShownCheck | None, show_odds: bool, reveal_dc: bool,
                hidden: Collection[str] = ()) -> PublicOdds | None:
    """What the players see of the check shown: nothing unless the GM shows the odds, the check is
    not secret and a player character (not hidden) rolls it; the DC only when revealed."""
    if shown is None or not show_odds or shown.secret or shown.actor_kind != "pc" \
            or names_hidden(shown.actor_name, hidden) or any(names_hidden(text, hidden) for _, text in shown.labels):
        return None
    revealed = reveal_dc and shown.target is not None
    return PublicOdds(shown.actor_name, shown.labels, shown.chance, shown.target_names if revealed else (),
                      shown.target if revealed else None)


def set_hidden(enc: Encounter, combatant_id: int, hidden: bool) -> list[Event]:
    """Hide a combatant from the players until revealed (or reveal it); an event if it changed."""
    c = enc.by_id(combatant_id)
    if c.hidden == bool(hidden):
        return []
    c.hidden = bool(hidden)
    kind = "hidden" if c.hidden else "revealed"
    return [Event(kind, c.id, f"{c.name} is {'hidden from' if c.hidden else 'revealed to'} the players")]
