"""The check panel (``panel.CheckPanel``): who rolls what against which DC, the exact odds, the roll.

``setup`` computes what is shown (no widget); ``target``, ``options`` and ``modifiers`` are the
choices, each rendering what the campaign's system declares; ``results`` the breakdown, the tier
chances and the last roll; ``roll`` rolling, logging and rerolls; ``sweep`` the fast DC sweep;
``follow`` following the initiative queue; ``shown`` what the player window is told of the check
shown; ``bench`` the benchmark's timings.
"""
