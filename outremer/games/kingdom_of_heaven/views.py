"""What a role may see of a Kingdom of Heaven game: the view and the log.

Hidden: the strategy deck's order (its size is public, even to the players, since it is face
down, §4.3, §8.1) and each hand, to all but its holder (§8.1), save the cards of it the opponent
knows, such as a ransom draw (§13.6); the generator. Everything else is public: every stack
(§10.5.1), hand sizes, the discards and the removed cards, the political status track with the
Powers still in play (§17.11), the VP, the markers and the sieges. A view never changes when
only facts hidden from its role change (tests/kingdom_of_heaven/test_views.py).
"""

from __future__ import annotations

from typing import Any

from ...engine.plain import clone
from ...engine.procedures import public_frame
from .replacement import in_play
from .sieges import besieging, defender_manpower
from .state import PLAYERS, State, copy_groups
from .strongholds import manpower


def log(state: State, role: str | None) -> list[list[Any]]:
    """The log entries ``role`` (None: an observer) may read, as [key, text]: those for both
    players, and those whose audience names ``role``."""
    return [[key, text] for key, audience, text in state.log if audience is None or role in audience]


def hand(state: State, role: str | None, player: str) -> dict[str, Any]:
    """A player's hand: its size and the cards of it his opponent knows (§13.6) to all; the
    cards themselves to him alone."""
    cards = state.hands[player]
    shown = {"size": len(cards), "known": list(state.known[player])}
    return {**shown, "cards": list(cards)} if role == player else shown


def frame(state: State, f: dict[str, Any], role: str | None) -> dict[str, Any]:
    """A procedure frame as ``role`` may see it; a siege's with the manpower each side has for
    the round's siege events (§17.6.6 L1089, L1093), worked out from the public stacks."""
    out = public_frame(f, role)
    if f["kind"] == "siege" and "man" in f and f["space"] in state.sieges:
        out["manpower"] = {
            "A": manpower(besieging(state, f["space"])),
            "D": defender_manpower(state, f["space"]),
        }
    return out


def view(state: State, role: str | None, with_log: bool = True) -> dict[str, Any]:
    """All that ``role`` (None: an observer) may see, as JSON-able data; without the log unless
    ``with_log`` (the scripted bot reads none, game.seat_view)."""
    out = {
        "scenario": state.scenario,
        "options": dict(state.options),
        "turn": state.turn,
        "phase": state.phase,
        "first": state.first,
        "political": dict(state.political),
        "in_play": in_play(state),
        "rates": dict(state.rates),
        "rp": dict(state.rp),
        "rebuilds": dict(state.rebuilds),
        "owners": dict(state.owners),
        "field": {at: copy_groups(gs) for at, gs in state.field.items()},
        "inside": {at: copy_groups(gs) for at, gs in state.inside.items()},
        "pools": copy_groups(state.pools),
        "dead": copy_groups(state.dead),
        "prisoners": clone(state.prisoners),
        "castles": {s: dict(c) for s, c in state.castles.items()},
        "cities": dict(state.cities),
        "sieges": clone(state.sieges),
        "failed_calls": dict(state.failed_calls),
        "calls": clone(state.calls),
        "vp": dict(state.vp),
        "advantage": state.advantage,
        "passage": clone(state.passage),
        "diplomacy": clone(state.diplomacy),
        "deck": len(state.deck),
        "hands": {p: hand(state, role, p) for p in PLAYERS},
        "discard": list(state.discard),
        "removed": list(state.removed),
        "reshuffle": state.reshuffle,
        "lasting": list(state.lasting),
        "crusade": state.crusade,
        "stack": [frame(state, f, role) for f in state.stack],
        "result": state.result,
    }
    if with_log:
        out["log"] = log(state, role)
    return out
