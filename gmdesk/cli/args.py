"""The command line's argument rules, which every command shares: no unique-prefix abbreviations, an
option given twice refused (a switch too), integers in ASCII digits, text that is UTF-8, files that are
files, and one line naming the argument on an error (``UsageError``) instead of argparse's usage and
exit."""

from __future__ import annotations

import argparse


class UsageError(Exception):
    """Bad command-line input: exit 2 with one line on stderr."""


def integer(text: str) -> int:
    """An integer in ASCII digits: ``int()`` also takes ``٣`` or ``１``, which no one types on purpose."""
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}")
    if len(body) > 100:  # no option means such a number; int() refuses past 4,300 digits anyway
        raise argparse.ArgumentTypeError(f"a number of {len(body):,} digits is not one a GM could mean")
    return int(text)


def text(value: str) -> str:
    """Any argument without a type of its own. Bytes that are not UTF-8 (``--actor $'\\xff'``) reach
    Python as lone surrogates, which no campaign, export or terminal can hold: refused here, before
    anything is opened, rather than failing half-way through a write."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("not valid UTF-8 text (check the terminal's encoding)") from None
    return value


def file_path(value: str) -> str:
    """A file gmdesk reads or writes (a campaign, an import, an export): text, and when it exists a
    regular file. ``open()`` on a named pipe waits for a writer forever, and replacing a device or a
    folder with an export is never what the GM meant; ``os.stat`` tells them apart without opening."""
    from gmdesk.store.file_kind import not_a_file  # the store only for the commands that take a file

    if not text(value):
        raise argparse.ArgumentTypeError("an empty file name")
    what = not_a_file(value)
    if what is not None:
        raise argparse.ArgumentTypeError(f"{value} is {what}, not a file")
    return value


def stdin_or_file(value: str) -> str:
    """``-`` (standard input) or a ``file_path``."""
    return value if value == "-" else file_path(value)


def _once(action: type[argparse.Action]) -> type[argparse.Action]:
    """``action`` refusing a second use of its option: ``--mod 3 --mod 5`` (or ``--json --json``)
    is refused instead of silently keeping the last one."""

    class Once(action):  # type: ignore[misc, valid-type]
        def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[override]
            given = namespace.__dict__.setdefault("_given_once", set())
            if option_string is not None and self.dest in given:
                raise argparse.ArgumentError(self, "given more than once")
            given.add(self.dest)
            super().__call__(parser, namespace, values, option_string)

    Once.__name__ = f"_Once{action.__name__}"
    return Once


_StoreOnce = _once(argparse._StoreAction)


class _Parser(argparse.ArgumentParser):
    """No unique-prefix abbreviations (``--coun`` is unknown, not ``--count``), no repeated value,
    no text that is not UTF-8."""

    def __init__(self, *args, **kwargs):
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        for name, action in (("store_true", argparse._StoreTrueAction), ("store_false", argparse._StoreFalseAction),
                             ("store_const", argparse._StoreConstAction)):
            self.register("action", name, _once(action))
        self.register("type", None, text)  # every argument without a type of its own

    def add_subparsers(self, **kwargs):
        sub = super().add_subparsers(**kwargs)
        sub.type = str  # not ``text``: the command's own parser checks its arguments, naming each
        return sub

    # argparse prints the whole usage then exits; the contract is one line naming the argument.
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        parsed, rest = super().parse_known_args(args, namespace)
        parsed.__dict__.pop("_given_once", None)
        return parsed, rest


def add_lang(p: argparse.ArgumentParser, help: str = "the language of the answer (default: the terminal's)") -> None:
    """``--lang fr|en``: every command answers in the GM's language (``gmdesk.cli.words``)."""
    p.add_argument("--lang", choices=("fr", "en"), help=help)


def given_with(args: argparse.Namespace, needs: str, *names: str) -> None:
    """Refuse an option that does nothing without ``needs`` (``--actor`` without ``--log``)."""
    if getattr(args, needs.lstrip("-").replace("-", "_"), None) is not None:
        return
    for name in names:
        if getattr(args, name.lstrip("-").replace("-", "_"), None) not in (None, False):
            raise UsageError(f"argument {name}: only with {needs}")
