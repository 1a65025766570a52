"""The command line's argument rules, which every command shares: no unique-prefix abbreviations, an
option given twice refused, integers in ASCII digits, and one line naming the argument on an error
(``UsageError``) instead of argparse's usage and exit."""

from __future__ import annotations

import argparse


class UsageError(Exception):
    """Bad command-line input: exit 2 with one line on stderr."""


def integer(text: str) -> int:
    """An integer in ASCII digits: ``int()`` also takes ``٣`` or ``１``, which no one types on purpose."""
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    return int(text)


class _StoreOnce(argparse._StoreAction):
    """``--mod 3 --mod 5`` is refused instead of silently keeping 5."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[override]
        given = namespace.__dict__.setdefault("_given_once", set())
        if option_string is not None and self.dest in given:
            raise argparse.ArgumentError(self, "given more than once")
        given.add(self.dest)
        setattr(namespace, self.dest, values)


class _Parser(argparse.ArgumentParser):
    """No unique-prefix abbreviations (``--coun`` is unknown, not ``--count``), no repeated value."""

    def __init__(self, *args, **kwargs):
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)

    # argparse prints the whole usage then exits; the contract is one line naming the argument.
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        parsed, rest = super().parse_known_args(args, namespace)
        parsed.__dict__.pop("_given_once", None)
        return parsed, rest
