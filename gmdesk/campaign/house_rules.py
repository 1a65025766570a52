"""House rules: the RULES.md rulings a GM could want otherwise, as per-campaign options.

The defaults are the rulings. Everything here is plain data so that the store can keep it as JSON.
``build_check`` hands R-1…R-5 to the engine on every check it builds (``rulings()``: the engine's
``Rulings``), so that odds, rolls, the prep matrix and its exports follow them and every logged roll
records them; it also honours ``dnd5e_finesse``, ``anarchy_ones_tiebreak`` and
``dnd35_max_helpers``. What each option means when it is off: ``gmdesk.systems.kit.rulings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmdesk import systems
from gmdesk.engine.core import RulesError, check_int
from gmdesk.systems.kit.rulings import IDS as RULING_IDS, Rulings

from ._fields import at, check_str, get_bool, get_opt_int, get_str, need_dict, need_list

# Initiative tie rules (RULES.md §6). Each names what is compared after the initiative value.
TIE_RULES = {
    "modifier_then_gm": ("higher modifier, then the GM's choice", "modificateur le plus haut, puis choix du MJ"),
    "modifier_then_reroll": ("higher modifier, then reroll between the tied",
                             "modificateur le plus haut, puis relance entre ex aequo"),
    "modifier_then_pcs": ("higher modifier, then player characters first",
                          "modificateur le plus haut, puis les personnages joueurs d'abord"),
    "pcs_first": ("player characters first, then the GM's choice", "personnages joueurs d'abord, puis choix du MJ"),
    "manual": ("the GM orders the queue by hand", "le MJ ordonne la file à la main"),
}
DEFAULT_TIES = {"pf2": "modifier_then_gm", "dnd5e": "modifier_then_gm", "dnd35": "modifier_then_reroll",
                "cof": "modifier_then_pcs", "anarchy": "manual"}
FINESSE = ("best", "str", "dex")


@dataclass(frozen=True)
class NdStep:
    """One step of the cof ND ladder."""

    nd: int
    label_fr: str
    label_en: str

    def to_dict(self) -> dict:
        return {"nd": self.nd, "label_fr": self.label_fr, "label_en": self.label_en}


# gmdesk's own ladder: the cof seed names a difficulty table without giving it (RULES.md §4).
DEFAULT_COF_LADDER = (
    NdStep(5, "facile", "easy"),
    NdStep(10, "moyen", "average"),
    NdStep(15, "difficile", "hard"),
    NdStep(20, "très difficile", "very hard"),
    NdStep(25, "héroïque", "heroic"),
)


@dataclass
class HouseRules:
    # R-1 (pf2): a fortune/misfortune reroll keeps the new result; False = keep the better (fortune)
    reroll_keeps_new: bool = True
    # R-2 (dnd5e): the odds count Heroic Inspiration as spent on a failure, rerolling the lower d20
    inspiration_in_odds: bool = True
    # R-3 (anarchy): a Luck reroll and an Edge/Trait reroll are both rerolls: one or the other
    one_reroll_per_test: bool = True
    # R-4 (anarchy): a complication needs at least one 1
    complication_needs_a_one: bool = True
    # R-5 (anarchy): after a Luck reroll the complication is judged on the dice as they stand
    complication_after_luck: bool = True
    # dnd5e finesse weapons: the better of Str and Dex, or always the one the GM names
    dnd5e_finesse: str = "best"
    # anarchy opposed tests: ties to the acting character (False) or to fewer 1s on the initial roll
    anarchy_ones_tiebreak: bool = False
    # dnd35 aid another: how many helpers at most (None = no cap)
    dnd35_max_helpers: int | None = None
    # initiative ties per system (RULES.md §6)
    initiative_ties: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_TIES))
    cof_nd_ladder: list[NdStep] = field(default_factory=lambda: list(DEFAULT_COF_LADDER))

    def __post_init__(self) -> None:
        self.validate()

    def rulings(self) -> Rulings:
        """The rulings R-1…R-5 as the engine takes them on a check."""
        return Rulings(**{name: getattr(self, name) for name in RULING_IDS.values()})

    def with_rulings(self, **changes: bool) -> "HouseRules":
        """A copy with some rulings changed (the house-rules dialog's edits)."""
        out = HouseRules.from_dict({**self.to_dict(), **changes})
        return out

    def tie_rule(self, system: str) -> str:
        return self.initiative_ties.get(system, DEFAULT_TIES.get(system, "manual"))

    def validate(self, f: str = "house_rules") -> None:
        for name in ("reroll_keeps_new", "inspiration_in_odds", "one_reroll_per_test", "complication_needs_a_one",
                     "complication_after_luck", "anarchy_ones_tiebreak"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(at(f, name), "must be true or false")
        check_str(at(f, "dnd5e_finesse"), self.dnd5e_finesse, FINESSE)
        if self.dnd35_max_helpers is not None:
            check_int(at(f, "dnd35_max_helpers"), self.dnd35_max_helpers, 0, 50)
        for system, rule in self.initiative_ties.items():
            check_str(at(f, "initiative_ties"), system, systems.ids())
            check_str(at(at(f, "initiative_ties"), system), rule, tuple(TIE_RULES))
        previous = None
        for i, step in enumerate(self.cof_nd_ladder):
            sf = at(at(f, "cof_nd_ladder"), i)
            check_int(at(sf, "nd"), step.nd, 0, 100)
            check_str(at(sf, "label_fr"), step.label_fr)
            check_str(at(sf, "label_en"), step.label_en)
            if previous is not None and step.nd <= previous:
                raise RulesError(at(sf, "nd"), "the ladder goes up: each ND above the previous one")
            previous = step.nd

    def to_dict(self) -> dict:
        return {
            "reroll_keeps_new": self.reroll_keeps_new, "inspiration_in_odds": self.inspiration_in_odds,
            "one_reroll_per_test": self.one_reroll_per_test,
            "complication_needs_a_one": self.complication_needs_a_one,
            "complication_after_luck": self.complication_after_luck, "dnd5e_finesse": self.dnd5e_finesse,
            "anarchy_ones_tiebreak": self.anarchy_ones_tiebreak, "dnd35_max_helpers": self.dnd35_max_helpers,
            "initiative_ties": dict(self.initiative_ties),
            "cof_nd_ladder": [s.to_dict() for s in self.cof_nd_ladder],
        }

    @classmethod
    def from_dict(cls, d: object, f: str = "house_rules") -> "HouseRules":
        """Missing keys take the default (a file written before an option existed)."""
        d = need_dict(f, d)
        base = cls()
        out = cls.__new__(cls)
        for name in ("reroll_keeps_new", "inspiration_in_odds", "one_reroll_per_test", "complication_needs_a_one",
                     "complication_after_luck", "anarchy_ones_tiebreak"):
            setattr(out, name, get_bool(d, name, f, getattr(base, name)))
        out.dnd5e_finesse = get_str(d, "dnd5e_finesse", f, FINESSE, base.dnd5e_finesse)
        out.dnd35_max_helpers = get_opt_int(d, "dnd35_max_helpers", f, 0, 50)
        ties = dict(DEFAULT_TIES)
        ties.update(need_dict(at(f, "initiative_ties"), d.get("initiative_ties", {})))
        out.initiative_ties = ties
        ladder = []
        if "cof_nd_ladder" in d:
            for i, step in enumerate(need_list(at(f, "cof_nd_ladder"), d["cof_nd_ladder"])):
                sf = at(at(f, "cof_nd_ladder"), i)
                step = need_dict(sf, step)
                ladder.append(NdStep(step.get("nd"), get_str(step, "label_fr", sf, default=""),
                                     get_str(step, "label_en", sf, default="")))
        else:
            ladder = list(DEFAULT_COF_LADDER)
        out.cof_nd_ladder = ladder
        out.validate(f)
        return out
