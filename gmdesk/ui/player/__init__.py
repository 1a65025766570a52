"""The player window (issue 16): a second window for the screen the players see.

- ``controller.PlayerScreen``: the GM's side (View › Player window), owned by the main window;
  ``placement``: which screen, full screen or not; ``edits``: the campaign's NPC health choice, undoable;
- ``window.PlayerWindow``: the window itself; ``models``: its two tables;
- ``words.PlayerWords``: its texts in the players' language (its own translator);
- ``names``: the check names in every language (what the check panel shows comes on the bus,
  ``checkShown``, from ``gmdesk.ui.panels.check.shown``).

What the players may see is decided in ``gmdesk.campaign.player_view`` (Qt-free).
"""
