"""Third Crusade: the alliance game of 1189-1192 for one to four players, with the rulebook's Bot
(issue 17).

The title is under construction. So far it holds its data packs, each read and checked by a loader:
the map boards (``data/map.json``, :mod:`.board`; docs/third-crusade/map.md); the Orders and the
player-board Sections (``data/orders.json``, ``data/sections.json``, :mod:`.orders`) and the Leaders
(``data/leaders.json``, :mod:`.leaders`; docs/third-crusade/orders.md); the Mission, Diplomacy and
Objective Cards and the diplomacy board (``data/cards.json``, ``data/diplomacy.json``, :mod:`.cards`;
docs/third-crusade/cards.md); the set-ups of 2, 3 and 4 players, the plutorial and the variable
set-up (``data/setups.json``, :mod:`.setups`; docs/third-crusade/setups.md); the Event Cards
(``data/events.json``, :mod:`.events`; docs/third-crusade/events.md); the Bot Table and the Bot's
priorities (``data/bot.json``, :mod:`.bot_table`; docs/third-crusade/bot.md). It is not registered
as a playable title yet.
"""
