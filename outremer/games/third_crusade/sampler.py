"""The sampler of search bots (engine.game.Game.sample): a Third Crusade state that ``role`` cannot
tell from the true one, with everything hidden from it dealt anew (docs/writing-a-title.md, section 8).

Hidden from ``role`` (views.py): the order of every Event deck, even its own (``PlayerSetup.A``);
the Event Cards another Army has drawn and not yet revealed (``Strategy.Place``); the Orders behind
another Army's screen (``PlayerSetup.F``) and the face-down Orders of the other Alliance on the map
(``Planning.Facing``); the other Armies' Objective Cards and the Objective deck (``PlayerSetup.H``);
the others' sealed choices (the cards laid face down, ``Strategy.Place``; the gold bids,
``Diplomacy.Bid``: the engine's ``reseal``); the others' private log lines; the generator.

Each is dealt anew from a pool of what ``role`` cannot place: an Army's drawn cards with the rest of
its deck of this round; an Army's screen with its face-down Orders on the map; the Objectives not
its own (nor shown at End Game Scoring, nor set aside for a later draw, ``Plutorial.Continue``) with
the Objective deck. Pools are sorted before they are shuffled, so the sample reads nothing it deals:
two states that differ only in what ``role`` cannot see give the same sample from the same ``rng``.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.rng import fresh
from .common import allies, data
from .events import ROUNDS
from .procedures import PROCEDURES
from .state import State
from .variable_setup import deal_unseen

TRIES = 50
"""Deals tried before the last one is kept: the step under way shows whom it asks (an Army with a
Tithe Order to cash, ``Upkeep.2``; one with a Reaction to execute, ``Battle.Reaction``), so a deal
that changes who is asked is not a state the role could be in."""


def sample(state: State, role: str, rng: random.Random) -> State:
    asked = PROCEDURES.deciders(state)  # public: the view says whom the game waits for
    new = _deal(state, role, rng)
    for _ in range(TRIES):
        if PROCEDURES.deciders(new) == asked:
            break
        new = _deal(state, role, rng)
    new.log = [e for e in state.log if _kept(e, role)]
    PROCEDURES.reseal(new, role, rng)
    new.rng = fresh(rng)
    return new


def _kept(entry: list[Any], role: str) -> bool:
    """A log line kept in the sample: all but the private lines of others (their public twins,
    read by everyone else, stay)."""
    audience = entry[1]
    return audience is None or audience[:1] == ["!"] or role in audience


def _deal(state: State, role: str, rng: random.Random) -> State:
    new = state.copy()
    _event_cards(new, role, rng)
    _orders(new, role, rng)
    _objectives(new, role, rng)
    deal_unseen(new, role, rng)  # the variable set-up's Objective Cards, by deck (VariableSetup.Decks)
    return new


def _event_cards(state: State, role: str, rng: random.Random) -> None:
    """Every deck shuffled anew; another Army's drawn cards pooled with its deck of this round."""
    year = ROUNDS[state.round]
    for army in state.armies:
        for deck_year, deck in state.event_decks[army].items():
            pool = sorted(deck)
            hand = len(state.drawn[army]) if army != role and deck_year == year else 0
            if hand:
                pool = sorted(pool + state.drawn[army])
            rng.shuffle(pool)
            if hand:
                state.drawn[army] = pool[:hand]
            state.event_decks[army][deck_year] = pool[hand:]


def _orders(state: State, role: str, rng: random.Random) -> None:
    """Another Army's screen and, if of the other Alliance, its face-down Orders on the map."""
    friends = set(allies(state, role))
    bots = set(state.solo["bots"]) if state.solo else set()
    for army in state.armies:
        if army == role:
            continue
        if army in bots:
            _bot_piles(state, army, rng)
            continue
        down = (
            []
            if army in friends
            else [
                p
                for rid in sorted(state.placed)
                for p in state.placed[rid].values()
                if p["army"] == army and not p["up"]
            ]
        )
        pool = sorted(state.order_box[army] + [p["order"] for p in down])
        rng.shuffle(pool)
        for p in down:
            p["order"] = pool.pop()
        state.order_box[army] = pool


def _bot_piles(state: State, army: str, rng: random.Random) -> None:
    """A Bot's piles, shuffled unseen, and its face-down Orders dealt anew from where they came:
    the Orders it plans with come from its Prepared pile (``Solo.Planning``), so they are dealt
    with that pile; a Reaction on the map was named when it was drawn (``Solo.Battle.Reaction``)
    and stays; the Reaction and Advanced piles, whose contents the log tells (``Solo.Setup.2-4``,
    ``Solo.Upkeep.Sort``), are only shuffled."""
    assert state.solo is not None
    piles = state.solo["piles"][army]
    orders = data(state).orders.orders
    planned = [
        p
        for rid in sorted(state.placed)
        for p in state.placed[rid].values()
        if p["army"] == army and not p["up"] and not orders[p["order"]].reaction
    ]
    pool = sorted(piles["prepared"] + [p["order"] for p in planned])
    rng.shuffle(pool)
    for p in planned:
        p["order"] = pool.pop()
    piles["prepared"] = pool
    for name in ("reaction", "advanced"):
        pile = sorted(piles[name])
        rng.shuffle(pile)
        piles[name] = pile


def _objectives(state: State, role: str, rng: random.Random) -> None:
    """The Objective Cards of the others and the deck, those shown or set aside kept in place."""
    shown = {c for f in state.stack for c in (f.get("shown") or {}).values()}
    kept = shown | set(state.later_objectives.values())
    others = [a for a in state.armies if a != role]
    hidden = {a: [c for c in state.objectives[a] if c not in kept] for a in others}
    deck = [c for c in state.objective_deck if c not in kept]
    pool = sorted(deck + [c for a in others for c in hidden[a]])
    rng.shuffle(pool)
    for a in others:
        state.objectives[a] = [c for c in state.objectives[a] if c in kept] + [pool.pop() for _ in hidden[a]]
    state.objective_deck = [c for c in state.objective_deck if c in kept] + pool
