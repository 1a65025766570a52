"""Entry point: ``gmdesk COMMAND …`` runs the command line; anything else opens the window, which
names a mistyped command (``gmdesk stat``: did you mean ``stats``?) rather than create a campaign of it.

The window is imported only when needed so that ``gmdesk odds`` never pays for (or needs) Qt.
"""

from __future__ import annotations

import sys

from gmdesk.cli import COMMANDS


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # --version goes to the window's entry point: it names the Qt the window would run on.
    first = _after_lang(argv)
    if first and (first[0] in COMMANDS or first[0] in ("-h", "--help")):  # `gmdesk --lang fr --help` too
        from gmdesk.cli import main as cli_main
        return cli_main(argv)
    from gmdesk.ui.app import main as gui_main
    return gui_main(argv, COMMANDS)  # a mistyped command is named, not made a campaign


def _after_lang(argv: list[str]) -> list[str]:
    """``argv`` without a leading ``--lang X`` (or ``--lang=X``), which the command line takes too."""
    if argv[:1] == ["--lang"]:
        return argv[2:]
    return argv[1:] if argv[:1] and argv[0].startswith("--lang=") else argv


if __name__ == "__main__":
    sys.exit(main())
