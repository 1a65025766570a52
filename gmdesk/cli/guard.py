"""How a campaign command fails: known failures (a bad file, bad input) as one line on stderr and exit
status 2, bugs with their traceback. Shared by the campaign commands and ``gmdesk stats``."""

from __future__ import annotations

import re
import sys
from typing import Callable, TextIO

from gmdesk.engine.core import RulesError


def fail(command: str, message: str, err: TextIO | None = None, status: int = 2, lang: str = "en") -> int:
    from .words import error_line

    print(error_line(_one_line(message), lang, command), file=err or sys.stderr)
    return status


def _one_line(message: str) -> str:
    # ASCII whitespace only: French's narrow no-break space before a colon stays where it is.
    return " ".join(re.split(r"[ \t\r\n\f\v]+", str(message).strip()))


def _guarded(command: str, run: Callable[[], int], err: TextIO | None, lang: str | None = None,
             kept: Callable[[], str] = lambda: "nothing was changed or written") -> int:
    """Known failures (a bad file, bad input) as one line and status 2, in ``lang`` (the terminal's
    when None); bugs keep their traceback. Ctrl+C: exit 130 and one line, ``kept()`` saying what
    stays (a transaction cut short is rolled back, a file being written is removed: nothing is
    half-done)."""
    from gmdesk.store import StoreError

    try:
        return run()
    except KeyboardInterrupt:
        from .words import language_of

        return fail(command, f"interrupted: {kept()}", err, 130, lang=lang or language_of(()))
    except (StoreError, RulesError) as exc:  # InvalidInput is a RulesError
        from .words import language_of

        lang = lang or language_of(())
        french = getattr(exc, "fr", None) if lang == "fr" else None  # a rule that has its own French
        return fail(command, f"{exc.field}: {french}" if french else str(exc), err, lang=lang)
    except BrokenPipeError:
        return 0  # `gmdesk export … | head`: the reader had enough
