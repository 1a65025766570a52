"""JSON-safe descriptions of dnd35 checks (the roll log) and their rebuilding.

Ranks are written as numbers (halves are exact in binary floating point: 4.5).
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

from gmdesk.engine.core import Modifier, RulesError


def _number(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def _mods(mods) -> list[dict]:
    return [{"value": m.value, "source": m.source, "kind": m.kind} for m in mods]


def describe_check(check) -> dict:
    out: dict = {"system": "dnd35", "type": check.TYPE}
    for f in fields(check):
        value = getattr(check, f.name)
        if f.name in ("actor", "opponent"):
            value = describe_check(value)
        elif f.name in ("modifiers", "dc_modifiers"):
            value = _mods(value)
        elif f.name == "helpers":
            value = [{"modifier": h.modifier, "name": h.name, "take": h.take} for h in value]
        elif f.name == "ranks":
            value = _number(value)
        elif f.name == "other_ranks":
            value = {k: _number(r) for k, r in value}
        elif f.name == "synergy_toggles":
            value = sorted(value)
        out[f.name] = value
    return out


def _read_mods(name: str, value) -> tuple[Modifier, ...]:
    if not isinstance(value, list):
        raise RulesError(name, "a list of modifiers")
    mods = []
    for i, m in enumerate(value):
        if not isinstance(m, dict) or "value" not in m:
            raise RulesError(f"{name}[{i}]", "a modifier needs a value")
        mods.append(Modifier(m["value"], m.get("source", ""), m.get("kind", "untyped")))
    return tuple(mods)


def check_from_dict(d: dict, types: dict):
    """Rebuild a check from ``describe_check``'s dict; ``types`` maps each ``TYPE`` to its class
    (``rules.check_from_dict`` gives them all: this module knows no check class)."""
    if not isinstance(d, dict):
        raise RulesError("check", f"a description is a dict, got {type(d).__name__}")
    if d.get("system", "dnd35") != "dnd35":
        raise RulesError("system", f"not a dnd35 check: {d.get('system')!r}")
    cls = types.get(d.get("type"))
    if cls is None:
        raise RulesError("type", f"one of {', '.join(types)}, got {d.get('type')!r}")
    names = {f.name for f in fields(cls)}
    kwargs = {}
    for key, value in d.items():
        if key in ("system", "type"):
            continue
        if key not in names:
            raise RulesError(key, f"unknown field for a {cls.TYPE} check")
        if key in ("actor", "opponent"):
            value = check_from_dict(value, types)
        elif key in ("modifiers", "dc_modifiers"):
            value = _read_mods(key, value)
        elif key == "helpers":
            value = tuple(value)  # SkillCheck reads each helper's dict and names a bad one
        elif key == "other_ranks":
            value = tuple(value.items()) if isinstance(value, dict) else tuple(map(tuple, value))
        elif key == "synergy_toggles":
            value = frozenset(value)
        kwargs[key] = value
    return cls(**kwargs)
