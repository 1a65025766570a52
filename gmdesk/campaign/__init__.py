"""The campaign domain: sheets, characters, scenes of prepared checks, encounters, the roll log.

Plain dataclasses, no Qt, no I/O. ``model`` holds the objects the store persists (``to_dict`` /
``from_dict``); ``checks.build_check`` turns a sheet into an engine check; ``encounter`` and
``initiative`` run a fight; ``conditions`` says what each condition does to the odds.
"""
