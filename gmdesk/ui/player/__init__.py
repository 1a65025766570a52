"""The player window (issue 16): a second window for the screen the players see.

- ``controller.PlayerScreen``: the GM's side (View › Player window), owned by the main window;
  ``placement``: which screen, full screen or not; ``edits``: the campaign's NPC health choice, undoable;
- ``window.PlayerWindow``: the window itself; ``models``: its two tables;
- ``words.PlayerWords``: its texts in the players' language (its own translator);
- ``shown``: what the check panel tells it, and the check names in every language.

What the players may see is decided in ``gmdesk.campaign.player_view`` (Qt-free).
"""
