"""Things of Third Crusade in the rulebook's words, for the boards a player reads (render.py,
board_view.py): Unit types (``Glossary.Unit``), Resource icons (``Iconography.General``), rounds
(``BoardSetup.2.Round``), the diplomacy board's spaces by their row and contents
(``Diplomacy.Board``) and the variable set-up's pieces, points and marks (``VariableSetup``). Names
only; nothing here is a rule (the costs are read from the set-ups pack).
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


DEPLOYED_NAMES = {"infantry": "Infantry", "cavalry": "Cavalry", "siege_engine": "Siege Engine"}
"""A Unit type deployed one at a time, by its singular name (``VariableSetup.Forces``)."""
VARIABLE_KEY = (
    "Variable set-up (VariableSetup): beside the map, each Army's Objective Cards shown, its "
    "deployment points left and its Desert; your own dealt cards, one to lay face down, and the "
    "pieces you may deploy. A dashed ring in an Army's colour: the Desert it deploys into."
)
"""The board's key to the variable set-up's marks (board_view.py hands it to the browser)."""


def points_words(n: int) -> str:
    """Deployment points in words: ``1 deployment point``, ``11 deployment points``."""
    return f"{n} deployment point{'' if n == 1 else 's'}"


def deploy_words(pack: Pack, piece: str) -> str:
    """A piece of the variable set-up with what it costs (``VariableSetup.Forces``): a Unit type,
    ``Cavalry (2 deployment points)``, or a Leader id, ``Leader Saladin (free)``."""
    costs = pack.setups.variable.costs
    if piece in DEPLOYED_NAMES:
        return f"{DEPLOYED_NAMES[piece]} ({points_words(costs[piece])})"
    cost = costs["leader"]
    return f"Leader {pack.leaders.leaders[piece].name} ({points_words(cost) if cost else 'free'})"
