"""The Fight odds tab's intervals read as ranges: a chance near certain is ">99.9 %" (never "100 %"
for what can fail), but its interval's ends round plainly, "99.7–100 %", not "99.7–>99.9 %" (a
comparison inside a range), in either language; the ends in between as ``share`` writes them."""

from __future__ import annotations

import pytest

from gmdesk.campaign.fight_sim_odds import Share
from gmdesk.ui.panels.bestiary.fight_words import _between, share

UNIT = {"en": " %", "fr": "\u202f%"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("count, runs", [(1999, 2000), (9998, 10_000), (1, 10_000), (2, 10_000)])
def test_an_interval_near_an_edge_has_no_comparison_inside(lang, count, runs):
    chance = Share(count, runs)
    assert share(chance.chance, lang)[0] in "<>", "the chance itself still says it is not certain"
    text = _between(chance, lang)
    assert not any(sign in text for sign in "<>"), text
    low, high = text.removesuffix(UNIT[lang]).split("–")
    assert (low == "0") == (count < runs / 2) and (high == "100") == (count > runs / 2), text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_ends_in_between_are_shares(lang):
    chance = Share(263, 2000)
    low, high = (share(x, lang).removesuffix(UNIT[lang]) for x in chance.interval)
    assert _between(chance, lang) == f"{low}–{high}{UNIT[lang]}"
