"""The SRD 5.1 creatures turned into gmdesk's own dnd5e entries, once (``packaging/make_srd.py``).

The source (``srd-5.1-monsters.json``, numbers and names only: see docs/bestiary.md for where it comes
from and its CC-BY-4.0 attribution) is read here and written as ``srd-5.1.json.gz`` beside this
module: one entry per creature, its stat block in the project's format (``kit.statblock``) plus what a
bestiary prints beside the rolls. The tests convert the source again and compare every creature.
"""

from __future__ import annotations

from fractions import Fraction

from .sheet import SKILLS

SOURCE = "SRD 5.1"
# The source does not say melee or ranged: an attack named after a ranged weapon is ranged.
RANGED = ("bow", "crossbow", "sling", "dart", "javelin", "rock", "hurl", "spit", "web", "blowgun", "net",
          "spike", "volley", "spine", "ray", "bolt")


def challenge_text(cr: float) -> str:
    """0.125 → "1/8", 0.5 → "1/2", 10 → "10": as the SRD prints it."""
    return str(Fraction(cr).limit_denominator(8))


def _level(cr: float) -> int:
    return int(cr) if cr >= 1 else 0


def _kind(name: str) -> str:
    words = name.lower().replace("(", " ").split()
    return "ranged" if any(w.startswith(r) or w.endswith(r) for w in words for r in RANGED) else "melee"


def _action(a: dict) -> dict:
    out: dict = {"name": a["name"]}
    if "attack_bonus" in a:
        out["bonus"] = a["attack_bonus"]
    if a.get("damage"):
        out["damage"] = [[d["dice"], d["type"]] for d in a["damage"] if "dice" in d]
    if "dc" in a:
        out["save"], out["dc"] = a["dc"]["ability"], a["dc"]["value"]
    return out


def damage_text(action: dict) -> str:
    """"2d6+5 bludgeoning + 1d12 acid": what the stat block shows of an attack's damage."""
    return " + ".join(f"{dice} {kind}" for dice, kind in action.get("damage", []))


def convert(m: dict) -> dict:
    """One source creature as gmdesk's entry (JSON-ready)."""
    checks = {}
    for key, value in m["proficiencies"].items():
        if key.startswith("saving-throw-"):
            checks[f"save:{key[len('saving-throw-'):]}"] = value
        elif key.startswith("skill-"):
            skill = key[len("skill-"):].replace("-", "_")
            if skill not in SKILLS:
                raise ValueError(f"{m['name']}: unknown skill {key}")
            checks[f"skill:{skill}"] = value
    actions = [_action(a) for part in ("actions", "reactions", "legendary_actions") for a in m[part]]
    attacks, seen = [], set()
    for a in m["actions"]:  # the block's attacks: its actions with an attack roll, once per name
        if "attack_bonus" in a and a["name"] not in seen:
            seen.add(a["name"])
            action = _action(a)
            attacks.append({"name": a["name"], "kind": _kind(a["name"]), "bonus": a["attack_bonus"],
                            "damage": damage_text(action)[:200]})
    ac = m["armor_class"][0]
    block = {"stat_block": True, "level": _level(m["challenge_rating"]),
             "challenge": challenge_text(m["challenge_rating"]), "abilities": dict(m["abilities"]),
             "checks": checks, "numbers": {"ac": ac["value"], "xp": m["xp"]}, "attacks": attacks, "modifiers": []}
    senses = {k: str(v) for k, v in m["senses"].items()}
    return {
        "name": m["name"], "size": m["size"], "type": m["type"] + (f" ({m['subtype']})" if m["subtype"] else ""),
        "hp": m["hit_points"], "hit_dice": m["hit_points_roll"], "xp": m["xp"], "block": block,
        "actions": actions, "senses": senses,
        "details": {"alignment": m["alignment"], "armor": [f"{a['value']} ({a['type']})" for a in m["armor_class"]],
                    "hit_dice": m["hit_dice"], "speed": m["speed"], "languages": m["languages"],
                    "proficiency_bonus": m["proficiency_bonus"],
                    **{k: m[k] for k in ("damage_vulnerabilities", "damage_resistances", "damage_immunities",
                                         "condition_immunities", "special_abilities") if m[k]}},
    }


def convert_all(source: dict) -> list[dict]:
    return [convert(m) for m in source["monsters"]]
