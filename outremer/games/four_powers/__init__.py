"""Four Powers (working name): the four-power game of the First Crusades, 2 to 4 players (issue 16).

The title is under construction. So far it holds only its board as a data pack (``data/map.json``,
read and checked by :mod:`.board`); it is not registered as a playable title yet.
"""
