"""A stat block's damaging actions with a save and no attack roll (a dragon's breath, "DC 13 Dex save,
2d6 fire, half on success"): ``SaveAction``, as the SRD prints it (``CreatureAction`` with ``dc``, ``save``
and ``damage``), and how many times the GM puts it in the creature's round (``per_round``).

How often such an action comes back (the SRD's "Recharge 5–6") is not in gmdesk's data: an action
the GM did not put in the round is left out of the fight's odds, and said (docs/rules.md, "Damage and
the fight's odds"). No Qt, no I/O."""

from __future__ import annotations

from dataclasses import dataclass

from gmdesk.engine.core import RulesError, check_int
from gmdesk.engine.words import Word

from .fields import at, check_str, get_int, get_str

MAX_NAME = 100
MAX_DC = 60
MAX_PER_ROUND = 10  # as ``statblock.MAX_PER_ROUND``


@dataclass
class SaveAction:
    """``name``; ``save``: the save the target rolls (the ability or save key: "dex", "reflex"); ``dc``;
    ``damage`` as printed; ``per_round``: times in the GM's round (0: not in it)."""

    name: str
    save: str
    dc: int
    damage: str
    per_round: int = 0

    def validate(self, f: str) -> None:
        check_str(at(f, "name"), self.name)
        if not self.name.strip() or len(self.name) > MAX_NAME:
            raise RulesError(at(f, "name"), f"a name of 1 to {MAX_NAME} characters")
        check_str(at(f, "save"), self.save)
        if not self.save.strip() or len(self.save) > MAX_NAME:
            raise RulesError(at(f, "save"), "say which save the target rolls")
        check_int(at(f, "dc"), self.dc, 1, MAX_DC)
        check_str(at(f, "damage"), self.damage)
        if len(self.damage) > 200:
            raise RulesError(at(f, "damage"), "at most 200 characters")
        check_int(at(f, "per_round"), self.per_round, 0, MAX_PER_ROUND)

    def to_dict(self) -> dict:
        d = {"name": self.name, "save": self.save, "dc": self.dc, "damage": self.damage}
        if self.per_round:
            d["per_round"] = self.per_round
        return d

    @classmethod
    def parse(cls, d: dict, f: str) -> "SaveAction":
        return cls(get_str(d, "name", f), get_str(d, "save", f), get_int(d, "dc", f, 1, MAX_DC),
                   get_str(d, "damage", f, default=""), get_int(d, "per_round", f, 0, MAX_PER_ROUND, 0))


UNKNOWN_SAVE = Word("“{typed}” is not a save of this stat block: {keys}",
                    "« {typed} » n’est pas une sauvegarde de ce bloc de stats : {keys}")


def save_key(spec, typed: str) -> str | None:
    """The system's save key the GM means by ``typed``: its key ("dex", "Reflex"), its ability's
    abbreviation in either language (dnd5e French "sag" is "wis", "for" is "str") or its name ("Vigueur",
    "Fortitude"); None when it names no save of ``spec`` (a ``StatBlockSpec``), which the block refuses
    rather than leave the action silently out of the round."""
    want = " ".join(typed.split()).casefold()
    abilities = dict(getattr(spec, "abilities", ()))
    for printed in getattr(spec, "checks", ()):
        ref = printed.ref
        if ref.kind != "save":
            continue
        said = {ref.key, printed.label.en, printed.label.fr}
        ability = abilities.get(getattr(printed, "uses", None))
        if ability is not None:
            said |= {ability.en, ability.fr}
        if want in {x.casefold() for x in said if x}:
            return ref.key
    return None


def save_keys(spec) -> str:
    """"str, dex, con…": the keys the GM may type, for a refusal."""
    return ", ".join(p.ref.key for p in getattr(spec, "checks", ()) if p.ref.kind == "save")


def from_printed(actions) -> list[SaveAction]:
    """The printed actions (``CreatureAction``) that deal damage by a save and no attack roll, as a
    stat block keeps them: not in the round until the GM puts them there."""
    out = []
    for a in actions:
        if a.dc is not None and a.bonus is None and a.damage and a.save:
            damage = " + ".join(f"{x.dice} {x.type}".strip() for x in a.damage)
            out.append(SaveAction(a.name[:MAX_NAME], a.save, a.dc, damage[:200]))
    return out


ONE_TARGET = Word("{name} strikes one target a use (its area is not modelled)",
                  "{name} frappe une cible par utilisation (sa zone n’est pas modélisée)")
NOT_COUNTED = Word("{name} not counted: set it in the round (how often it comes back is the GM's)",
                   "{name} non compté\u202f: mettez-le dans le round (à quelle fréquence il revient, c’est au MJ)")
