"""Things of Third Crusade in the rulebook's words, for the boards a player reads (render.py,
board_view.py): Unit types (``Glossary.Unit``), Resource icons (``Iconography.General``), rounds
(``BoardSetup.2.Round``) and the diplomacy board's spaces by their row and contents
(``Diplomacy.Board``). Names only; nothing here is a rule.
"""

from __future__ import annotations

from .cards import Item
from .common import Pack

UNIT_NAMES = {
    "infantry": "Infantry",
    "cavalry": "Cavalry",
    "siege_engine": "Siege Engines",
    "siege": "Siege Engine",
}
"""Unit types by name (``Glossary.Unit``); ``siege`` is how the diplomacy pack names a Siege Engine."""
ICON_NAMES = {
    "command_point": "command point",
    "crown": "crown",
    "supply": "supply",
    "gold": "gold",
    "glory": "Glory",
}
"""The Resource icons printed on slots and tokens, by name (``Iconography.General``)."""


def round_name(year: str) -> str:
    """A round as the round track names it: ``1191 Spring`` (``BoardSetup.2.Round``)."""
    return year.replace("_", " ").title()


def item_words(pack: Pack, item: Item) -> str:
    """What a space of the diplomacy board holds, in words (``Diplomacy.Board``)."""
    if item.item == "token":
        icons = " and ".join(ICON_NAMES[i] for i in item.icons)
        return f"{item.count} {item.shape} {icons} token{'s' if item.count > 1 else ''}"
    if item.item == "triangle":
        return f"{item.track.title() if item.track else ''} +{item.amount} triangle"
    if item.item == "neutral":
        return f"{item.count} Neutral {UNIT_NAMES[str(item.unit)]}"
    return f"Leader {pack.leaders.leaders[str(item.leader)].name}"


def space_words(pack: Pack, space: str) -> str:
    """A diplomacy board space named by its row and contents."""
    if space == "start":
        return "the start"
    s = pack.cards.board.spaces[space]
    return f"row {s.row} ({', '.join(item_words(pack, i) for i in s.contents) or 'empty'})"
