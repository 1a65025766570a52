"""A system's own house-rule options (``GameSystem.house_options``), kept in the campaign file.

RULES.md's rulings (R-1…R-5) are common to every campaign (``kit.rulings``); beyond them a system
may offer options of its own (the dnd5e finesse ability, the cof ND ladder…). Each is a
``HouseOption``: its key in the campaign's ``house_rules`` JSON, its default, and how to read and
write it. ``gmdesk.campaign.house_rules.HouseRules`` keeps every registered system's options, so
a campaign file keeps the same keys whatever its system.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gmdesk.engine.words import Word

from .rulings import DEFAULT as DEFAULT_RULINGS, IDS, Rulings


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class HouseOption:
    """- ``name``: the key in the file and the attribute on ``HouseRules`` (``dnd5e_finesse``);
    - ``default()``: a fresh default value (a function: a mutable default is never shared);
    - ``check(value, field)``: the value, validated (``RulesError`` naming ``field`` otherwise);
    - ``read(json_value, field)``: the value from the file's JSON (default: ``check``);
    - ``write(value)``: the value as JSON (default: as it is);
    - ``title``, ``choices`` ((value, what it means) pairs), ``explain``: how the house-rules dialog
      offers it (an option with neither choices nor columns is not shown there);
    - ``example`` (a text with ``{0}``, ``{1}``… for each choice's figure) and ``figure(value)`` (the
      engine's exact figure under that choice): the dialog's live example, the chosen figure in bold;
    - ``columns`` ((key, header) pairs): an option that is a list of rows (the cof ND ladder) is
      edited as a table, one column per key of ``write``'s rows; the rows go back through ``read``;
      ``invalid`` says, in the GM's words, what a row must be when ``read`` refuses it."""

    name: str
    default: Callable[[], Any]
    check: Callable[[Any, str], Any]
    read: Callable[[Any, str], Any] | None = None
    write: Callable[[Any], Any] = _same
    title: Word | None = None
    choices: tuple[tuple[Any, Word], ...] = ()
    explain: Word | None = None
    example: Word | None = None
    figure: Callable[[Any], Any] | None = None
    columns: tuple[tuple[str, Word], ...] = ()
    invalid: Word | None = None

    def from_json(self, value: Any, field: str) -> Any:
        return (self.read or self.check)(value, field)


class Defaults:
    """RULES.md's rulings and a system's options at their defaults, for what a system computes
    outside any campaign (a sheet form's derived values): what its builders read of house rules."""

    def __init__(self, options: tuple[HouseOption, ...] = ()):
        self._options = {o.name: o.default() for o in options}

    def rulings(self) -> Rulings:
        return DEFAULT_RULINGS

    def __getattr__(self, name: str) -> Any:
        options = self.__dict__.get("_options", {})
        if name in options:
            return options[name]
        if name in IDS.values():
            return getattr(DEFAULT_RULINGS, name)
        raise AttributeError(name)
