"""The check panel (``panel.CheckPanel``): who rolls what against which DC, the exact odds, the roll.

What is shown is computed without a widget by the view model, ``gmdesk.campaign.check_view`` (its
fast DC sweep: ``gmdesk.campaign.check_sweep``); ``setup`` adds the target's name in the window's
language; ``painting`` paints the view and clears what no longer belongs; ``target``, ``options``
and ``modifiers`` are the choices, each rendering what the campaign's system declares; ``results``
the breakdown, the tier chances and the last roll; ``roll`` rolling, logging and rerolls;
``follow`` following the initiative queue; ``shown`` what the player window is told of the check
shown; ``bench`` the benchmark's timings.
"""
