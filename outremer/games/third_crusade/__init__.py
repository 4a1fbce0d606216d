"""Third Crusade: the alliance game of 1189-1192 for one to four players, with the rulebook's Bot
(issue 17).

The title is under construction. So far it holds only its map boards as a data pack
(``data/map.json``, read and checked by :mod:`.board`; docs/third-crusade/map.md); it is not
registered as a playable title yet.
"""
