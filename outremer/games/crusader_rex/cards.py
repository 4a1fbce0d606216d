"""The card phase (4.0-4.2): simultaneous face-down play, Player 1, events and cancellation.

Rulings where the rulebook text is silent (docs/crusader-rex/rulings.md):
- Rank (4.1): an Event outranks every Move card; Move cards rank by their number of moves; the
  Winter Campaign card ranks as a Move 1 (8.2). Ties are settled as 4.1 says: each player rolls
  2d6, higher is Player 1, ties are rolled again.
- Intrigue: not playable in game turn 1 of a year (card notes). It becomes a copy of the card the
  opponent played in the previous game turn of this year and is then resolved as that card. It
  counts as an Event for the two-Events test, which is made first (4.2). An Intrigue that would copy
  an Intrigue left uncopied by a cancelled turn copies nothing: it gives no moves and ranks below
  every card.
- Two Events cancel the game turn (4.2): no moves, battles, siege attrition or draws; the cards
  still count as each player's previous card; the end-of-turn checks still happen, and a cancelled
  Winter Turn still goes on to the winter (8.x).
"""

from __future__ import annotations

from .board import FRANKS, SARACENS, enemy
from .common import BOARD, log, others, roll
from .procedures import Action, begin, decision, end
from .state import State

EVENTS = frozenset(c.id for c in BOARD.cards.values() if c.kind == "event")
INTRIGUE = "intrigue"
WINTER_CAMPAIGN = "winter_campaign"
NOTHING = "nothing"  # an Intrigue with nothing to copy


def card_name(card: str | None) -> str:
    if card is None:
        return "no card"
    if card == NOTHING:
        return "nothing (Intrigue with nothing to copy)"
    return BOARD.cards[card].name


def rank(card: str) -> int:
    """How a revealed card ranks for Player 1 (4.1)."""
    if card == NOTHING:
        return 0
    return BOARD.cards[card].rank


def _legal(state: State, role: str) -> list[Action]:
    if state.played[role] is not None:
        return []
    return [("card", c) for c in state.hands[role] if not (c == INTRIGUE and state.turn == 1)]


def _perform(state: State, role: str, action: Action) -> None:
    card = action[1]
    state.hands[role].remove(card)
    state.played[role] = card
    frame = state.stack[-1]
    asked = frame["roles"] = [r for r in frame["roles"] if r != role]  # never edited in place (FRAMES)
    log(state, "4.1", "You play {card} face down.", audience=role, card=card_name(card))
    # The player who acted reads one line, the private one (issue 15).
    log(state, "4.1", "The {side} play a card face down.", audience=others(role), side=role)
    if not asked:
        reveal_cards(state)
        end(state)


def _prompt(state: State, role: str) -> str:
    what = "the Winter Turn" if state.turn == 6 else f"game turn {state.turn}"
    return f"Choose a card to play face down for {what} of {state.year}."


def reveal_cards(state: State) -> None:
    """Both cards are down: turn them up and find Player 1 (4.1, 4.2), unless two Events cancel
    the game turn (4.2, ``flags["cancelled"]``)."""
    state.barrier += 1
    played = {side: state.played[side] for side in (FRANKS, SARACENS)}
    log(
        state,
        "4.1",
        "Cards revealed: the Franks {franks}, the Saracens {saracens}.",
        franks=card_name(played[FRANKS]),
        saracens=card_name(played[SARACENS]),
    )
    if all(c in EVENTS for c in played.values()):
        state.flags["cancelled"] = True
        for side, c in played.items():
            state.last_card[side] = c
        log(state, "4.2", "Both players revealed Events: the game turn is cancelled.")
        return
    effective: dict[str, str] = {}
    for side, c in played.items():
        assert c is not None
        if c == INTRIGUE:
            copied = state.last_card[enemy(side)]
            effective[side] = NOTHING if copied is None or copied in (INTRIGUE, NOTHING) else copied
            log(
                state,
                "4.2",
                "The {side}' Intrigue becomes {card}.",
                side=side,
                card=card_name(effective[side]),
            )
        else:
            effective[side] = c
    for side, c in effective.items():
        state.last_card[side] = c
    state.played = {FRANKS: effective[FRANKS], SARACENS: effective[SARACENS]}
    fr, sa = rank(effective[FRANKS]), rank(effective[SARACENS])
    if fr > sa:
        state.p1 = FRANKS
    elif sa > fr:
        state.p1 = SARACENS
    else:
        state.p1 = _roll_off(state)
    log(state, "4.1", "The {side} are Player 1.", side=state.p1)


def _roll_off(state: State) -> str:
    """Equal cards: both roll 2d6, the higher is Player 1; equal rolls are rolled again (4.1)."""
    while True:
        f, s = sum(roll(state, 2)), sum(roll(state, 2))
        log(state, "4.1", "Tie: the Franks roll {f}, the Saracens {s}.", f=f, s=s)
        if f != s:
            return FRANKS if f > s else SARACENS


def begin_player(state: State, side: str) -> None:
    """Carry out ``side``'s card: its event (4.2, events before moves, events.py) or its moves
    (5.0, movement.py), pushed by kind; the turn goes on when it ends."""
    card = state.played[side]
    assert card is not None
    if card in EVENTS:
        state.flags["events"][side] = card
        begin(state, "event", side=side, card=card)
        return
    moves = 0 if card == NOTHING else BOARD.cards[card].moves
    begin(state, "move_phase", {"moves": moves, "winter_campaign": card == WINTER_CAMPAIGN}, side=side)


decision("card", _legal, _perform, _prompt, "4.1")
