"""The prep panel (``panel.PrepPanel``): scenes of prepared checks, the party × check matrix, the DC
solver, group odds, rolling a prepared check.

``scenes`` and ``scene_actions`` the scene list, ``editor`` and ``edits`` a prepared check,
``matrix_view`` and ``detail`` the matrix and one cell, ``dc_solver`` and ``group`` the solver and
the group odds, ``charts`` their charts, ``roll`` rolling from the matrix; ``layout`` how the panel
is laid out and ``selection`` its lists, matrix cell and tabs kept in step.
"""
