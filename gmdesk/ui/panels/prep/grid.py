"""The party × check grid of one scene, computed without Qt: who rolls, the engine check, the odds.

``PrepContext.from_store`` reads the campaign once per change (sheets, house rules, and the
encounter's conditions only when the GM asks for them: prep odds are the characters' odds outside the
fight); ``compute_grid(ctx, scene)`` builds every member's engine check for every prepared
check and their exact odds through ``gmdesk.engine.prep.matrix`` (one ``OddsCache`` per recompute,
so nothing stale survives a sheet edit). The models, the solver, the group odds, the roll action
and the prep sheet all read this one grid: they can never disagree.

Rows are the player characters, plus any NPC a check of the scene names among who may roll it.
A cell is *allowed* when its check names nobody (anyone may roll it) or names that member; a cell
the rules refuse (a trained-only skill without ranks) keeps the reason instead of odds.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any, Sequence

from gmdesk.campaign.checks import Situation, available_checks, build_check
from gmdesk.campaign.house_rules import HouseRules
from gmdesk import systems
from gmdesk.campaign.model import Character, PreparedCheck, Scene
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.engine.core import Odds, RulesError
from gmdesk.engine.prep import matrix
from gmdesk.store.refusal_words import said

DEFAULT_DC = 15  # a new d20 check's DC (every system's "moderate")
DEFAULT_THRESHOLD = 2  # a new dice-pool test's threshold (anarchy's table: "average")


@dataclass(frozen=True)
class PrepContext:
    system: str
    characters: dict[int, Character]  # id -> character, in the GM's order
    conditions: dict[int, tuple] = field(default_factory=dict)  # character id -> ConditionStates
    house_rules: HouseRules = field(default_factory=HouseRules)
    lang: str = "en"
    campaign_name: str = ""
    read_only: bool = False  # a campaign file opened read-only: show, never write
    with_conditions: bool = False  # the fight's conditions count (the GM ticked "With current conditions")

    @classmethod
    def from_store(cls, store, lang: str = "en", with_conditions: bool = False) -> "PrepContext":
        """The campaign as prep sees it: the characters outside the fight, unless ``with_conditions``
        (then a character in the fight carries its conditions: the first combatant linked to it)."""
        info = store.info
        characters = {c.id: c for c in store.characters.list()}
        conditions: dict[int, tuple] = {}
        encounter = store.encounter.get() if with_conditions else None
        if encounter is not None:
            for combatant in encounter.queue():
                if combatant.character_id is not None:
                    conditions.setdefault(combatant.character_id, tuple(combatant.conditions))
        return cls(info.system, characters, conditions, info.house_rules, lang, info.name,
                   bool(getattr(store, "read_only", False)), with_conditions)

    def with_character(self, store, character_id: int) -> "PrepContext":
        """The same context with one sheet read again (deleted: dropped): a sheet edit costs one
        character's parsing, not the whole party's."""
        characters = dict(self.characters)
        try:
            characters[character_id] = store.characters.get(character_id)
        except KeyError:
            characters.pop(character_id, None)
        return dataclasses.replace(self, characters=characters)

    @property
    def game(self):
        """The campaign's system (``GameSystem``)."""
        return systems.get(self.system)

    @property
    def by_threshold(self) -> bool:
        """Its checks aim at a threshold of hits (a dice pool), not a DC."""
        return not self.game.target.uses_dc

    def party(self) -> list[Character]:
        return [c for c in self.characters.values() if c.kind == "pc"]

    @cached_property
    def _labels(self) -> dict[CheckRef, str]:
        # Read once per context: the sheets cannot change under a context (a new one is made).
        seen: dict[CheckRef, str] = {}
        blocks: set[tuple] = set()  # stat blocks offering the same rolls are asked once
        for character in self.characters.values():
            if character.is_stat_block:
                key = character.sheet.options_key()
                if key in blocks:
                    continue
                blocks.add(key)
            for option in available_checks(character):
                seen.setdefault(option.ref, option.label(self.lang))
        return seen

    def check_options(self) -> list[tuple[CheckRef, str]]:
        """Every roll any character of the campaign has (``available_checks``), each once, labelled."""
        return list(self._labels.items())

    def check_label(self, ref: CheckRef) -> str:
        return self._labels.get(ref, str(ref))


