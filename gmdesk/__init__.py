"""gmdesk: a desktop dashboard for the game master of a tabletop role-playing game."""

__version__ = "0.1.0"
