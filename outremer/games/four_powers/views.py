"""What a role may see of a Four Powers game: the view, the log, and actions in words.

Hidden from every other role (``PlayerSetup.6``, ``Draft``, ``Battle.7-8``; issue 16): a faction's
Gold and Faith (behind its screen), its hand and the cards it keeps or passes in the draft, the
order of the Action deck and of the Round deck, the cards laid face down in a Conflict (the Bluff
among them) and the Units and Faith sealed in a closed hand before the reveal. Units, unplaced
Presence markers, the board, the columns, the discard pile and the VP are public. A view never
changes when only those hidden facts change (tests/test_twins.py, tests/four_powers/test_hidden.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.procedures import Action, public_frame
from .common import data, name, presence_left, whose
from .procedures import PROCEDURES
from .state import BLUFF, BUILDINGS, FAITH, State
from .words import COLUMN_NAMES, NAMES, count

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


BUILDING_NAMES = {"church": "Church or Mosque", "fortress": "Fortress", "citadel": "Citadel"}
PHRASES = {
    "keep": "keep {0}",
    "discard": "discard {0}",
    "bottom": "put {0} on the bottom of the deck",
    "play": "play {0} for {1}",
    "effect": "resolve the card's effect",
    "done": "done",
    "end": "start no more Conflicts",
    "swap": "change places with the Influence above yours in {0}",
    "city": "count around {0}",
    "support": "place 1 Support in {0}",
    "move": "move {2} Support from {0} to {1}",
    "recruit": "recruit 1 {0}",
    "battle": "start a Battle against {1} in {0}",
    "siege": "besiege {0}",
    "reinforce": "bring 1 Support from {0}",
    "invite": "invite {0} to be your Ally",
    "alone": "fight without an Ally",
    "accept": "join as Ally",
    "decline": "decline",
    "commit_card": "lay {0} face down",
    "add_card": "add {0}",
    "no_card": "add no card",
    "buy_back": "buy back 1 {0} for 1 Gold",
    "take": "take the City",
    "ransack": "ransack the City",
}
"""Each verb in words; ``{n}`` is the action's n-th part after the verb, in words."""


def describe(state: State, role: str, action: Action) -> str:
    """An action in words for menus: card, Location, faction and marker names, never ids."""
    verb, parts = action[0], action[1:]
    if verb == "influence":
        loc, level = parts
        where = "the control level" if level == len(state.influence[loc]) - 1 else f"level {level + 1}"
        return f"Influence in {name(state, loc)}, {where}"
    if verb == "build":
        kind, where = parts
        if kind == "fortress":
            a, b = (name(state, x) for x in data(state).board.fortress_spaces[where].between)
            return f"build a Fortress between {a} and {b}"
        place = f"the Region of {name(state, where)}" if kind == "church" else name(state, where)
        return f"build a {_building(role, kind)} in {place}"
    if verb == "upgrade":
        return f"move the {_building(role, parts[0])} Upgrade marker one space right"
    if verb == "push":
        return f"push {whose(parts[1])} Influence in {name(state, parts[0])} down a level"
    if verb == "commit":
        footmen, big, faith = parts
        other = "tower" if any(f["kind"].startswith("siege") for f in state.stack) else "knight"
        return f"close your hand on {count(footmen, 'footman')}, {count(big, other)} and {faith} Faith"
    if verb == "provision":
        return "provision: " + " and ".join(count(n, k) for k, n in Counter(parts).items())
    if verb == "wound":
        target, kind = parts
        return f"a Wound to {whose(target)} {'Support' if kind == 'support' else NAMES[kind][0]}"
    if verb == "reroll":
        return f"reroll your die {parts[0] + 1}"
    words = [_word(state, p) for p in parts]
    phrase = PHRASES.get(verb)
    return phrase.format(*words) if phrase else " ".join([verb.replace("_", " "), *words])


def _building(role: str, kind: str) -> str:
    """A building's name for ``role``: Muslims build Mosques (``Buildings.Church``)."""
    return "Mosque" if kind == "church" and FAITH[role] == "muslims" else BUILDING_NAMES[kind]


def _word(state: State, part: object) -> str:
    pack = data(state)
    if part == BLUFF:
        return "the Bluff"
    if isinstance(part, str) and part in pack.cards:
        return pack.cards[part].name
    if isinstance(part, str) and part in pack.board.locations:
        return name(state, part)
    if isinstance(part, str) and part in COLUMN_NAMES:
        return COLUMN_NAMES[part]
    if isinstance(part, str) and part in NAMES:
        return NAMES[part][0]
    if isinstance(part, str) and part in state.players:
        return f"the {part}"
    return str(part)
