"""What every game system is built from, below the systems and above the engine (no Qt, no I/O).

A system's folder imports these; nothing here knows any system:

- ``refs`` (``CheckRef``: which roll of a sheet), ``checks`` (``CheckOption``, ``Situation``,
  ``CheckRules``), ``fields`` (reading JSON back with errors naming the field), ``scopes``,
  ``sheet`` (``SheetModifier``), ``build`` (what check builders share);
- ``conditions``, ``rulings`` (R-1…R-5, ``RulingExample``), ``house`` (a system's own house-rule
  options), ``target`` (a DC or a threshold), ``fight`` (initiative and hit points), ``demo``,
  ``cli`` (command-line options), ``prep`` (what the DC solver answers);
- what the window renders: ``form`` (a sheet form as data), ``options`` (check options, rerolls),
  ``words`` (a system's words in a breakdown), ``explain`` (what changes the dice, in words);
- ``rerolls``: a reroll's exact odds given the roll it replaced (the roll-log analytics).
"""
