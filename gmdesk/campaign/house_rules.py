"""House rules: the RULES.md rulings a GM could want otherwise, and each system's own options, as
per-campaign options.

The defaults are the rulings. Everything here is plain data so that the store can keep it as JSON.
``build_check`` hands R-1…R-5 to the engine on every check it builds (``rulings()``: the engine's
``Rulings``), so that odds, rolls, the prep matrix and its exports follow them and every logged roll
records them. A system's own options (``GameSystem.house_options``: the dnd5e finesse ability, the
cof ND ladder…) are attributes too (``rules.dnd5e_finesse``), kept under their own key in the file.
What each ruling means when it is off: ``gmdesk.systems.kit.rulings``.
"""

from __future__ import annotations

from typing import Any

from gmdesk import systems
from gmdesk.engine.core import RulesError
from gmdesk.engine.words import Word
from gmdesk.systems.kit.fields import at, check_str, get_bool, need_dict
from gmdesk.systems.kit.rulings import IDS as RULING_IDS, Rulings

# Initiative tie rules (RULES.md §6). Each names what is compared after the initiative value.
TIE_RULES = {
    "modifier_then_gm": Word("higher modifier, then the GM's choice", "modificateur le plus haut, puis choix du MJ"),
    "modifier_then_reroll": Word("higher modifier, then reroll between the tied",
                                 "modificateur le plus haut, puis relance entre ex aequo"),
    "modifier_then_pcs": Word("higher modifier, then player characters first",
                              "modificateur le plus haut, puis les personnages joueurs d’abord"),
    "pcs_first": Word("player characters first, then the GM's choice", "personnages joueurs d’abord, puis choix du MJ"),
    "manual": Word("the GM orders the queue by hand", "le MJ ordonne la file à la main"),
}
RULINGS = tuple(RULING_IDS.values())  # reroll_keeps_new … complication_after_luck, in RULES.md's order


def default_ties() -> dict[str, str]:
    """Each system's tie rule by default (``FightRules.default_tie``)."""
    return {system_id: systems.house(system_id)[1] for system_id in systems.ids()}


def house_options() -> dict[str, Any]:
    """Every registered system's own options, by name (``HouseOption``)."""
    return {o.name: o for system_id in systems.ids() for o in systems.house(system_id)[0]}


class HouseRules:
    """A campaign's house rules. ``HouseRules()`` is RULES.md's rulings with every default;
    keyword arguments set rulings (``reroll_keeps_new=False``), ``initiative_ties`` and the systems'
    own options (``dnd5e_finesse="str"``), which read and write as attributes."""

    def __init__(self, *, initiative_ties: dict[str, str] | None = None, **values: Any) -> None:
        options = house_options()
        for name in values:
            if name not in RULINGS and name not in options:
                raise TypeError(f"HouseRules has no option {name!r}")
        for name in RULINGS:
            object.__setattr__(self, name, values.get(name, True))
        object.__setattr__(self, "initiative_ties", {**default_ties(), **(initiative_ties or {})})
        object.__setattr__(self, "_options", {name: values[name] if name in values else o.default()
                                              for name, o in options.items()})
        self.validate()

    # -- the systems' options as attributes ---------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        options = self.__dict__.get("_options", {})
        if name in options:
            return options[name]
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__.get("_options", {}):
            self._options[name] = value
        else:
            object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HouseRules) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"HouseRules({self.to_dict()!r})"

    # -----------------------------------------------------------------------------------------------
    def rulings(self) -> Rulings:
        """The rulings R-1…R-5 as the engine takes them on a check."""
        return Rulings(**{name: getattr(self, name) for name in RULINGS})

    def with_rulings(self, **changes: bool) -> "HouseRules":
        """A copy with some rulings changed (the house-rules dialog's edits)."""
        return HouseRules.from_dict({**self.to_dict(), **changes})

    def tie_rule(self, system: str) -> str:
        found = systems.find(system)
        return self.initiative_ties.get(system, found.fight.default_tie if found else "manual")

    def validate(self, f: str = "house_rules") -> None:
        for name in RULINGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(at(f, name), "must be true or false")
        for system, rule in self.initiative_ties.items():
            check_str(at(f, "initiative_ties"), system, systems.ids())
            check_str(at(at(f, "initiative_ties"), system), rule, tuple(TIE_RULES))
        for name, option in house_options().items():
            if name in self._options:
                self._options[name] = option.check(self._options[name], at(f, name))

    def to_dict(self) -> dict:
        out = {name: getattr(self, name) for name in RULINGS}
        options = house_options()
        for name, value in self._options.items():
            out[name] = options[name].write(value) if name in options else value
        out["initiative_ties"] = dict(self.initiative_ties)
        return out

    @classmethod
    def from_dict(cls, d: object, f: str = "house_rules") -> "HouseRules":
        """Missing keys take the default (a file written before an option existed)."""
        d = need_dict(f, d)
        values = {name: get_bool(d, name, f, True) for name in RULINGS}
        for name, option in house_options().items():
            if name in d:
                values[name] = option.from_json(d[name], at(f, name))
        ties = need_dict(at(f, "initiative_ties"), d.get("initiative_ties", {}))
        return cls(initiative_ties=dict(ties), **values)