def members_for(ctx: PrepContext, scene: Scene | None) -> list[Character]:
    """The matrix rows: the party, plus the NPCs a check of the scene names as its rollers."""
    named = {r for p in (scene.checks if scene else ()) for r in p.rollers}
    return [c for c in ctx.characters.values() if c.kind == "pc" or c.id in named]


def may_roll(prepared: PreparedCheck, character: Character) -> bool:
    """Who may roll it: the characters it names, or — naming nobody — every party member."""
    if prepared.rollers:
        return character.id in prepared.rollers
    return character.kind == "pc"


def situation(ctx: PrepContext, prepared: PreparedCheck, helpers: Sequence = ()) -> Situation:
    """The prepared check's situation: its DC (or threshold; None = an open test).

    The check's name and secret flag are not part of it: they change no odds, and the roll sets
    them (``labelled``) — so one engine check serves every prepared check of the same roll."""
    if ctx.by_threshold:
        return Situation(threshold=prepared.threshold, helpers=tuple(helpers))
    return Situation(dc=prepared.dc if prepared.dc is not None else DEFAULT_DC, helpers=tuple(helpers))


def labelled(check: Any, prepared: PreparedCheck, secret: bool) -> Any:
    """The engine check as rolled for ``prepared``: its name in the log, secret as the GM chose."""
    names = {f.name for f in dataclasses.fields(check)} if dataclasses.is_dataclass(check) else set()
    changes = {k: v for k, v in (("label", prepared.name), ("secret", secret)) if k in names}
    return dataclasses.replace(check, **changes) if changes else check


def build(ctx: PrepContext, character: Character, prepared: PreparedCheck, helpers: Sequence = ()) -> Any:
    """The engine check ``character`` makes for ``prepared`` (RulesError when the rules refuse it)."""
    return build_check(character, prepared.check, situation(ctx, prepared, helpers),
                       ctx.conditions.get(character.id, ()), ctx.house_rules, lang=ctx.lang)


def target_of(ctx: PrepContext, prepared: PreparedCheck) -> int | None:
    if ctx.by_threshold:
        return prepared.threshold
    return prepared.dc if prepared.dc is not None else DEFAULT_DC


@dataclass(frozen=True)
class Cell:
    """One member against one prepared check."""

    allowed: bool
    check: Any = None  # the engine check, when the rules allow the roll
    odds: Odds | None = None
    error: str = ""  # why the rules refuse it

    @cached_property
    def chance(self) -> Fraction | None:
        return self.odds.success if self.odds is not None else None

    @property
    def usable(self) -> bool:
        """Counts for the solver, the group odds and the roll: allowed and possible."""
        return self.allowed and self.odds is not None


@dataclass(frozen=True)
class Grid:
    members: tuple[Character, ...] = ()
    checks: tuple[PreparedCheck, ...] = ()
    cells: tuple[tuple[Cell, ...], ...] = ()  # cells[member][check]

    def cell(self, row: int, column: int) -> Cell:
        return self.cells[row][column]

    def rollers(self, column: int) -> list[tuple[Character, Cell]]:
        """The members who may roll check ``column`` and can, with their cells."""
        return [(m, self.cells[r][column]) for r, m in enumerate(self.members) if self.cells[r][column].usable]

    def shape(self) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
        return tuple(m.id for m in self.members), tuple(c.id for c in self.checks)

    def column_of(self, check_id: int | None) -> int:
        return next((i for i, c in enumerate(self.checks) if c.id == check_id), -1)

    def row_of(self, character_id: int | None) -> int:
        return next((i for i, m in enumerate(self.members) if m.id == character_id), -1)


