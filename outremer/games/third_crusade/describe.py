"""Third Crusade actions in words, for menus (``Game.describe_action``): Region, card, Order, Army and
diplomacy space names, never ids. Keys are those of docs/third-crusade/sections.md."""

from __future__ import annotations

from ...engine.game import Action
from .common import data
from .state import NAMES, SLOTS, State

PASSES = {
    "pass": "pass",
    "done": "stop here",
    "end": "end the card",
    "go": "set off with the pieces taken",
    "port": "the Port",
    "lose": "give up the rest",
    "stop": "stop the pawn here",
}
"""The verbs without arguments (``Command.Pass``, ``Command.Event.Partial``, ``Glossary.March``)."""


def describe(state: State, role: str, action: Action) -> str:
    """``action`` of ``role`` in words."""
    verb, parts = action[0], action[1:]
    if not parts:
        return PASSES.get(verb, str(verb))
    if verb == "place" and len(parts) == 4:  # Strategy.Place
        laid = ", ".join(f"{_card(state, c)} under {n}" for n, c in zip(SLOTS, parts, strict=True))
        return f"lay {laid}"
    if verb == "pick":  # Strategy.Pick
        army, slot = parts
        row = state.bidding.get(str(army), [])
        card = row[SLOTS.index(int(slot))] if len(row) == len(SLOTS) else None
        what = f"{_card(state, card)} " if card else "the card "
        return f"pick {what}under {slot} in the {NAMES[str(army)]} row"
    if verb == "order" and len(parts) == 2:  # Planning.Place
        return f"place {_order(state, parts[0])} face down in {_region(state, parts[1])}"
    if verb == "order":  # Command.Order
        return f"execute your Order in {_region(state, parts[0])}"
    if verb == "event":  # Command.Event
        return f"play {_card(state, parts[0])}"
    if verb in ("main", "crown"):  # Command.Event.Order
        return f"the {'main' if verb == 'main' else 'crown'} event, choice {int(parts[0]) + 1}"
    if verb == "gain":
        return f"gain {parts[0]}"
    if verb in ("take", "buy") and isinstance(parts[0], str):
        return f"{'take' if verb == 'take' else 'buy'} the Advanced Order {_order(state, parts[0])}"
    if verb == "take":  # Glossary.March
        return f"take the piece in slot {int(parts[0]) + 1}"
    if verb == "slot":
        return f"slot {int(parts[0]) + 1}"
    if verb == "lose" and len(parts) == 1:
        return f"lose piece {int(parts[0]) + 1} of the group"
    if verb == "lose":  # Battle.Losses
        where = "on the Road" if parts[0] == "road" else f"in {_region(state, parts[0])}"
        return f"lose the piece {int(parts[1]) + 1} {where}"
    if verb == "move" and len(parts) == 3:  # Battle.Retreat
        k, region, slot = parts
        return f"move piece {int(k) + 1} to {_region(state, region)}, slot {int(slot) + 1}"
    if verb == "move":  # Diplomacy.Board
        return f"move your pawn to the space of {str(parts[0]).replace('_', ' ')}"
    if verb == "react":  # Command.Reaction
        against = f" against Reaction {int(parts[1]) + 1}" if len(parts) > 1 else ""
        return f"react with your Order in {_region(state, parts[0])}{against}"
    if verb == "replace":
        return f"replace the piece in {_region(state, parts[0])}, slot {int(parts[1]) + 1}"
    if verb == "remove":  # Upkeep.Supply
        return f"remove a {str(parts[1]).replace('_', ' ')} from {_region(state, parts[0])}"
    if verb == "reward":
        return f"take reward {parts[0]}"
    if verb == "bid":  # Diplomacy.Bid; two bids with the option lone_player_bids_twice (R17)
        return f"bid {' and '.join(str(n) for n in parts)} gold"
    if verb == "discard":  # VariableSetup.Decks
        return f"lay your Objective Card of {_region(state, parts[0])} face down"
    if verb == "deploy":  # VariableSetup.Deploy
        piece, region, slot = parts
        leader = data(state).leaders.leaders.get(piece)
        what = leader.name if leader else str(piece).replace("_", " ")
        return f"deploy {what} in {_region(state, region)}, slot {int(slot) + 1}"
    if verb == "section":  # Glossary.Section, the option refill_chosen_section (R13)
        return f"put the returned Unit into the Section {str(parts[0]).replace('_', ' ')}"
    if verb == "reveal":  # EndGame.2
        return f"show your Objective Card of {_region(state, parts[0])}"
    phrase = {
        "region": "in",
        "road": "along the Road to",
        "to": "to",
        "clear": "clear in",
        "place": "place in",
    }
    phrase |= {"tithe": "Tithe in", "land": "land in"}
    return f"{phrase.get(verb, verb)} {_region(state, str(parts[0]))}"


def _region(state: State, rid: str) -> str:
    region = data(state).board.regions.get(rid)
    return region.name if region else rid.replace("_", " ")


def _card(state: State, card: str) -> str:
    return data(state).events.cards[card].title


def _order(state: State, oid: str) -> str:
    order = data(state).orders.orders[oid]
    return f"{NAMES[order.army]} {order.name}"
