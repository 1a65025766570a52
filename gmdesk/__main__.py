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
    if argv and (argv[0] in COMMANDS or argv[0] in ("-h", "--help")):
        from gmdesk.cli import main as cli_main
        return cli_main(argv)
    from gmdesk.ui.app import main as gui_main
    return gui_main(argv, COMMANDS)  # a mistyped command is named, not made a campaign


if __name__ == "__main__":
    sys.exit(main())