class BuildMemo:
    """Engine checks built in the previous recompute, reused when nothing they depend on changed.

    A check is a pure function of the character (sheet), its conditions, the house rules, the
    language, the roll and the DC; the key holds all of them, as data. A sheet edit then rebuilds
    one row, a DC edit one column, and the same roll at another DC is the engine's
    ``with_target`` of the first. Only the odds are computed afresh every time (``prep.matrix``).
    Entries not used in a recompute are dropped at the next, so the memo never outgrows the grid.
    """

    def __init__(self) -> None:
        self._old: dict = {}
        self._new: dict = {}
        self.built = 0  # checks made (built, or moved to another DC): tests, benchmark

    def member_key(self, ctx: PrepContext, member: Character) -> str:
        return json.dumps([member.to_dict(), [c.to_dict() for c in ctx.conditions.get(member.id, ())],
                           ctx.house_rules.to_dict(), ctx.lang, ctx.system], sort_keys=True, default=str)

    def get(self, key: tuple, make):
        if key in self._new:
            return self._new[key]
        found = self._old.get(key, self)
        if found is self:
            found = make()
            self.built += 1
        self._new[key] = found
        return found

    def peek(self, key: tuple):
        """The value kept under ``key`` (kept for the next round too), or None."""
        found = self._new.get(key, self._old.get(key))
        if found is not None:
            self._new[key] = found
        return found

    def put(self, key: tuple, value) -> None:
        self._new[key] = value

    def next_round(self) -> None:
        self._old, self._new = self._new, {}


def _build_cell(ctx: PrepContext, member: Character, prepared: PreparedCheck) -> tuple[Any, str]:
    try:
        return build(ctx, member, prepared), ""
    except RulesError as exc:  # why the cell is empty, in the GM's language (its field is the grid's cell)
        return None, exc.said(ctx.lang) if exc.fr else said(exc.rule or str(exc), ctx.lang)


def _cell_check(ctx: PrepContext, memo: BuildMemo, member: Character, member_key: str,
                prepared: PreparedCheck) -> tuple[Any, str]:
    target = target_of(ctx, prepared)
    roll = (member_key, str(prepared.check))

    def make() -> tuple[Any, str]:
        base = memo.peek(("base",) + roll) if target is not None else None
        if base is not None:
            try:
                return base.with_target(target), ""
            except RulesError:
                pass  # a DC this check refuses: let the builder say why
        check, error = _build_cell(ctx, member, prepared)
        if check is not None and target is not None:
            memo.put(("base",) + roll, check)
        return check, error

    return memo.get(roll + (target,), make)


def compute_grid(ctx: PrepContext, scene: Scene | None, memo: BuildMemo | None = None) -> Grid:
    """Every member's odds on every check of ``scene`` (exact, shared work through ``prep.matrix``)."""
    if scene is None:
        return Grid()
    memo = memo or BuildMemo()
    members = members_for(ctx, scene)
    prepared = tuple(scene.ordered_checks())
    built: list[list[tuple[bool, Any, str]]] = []
    for member in members:
        member_key = memo.member_key(ctx, member)
        row = []
        for p in prepared:
            check, error = _cell_check(ctx, memo, member, member_key, p)
            row.append((may_roll(p, member), check, error))
        built.append(row)
    memo.next_round()
    # One matrix call over the checks the rules accepted: one OddsCache for the whole recompute.
    odds = matrix([[check for _, check, _ in row if check is not None] for row in built])
    cells = []
    for row, row_odds in zip(built, odds):
        it = iter(row_odds)
        cells.append(tuple(Cell(allowed, check, next(it) if check is not None else None, error)
                           for allowed, check, error in row))
    return Grid(tuple(members), prepared, tuple(cells))
