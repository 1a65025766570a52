"""Pathfinder 2, playtest rules: everything gmdesk knows of this game, in one folder.

``system.SYSTEM`` is its ``GameSystem`` (what the registry, ``gmdesk.systems``, lists); ``rules``
its checks, ``sheet`` and ``build`` its character sheet and how a check is built from it, ``words``
its words in English and French, and ``cli``, ``conditions``, ``demo``, ``fight``, ``form``,
``fortune``, ``house``, ``options``. Nothing is imported here: ``gmdesk odds`` loads only what it
needs (``cli``).
"""
