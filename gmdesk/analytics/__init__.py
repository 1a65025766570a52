"""Roll-log analytics: what happened at the table against what the odds said (issue 17).

Qt-free and generic: it reads the facts the store keeps beside every logged roll (its exact tier
probabilities, its group, the dice it really rolled: ``gmdesk.store.roll_facts``) and asks nothing of
a rule system.

- ``exact``: the mathematics, stdlib only — the Poisson-binomial distribution of a group's successes
  (exact rationals for small groups, an exact-in-principle floating computation for large ones),
  two-sided p-values, Holm's correction, Clopper–Pearson bands, the χ² test of dice faces;
- ``report``: the groups (campaign, character, kind of check, session), expected against observed
  tier counts, their p-values and flags; dice fairness; calibration; streaks;
- ``recap``: the session recap, one self-contained HTML page with its charts as images (``svg``),
  in the GM's language (``words``).
"""
