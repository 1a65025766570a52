"""Found by hand at 1366×768: a campaign of another system, opened over the one shown (File › Open,
Open recent), kept the first system's measures — the check panel's choices scrolled sideways (pf2's
and anarchy's options are wider than dnd5e's) and the Prep form cut cof's "SAG + Voie du traqueur".
Each campaign opened is fitted as a start on it fits it (issue 12, items 3 and 5)."""

from __future__ import annotations

import pytest

from conftest import campaign_file  # noqa: E402 (tests/ui on sys.path)
from window_fit import cut_texts


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_system_opened_over_another_is_fitted_as_a_start_fits_it(make_window, tmp_path, qtbot, lang):
    window = make_window(campaign_file(tmp_path, "dnd5e"), lang=lang)
    qtbot.wait(50)
    found = {}
    for system in ("anarchy", "dnd35", "cof", "pf2"):
        assert window.open_campaign(campaign_file(tmp_path, system))
        assert window.store.info.system == system
        qtbot.wait(100)  # the refit waits for the panels' new texts (one turn of the event loop)
        try:  # a loaded machine may need a few more turns for the charts to place their titles again
            qtbot.waitUntil(lambda: not cut_texts(window), timeout=3000)
        except qtbot.TimeoutError:
            pass  # what is still cut is said below
        found[system] = cut_texts(window)
    assert found == dict.fromkeys(found, [])
