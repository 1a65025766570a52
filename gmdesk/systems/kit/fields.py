"""Reading plain JSON-ish dicts back into domain objects, with errors that name the field.

Every ``from_dict`` in the campaign layer goes through these helpers so that a bad file or a bad
sheet import says *where* it is wrong (``sheet.abilities.str``), in the engine's ``RulesError``.
"""

from __future__ import annotations

from typing import Any, Iterable

from gmdesk.engine.core import RulesError, check_int

_MISSING: Any = object()


def at(prefix: str, key: object) -> str:
    """``at("sheet", "level") == "sheet.level"``; list indices read ``sheet.attacks[2]``."""
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    return f"{prefix}.{key}" if prefix else str(key)


def need_dict(field: str, value: object) -> dict:
    if not isinstance(value, dict):
        raise RulesError(field, f"must be an object, got {type(value).__name__}")
    return value


def need_list(field: str, value: object) -> list:
    if not isinstance(value, (list, tuple)):
        raise RulesError(field, f"must be a list, got {type(value).__name__}")
    return list(value)


def _get(d: dict, key: str, prefix: str, default: Any) -> Any:
    if key in d:
        return d[key]
    if default is _MISSING:
        raise RulesError(at(prefix, key), "is missing")
    return default


def get_int(d: dict, key: str, prefix: str, lo: int | None = None, hi: int | None = None,
            default: Any = _MISSING) -> int:
    return check_int(at(prefix, key), _get(d, key, prefix, default), lo, hi)


def get_opt_int(d: dict, key: str, prefix: str, lo: int | None = None, hi: int | None = None) -> int | None:
    value = d.get(key)
    return None if value is None else check_int(at(prefix, key), value, lo, hi)


def get_str(d: dict, key: str, prefix: str, choices: Iterable[str] | None = None,
            default: Any = _MISSING) -> str:
    return check_str(at(prefix, key), _get(d, key, prefix, default), choices)


def get_bool(d: dict, key: str, prefix: str, default: Any = _MISSING) -> bool:
    value = _get(d, key, prefix, default)
    if not isinstance(value, bool):
        raise RulesError(at(prefix, key), f"must be true or false, got {value!r}")
    return value


def check_str(field: str, value: object, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise RulesError(field, f"must be text, got {value!r}")
    if choices is not None:
        allowed = tuple(choices)
        if value not in allowed:
            raise RulesError(field, f"must be one of {', '.join(allowed)}; got {value!r}")
    return value


def check_keys(field: str, mapping: dict, allowed: Iterable[str]) -> None:
    allowed = set(allowed)
    for key in mapping:
        if key not in allowed:
            raise RulesError(at(field, key), f"unknown entry {key!r}")


def str_list(d: dict, key: str, prefix: str, choices: Iterable[str] | None = None,
             default: Any = _MISSING) -> list[str]:
    items = need_list(at(prefix, key), _get(d, key, prefix, default))
    return [check_str(at(at(prefix, key), i), v, choices) for i, v in enumerate(items)]


def int_map(d: dict, key: str, prefix: str, keys: Iterable[str] | None, lo: int | None, hi: int | None,
            default: Any = _MISSING) -> dict[str, int]:
    """A ``{name: int}`` table such as ability scores; ``keys`` given = exactly those names."""
    field = at(prefix, key)
    raw = need_dict(field, _get(d, key, prefix, default))
    if keys is not None:
        keys = tuple(keys)
        check_keys(field, raw, keys)
        for k in keys:
            if k not in raw:
                raise RulesError(at(field, k), "is missing")
    return {str(k): check_int(at(field, k), v, lo, hi) for k, v in raw.items()}


def str_map(d: dict, key: str, prefix: str, keys: Iterable[str] | None, choices: Iterable[str] | None,
            default: Any = _MISSING) -> dict[str, str]:
    field = at(prefix, key)
    raw = need_dict(field, _get(d, key, prefix, default))
    if keys is not None:
        check_keys(field, raw, keys)
    choices = tuple(choices) if choices is not None else None
    return {str(k): check_str(at(field, k), v, choices) for k, v in raw.items()}


def objects(d: dict, key: str, prefix: str, parse, default: Any = _MISSING) -> list:
    """A list of nested objects, each parsed by ``parse(item_dict, item_field)``."""
    field = at(prefix, key)
    items = need_list(field, _get(d, key, prefix, default))
    return [parse(need_dict(at(field, i), item), at(field, i)) for i, item in enumerate(items)]
