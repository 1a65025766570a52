"""The initiative panel (``panel.EncounterPanel``): the fight from the keyboard.

``actions`` its menu and keys, ``commands`` what each does to the fight (``gmdesk.campaign.initiative``),
``edits`` keeping the fight in the campaign file as undoable steps, ``text`` its words.
"""
