"""What a role may see of a Four Powers game: the view, the log, and actions in words.

Hidden from every other role (``PlayerSetup.6``, ``Draft``, ``Battle.7-8``; issue 16): a faction's
Gold and Faith (behind its screen), its hand and the cards it keeps or passes in the draft, the
order of the Action deck and of the Round deck, the cards laid face down in a Conflict (the Bluff
among them) and the Units and Faith sealed in a closed hand before the reveal. Units, unplaced
Presence markers, the board, the columns, the discard pile and the VP are public. A view never
changes when only those hidden facts change (tests/test_twins.py, tests/four_powers/test_hidden.py).
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, public_frame
from .common import card, data, presence_left
from .procedures import PROCEDURES
from .state import BLUFF, BUILDINGS, State

PHASES = {
    "game": ("Set-up", "Setup"),
    "draft": ("The opening draft", "Draft.2"),
    "crusade": ("A Crusade", "Round.1"),
    "round": ("A round", "Round.2"),
    "turn": ("Your action", "Round.3"),
    "development": ("Development", "Development.2"),
    "presence": ("Presence", "Presence"),
    "movement": ("Movement", "Movement.2"),
    "income": ("Income", "Income.2"),
    "effect": ("A card's effect", "Actions.3"),
    "end_crusade": ("The end of the 1st Crusade", "EndCrusade.4"),
    "conflicts": ("Conflicts", "Conflicts"),
}
"""The step each procedure stands for, as the rulebook names it, with its key; a procedure not
listed is named by the rule it was registered with."""


def phase_name(state: State) -> str:
    """The step under way in the rulebook's words, with its section key."""
    if state.result is not None:
        return "The end of the game (EndGame)"
    frame = PROCEDURES.top(state)
    if frame is None:
        return "The end of the game (EndGame)"
    kind = frame["kind"]
    if kind in PHASES:
        words, key = PHASES[kind]
        return f"{words} ({key})"
    rule = PROCEDURES.get(kind).rule
    if kind.startswith("siege"):
        return f"A Siege ({rule or 'Siege'})"
    if kind.startswith(("battle", "conflict")):
        return f"A Battle ({rule or 'Battle'})"
    return f"Four Powers ({rule})" if rule else "Four Powers"


def _hidden(state: State, role: str | None, owner: str) -> bool:
    """Whether ``owner``'s screen hides its Gold and Faith from ``role`` (not at the end)."""
    return role != owner and state.result is None


def player_view(state: State, role: str | None, owner: str) -> dict[str, Any]:
    """One faction's public stock, and its Gold, Faith and hand to itself alone."""
    hidden = _hidden(state, role, owner)
    hand = state.hands.get(owner, [])
    return {
        "faction": data(state).factions[owner].id,
        "vp": state.vp[owner],
        "units": dict(state.units[owner]),
        "presence": presence_left(state, owner),
        "stock": {k: state.stock[owner][k] for k in BUILDINGS},
        "tracks": {k: state.tracks[owner][k] for k in BUILDINGS},
        "hand_size": sum(1 for c in hand if c != BLUFF),
        "gold": None if hidden else state.gold[owner],
        "faith": None if hidden else state.faith[owner],
        "hand": None if hidden else list(hand),
        "control": sorted(loc for loc, r in state.control.items() if r == owner),
    }


def city_view(state: State, location: str) -> dict[str, Any]:
    return {
        "levels": list(state.influence[location]),
        "control": state.control.get(location),
        "citadel": state.citadels.get(location),
        "churches": list(state.churches.get(location, [])),
        "support": dict(state.support.get(location, {})),
        "in_play": location in state.in_play,
    }


def draft_view(state: State, role: str | None) -> dict[str, Any] | None:
    """The draft as ``role`` sees it: its own kept and received cards only (Draft.2)."""
    if not state.draft:
        return None
    own = state.draft.get("hands", {}).get(role) if role is not None else None
    kept = state.draft.get("kept", {}).get(role) if role is not None else None
    return {
        "pick": state.draft.get("pick"),
        "hand": list(own) if own is not None else None,
        "kept": list(kept) if kept is not None else None,
    }


def view(game: Any, state: State, role: str | None) -> dict[str, Any]:
    """Everything ``role`` (None: an observer) may see."""
    return {
        "prompt": game.prompt(state, role),
        "phase_name": phase_name(state),
        "players": list(state.players),
        "side": state.side,
        "crusade": state.crusade,
        "round": state.round,
        "first": state.first,
        "round_card": state.round_card,
        "round_deck": len(state.round_deck),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "columns": {o: {c: list(cards) for c, cards in cols.items()} for o, cols in state.columns.items()},
        "cities": {loc: city_view(state, loc) for loc in state.influence},
        "fortresses": dict(state.fortresses),
        "factions": {r: player_view(state, role, r) for r in state.players},
        "draft": draft_view(state, role),
        "procedures": [public_frame(f, role) for f in state.stack],
        "last_conflict": state.last_conflict,
        "active": list(game.active_roles(state)),
        "legal": [list(a) for a in game.legal_actions(state, role)] if role is not None else [],
        "result": state.result,
    }


def visible(entry: list[Any], role: str | None) -> bool:
    """Whether ``role`` may read a log entry: everyone's, its own, or another's public twin."""
    audience = entry[1]
    if audience is None:
        return True
    if audience.startswith("!"):
        return audience[1:] != role
    return audience == role


def log_entries(state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
    """``role``'s log from its ``start``-th readable entry on."""
    readable = [{"rule": k, "text": text} for k, audience, text in state.log if visible([k, audience], role)]
    return readable[start:]


def describe(state: State, role: str, action: Action) -> str:
    """An action in words for menus: card and Location names rather than ids."""
    pack = data(state)
    words: list[str] = []
    for part in action:
        if isinstance(part, str) and (part in pack.cards or part == BLUFF):
            words.append(card(state, part).name if part != BLUFF else "the Bluff")
        elif isinstance(part, str) and part in pack.board.locations:
            words.append(pack.board.locations[part].name)
        elif isinstance(part, str) and part in pack.board.fortress_spaces:
            a, b = (pack.board.locations[x].name for x in pack.board.fortress_spaces[part].between)
            words.append(f"the Fortress space between {a} and {b}")
        else:
            words.append(str(part).replace("_", " "))
    return " ".join(words)
