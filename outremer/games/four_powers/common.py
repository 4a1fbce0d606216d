"""Queries and effects every rule section of Four Powers shares: the data pack in play, payments
and gains (Gold, Faith, Units), drawing cards, Presence markers, affiliation and Victory Points.

Keys are those of docs/four-powers/sections.md, rulings (R12) those of docs/four-powers/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from ...engine import rng
from .pack import ActionCard, Pack, load_pack
from .state import BLUFF, FAITH, State
from .words import NAMES

HAND = 3
"""Action cards in a full hand, besides the Bluff (Round.3, Draft.5)."""


@cache
def _pack_at(folder: str | None) -> Pack:
    return load_pack(None if folder is None else Path(folder))


def data(state: State) -> Pack:
    """The data pack the game is played with (the shipped one unless a test gave another)."""
    return _pack_at(state.pack)


def card(state: State, card_id: str) -> ActionCard:
    """An Action card by id, or the Bluff's template (R6c)."""
    pack = data(state)
    return pack.bluff if card_id == BLUFF else pack.cards[card_id]


def affiliated(state: State, role: str, card_id: str) -> bool:
    """Whether ``role`` may resolve the card's action effect: its own symbol, its faith's, or any
    faction's (Actions.3, Affiliation.1-2)."""
    aff = card(state, card_id).affiliation
    return aff == "any" or aff == FAITH[role] or aff == data(state).factions[role].id


# -- Gold and Faith ------------------------------------------------------------------------------
def purse(state: State, role: str) -> int:
    """What ``role`` can pay: its Gold, and its Faith at 1 Gold each (Faith)."""
    return state.gold[role] + state.faith[role]


def pay(state: State, role: str, amount: int, key: str, what: str) -> None:
    """``role`` pays ``amount`` Gold for ``what``, Faith making up what Gold lacks (Faith, R12).
    Everyone sees the price; only the payer sees which markers it came from."""
    if amount <= 0:
        return
    if amount > purse(state, role):
        raise ValueError(f"{role} cannot pay {amount} Gold")  # legal actions never ask it
    from_gold = min(amount, state.gold[role])
    state.gold[role] -= from_gold
    state.faith[role] -= amount - from_gold
    mix = f"{from_gold} Gold" + (f" and {amount - from_gold} Faith" if amount > from_gold else "")
    state.tell(key, role, f"You pay {mix} for {what}.", f"{role} pays {amount} Gold for {what}.")


def units_left(state: State, kind: str) -> int:
    """Units of ``kind`` left in the general supply (R16): the box's counters less those in front
    of the players and those committed to a Conflict under way."""
    limit = getattr(data(state).components, kind)
    held = sum(u[kind] for u in state.units.values())
    for frame in state.stack:
        for committed in frame.get("units", {}).values():
            held += committed.get(kind, 0)
    return max(0, limit - held)


def gain(state: State, role: str, gains: Mapping[str, int], key: str, why: str) -> None:
    """``role`` takes ``gains`` (Gold, Faith, Footmen, Siege Towers, Knights) from the general
    supply; Units only while counters are left (R16). The log says what was taken."""
    taken: list[str] = []
    for what, n in gains.items():
        if n <= 0:
            continue
        if what == "gold":
            got = n
            state.gold[role] += n
        elif what == "faith":
            got = n  # Faith markers make change, like Gold: no limit (R16)
            state.faith[role] += got
        else:
            got = min(n, units_left(state, what))
            state.units[role][what] += got
        if got:
            taken.append(f"{got} {NAMES[what][got != 1]}")
    if taken:
        state.say(key, f"{role} takes {', '.join(taken)} ({why}).")


# -- cards ------------------------------------------------------------------------------------------
def draw(state: State, role: str, count: int, key: str) -> list[str]:
    """``role`` draws ``count`` Action cards; an empty deck is made anew from the discard pile,
    shuffled, and a draw stops short when both are empty (R6d)."""
    drawn: list[str] = []
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            rng.shuffle(state, state.deck)
            state.say(key, "The discard pile is shuffled into a new Action deck (R6d).")
        drawn.append(state.deck.pop(0))
    if drawn:
        state.hands[role].extend(drawn)
        state.barrier += 1
        state.tell(
            key,
            role,
            f"You draw {', '.join(data(state).cards[c].name for c in drawn)}.",
            f"{role} draws {len(drawn)} Action card{'s' if len(drawn) != 1 else ''}.",
        )
    return drawn


def refill(state: State, role: str, key: str) -> None:
    """``role`` draws back up to 3 Action cards besides the Bluff (Round.3, Battle.After)."""
    short = HAND - sum(1 for c in state.hands[role] if c != BLUFF)
    if short > 0:
        draw(state, role, short, key)


# -- Presence markers --------------------------------------------------------------------------
def presence_on_board(state: State, role: str) -> int:
    """``role``'s Presence markers on the board: its Influence and its Support (Markers)."""
    on = sum(1 for levels in state.influence.values() for r in levels if r == role)
    return on + sum(s.get(role, 0) for s in state.support.values())


def presence_left(state: State, role: str) -> int:
    """``role``'s Presence markers in its supply: 10 less those on the board (Markers, R11b)."""
    return data(state).components.presence_per_player - presence_on_board(state, role)


def level_of(state: State, role: str, location: str) -> int | None:
    """The City level of ``role``'s Influence in ``location`` (0: the first), or None."""
    levels = state.influence.get(location)
    if levels is None:
        return None
    for i, r in enumerate(levels):
        if r == role:
            return i
    return None


def support_of(state: State, role: str, location: str) -> int:
    """``role``'s Support in ``location``'s Region."""
    return state.support.get(location, {}).get(role, 0)


def move_support(state: State, role: str, start: str, end: str, count: int) -> None:
    """``count`` of ``role``'s Support go from ``start``'s Region to ``end``'s."""
    here = state.support[start]
    here[role] -= count
    if not here[role]:
        del here[role]
    there = state.support.setdefault(end, {})
    there[role] = there.get(role, 0) + count


def remove_support(state: State, role: str, location: str, count: int = 1) -> None:
    """``count`` of ``role``'s Support leave ``location``'s Region for its supply (R9b)."""
    here = state.support[location]
    here[role] -= count
    if not here[role]:
        del here[role]


# -- buildings and Victory Points -------------------------------------------------------------------
def track_value(state: State, role: str, kind: str) -> int:
    """The effect of ``role``'s building ``kind`` at the space its Upgrade marker is on (R3b)."""
    return data(state).tracks[kind].values[state.tracks[role][kind]]


def built(state: State, role: str, kind: str) -> int:
    """How many of ``role``'s buildings of ``kind`` stand on the board."""
    if kind == "church":
        return sum(rs.count(role) for rs in state.churches.values())
    held = state.fortresses if kind == "fortress" else state.citadels
    return sum(1 for r in held.values() if r == role)


def score(state: State, role: str, points: int, key: str, why: str) -> None:
    """``role`` gains ``points`` Victory Points for ``why`` (Victory)."""
    if points:
        state.vp[role] += points
        state.say(key, f"{role} scores {points} VP ({why}); {state.vp[role]} in all.")


def whose(role: str, *, start: bool = False) -> str:
    """``role`` as a possessive: "the Byzantines'", "the Seljuk's" ("The ..." to ``start`` a
    sentence)."""
    the = "The" if start else "the"
    return f"{the} {role}'" if role.endswith("s") else f"{the} {role}'s"


def name(state: State, location: str) -> str:
    """A Location's name as the rulebook spells it."""
    return data(state).board.locations[location].name


def in_second_crusade(state: State) -> bool:
    return state.crusade == 2
