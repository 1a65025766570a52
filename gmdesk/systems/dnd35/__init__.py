"""D&D 3.5: everything gmdesk knows of this game, in one folder.

``system.SYSTEM`` is its ``GameSystem`` (what the registry, ``gmdesk.systems``, lists); ``rules``
its checks, ``sheet`` and ``build`` its character sheet and how a check is built from it, ``words``
its words in English and French, and ``base``, ``checks``, ``cli``, ``conditions``, ``data``,
``demo``, ``features``, ``fight``, ``form``, ``house``, ``opposed``, ``options``, ``ranks``,
``serial``. Nothing is imported here: ``gmdesk odds`` loads only what it needs (``cli``).
"""
