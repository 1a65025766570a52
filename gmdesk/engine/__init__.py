"""The rules engine every game system is built on: pure Python, stdlib only, no Qt, no I/O.

Exact ``Fraction`` odds, randomness injected (``random.Random``). ``core`` is the shared vocabulary
(modifiers and breakdowns, odds, rolls, ``RulesError``); ``dist`` exact distributions; ``d20`` the
kept-face machinery of d20 checks; ``pool`` dice pools that count hits; ``notation`` dice
expressions; ``prep`` the DC-prep matrix, sweeps, group odds and solver; ``series`` what the charts
draw; ``words`` the bilingual words the systems write their vocabulary in; ``outcomes`` exact
distributions by enumerating every sequence of dice (a reroll made knowing the first roll).
"""
