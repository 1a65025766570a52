"""The campaign domain: characters, the campaign itself, scenes of prepared checks, encounters, the
roll log's entries, the demos.

Plain dataclasses, no Qt, no I/O, and no knowledge of any particular game: each character's system
(``gmdesk.systems``) gives its sheet, its checks, its conditions and its fight rules. ``model``
holds the objects the store persists (``to_dict`` / ``from_dict``); ``checks.build_check`` turns a
sheet into an engine check; ``check_view`` is what the check panel shows of one (the view model
the window paints); ``initiative`` runs a fight; ``conditions`` says what each condition
does to the odds; ``house_rules`` the campaign's rulings and options; ``demo`` a system's demo as a
campaign.
"""
