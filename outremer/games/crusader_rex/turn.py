"""The sequence of play: years, game turns and their phases (introduction, 1.2, 4.x, 7.0, 8.x).

Each rules module ends its part by calling the next step here, so the whole order of play reads
top to bottom in this one file.
"""

from __future__ import annotations

from ...engine import rng
from .board import FRANKS, SARACENS, enemy
from .common import BOARD, log, victory_count
from .rules import set_phase
from .state import State, new_flags

FIRST_YEAR = 1187
LAST_YEAR = 1192
WINTER_TURN = 6
HAND_SIZE = 6


def start_year(state: State) -> None:
    """Shuffle all 27 cards and deal six to each player (4.0, 8.5)."""
    deck = list(BOARD.card_ids)
    state.barrier += 1
    rng.shuffle(state, deck)
    state.hands = {FRANKS: sorted(deck[:HAND_SIZE]), SARACENS: sorted(deck[HAND_SIZE : 2 * HAND_SIZE])}
    state.last_card = {FRANKS: None, SARACENS: None}
    state.turn = 0
    log(state, "4.0", "{year} begins: the cards are shuffled and six dealt to each player.", year=state.year)
    start_turn(state)


def start_turn(state: State) -> None:
    """A new game turn: both players choose a card face down (4.1)."""
    state.turn += 1
    state.p1 = None
    state.played = {FRANKS: None, SARACENS: None}
    state.attacks = {}
    state.flags = new_flags()
    name = "Winter Turn" if state.turn == WINTER_TURN else f"game turn {state.turn}"
    log(state, "4.1", "{year}, {name}: both players choose a card.", year=state.year, name=name)
    set_phase(state, "card", FRANKS, SARACENS)


def player2(state: State) -> str:
    assert state.p1 is not None
    return enemy(state.p1)


def after_moves(state: State) -> None:
    """Both move phases are done: battles, or in the Winter Turn the winter (6.0, 8.1)."""
    if state.turn == WINTER_TURN:
        from .winter import start_winter

        start_winter(state)
        return
    from .combat import start_battle_phase

    start_battle_phase(state)


def after_battles(state: State) -> None:
    """Battles are done: the draw phase (7.0), none in 1187 or in a cancelled turn."""
    state.attacks = {}
    if state.year == FIRST_YEAR or state.flags["cancelled"]:
        end_turn(state)
        return
    from .draws import start_draw_phase

    start_draw_phase(state)


def end_turn(state: State) -> None:
    """The end of a game turn: sudden death (1.2), then the next turn."""
    if check_sudden_death(state):
        return
    start_turn(state)


def check_sudden_death(state: State) -> bool:
    """A side holding all seven victory cities wins at once (1.2)."""
    counts = victory_count(state)
    for side in (FRANKS, SARACENS):
        if counts[side] == len(BOARD.victory_cities):
            end_game(state, [side], f"the {side} hold all seven victory cities (sudden death, 1.2)")
            return True
    return False


def final_victory(state: State) -> None:
    """After the 1192 Winter Turn: the side with the majority of victory cities wins (1.2)."""
    counts = victory_count(state)
    franks, saracens = counts[FRANKS], counts[SARACENS]
    if franks == saracens:
        end_game(state, [], f"the victory cities are shared {franks}-{saracens} after 1192: a draw (1.2)")
    else:
        winner = FRANKS if franks > saracens else SARACENS
        end_game(
            state,
            [winner],
            f"the {winner} hold {max(franks, saracens)} of the seven victory cities after 1192 (1.2)",
        )


def end_game(state: State, winners: list[str], reason: str) -> None:
    state.result = {"winners": winners, "reason": reason, "victory_cities": victory_count(state)}
    log(state, "1.2", "The game is over: {reason}.", reason=reason)
    set_phase(state, "over")


def next_year(state: State) -> None:
    """Year end (8.5): advance the year; face-up blocks in the pool turn face down; deal."""
    for b, where in state.loc.items():
        if where == "aside":
            state.loc[b] = "pool"
            state.revealed.discard(b)
    state.year += 1
    start_year(state)
