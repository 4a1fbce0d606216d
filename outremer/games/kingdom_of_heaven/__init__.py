"""Kingdom of Heaven: The Crusader States 1097-1291, a two-player card-driven wargame (issue 18).

Not registered yet: so far the title holds its map (board.py and data/). Rule sections are cited by
the keys of docs/kingdom-of-heaven/sections.md.
"""
