"""``systems.house``: a system's house options and default tie rule, read without loading it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gmdesk import systems


@pytest.mark.parametrize("system_id", systems.BUILT_IN)
def test_house_without_loading_the_system_gives_what_the_system_declares(system_id):
    code = (f"from gmdesk import systems; options, tie = systems.house({system_id!r}); "
            f"assert systems.find.__module__ and [s.id for s in systems.loaded()] == [], systems.loaded(); "
            f"game = systems.get({system_id!r}); "
            f"assert options is game.house_options and tie == game.fight.default_tie; print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr[-1500:]


def test_house_of_an_unknown_system_is_refused():
    from gmdesk.engine.core import RulesError

    with pytest.raises(RulesError):
        systems.house("chess")
