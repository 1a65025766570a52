"""Copies of objects already read from a campaign, handed out instead of reading the same JSON again.

The campaign's objects (``campaign.model``) are plain mutable dataclasses that the window edits in
place; rebuilding one from its stored text checks it whole (a pf2 sheet: 0.1 ms), and a campaign
switch had the panels read the same few rows forty to fifty times. A memo keyed on the exact stored
text reads each once; ``fresh`` gives every caller its own copy, so that no one changes another's.
"""

from __future__ import annotations

import copy
from enum import Enum
from fractions import Fraction
from types import FunctionType, MethodType
from typing import TypeVar

T = TypeVar("T")

# Shared as they are: values nothing can change in place.
_KEPT = (str, int, float, complex, bool, type(None), bytes, Fraction, Enum, frozenset, range, type,
         FunctionType, MethodType)
_KEPT_EXACTLY = frozenset(kind for kind in _KEPT if kind is not Enum)  # the usual case, by one look-up


def fresh(value: T) -> T:
    """An independent copy of ``value``: every dict, list and set in it is new, and so is every
    object with attributes (rebuilt without its ``__init__``: it was checked when first read), down
    to the texts and numbers, which are shared. What it does not know is deep-copied."""
    kind = type(value)
    if kind in _KEPT_EXACTLY or isinstance(value, _KEPT):
        return value
    if kind is dict:
        return _fresh_dict(value)
    if kind is list:
        return [item if type(item) in _KEPT_EXACTLY else fresh(item) for item in value]
    if kind is tuple:
        return tuple(item if type(item) in _KEPT_EXACTLY else fresh(item) for item in value)
    if kind is set:
        return {fresh(item) for item in value}
    attrs = getattr(value, "__dict__", None)
    if type(attrs) is dict and not hasattr(kind, "__slots__"):
        out = object.__new__(kind)
        out.__dict__.update(_fresh_dict(attrs))
        return out
    return copy.deepcopy(value)


def _fresh_dict(d: dict) -> dict:
    # The texts and numbers, most of a sheet, without a call each: a third of the time.
    return {key: item if type(item) in _KEPT_EXACTLY else fresh(item) for key, item in d.items()}
